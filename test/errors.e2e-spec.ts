import { ADMIN, startTestApp, TestApp, TenantClient } from './support/test-app';

const FORBIDDEN_FRAGMENTS = [/select /i, /insert /i, /constraint/i, /postgres/i, /jdbc/i, /\bat .*\.(js|ts):\d+/, /stack/i];

function expectCommonBody(body: Record<string, unknown>, status: number, path: string) {
  expect(body).toEqual({
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    status,
    error: expect.any(String),
    message: expect.any(String),
    path,
  });
  expect(body.message).toMatch(/[а-яё]/i);
  expect(body.error).toMatch(/[а-яё]/i);
  const text = JSON.stringify(body);
  for (const fragment of FORBIDDEN_FRAGMENTS) expect(text).not.toMatch(fragment);
}

describe('error bodies', () => {
  let t: TestApp;
  let admin: TenantClient;
  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  it('answers an unknown host with 404 in the common body', async () => {
    const response = await t.as('nowhere').post('/api/auth/login', ADMIN);
    expect(response.status).toBe(404);
    expectCommonBody(response.body, 404, '/api/auth/login');
  });

  it('answers an unknown route with a Russian 404', async () => {
    const response = await admin.get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expectCommonBody(response.body, 404, '/api/no-such-thing');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t
      .as('alpha')
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"username": "admin", ');
    expect(response.status).toBe(400);
    expectCommonBody(response.body, 400, '/api/auth/login');
    expect(response.body.message).toContain('JSON');
  });

  it('answers deeply nested JSON with 400 in the common body at any depth, on public and authenticated routes, creating nothing', async () => {
    const nested = (depth: number, leaf: string) => '['.repeat(depth) + leaf + ']'.repeat(depth);
    const [{ count: before }] = await t.sql<{ count: number }>('alpha', 'SELECT count(*)::int AS count FROM departments');
    for (const depth of [40, 1500, 20000]) {
      const login = await t
        .as('alpha')
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(`{"username":${nested(depth, '1')},"password":"x"}`);
      expect({ depth, status: login.status }).toEqual({ depth, status: 400 });
      expectCommonBody(login.body, 400, '/api/auth/login');
      expect(login.body.message).toContain('вложено слишком глубоко');

      const created = await admin.post('/api/departments').set('Content-Type', 'application/json').send(`{"departmentName":${nested(depth, '"Кафедра"')}}`);
      expect({ depth, status: created.status }).toEqual({ depth, status: 400 });
      expectCommonBody(created.body, 400, '/api/departments');
    }
    // A shallow nesting in the wrong place is an ordinary validation error, not a depth refusal.
    const shallow = await admin.post('/api/departments').send({ departmentName: [[['Кафедра']]] });
    expect(shallow.status).toBe(400);
    expect(shallow.body.message).not.toContain('вложено слишком глубоко');
    const [{ count: after }] = await t.sql<{ count: number }>('alpha', 'SELECT count(*)::int AS count FROM departments');
    expect(after).toBe(before);
  });

  it('requires a bearer token on /api routes', async () => {
    const response = await t.as('alpha').get('/api/auth/me');
    expect(response.status).toBe(401);
    expectCommonBody(response.body, 401, '/api/auth/me');
  });

  it('rejects a forged token', async () => {
    const response = await t.as('alpha', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad').get('/api/auth/me');
    expect(response.status).toBe(401);
  });

  it('names the invalid field in a Russian validation message', async () => {
    const response = await t.as('alpha').post('/api/auth/login', { username: 5, password: 'x' });
    expect(response.status).toBe(400);
    expectCommonBody(response.body, 400, '/api/auth/login');
    expect(response.body.message).toContain('username');
  });

  it('reports a wrong type before length or range problems', async () => {
    const response = await admin.post('/api/users', {
      username: 'typed',
      password: 12345678,
      role: 'TEACHER',
      fullName: 'Типов Тип',
      departmentId: 1,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Поле «password» должно быть строкой');
    expect(await t.sql('alpha', `SELECT id FROM users WHERE username = 'typed'`)).toEqual([]);
  });
});
