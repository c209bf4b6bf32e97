import { OPERATORS_ONLY } from '../src/tenants/operators.guard';
import { CapturedLog, CHECK, createSecretRole, dropRole, startAdminApp, STATUS, TENANTS } from './support/tenant-admin-helpers';
import { ADMIN, TenantClient, TestApp } from './support/test-app';
import { createTestDatabase, dropTestDatabase, jdbcUrl } from './support/test-database';

/**
 * Tenant administration belongs to the deployment's operators (issue 52, item 1). With
 * TENANT_ADMIN_DOMAINS unset (the default), the operator is the first configured university (here
 * `alpha`); the ADMIN of any other university is refused on every tenant path, learns nothing about
 * the others, and cannot harm them.
 */
describe('tenant administration is the operators’ (TENANT_ADMIN_DOMAINS unset)', () => {
  const log = new CapturedLog();
  const extraDatabases: string[] = [];
  let secret: { username: string; password: string };
  let t: TestApp;
  let alpha: TenantClient;
  let betaAdmin: TenantClient;

  const tenantBody = (domain: string, db: string) => ({ name: `Университет ${domain}`, domain, url: jdbcUrl(db), ...secret });

  beforeAll(async () => {
    secret = await createSecretRole('operators');
    log.start();
    t = await startAdminApp({ tenants: ['alpha', 'beta'], env: { DB_TEST_TIMEOUT_MS: '800' }, log: true });
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    betaAdmin = await t.as('beta').login(ADMIN.username, ADMIN.password);
  });

  afterAll(async () => {
    await t.close();
    log.stop();
    for (const name of extraDatabases) await dropTestDatabase(name);
    await dropRole(secret.username);
  });

  it('logs at start-up which universities administer the deployment', () => {
    expect(log.text).toMatch(/Universities are administered by the ADMINs of: alpha \(the first configured university/);
  });

  it('refuses the other university’s ADMIN on listing, testing, creating, re-pointing and deleting, naming no one', async () => {
    const spare = await createTestDatabase('spare');
    extraDatabases.push(spare);
    const attempts = [
      betaAdmin.get(TENANTS),
      betaAdmin.post(CHECK, { url: jdbcUrl(t.databases.alpha), ...secret }),
      betaAdmin.post(TENANTS, tenantBody('zeta', spare)),
      betaAdmin.post(TENANTS, tenantBody('alpha', spare)),
      betaAdmin.post(TENANTS, { domain: 'alpha' }), // an invalid body is refused for who sends it, not for what it lacks
      betaAdmin.delete(`${TENANTS}/alpha`),
      betaAdmin.delete(`${TENANTS}/beta`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: 403, error: 'Доступ запрещён', message: OPERATORS_ONLY, path: expect.any(String), timestamp: expect.any(String) });
      expect(JSON.stringify(response.body)).not.toMatch(new RegExp(`${t.databases.alpha}|${secret.username}|127\\.0\\.0\\.1`));
    }
    // Nothing changed: alpha still serves from its own database, zeta does not exist.
    expect((await alpha.get('/api/auth/me')).status).toBe(200);
    const listed = (await alpha.get(TENANTS)).body as { domain: string; url: string }[];
    expect(listed.map((tenant) => [tenant.domain, tenant.url])).toEqual([
      ['alpha', jdbcUrl(t.databases.alpha)],
      ['beta', jdbcUrl(t.databases.beta)],
    ]);
    expect((await t.as('zeta').get('/api/auth/me')).status).not.toBe(200);
  });

  it('keeps each ADMIN’s view of its own university', async () => {
    const status = await betaAdmin.get(STATUS);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ tenant: 'beta', connected: true, url: jdbcUrl(t.databases.beta) });
    expect(JSON.stringify(status.body)).not.toContain(t.databases.alpha);
    expect((await betaAdmin.get('/api/university')).status).toBe(200);
  });

  it('says in /api/auth/me who administers the deployment', async () => {
    expect((await alpha.get('/api/auth/me')).body).toMatchObject({ role: 'ADMIN', operator: true });
    expect((await betaAdmin.get('/api/auth/me')).body).toMatchObject({ role: 'ADMIN', operator: false });
  });

  it('lets the operator test, add, re-point and delete; a university added at runtime is no operator', async () => {
    const gammaDb = await createTestDatabase('gamma');
    const gammaDb2 = await createTestDatabase('gamma2');
    extraDatabases.push(gammaDb, gammaDb2);
    expect((await alpha.post(CHECK, { url: jdbcUrl(gammaDb), ...secret })).body).toMatchObject({ success: true });
    expect((await alpha.post(TENANTS, tenantBody('gamma', gammaDb))).body).toMatchObject({ success: true, message: 'Университет добавлен' });
    const gammaAdmin = await t.as('gamma').login(ADMIN.username, ADMIN.password);
    expect((await gammaAdmin.get('/api/auth/me')).body).toMatchObject({ operator: false });
    expect((await gammaAdmin.get(TENANTS)).status).toBe(403);
    expect((await gammaAdmin.delete(`${TENANTS}/beta`)).status).toBe(403);
    expect((await alpha.post(TENANTS, tenantBody('gamma', gammaDb2))).body).toMatchObject({ success: true, message: 'Настройки университета обновлены' });
    expect((await alpha.delete(`${TENANTS}/gamma`)).body).toMatchObject({ success: true, message: 'Университет удалён' });
    expect((await betaAdmin.get('/api/auth/me')).status).toBe(200);
  });
});
