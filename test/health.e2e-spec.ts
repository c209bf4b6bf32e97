import request from 'supertest';
import { AppLogger } from '../src/platform/logging/app-logger';
import { TcpProxy, waitFor } from './support/tcp-proxy';
import { createTestDatabase, dropTestDatabase, testServer } from './support/test-database';
import { ADMIN, startTestApp, TestApp } from './support/test-app';

async function readiness(t: TestApp) {
  return request(t.server).get('/actuator/health/readiness');
}

describe('health probes', () => {
  describe('with healthy tenants', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ tenants: ['alpha', 'beta'] });
    });
    afterAll(() => t.close());

    it('reports liveness UP with only {status}, whatever the Host', async () => {
      const response = await request(t.server).get('/actuator/health/liveness').set('Host', 'unknown.example.org');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'UP' });
    });

    it('reports readiness UP with only {status}', async () => {
      const response = await request(t.server).get('/actuator/health/readiness').set('Host', 'unknown.example.org');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'UP' });
    });
  });

  describe('with no tenant configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ tenants: [] });
    });
    afterAll(() => t.close());

    it('is alive but not ready', async () => {
      expect((await request(t.server).get('/actuator/health/liveness')).status).toBe(200);
      const response = await readiness(t);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'DOWN' });
    });
  });

  describe('with a tenant database behind a proxy', () => {
    let t: TestApp;
    let database: string;
    const server = testServer();
    const proxy = new TcpProxy(server.host, server.port);
    /** The service's log lines (JSON), to see what an operator would be told about the outage. */
    const logged: string[] = [];
    const tenancyLines = () =>
      logged
        .map((line) => JSON.parse(line) as { level: string; context?: string; message: string })
        .filter((line) => line.context === 'Tenancy' && line.message.includes('flaky'));

    beforeAll(async () => {
      database = await createTestDatabase('flaky');
      const port = await proxy.reservePort();
      // The tenant is unreachable at start-up: the service must still start.
      const sink = { out: (line: string) => logged.push(line), err: (line: string) => logged.push(line) };
      t = await startTestApp({
        tenants: ['alpha'],
        logger: new AppLogger('json', false, sink),
        extraTenants: [
          {
            name: 'flaky',
            domain: 'flaky',
            url: `jdbc:postgresql://127.0.0.1:${port}/${database}`,
            username: server.user,
            password: server.password,
          },
        ],
      });
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
      await dropTestDatabase(database);
    });

    it('starts with readiness DOWN and answers the unreachable tenant with 503, others normally', async () => {
      expect((await request(t.server).get('/actuator/health/liveness')).body).toEqual({ status: 'UP' });
      const ready = await readiness(t);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'DOWN' });

      const flaky = await t.as('flaky').post('/api/auth/login', ADMIN);
      expect(flaky.status).toBe(503);
      expect(flaky.body.message).toMatch(/[а-я]/i);
      expect(JSON.stringify(flaky.body)).not.toMatch(/127\.0\.0\.1|jdbc|postgres/i);

      expect((await t.as('alpha').post('/api/auth/login', ADMIN)).status).toBe(200);
    });

    it('migrates and becomes ready once the database is reachable, by retrying in the background', async () => {
      await proxy.open('forward');
      await waitFor(async () => (await readiness(t)).status === 200);
      expect((await t.as('flaky').post('/api/auth/login', ADMIN)).status).toBe(200);
    });

    it('goes DOWN when the database is lost, fails requests with 503 without crashing, and recovers', async () => {
      const before = tenancyLines().length;
      await proxy.close();
      await waitFor(async () => (await readiness(t)).status === 503);
      const lost = await t.as('flaky').post('/api/auth/login', ADMIN);
      expect(lost.status).toBe(503);
      // Several failed checks (every 250 ms) while it is down: still one warning.
      await new Promise((wait) => setTimeout(wait, 1000));

      await proxy.open('forward');
      await waitFor(async () => (await readiness(t)).status === 200);
      expect((await t.as('flaky').post('/api/auth/login', ADMIN)).status).toBe(200);
      await new Promise((wait) => setTimeout(wait, 600));

      // The operator is told once that the database is unreachable (WARN) and once that it is back (INFO).
      const outage = tenancyLines()
        .slice(before)
        .filter((line) => /reachable/.test(line.message));
      expect(outage.map((line) => line.level)).toEqual(['warn', 'info']);
      expect(outage[0].message).toMatch(/flaky.*unreachable/);
      expect(outage[1].message).toMatch(/flaky.*reachable again/);
      expect(JSON.stringify(outage)).not.toMatch(/127\.0\.0\.1|jdbc|password/i);
    });

    it('never waits on a hung database: the probe answers at once and requests fail with 503 in bounded time', async () => {
      await proxy.close();
      await proxy.open('blackhole');
      await waitFor(async () => (await readiness(t)).status === 503, 10000);

      const started = Date.now();
      const probe = await readiness(t);
      expect(probe.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(500);

      const requestStarted = Date.now();
      const hung = await t.as('flaky').post('/api/auth/login', ADMIN);
      expect(hung.status).toBe(503);
      expect(Date.now() - requestStarted).toBeLessThan(8000);

      await proxy.close();
      await proxy.open('forward');
      await waitFor(async () => (await readiness(t)).status === 200, 15000);
    });
  });
});
