import { DatabaseUrlError, parseDatabaseUrl } from './database-url';

describe('parseDatabaseUrl', () => {
  it('parses a JDBC URL with credentials in the query', () => {
    expect(parseDatabaseUrl('jdbc:postgresql://db.local:6543/uni_alpha?user=app&password=s%3Dcret&ssl=true')).toEqual({
      host: 'db.local',
      port: 6543,
      database: 'uni_alpha',
      user: 'app',
      password: 's=cret',
      ssl: true,
    });
  });

  it('defaults the port to 5432 and ssl to off', () => {
    expect(parseDatabaseUrl('jdbc:postgresql://db/uni')).toEqual({
      host: 'db',
      port: 5432,
      database: 'uni',
      user: undefined,
      password: undefined,
      ssl: false,
    });
  });

  it('parses a postgres:// URL with credentials in the authority', () => {
    expect(parseDatabaseUrl('postgres://u%40x:p%40ss@127.0.0.1:5433/timetable?sslmode=require')).toMatchObject({
      host: '127.0.0.1',
      port: 5433,
      database: 'timetable',
      user: 'u@x',
      password: 'p@ss',
      ssl: true,
    });
    expect(parseDatabaseUrl('postgresql://h/d?sslmode=disable').ssl).toBe(false);
  });

  it('accepts an IPv6 host', () => {
    expect(parseDatabaseUrl('jdbc:postgresql://[::1]:5432/db').host).toBe('::1');
  });

  it.each([
    ['mysql://h/d'],
    ['jdbc:postgresql://'],
    ['jdbc:postgresql://host:5432/'],
    ['jdbc:postgresql://h1:5432,h2:5432/db'],
  ])('rejects %s without echoing it', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(DatabaseUrlError);
    try {
      parseDatabaseUrl(url + '?password=topsecret');
    } catch (error) {
      expect((error as Error).message).not.toContain('topsecret');
    }
  });
});
