import { loadConfig } from '../../config/app-config';
import { TenantRegistry } from './tenant-registry';

const BASE = { DATABASE_URL: 'jdbc:postgresql://db/timetable', JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing' };

function registry(env: Record<string, string>): TenantRegistry {
  return new TenantRegistry(loadConfig({ ...BASE, ...env }), [], { migrations: [] }, []);
}

describe('TenantRegistry: the share of DB_POOL_TOTAL_MAX per tenant pool', () => {
  it('is DB_POOL_MAX without a total', () => {
    expect(registry({ DB_POOL_MAX: '10' }).poolMax(50)).toBe(10);
  });

  it('is an equal share of the total, never above DB_POOL_MAX', () => {
    const shared = registry({ DB_POOL_MAX: '10', DB_POOL_TOTAL_MAX: '100' });
    expect(shared.poolMax(50)).toBe(2);
    expect(shared.poolMax(3)).toBe(10);
    expect(shared.poolMax(30)).toBe(3); // floor(100 / 30): the sum stays within the total
  });

  it('keeps one connection per tenant when the total is smaller than the tenants', () => {
    expect(registry({ DB_POOL_MAX: '10', DB_POOL_TOTAL_MAX: '20' }).poolMax(50)).toBe(1);
  });
});
