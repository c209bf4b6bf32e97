import { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { configuredTenants } from '../src/platform/tenancy/tenant-definition';
import { TENANT_MESSAGES } from '../src/tenants/tenants.service';
import { TcpProxy, waitFor } from './support/tcp-proxy';
import { STATUS, TENANTS } from './support/tenant-admin-helpers';
import { ADMIN, TEST_ENV, TenantClient, TestApp } from './support/test-app';
import { createTestDatabase, dropTestDatabase, jdbcUrl, testServer } from './support/test-database';
import { ServiceProcess, startService } from './support/service-process';

interface StoredFile {
  version: number;
  tenants: { name: string; domain: string; url: string; username?: string; password?: string; timeZone?: string }[];
}

const server = () => testServer();
const entry = (domain: string, database: string, name = domain) => ({ name, domain, url: jdbcUrl(database), username: server().user, password: server().password });

/**
 * Several instances sharing one TENANTS_FILE with TENANTS_STORE=file (spec 4.21, "other instances
 * synchronize"): what one instance changes, the others serve within seconds; two instances changing
 * different domains at once lose neither change; a stale or broken file changes nothing; a failed
 * sync is retried.
 */
describe('tenants shared by instances through TENANTS_FILE', () => {
  let dir: string;
  let file: string;
  const databases: string[] = [];
  const apps: TestApp[] = [];
  let a: TestApp;
  let b: TestApp;
  const proxy = new TcpProxy(testServer().host, testServer().port);

  const database = async (label: string) => {
    const name = await createTestDatabase(label);
    databases.push(name);
    return name;
  };
  const stored = (): StoredFile => JSON.parse(readFileSync(file, 'utf8')) as StoredFile;
  const serves = async (app: TestApp, domain: string) => (await app.as(domain).post('/api/auth/login', ADMIN)).status === 200;
  const admin = (app: TestApp, domain = 'alpha'): Promise<TenantClient> => app.as(domain).login(ADMIN.username, ADMIN.password);
  const start = async (): Promise<TestApp> => {
    const config = loadConfig({
      ...TEST_ENV,
      DATABASE_URL: '',
      TENANTS_FILE: file,
      TENANTS_STORE: 'file',
      TENANTS_SYNC_INTERVAL_MS: '150',
      TENANTS_SYNC_RETRY_MIN_MS: '500',
      TENANTS_SYNC_RETRY_MAX_MS: '2000',
    });
    const app = await createApp(config, configuredTenants(config), { logger: false });
    await app.init();
    const testApp = new TestApp(app, config, {});
    apps.push(testApp);
    return testApp;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'timetable-tenants-'));
    file = join(dir, 'tenants.json');
    // Written by hand: a plain array, as an operator starts.
    writeFileSync(file, JSON.stringify([entry('alpha', await database('alpha'))]));
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await proxy.close();
    for (const name of databases) await dropTestDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves on the other instance within seconds a university added on one; the file keeps the password for the instances only', async () => {
    const gamma = await database('gamma');
    const response = await (await admin(a)).post(TENANTS, entry('gamma', gamma, 'Гамма'));
    expect(response.status).toBe(200);
    expect(stored()).toMatchObject({ version: 1, tenants: [{ domain: 'alpha' }, { domain: 'gamma', name: 'Гамма', url: jdbcUrl(gamma) }] });
    await waitFor(() => serves(b, 'gamma'), 5000);
    const listed = (await (await admin(b)).get(TENANTS)).body as Record<string, unknown>[];
    expect(listed.map((tenant) => tenant.domain)).toEqual(['alpha', 'gamma']);
    expect(JSON.stringify(listed)).not.toContain('"password"');
  });

  it('follows a re-point made elsewhere: the other instance swaps too and refuses the old tokens', async () => {
    const onA = await admin(a, 'gamma');
    expect((await onA.get('/api/auth/me')).status).toBe(200);
    const moved = await database('gamma2');
    expect((await (await admin(b)).post(TENANTS, entry('gamma', moved, 'Гамма'))).status).toBe(200);
    await waitFor(async () => (await onA.get('/api/auth/me')).status === 401, 5000);
    const fresh = await admin(a, 'gamma');
    expect((await fresh.get(STATUS)).body).toMatchObject({ tenant: 'gamma', url: jdbcUrl(moved) });
  });

  it('follows a time zone set elsewhere, through the API or by hand in the file, without a new pool (issue 46)', async () => {
    const zoneOn = async (app: TestApp, domain: string) => ((await app.as(domain).get('/api/university')).body as { timeZone: string }).timeZone;
    const onA = await admin(a, 'gamma');
    const gamma = stored().tenants.find((tenant) => tenant.domain === 'gamma');
    expect((await (await admin(b)).post(TENANTS, { ...gamma, timeZone: 'Asia/Vladivostok' })).status).toBe(200);
    expect(stored().tenants.find((tenant) => tenant.domain === 'gamma')?.timeZone).toBe('Asia/Vladivostok');
    await waitFor(async () => (await zoneOn(a, 'gamma')) === 'Asia/Vladivostok', 5000);
    // The pool stayed: a session of the instance that only followed goes on.
    expect((await onA.get('/api/auth/me')).body).toMatchObject({ timeZone: 'Asia/Vladivostok' });

    const document = stored();
    const alpha = document.tenants.find((tenant) => tenant.domain === 'alpha') as StoredFile['tenants'][number];
    alpha.timeZone = 'Asia/Novosibirsk';
    writeFileSync(file, JSON.stringify({ ...document, version: document.version + 1 }));
    for (const app of [a, b]) await waitFor(async () => (await zoneOn(app, 'alpha')) === 'Asia/Novosibirsk', 5000);
    expect((await (await admin(b)).get(TENANTS)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ domain: 'alpha', timeZone: 'Asia/Novosibirsk' }), expect.objectContaining({ domain: 'gamma', timeZone: 'Asia/Vladivostok' })]),
    );
  });

  it('loses neither change when two instances change different domains at the same moment', async () => {
    const [delta, epsilon] = [await database('delta'), await database('epsilon')];
    const [onA, onB] = [await admin(a), await admin(b)];
    const results = await Promise.all([onA.post(TENANTS, entry('delta', delta)), onB.post(TENANTS, entry('epsilon', epsilon))]);
    expect(results.map((response) => response.status)).toEqual([200, 200]);
    expect(stored().tenants.map((tenant) => tenant.domain)).toEqual(['alpha', 'delta', 'epsilon', 'gamma']);
    for (const app of [a, b]) {
      for (const domain of ['delta', 'epsilon']) await waitFor(() => serves(app, domain), 5000);
    }
  });

  it('removes on every instance a university removed on one', async () => {
    const response = await (await admin(b)).delete(`${TENANTS}/delta`);
    expect(response.status).toBe(200);
    expect(stored().tenants.map((tenant) => tenant.domain)).not.toContain('delta');
    await waitFor(async () => (await a.as('delta').get('/api/auth/me')).status === 404, 5000);
  });

  it('ignores a snapshot older than what it has seen, and keeps its tenants while the file is broken', async () => {
    const current = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ version: 1, tenants: [stored().tenants[0]] }));
    await sleep(800);
    for (const app of [a, b]) expect(await serves(app, 'gamma')).toBe(true);

    writeFileSync(file, '{ not json');
    await waitFor(async () => (await request(a.server).get('/actuator/health/readiness')).status === 503, 3000);
    for (const app of [a, b]) expect(await serves(app, 'gamma')).toBe(true);
    writeFileSync(file, current);
    await waitFor(async () => (await request(a.server).get('/actuator/health/readiness')).status === 200, 3000);
  });

  it('retries a failed sync: a university whose database is unreachable is served once it can be reached', async () => {
    const omega = await database('omega');
    const port = await proxy.reservePort();
    const next = stored();
    next.version += 1;
    next.tenants.push({ ...entry('omega', omega), url: `jdbc:postgresql://127.0.0.1:${port}/${omega}` });
    writeFileSync(file, JSON.stringify(next));
    // Configured but not reachable: 503 for its host, readiness DOWN.
    await waitFor(async () => (await b.as('omega').get('/api/auth/me')).status === 503, 5000);
    expect((await request(b.server).get('/actuator/health/readiness')).status).toBe(503);
    await proxy.open();
    for (const app of [a, b]) await waitFor(() => serves(app, 'omega'), 8000);
    await waitFor(async () => (await request(b.server).get('/actuator/health/readiness')).status === 200, 3000);
  });

  it('answers 503 and changes nothing when the file cannot be written', async () => {
    const before = readFileSync(file, 'utf8');
    const lock = `${file}.lock`;
    writeFileSync(lock, 'held by someone else');
    try {
      const response = await (await admin(a)).post(TENANTS, entry('zeta', databases[0]));
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ success: false, message: TENANT_MESSAGES.persist });
    } finally {
      rmSync(lock);
    }
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await a.as('zeta').get('/api/auth/me')).status).toBe(404);
  });
});


