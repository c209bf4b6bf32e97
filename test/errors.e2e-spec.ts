import { AddressInfo, connect } from 'node:net';
import { ADMIN, startTestApp, TestApp, TenantClient } from './support/test-app';

const FORBIDDEN_FRAGMENTS = [/select /i, /insert /i, /constraint/i, /postgres/i, /jdbc/i, /\bat .*\.(js|ts):\d+/, /stack/i];

function expectCommonBody(body: Record<string, unknown>, status: number, path: string) {
  expect(body).toEqual({
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    status,
    error: expect.any(String),
    message: expect.any(String),
    path,
    // Issue 42: the property a refusal concerns travels as data when it concerns one.
    ...(body.field === undefined ? {} : { field: expect.stringMatching(/^[\w.[\]]+$/) }),
    ...(body.fields === undefined ? {} : { fields: expect.arrayContaining([body.field]) }),
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

  /** Sends raw bytes to the application and answers the status line and the JSON body (listening on a loopback port). */
  async function raw(request: string): Promise<{ status: number; contentType: string; body: Record<string, unknown> }> {
    const server = t.server.listening ? t.server : await new Promise<typeof t.server>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve(t.server)));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, ...rest] = answer.split('\r\n\r\n');
    const contentType = /content-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
    return { status: Number(head.split(' ')[1]), contentType, body: JSON.parse(rest.join('\r\n\r\n') || 'null') as Record<string, unknown> };
  }

  it('answers what the HTTP layer refuses in the common JSON body: oversized headers, no Host, two Host headers, garbage', async () => {
    const huge = await raw(`GET /api/auth/me?${'a'.repeat(20000)} HTTP/1.1\r\nHost: alpha.timetable.test\r\n\r\n`);
    expect({ status: huge.status, type: huge.contentType }).toEqual({ status: 431, type: expect.stringContaining('application/json') });
    expectCommonBody(huge.body, 431, '');

    const noHost = await raw(`GET /api/auth/me HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(noHost.status).toBe(400);
    expectCommonBody(noHost.body, 400, '/api/auth/me');
    expect(noHost.body.message).toContain('Host');

    const twoHosts = await raw(`POST /api/auth/login HTTP/1.1\r\nHost: alpha.timetable.test\r\nHost: beta.timetable.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(twoHosts.status).toBe(400);
    expectCommonBody(twoHosts.body, 400, '/api/auth/login');
    expect(twoHosts.body.message).toContain('Host');

    // RFC 9112 3.2: two Host headers are refused on every path, before authentication or routing.
    for (const path of ['/api/auth/me', '/api/schedule?groupId=1&startDate=2026-09-01&endDate=2026-09-07', '/actuator/health/readiness', '/login', '/no-such-page']) {
      const twice = await raw(`GET ${path} HTTP/1.1\r\nHost: alpha.timetable.test\r\nHost: alpha.timetable.test\r\nConnection: close\r\n\r\n`);
      expect({ path, status: twice.status }).toEqual({ path, status: 400 });
      expectCommonBody(twice.body, 400, path.split('?')[0]);
      expect(twice.body.message).toBe('В запросе несколько заголовков Host: допускается ровно один');
    }

    // HTTP/1.0 may omit Host (old health checkers): the probe answers as usual.
    const http10 = await raw(`GET /actuator/health/liveness HTTP/1.0\r\n\r\n`);
    expect(http10.status).toBe(200);

    const garbage = await raw(`NOT HTTP AT ALL\r\n\r\n`);
    expect(garbage.status).toBe(400);
    expectCommonBody(garbage.body, 400, '');
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
