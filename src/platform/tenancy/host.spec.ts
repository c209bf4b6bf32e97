import { isDnsLabel, parseHost } from './host';

describe('parseHost', () => {
  it.each([
    ['alpha.timetable.example.org:8080', 'alpha'],
    ['ALPHA.Timetable.example.org', 'alpha'],
    ['localhost:8080', 'localhost'],
    ['localhost', 'localhost'],
    ['beta-2.example.org', 'beta-2'],
  ])('takes the first label of %s', (host, key) => {
    expect(parseHost(host)).toEqual({ tenantKey: key, isIpLiteral: false });
  });

  it.each([['127.0.0.1'], ['127.0.0.1:8080'], ['[::1]'], ['[::1]:8080'], ['::1']])(
    'marks %s as an IP literal',
    (host) => {
      expect(parseHost(host)?.isIpLiteral).toBe(true);
    },
  );

  it.each([[undefined], [''], ['   '], ['_bad.example.org'], ['-x.example.org'], ['[::1'], [':8080']])(
    'rejects %p',
    (host) => {
      expect(parseHost(host)).toBeUndefined();
    },
  );
});

describe('isDnsLabel', () => {
  it('accepts 1..63 characters and rejects longer labels', () => {
    expect(isDnsLabel('a')).toBe(true);
    expect(isDnsLabel('a'.repeat(63))).toBe(true);
    expect(isDnsLabel('a'.repeat(64))).toBe(false);
    expect(isDnsLabel('a.b')).toBe(false);
  });
});
