import { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppLogger } from '../src/platform/logging/app-logger';
import { runWithRequestId } from '../src/platform/logging/request-context';
import { ADMIN, startTestApp, TestApp } from './support/test-app';
import { freePort } from './support/free-port';
import { runService, startService } from './support/service-process';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ANSI = /\x1b\[/; // eslint-disable-line no-control-regex

interface Line {
  time: string;
  level: string;
  context?: string;
  message: string;
  [field: string]: unknown;
}

describe('logs', () => {
  describe('request lines (the application with a captured logger)', () => {
    let t: TestApp;
    const raw: string[] = [];
    const lines = () => raw.map((line) => JSON.parse(line) as Line);
    const requestLines = () => lines().filter((line) => line.context === 'Request');
    /** The request line whose request id is `id`. */
    const lineOf = (id: string) => requestLines().find((line) => line.requestId === id);

    beforeAll(async () => {
      const sink = { out: (line: string) => raw.push(line), err: (line: string) => raw.push(line) };
      t = await startTestApp({ tenants: ['alpha'], logger: new AppLogger('json', false, sink) });
    });
    afterAll(() => t.close());

    it('writes one structured line per request with method, route pattern, status, duration, tenant and request id', async () => {
      const response = await t.as('alpha').post('/api/auth/login', ADMIN);
      expect(response.status).toBe(200);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const users = await t.as('alpha', response.body.token as string).post('/api/users/999999/restore');
      expect(users.status).toBe(404);
      const second = users.headers['x-request-id'];
      expect(second).not.toBe(id);

      expect(lineOf(id)).toEqual({
        time: expect.stringMatching(ISO_UTC),
        level: 'info',
        context: 'Request',
        message: 'POST /api/auth/login 200',
        method: 'POST',
        route: '/api/auth/login',
        status: 200,
        durationMs: expect.any(Number),
        tenant: 'alpha',
        requestId: id,
      });
      // The route pattern, not the id in the path.
      expect(lineOf(second)).toMatchObject({ method: 'POST', route: '/api/users/:id/restore', status: 404, tenant: 'alpha' });
      expect(requestLines().filter((line) => line.requestId === id)).toHaveLength(1);
    });

    it('never logs a password, token, cookie, query string or body', async () => {
      const login = await t.as('alpha').post('/api/auth/login', { username: 'admin', password: 'secret-in-body-1' });
      expect(login.status).toBe(401);
      const ok = await t.as('alpha').post('/api/auth/login', ADMIN);
      const token = ok.body.token as string;
      const cookie = ((ok.headers['set-cookie'] ?? []) as unknown as string[])[0].split(';')[0];
      await t.as('alpha', token).get('/api/users/page?query=secret-in-query').set('Cookie', cookie);
      await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie);

      const all = raw.join('\n');
      for (const secret of ['secret-in-body-1', ADMIN.password, token, cookie.split('=')[1], 'secret-in-query']) {
        expect(all).not.toContain(secret);
      }
      expect(requestLines().some((line) => line.route === '/api/users/page' && line.status === 200)).toBe(true);
    });

    it('echoes a sane incoming X-Request-Id and replaces an unusable one', async () => {
      const kept = await t.as('alpha').get('/api/auth/me').set('X-Request-Id', 'edge-proxy.42:abc');
      expect(kept.headers['x-request-id']).toBe('edge-proxy.42:abc');
      expect(lineOf('edge-proxy.42:abc')).toMatchObject({ route: '/api/auth/me', status: 401 });

      for (const bad of ['has spaces and "quotes"', 'x'.repeat(129), 'line\\nbreak{}']) {
        const replaced = await t.as('alpha').get('/api/auth/me').set('X-Request-Id', bad);
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(raw.join('\n')).not.toContain(bad);
      }
    });

    it('logs refused requests too: unknown tenant, unknown route, bad JSON', async () => {
      const unknownTenant = await t.as('nowhere').get('/api/users');
      expect(unknownTenant.status).toBe(404);
      expect(lineOf(unknownTenant.headers['x-request-id'])).toMatchObject({ route: '/api/users', status: 404, tenant: 'nowhere' });

      const noRoute = await t.as('alpha').get('/api/no-such-thing?x=1');
      expect(lineOf(noRoute.headers['x-request-id'])).toMatchObject({ route: '/api/no-such-thing', status: 404 });

      const badJson = await t.as('alpha').post('/api/auth/login').set('Content-Type', 'application/json').send('{"username":');
      expect(badJson.status).toBe(400);
      expect(lineOf(badJson.headers['x-request-id'])).toMatchObject({ method: 'POST', status: 400 });
    });

    it('marks every other line written while a request runs with its request id', () => {
      const captured: string[] = [];
      const logger = new AppLogger('json', false, { out: (line) => captured.push(line), err: (line) => captured.push(line) });
      runWithRequestId('trace-me-1', () => logger.warn('inside a request', 'Errors'));
      logger.log('outside any request', 'Main');
      const [inside, outside] = captured.map((line) => JSON.parse(line) as Line);
      expect(inside).toMatchObject({ level: 'warn', context: 'Errors', message: 'inside a request', requestId: 'trace-me-1' });
      expect(outside.requestId).toBeUndefined();
    });

    it('writes text with ISO UTC timestamps and no colour codes when asked for text', () => {
      const text: string[] = [];
      const logger = new AppLogger('text', false, { out: (line) => text.push(line), err: (line) => text.push(line) });
      logger.log({ message: 'GET /api/users 200', method: 'GET', status: 200, tenant: 'alpha' }, 'Request');
      logger.error('something failed', 'a stack trace that is never logged', 'Errors');
      logger.log('Mapped {/api/users, GET} route', 'RouterExplorer');
      expect(text).toHaveLength(2);
      expect(text[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z INFO {2}\[Request\] GET \/api\/users 200 method=GET status=200 tenant=alpha$/);
      expect(text[1]).toMatch(/Z ERROR \[Errors\] something failed$/);
      for (const line of text) expect(line).not.toMatch(ANSI);
    });
  });

  describe('the real process', () => {
    let dir: string;
    let child: ChildProcess | undefined;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'timetable-logs-'));
      chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
    });
    afterAll(() => {
      child?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes JSON lines to a pipe: ISO UTC times, no colour, no route list, the credential line near the end', async () => {
      const pgPort = await freePort();
      const service = startService(dir, {
        PORT: '0', // the system's choice, read from the log
        EMBEDDED_PG_PORT: String(pgPort),
        EMBEDDED_PG_DATA_DIR: join(dir, 'pg'),
      });
      const started = service.child;
      child = started;
      const port = await service.listening();
      const probe = await fetch(`http://127.0.0.1:${port}/actuator/health/liveness`, { headers: { 'X-Request-Id': 'probe-1' } });
      expect(probe.headers.get('x-request-id')).toBe('probe-1');
      await service.waitFor('probe-1'); // its request line, written when the response closed
      started.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      const output = service.output();

      expect(output).not.toMatch(ANSI);
      const lines = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Line);
      for (const line of lines) expect(line.time).toMatch(ISO_UTC);
      expect(lines.some((line) => /Mapped \{/.test(line.message))).toBe(false);
      const credential = lines.findIndex((line) => line.context === 'BootstrapAdmin');
      const listening = lines.findIndex((line) => line.message.startsWith('Listening on port'));
      expect(lines[credential].message).toContain('POST /api/auth/password');
      expect(listening - credential).toBeLessThan(6);
      expect(lines.find((line) => line.requestId === 'probe-1')).toMatchObject({ route: '/actuator/health/liveness', status: 200 });
    }, 150000);

    it('writes text when LOG_FORMAT=text, with ISO UTC times and no colour', () => {
      const result = runService(dir, { LOG_FORMAT: 'text', PORT: 'not-a-port' });
      expect(result.status).toBe(1);
      const output = result.output;
      expect(output).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z ERROR \[Main\] Invalid configuration/m);
      expect(output).not.toMatch(ANSI);
    });
  });
});
