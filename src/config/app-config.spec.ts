import { ConfigError, loadConfig } from './app-config';

const BASE = { DATABASE_URL: 'jdbc:postgresql://db/timetable', JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...BASE, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig: memory and connections of many tenants (issue 29)', () => {
  it('has a cache budget of 384 MB (the rules of fifty default-size universities and room for their timetables) and no total connection cap by default', () => {
    const config = loadConfig(BASE);
    expect(config.scheduleCacheBudgetBytes).toBe(384 * 1024 * 1024);
    expect(config.pool.totalMaxConnections).toBeUndefined();
    expect(config.pool.idleTimeoutMs).toBe(30000);
  });

  it('reads the budget, the total and the idle timeout', () => {
    const config = loadConfig({ ...BASE, SCHEDULE_CACHE_BUDGET_MB: '0', DB_POOL_TOTAL_MAX: '120', DB_IDLE_TIMEOUT_MS: '5000' });
    expect(config.scheduleCacheBudgetBytes).toBe(0);
    expect(config.pool.totalMaxConnections).toBe(120);
    expect(config.pool.idleTimeoutMs).toBe(5000);
  });

  it('stops start-up naming each wrong value', () => {
    expect(problemsOf({ SCHEDULE_CACHE_BUDGET_MB: '-1', DB_POOL_TOTAL_MAX: '0', DB_IDLE_TIMEOUT_MS: 'soon' })).toEqual([
      'DB_POOL_TOTAL_MAX must be an integer in 1..100000, got "0"',
      'DB_IDLE_TIMEOUT_MS must be an integer in 1000..3600000, got "soon"',
      'SCHEDULE_CACHE_BUDGET_MB must be an integer in 0..65536, got "-1"',
    ]);
    expect(problemsOf({ SCHEDULE_CACHE_BUDGET_MB: 'much' })).toEqual(['SCHEDULE_CACHE_BUDGET_MB must be an integer in 0..65536, got "much"']);
  });
});

describe('loadConfig: DB_POOLER (issue 29, PgBouncer in transaction pooling)', () => {
  it('connects directly by default and reads pgbouncer in any case', () => {
    expect(loadConfig(BASE).pool.pooler).toBe('none');
    expect(loadConfig({ ...BASE, DB_POOLER: 'PgBouncer' }).pool.pooler).toBe('pgbouncer');
  });

  it('stops start-up on any other value', () => {
    expect(problemsOf({ DB_POOLER: 'pgpool' })).toEqual(['DB_POOLER must be one of none, pgbouncer, got "pgpool"']);
  });
});

describe('loadConfig: DEFAULT_TIME_ZONE (issue 46)', () => {
  it('is Europe/Moscow unless set, reads an IANA name and stops start-up on anything else', () => {
    expect(loadConfig(BASE).defaultTimeZone).toBe('Europe/Moscow');
    expect(loadConfig({ ...BASE, DEFAULT_TIME_ZONE: 'Asia/Novosibirsk' }).defaultTimeZone).toBe('Asia/Novosibirsk');
    expect(problemsOf({ DEFAULT_TIME_ZONE: 'MSK+7' })).toEqual(['DEFAULT_TIME_ZONE must be an IANA time zone such as Europe/Moscow or Asia/Vladivostok, got "MSK+7"']);
  });
});

describe('loadConfig: the login throttle per address (issue 46 §4)', () => {
  it('allows 100 usernames and trusts no network unless set', () => {
    expect(loadConfig(BASE).loginThrottle).toMatchObject({ addressMaxUsernames: 100, trustedNetworks: [] });
  });

  it('reads CIDR networks of both families, a bare address as its own network, and stops start-up on anything else', () => {
    const config = loadConfig({ ...BASE, LOGIN_IP_MAX_USERNAMES: '300', LOGIN_TRUSTED_NETWORKS: ' 10.0.0.0/8, 2001:db8::/32,192.0.2.7 ' });
    expect(config.loginThrottle).toMatchObject({ addressMaxUsernames: 300, trustedNetworks: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.7/32'] });
    expect(problemsOf({ LOGIN_TRUSTED_NETWORKS: '10.0.0.0/33, campus, 10.1.0.0/8/1', LOGIN_IP_MAX_USERNAMES: '0' })).toEqual([
      'LOGIN_IP_MAX_USERNAMES must be an integer in 1..100000, got "0"',
      'LOGIN_TRUSTED_NETWORKS must list networks such as 10.0.0.0/8 or 2001:db8::/32, got "10.0.0.0/33"',
      'LOGIN_TRUSTED_NETWORKS must list networks such as 10.0.0.0/8 or 2001:db8::/32, got "campus"',
      'LOGIN_TRUSTED_NETWORKS must list networks such as 10.0.0.0/8 or 2001:db8::/32, got "10.1.0.0/8/1"',
    ]);
  });
});

describe('loadConfig: the password hash memory', () => {
  it('is the OWASP minimum unless set, and stops start-up outside 64..1048576 KiB', () => {
    expect(loadConfig(BASE).passwordHashMemoryKib).toBe(19_456);
    expect(loadConfig({ ...BASE, PASSWORD_HASH_MEMORY_KIB: '65536' }).passwordHashMemoryKib).toBe(65_536);
    expect(problemsOf({ PASSWORD_HASH_MEMORY_KIB: '32' })).toEqual(['PASSWORD_HASH_MEMORY_KIB must be an integer in 64..1048576, got "32"']);
  });
});
