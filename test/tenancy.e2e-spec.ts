import request from 'supertest';
import { ADMIN, startTestApp, TestApp } from './support/test-app';

describe('tenant selection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'], env: { DEFAULT_TENANT: 'beta' } });
  });
  afterAll(() => t.close());

  it('selects the tenant by the first label of Host, ignoring case and port', async () => {
    await t.sql('alpha', `UPDATE users SET full_name = 'Администратор Альфы' WHERE username = 'admin'`);
    const login = await request(t.server).post('/api/auth/login').set('Host', 'ALPHA.timetable.example.org:8080').send(ADMIN);
    expect(login.status).toBe(200);
    const rows = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM refresh_tokens`);
    expect(rows[0].count).toBe(1);
    const other = await t.sql<{ count: number }>('beta', `SELECT count(*)::int AS count FROM refresh_tokens`);
    expect(other[0].count).toBe(0);
  });

  it('routes IP-literal hosts to DEFAULT_TENANT', async () => {
    const before = await t.sql<{ count: number }>('beta', `SELECT count(*)::int AS count FROM refresh_tokens`);
    for (const host of ['127.0.0.1:8080', '[::1]:8080']) {
      const response = await request(t.server).post('/api/auth/login').set('Host', host).send(ADMIN);
      expect(response.status).toBe(200);
    }
    const after = await t.sql<{ count: number }>('beta', `SELECT count(*)::int AS count FROM refresh_tokens`);
    expect(after[0].count).toBe(before[0].count + 2);
  });

  it('keeps data of tenants apart: a user of one tenant cannot log in on another', async () => {
    await t.sql('alpha', `UPDATE users SET username = 'alpha-admin' WHERE username = 'admin'`);
    try {
      expect((await t.as('beta').post('/api/auth/login', { ...ADMIN, username: 'alpha-admin' })).status).toBe(401);
      expect((await t.as('alpha').post('/api/auth/login', { ...ADMIN, username: 'alpha-admin' })).status).toBe(200);
    } finally {
      await t.sql('alpha', `UPDATE users SET username = 'admin' WHERE username = 'alpha-admin'`);
    }
  });

  it('rejects an access token on another tenant with 401', async () => {
    const alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    expect((await alpha.get('/api/auth/me')).status).toBe(200);
    const onBeta = await t.as('beta', alpha.token).get('/api/auth/me');
    expect(onBeta.status).toBe(401);
    expect(onBeta.body.status).toBe(401);
  });

  it('rejects a refresh cookie on another tenant', async () => {
    const login = await t.as('alpha').post('/api/auth/login', ADMIN);
    const cookie = login.headers['set-cookie'] as unknown as string[];
    const onBeta = await t.as('beta').post('/api/auth/refresh').set('Cookie', cookie);
    expect(onBeta.status).toBe(401);
    const onAlpha = await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie);
    expect(onAlpha.status).toBe(200);
  });

  it('answers a host naming no tenant with 404', async () => {
    const response = await request(t.server).get('/api/auth/me').set('Host', 'gamma.timetable.example.org');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/[а-я]/i);
  });
});

describe('tenant selection without DEFAULT_TENANT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
  });
  afterAll(() => t.close());

  it('answers IP-literal hosts with 404', async () => {
    const response = await request(t.server).post('/api/auth/login').set('Host', '127.0.0.1:8080').send(ADMIN);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, path: '/api/auth/login' });
  });
});
