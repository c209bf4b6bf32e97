import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { testServer } from './support/test-database';

/**
 * Issue 55: a university's own ADMIN changes its time zone (`PUT /api/university`). The choice is
 * kept in the university's own database: a second service started on that database (a restart, or
 * another instance) serves it, whatever the operator's tenant entry says, with no password involved.
 */
describe('a university’s ADMIN changes its time zone (issue 55)', () => {
  let t: TestApp;
  let alpha: TenantClient;
  let beta: TenantClient;

  const storedZone = async (tenant: string) => (await t.sql<{ time_zone: string | null }>(tenant, 'SELECT time_zone FROM university_settings'))[0].time_zone;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'], timeZones: { beta: 'Europe/Samara' } });
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    beta = await t.as('beta').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('refuses a mistyped zone at timeZone with the nearest names, and changes nothing', async () => {
    const response = await alpha.put('/api/university', { timeZone: 'Europe/Moskow' }).expect(400);
    expectErrorBody(response.body, 400, '/api/university', /Europe\/Moscow/);
    expect(response.body.field).toBe('timeZone');
    expect(response.body.message).toContain('Europe/Moskow');
    expect(response.body.message).not.toMatch(/подключ|баз[аеы] данных/i);
    for (const body of [{}, { timeZone: '' }, { timeZone: '+03:00' }, { timeZone: 42 }, { timeZone: 'x'.repeat(65) }]) {
      const refused = await alpha.put('/api/university', body).expect(400);
      expect(refused.body.field).toBe('timeZone');
    }
    expect(await storedZone('alpha')).toBeNull();
    expect((await t.as('alpha').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Europe/Moscow' });
  });

  it('is the ADMIN’s alone: other roles and anonymous callers are refused', async () => {
    const department = await createDepartment(alpha);
    const { client: office } = await signedInAs(t, alpha, { role: 'EDUCATION_OFFICE', departmentId: department.id });
    await office.put('/api/university', { timeZone: 'Asia/Vladivostok' }).expect(403);
    await t.as('alpha').put('/api/university', { timeZone: 'Asia/Vladivostok' }).expect(401);
    expect(await storedZone('alpha')).toBeNull();
  });

  it('stores the canonical name in the university’s database and uses it at once, for this university only', async () => {
    expect((await alpha.put('/api/university', { timeZone: 'asia/vladivostok' }).expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });
    expect(await storedZone('alpha')).toBe('Asia/Vladivostok');
    expect((await t.as('alpha').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });
    expect((await alpha.get('/api/auth/me').expect(200)).body).toMatchObject({ timeZone: 'Asia/Vladivostok' });
    // The other university keeps the zone of its operator's entry.
    expect((await t.as('beta').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Europe/Samara' });
    expect(await storedZone('beta')).toBeNull();
  });

  it('wins over the operator’s entry and survives a restart: a new service on the same database serves it', async () => {
    await beta.put('/api/university', { timeZone: 'Asia/Yekaterinburg' }).expect(200);
    const server = testServer();
    // The restarted service's tenant entry still names Europe/Samara and another domain: only the database carries the choice.
    const again = await startTestApp({
      extraTenants: [{ name: 'again', domain: 'again', url: `postgres://${server.host}:${server.port}/${t.databases.beta}`, username: server.user, password: server.password, timeZone: 'Europe/Samara' }],
    });
    try {
      expect((await again.as('again').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Yekaterinburg' });
      // The listing is the deployment operator's (its first university, `alpha`, issue 52).
      const listing = (await (await again.as('alpha').login(ADMIN.username, ADMIN.password)).get('/api/database/tenants').expect(200)).body as { domain: string; timeZone: string }[];
      expect(listing.find((entry) => entry.domain === 'again')?.timeZone).toBe('Asia/Yekaterinburg');
    } finally {
      await again.close();
    }
  });
});
