import { isSupportedDatabaseUrl, isTenantDomain, urlWithoutPassword } from './tenant-rules';

describe('tenant rules', () => {
  it('accepts one DNS label as a domain', () => {
    expect(['a', 'alpha-2', 'x'.repeat(63)].map(isTenantDomain)).toEqual([true, true, true]);
    expect(['', 'a.b', '-a', 'a-', 'x'.repeat(64), 'Alpha', 5].map(isTenantDomain)).toEqual([false, false, false, false, false, false, false]);
  });

  it('accepts only single-host PostgreSQL JDBC URLs', () => {
    expect(isSupportedDatabaseUrl('jdbc:postgresql://db:5432/uni?ssl=true')).toBe(true);
    expect(isSupportedDatabaseUrl('jdbc:mysql://db/uni')).toBe(false);
    expect(isSupportedDatabaseUrl('postgres://db/uni')).toBe(false);
    expect(isSupportedDatabaseUrl('jdbc:postgresql://a:1,b:2/uni')).toBe(false);
  });

  it('takes passwords out of a URL for the listing', () => {
    expect(urlWithoutPassword('jdbc:postgresql://db:5432/uni?user=app&password=s3cret&ssl=true')).toBe('jdbc:postgresql://db:5432/uni?user=app&ssl=true');
    expect(urlWithoutPassword('jdbc:postgresql://app:s3cret@db/uni')).toBe('jdbc:postgresql://app@db/uni');
    expect(urlWithoutPassword('jdbc:postgresql://db/uni')).toBe('jdbc:postgresql://db/uni');
  });
});
