import { setTimeout as sleep } from 'node:timers/promises';
import { TENANT_MESSAGES } from '../src/tenants/tenants.service';
import { OPERATORS_ONLY } from '../src/tenants/operators.guard';
import { createDepartment, PASSWORD, signedInAs } from './support/factories';
import { TcpProxy, waitFor } from './support/tcp-proxy';
import {
  CapturedLog,
  CHECK,
  createBrokenDatabase,
  createSecretRole,
  dropRole,
  serviceConnections,
  startAdminApp,
  STATUS,
  TENANTS,
  underLoad,
} from './support/tenant-admin-helpers';
import { ADMIN, TenantClient, TestApp } from './support/test-app';
import { createTestDatabase, dropTestDatabase, jdbcUrl, testServer } from './support/test-database';

type Response = { status: number; body: unknown; text?: string };

/**
 * Tenant administration (spec 4.21, 5, 7, 8) on one instance with the default store (nothing
 * persisted): validation, create / re-point / remove with the safe swap under load, refusals that
 * change nothing, tokens bound to the tenant database, per-domain serialization, the stale
 * background activation, the connection check, and no credential in any answer or log line.
 */
describe('tenant administration', () => {
  const log = new CapturedLog();
  const responses: Response[] = [];
  const extraDatabases: string[] = [];
  const proxy = new TcpProxy(testServer().host, testServer().port);
  const lateProxy = new TcpProxy(testServer().host, testServer().port);
  const goneProxy = new TcpProxy(testServer().host, testServer().port);
  let secret: { username: string; password: string };
  let t: TestApp;
  let alpha: TenantClient;

  /** Every answer of the file is kept, to look for credentials at the end. */
  const keep = async <R extends Response>(pending: PromiseLike<R>): Promise<R> => {
    const response = await pending;
    responses.push(response);
    return response;
  };
  const database = async (label: string) => {
    const name = await createTestDatabase(label);
    extraDatabases.push(name);
    return name;
  };
  const listing = async (client = alpha) => (await keep(client.get(TENANTS))).body as Record<string, unknown>[];
  const save = (body: Record<string, unknown>, client = alpha) => keep(client.post(TENANTS, body));
  const tenantBody = (domain: string, db: string, extra: Record<string, unknown> = {}) => ({
    name: `Университет ${domain}`,
    domain,
    url: jdbcUrl(db),
    username: secret.username,
    password: secret.password,
    ...extra,
  });
  const expectUnavailable = (response: Response, message: string) => {
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, status: 503, message, path: expect.any(String), timestamp: expect.any(String) });
  };

  beforeAll(async () => {
    log.start();
    secret = await createSecretRole('admin');
    // `late` and `gone` are configured at start-up, their databases unreachable until the proxies open.
    const server = testServer();
    const unreachable = async (domain: string, through: TcpProxy) => ({
      name: domain,
      domain,
      url: `jdbc:postgresql://127.0.0.1:${await through.reservePort()}/${await database(domain)}`,
      username: server.user,
      password: server.password,
    });
    t = await startAdminApp({
      tenants: ['alpha', 'beta'],
      env: { TENANT_ADMIN_DOMAINS: 'alpha,gamma', DB_TEST_TIMEOUT_MS: '800', POOL_RETIRE_TIMEOUT_MS: '2000' },
      extraTenants: [await unreachable('late', lateProxy), await unreachable('gone', goneProxy)],
      log: true,
    });
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });

  afterAll(async () => {
    await t.close();
    await proxy.close();
    await lateProxy.close();
    await goneProxy.close();
    log.stop();
    for (const name of extraDatabases) await dropTestDatabase(name);
    await dropRole(secret.username);
  });

  it('refuses every endpoint without a token (401) and to every role but ADMIN (403)', async () => {
    const department = await createDepartment(alpha);
    const endpoints: [string, string][] = [
      ['get', STATUS],
      ['get', TENANTS],
      ['post', TENANTS],
      ['delete', `${TENANTS}/beta`],
      ['post', CHECK],
    ];
    const anonymous = t.as('alpha');
    for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
      const { client } = await signedInAs(t, alpha, { role, departmentId: department.id });
      for (const [method, path] of endpoints) {
        const call = method === 'get' ? client.get(path) : method === 'post' ? client.post(path, {}) : client.delete(path);
        expect([role, path, (await keep(call)).status]).toEqual([role, path, 403]);
      }
    }
    for (const [method, path] of endpoints) {
      const call = method === 'get' ? anonymous.get(path) : method === 'post' ? anonymous.post(path, {}) : anonymous.delete(path);
      expect((await keep(call)).status).toBe(401);
    }
    expect((await listing()).map((tenant) => tenant.domain)).toEqual(['alpha', 'beta', 'gone', 'late']);
  });

  it('keeps the management of universities to the ADMINs of TENANT_ADMIN_DOMAINS; any ADMIN sees its own status', async () => {
    const betaAdmin = await t.as('beta').login(ADMIN.username, ADMIN.password);
    const refused = await keep(betaAdmin.get(TENANTS));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: OPERATORS_ONLY });
    expect((await keep(betaAdmin.post(TENANTS, tenantBody('zeta', 'nowhere')))).status).toBe(403);
    expect((await keep(betaAdmin.delete(`${TENANTS}/alpha`))).status).toBe(403);
    const status = await keep(betaAdmin.get(STATUS));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ tenant: 'beta', connected: true, configured: true, name: 'beta' });
  });

  it('validates the payload: 400 with a Russian message and nothing changed', async () => {
    const before = await listing();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'jdbc:postgresql://h/db' }, /«domain».*обязательно/],
      [{ domain: 'a.b', url: 'jdbc:postgresql://h/db' }, /одной меткой DNS/],
      [{ domain: '-abc', url: 'jdbc:postgresql://h/db' }, /одной меткой DNS/],
      [{ domain: 'x_y', url: 'jdbc:postgresql://h/db' }, /одной меткой DNS/],
      [{ domain: 'a'.repeat(64), url: 'jdbc:postgresql://h/db' }, /не более 63/],
      [{ domain: 'zeta' }, /«url».*обязательно/],
      [{ domain: 'zeta', url: '' }, /«url»/],
      [{ domain: 'zeta', url: 'postgres://h/db' }, /начинаться с jdbc:.*PostgreSQL/],
      [{ domain: 'zeta', url: 'jdbc:mysql://h/db' }, /только PostgreSQL/],
      [{ domain: 'zeta', url: 'jdbc:postgresql://h1:5432,h2:5432/db' }, /только PostgreSQL/],
      [{ domain: 'zeta', url: 'jdbc:postgresql://h:5432/' }, /только PostgreSQL/],
      [{ domain: 'zeta', url: 'jdbc:postgresql://h/db', password: 5 }, /«password».*строкой/],
    ];
    for (const [body, message] of cases) {
      const response = await save(body);
      expect([body, response.status]).toEqual([body, 400]);
      expect((response.body as { message: string }).message).toMatch(message);
      expect(JSON.stringify(response.body)).not.toMatch(/\bh1\b|h:5432/);
    }
    expect(await listing()).toEqual(before);
  });

  it('adds a university: the new Host is served, listed without its password, with the domain as the empty name', async () => {
    const db = await database('gamma');
    const created = await save(tenantBody('GAMMA', db, { name: '' }));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, message: TENANT_MESSAGES.created });

    const gamma = await listing().then((all) => all.find((tenant) => tenant.domain === 'gamma'));
    expect(gamma).toEqual({ name: 'gamma', domain: 'gamma', url: jdbcUrl(db), username: secret.username, connected: true, timeZone: 'Europe/Moscow' });

    const gammaAdmin = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    expect((await keep(gammaAdmin.get('/api/auth/me'))).status).toBe(200);
    const status = await keep(gammaAdmin.get(STATUS));
    expect(status.body).toEqual({ tenant: 'gamma', connected: true, configured: true, name: 'gamma', url: jdbcUrl(db), timeZone: 'Europe/Moscow' });
  });

  it('hides a password written inside the URL from the listing', async () => {
    const db = await database('iota');
    const url = `${jdbcUrl(db)}?user=${secret.username}&password=${secret.password}&ApplicationName=x`;
    expect((await save({ domain: 'iota', url })).status).toBe(200);
    const iota = (await listing()).find((tenant) => tenant.domain === 'iota');
    expect(iota?.url).toBe(`${jdbcUrl(db)}?user=${secret.username}&ApplicationName=x`);
    expect((await keep(alpha.delete(`${TENANTS}/iota`))).status).toBe(200);
  });

  it('keeps the old connection serving when the new password is wrong: 503, no failed request under load, nothing changed', async () => {
    const gammaAdmin = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    const before = await listing();
    const { result, statuses } = await underLoad([gammaAdmin, gammaAdmin, alpha], '/api/auth/me', () =>
      save({ ...tenantBody('gamma', t.databases.alpha), password: `${secret.password}-wrong` }),
    );
    expectUnavailable(result, TENANT_MESSAGES.connect);
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await listing()).toEqual(before);
    expect((await keep(gammaAdmin.get('/api/auth/me'))).status).toBe(200);
  });

  it('answers 503 for an unreachable database and for a failing migration, and changes nothing', async () => {
    const before = await listing();
    const closedPort = await proxy.reservePort();
    const unreachable = await save(tenantBody('gamma', 'anything', { url: `jdbc:postgresql://127.0.0.1:${closedPort}/anything` }));
    expectUnavailable(unreachable, TENANT_MESSAGES.connect);

    const broken = await createBrokenDatabase('gamma');
    extraDatabases.push(broken);
    const failed = await save(tenantBody('gamma', broken));
    expectUnavailable(failed, TENANT_MESSAGES.migrate);
    const newTenant = await save(tenantBody('theta', broken));
    expectUnavailable(newTenant, TENANT_MESSAGES.migrate);

    expect(await listing()).toEqual(before);
    expect((await keep(t.as('theta').get('/api/auth/me'))).status).toBe(404);
    expect(await serviceConnections(broken)).toBe(0);
  });

  it('re-points a domain: other tenants and the domain itself keep answering during the swap; old tokens are refused after it', async () => {
    const gammaAdmin = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    const betaAdmin = await t.as('beta').login(ADMIN.username, ADMIN.password);
    const oldDb = (await listing()).find((tenant) => tenant.domain === 'gamma')?.url as string;

    // The same database under a new name: a new pool is swapped in, the same token stays valid.
    const renamed = await underLoad([gammaAdmin, gammaAdmin, alpha, betaAdmin], '/api/auth/me', () =>
      save({ ...tenantBody('gamma', oldDb.split('/').pop() as string), name: 'Гамма' }),
    );
    expect(renamed.result.body).toEqual({ success: true, message: TENANT_MESSAGES.updated });
    expect(renamed.statuses.every((status) => status === 200)).toBe(true);
    expect((await keep(gammaAdmin.get('/api/auth/me'))).status).toBe(200);

    // Another database: the others keep answering throughout, the old token is refused after the swap.
    const newDb = await database('gamma2');
    const moved = await underLoad([alpha, betaAdmin, alpha], '/api/auth/me', () => save(tenantBody('gamma', newDb)));
    expect(moved.result.status).toBe(200);
    expect(moved.statuses.every((status) => status === 200)).toBe(true);
    const refused = await keep(gammaAdmin.get('/api/auth/me'));
    expect(refused.status).toBe(401);

    const fresh = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    expect((await keep(fresh.get(STATUS))).body).toMatchObject({ tenant: 'gamma', url: jdbcUrl(newDb), name: 'Университет gamma' });
    await waitFor(async () => (await serviceConnections(oldDb.split('/').pop() as string)) === 0, 10000);
  });

  it('serializes parallel operations on one domain', async () => {
    const db = await database('delta');
    const results = await Promise.all([save(tenantBody('delta', db, { name: 'Первый' })), save(tenantBody('delta', db, { name: 'Второй' }))]);
    expect(results.map((response) => response.status)).toEqual([200, 200]);
    // Run one after another, the second finds the tenant the first added.
    expect(results.map((response) => (response.body as { message: string }).message).sort()).toEqual(
      [TENANT_MESSAGES.created, TENANT_MESSAGES.updated].sort(),
    );
    expect((await listing()).find((tenant) => tenant.domain === 'delta')?.name).toBe('Второй');

    // A create and a delete fired together: whichever ran first, the outcome is consistent.
    const epsilon = await database('epsilon');
    const [created, removed] = await Promise.all([save(tenantBody('epsilon', epsilon)), keep(alpha.delete(`${TENANTS}/epsilon`))]);
    expect(created.status).toBe(200);
    const present = (await listing()).some((tenant) => tenant.domain === 'epsilon');
    expect(removed.status === 200 ? !present : removed.status === 404 && present).toBe(true);

    // Of all the pools opened for delta, one is left.
    await waitFor(async () => (await serviceConnections(db)) <= 5, 10000);
  });

  it('removes a university: its Host then answers 404; unknown, invalid and own domains are refused', async () => {
    const db = await database('kappa');
    expect((await save(tenantBody('kappa', db))).status).toBe(200);
    const kappaAdmin = await t.as('kappa').login(ADMIN.username, ADMIN.password);

    const removed = await keep(alpha.delete(`${TENANTS}/KAPPA`));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: TENANT_MESSAGES.removed });
    expect((await keep(kappaAdmin.get('/api/auth/me'))).status).toBe(404);
    expect((await listing()).some((tenant) => tenant.domain === 'kappa')).toBe(false);
    await waitFor(async () => (await serviceConnections(db)) === 0, 10000);

    const before = await listing();
    const unknown = await keep(alpha.delete(`${TENANTS}/kappa`));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 404, message: TENANT_MESSAGES.unknown });
    expect((await keep(alpha.delete(`${TENANTS}/not_a_label`))).status).toBe(400);
    const own = await keep(alpha.delete(`${TENANTS}/alpha`));
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ message: TENANT_MESSAGES.removeOwn });
    expect(await listing()).toEqual(before);
  });

  it('never lets a background retry of an older definition overwrite a newer change or bring a removed tenant back', async () => {
    // `late` has been retried in the background since start-up; it is re-pointed to a good database now.
    const target = await database('late2');
    expect((await save(tenantBody('late', target))).status).toBe(200);
    await lateProxy.open();
    await sleep(1200); // several retry intervals of the old definition (TENANT_RETRY_INTERVAL_MS=300)
    const late = await t.as('late').login(ADMIN.username, ADMIN.password);
    expect((await keep(late.get(STATUS))).body).toMatchObject({ url: jdbcUrl(target) });

    // `gone` is removed while its start-up activation is still being retried; its database becoming
    // reachable afterwards does not bring it back.
    expect((await keep(alpha.delete(`${TENANTS}/gone`))).status).toBe(200);
    await goneProxy.open();
    await sleep(1200);
    expect((await keep(t.as('gone').get('/api/auth/me'))).status).toBe(404);
    expect((await listing()).some((tenant) => tenant.domain === 'gone')).toBe(false);
  });

  it('checks a database without registering it: one safe message and one timing for every failure', async () => {
    const before = await listing();
    const closedPort = await proxy.reservePort();
    const attempts = [
      { url: `jdbc:postgresql://127.0.0.1:${closedPort}/postgres`, username: secret.username, password: secret.password },
      { url: jdbcUrl('postgres'), username: secret.username, password: `${secret.password}-wrong` },
      { url: jdbcUrl('no_such_database'), username: secret.username, password: secret.password },
    ];
    for (const attempt of attempts) {
      const started = Date.now();
      const response = await keep(alpha.post(CHECK, attempt));
      expectUnavailable(response, TENANT_MESSAGES.checkFailed);
      expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    }
    const good = await keep(alpha.post(CHECK, { url: jdbcUrl('postgres'), username: secret.username, password: secret.password }));
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ success: true, message: TENANT_MESSAGES.checkOk });
    const bad = await keep(alpha.post(CHECK, { url: 'mysql://h/db' }));
    expect(bad.status).toBe(400);
    expect(await listing()).toEqual(before);
  });

  it('after many swaps the old pools are closed: the connections are back to one pool', async () => {
    const first = await database('mu1');
    const second = await database('mu2');
    for (let round = 0; round < 6; round++) {
      expect((await save(tenantBody('mu', round % 2 === 0 ? first : second))).status).toBe(200);
    }
    await waitFor(async () => (await serviceConnections(first)) === 0, 10000);
    expect(await serviceConnections(second)).toBeLessThanOrEqual(5);
  });

  it('never shows a password, user or address in an error answer, nor a password in any answer or log line', () => {
    expect(responses.length).toBeGreaterThan(50);
    for (const response of responses) {
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(secret.password);
      expect(text).not.toMatch(/"password":/); // a password property (a refusal may name the field "password")
      if (response.status >= 400) {
        expect(text).not.toContain(secret.username);
        expect(text).not.toMatch(/127\.0\.0\.1|:\d{4,5}\/|\bt_[a-z0-9]+_\d+/);
      }
    }
    const logged = log.text;
    expect(logged).toMatch(/Tenant gamma/);
    expect(logged).not.toContain(secret.password);
    expect(logged).not.toContain(secret.username);
    expect(logged).not.toMatch(/jdbc:|postgres:\/\//);
    expect(logged).not.toContain(PASSWORD);
  });
});
