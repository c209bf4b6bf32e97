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

describe('parseHost, asked again', () => {
  it('answers the same for a header it has seen, and keeps refusing a malformed or overlong one', () => {
    expect(parseHost('Alpha.Example.org:8080')).toEqual({ tenantKey: 'alpha', isIpLiteral: false });
    expect(parseHost('Alpha.Example.org:8080')).toEqual({ tenantKey: 'alpha', isIpLiteral: false });
    expect(parseHost('bad_label.example.org')).toBeUndefined();
    expect(parseHost('bad_label.example.org')).toBeUndefined();
    const overlong = `${'a'.repeat(63)}.${'b'.repeat(400)}`;
    expect(parseHost(overlong)).toEqual({ tenantKey: 'a'.repeat(63), isIpLiteral: false });
    for (let i = 0; i < 1_500; i++) expect(parseHost(`t${i}.example.org`)?.tenantKey).toBe(`t${i}`);
    expect(parseHost('Alpha.Example.org:8080')?.tenantKey).toBe('alpha');
  });
});