/** The real service as its own process (the built one), sharing TENANTS_FILE. */
function startProcess(file: string, cwd: string): ServiceProcess {
  return startService(cwd, {
    PORT: '0', // the system's choice, read from the log
    METRICS_ENABLED: 'false', // two processes: one fixed metrics port would be bound twice
    TENANTS_FILE: file,
    TENANTS_STORE: 'file',
    TENANTS_SYNC_INTERVAL_MS: '300',
    JWT_SECRET: TEST_ENV.JWT_SECRET,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    SWAGGER_ENABLED: 'false',
  });
}

describe('two service processes sharing one tenants file', () => {
  let dir: string;
  const processes: ServiceProcess[] = [];
  const children: ChildProcess[] = [];
  const databases: string[] = [];

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(processes.map((started) => started.exited));
    for (const name of databases) await dropTestDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves on the second process a university added through the first, and keeps both of two simultaneous changes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'timetable-tenants-proc-'));
    const file = join(dir, 'tenants.json');
    for (const label of ['alpha', 'gamma', 'delta', 'epsilon']) databases.push(await createTestDatabase(label));
    const [alpha, gamma, delta, epsilon] = databases;
    writeFileSync(file, JSON.stringify([entry('alpha', alpha)]));
    processes.push(startProcess(file, dir), startProcess(file, dir));
    children.push(...processes.map((started) => started.child));
    const ports = await Promise.all(processes.map((started) => started.listening(120000)));
    const base = (index: number) => `http://127.0.0.1:${ports[index]}`;
    const login = async (index: number, domain: string) =>
      request(base(index)).post('/api/auth/login').set('Host', `${domain}.timetable.test`).send(ADMIN);
    const tokens = [(await login(0, 'alpha')).body.token as string, (await login(1, 'alpha')).body.token as string];
    const add = (index: number, body: object) =>
      request(base(index)).post(TENANTS).set('Host', 'alpha.timetable.test').set('Authorization', `Bearer ${tokens[index]}`).send(body);

    expect((await add(0, entry('gamma', gamma))).status).toBe(200);
    await waitFor(async () => (await login(1, 'gamma')).status === 200, 8000);

    const results = await Promise.all([add(0, entry('delta', delta)), add(1, entry('epsilon', epsilon))]);
    expect(results.map((response) => response.status)).toEqual([200, 200]);
    for (const index of [0, 1]) {
      for (const domain of ['delta', 'epsilon']) await waitFor(async () => (await login(index, domain)).status === 200, 8000);
    }
    const saved = JSON.parse(readFileSync(file, 'utf8')) as StoredFile;
    expect(saved.tenants.map((tenant) => tenant.domain)).toEqual(['alpha', 'delta', 'epsilon', 'gamma']);
    const logs = processes.map((started) => started.output()).join('\n');
    expect(logs).toMatch(/Tenants synchronized from TENANTS_FILE/);
    expect(logs).not.toMatch(/jdbc:|postgres:\/\//);
    for (const name of databases) expect(logs).not.toContain(name);
  }, 240000);
});
