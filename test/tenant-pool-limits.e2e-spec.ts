import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { startTestApp, TestApp } from './support/test-app';
import { withAdminClient } from './support/test-database';

/**
 * Connections of many universities on one instance (issue 29): DB_POOL_TOTAL_MAX shares a total over
 * the tenant pools, and idle connections close after DB_IDLE_TIMEOUT_MS. Counted by PostgreSQL itself
 * (pg_stat_activity), on the real pools of a running application.
 */
describe('tenant pool limits', () => {
  let t: TestApp;

  /** Connections open to a tenant's database, as PostgreSQL counts them. */
  const open = (tenant: string) =>
    withAdminClient(async (client) => {
      const rows = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1`, [t.databases[tenant]]);
      return rows.rows[0].count;
    });

  beforeAll(async () => {
    t = await startTestApp({
      tenants: ['alpha', 'beta', 'gamma'],
      // Health checks far apart, so no check holds a connection open while idle closing is watched.
      env: { DB_POOL_MAX: '5', DB_POOL_TOTAL_MAX: '7', DB_IDLE_TIMEOUT_MS: '1000', HEALTH_CHECK_INTERVAL_MS: '600000' },
    });
  });
  afterAll(() => t.close());

  it('gives each tenant pool an equal share of the total, and closes idle connections', async () => {
    const registry = t.app.get(TenantRegistry);
    expect(registry.poolMax()).toBe(2); // floor(7 / 3), below DB_POOL_MAX
    const pool = registry.lease('alpha');
    if (!pool) throw new Error('alpha is not ready');
    try {
      let peak = 0;
      const sleeps = Array.from({ length: 8 }, () => pool.dataSource.query('SELECT pg_sleep(0.4)'));
      const watching = (async () => {
        for (let i = 0; i < 6; i++) {
          peak = Math.max(peak, await open('alpha'));
          await new Promise((wait) => setTimeout(wait, 100));
        }
      })();
      await Promise.all([...sleeps, watching]);
      expect(peak).toBe(2);
      expect(await open('alpha')).toBeGreaterThan(0); // still idle in the pool right after the work

      await new Promise((wait) => setTimeout(wait, 2500));
      expect(await open('alpha')).toBe(0);
    } finally {
      pool.release();
    }
  });
});
