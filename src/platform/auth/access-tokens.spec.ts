import { JwtService } from '@nestjs/jwt';
import { AccessTokens, bearerToken } from './access-tokens';
import { AccessTokenClaims } from './auth-user';

const SECRET = 'a-test-secret-of-sufficient-length-0123456789';
const CLAIMS: AccessTokenClaims = { sub: '7', username: 'ivanov', role: 'ADMIN', departmentId: null, tenant: 'uni', tenantDb: 'db-1' };
const T0 = 1_800_000_000;

function sign(claims: object, secret = SECRET): string {
  return new JwtService({ secret }).sign(claims, { algorithm: 'HS256' });
}

describe('AccessTokens (verified-token cache)', () => {
  let now: number;
  const tokens = (capacity?: number) => new AccessTokens(SECRET, () => now, capacity);
  beforeEach(() => {
    now = T0;
    jest.useFakeTimers({ now: T0 * 1000, doNotFake: ['nextTick', 'setImmediate'] });
  });
  afterEach(() => jest.useRealTimers());

  it('accepts a good token and answers later uses from memory with the same claims', () => {
    const verifier = tokens();
    const token = sign({ ...CLAIMS, exp: T0 + 60 });
    expect(verifier.verify(token)).toMatchObject(CLAIMS);
    expect(verifier.size).toBe(1);
    expect(verifier.verify(token)).toMatchObject(CLAIMS);
    expect(verifier.size).toBe(1);
  });

  it('refuses a remembered token from the second it expires', () => {
    const verifier = tokens();
    const token = sign({ ...CLAIMS, exp: T0 + 60 });
    expect(verifier.verify(token)).toBeDefined();
    now = T0 + 59;
    expect(verifier.verify(token)).toBeDefined();
    now = T0 + 60;
    expect(verifier.verify(token)).toBeUndefined();
    expect(verifier.size).toBe(0);
  });

  it('refuses an expired, foreign-signed, altered, unsigned or not-yet-valid token and remembers none', () => {
    const verifier = tokens();
    const good = sign({ ...CLAIMS, exp: T0 + 60 });
    verifier.verify(good);
    const [header, , signature] = good.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...CLAIMS, role: 'ADMIN', sub: '1', exp: T0 + 60 })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...CLAIMS, exp: T0 + 60 })).toString('base64url')}.`;
    expect(verifier.verify(sign({ ...CLAIMS, exp: T0 - 1 }))).toBeUndefined();
    expect(verifier.verify(sign({ ...CLAIMS, exp: T0 + 60 }, 'another-secret-of-sufficient-length-000000'))).toBeUndefined();
    expect(verifier.verify(altered)).toBeUndefined();
    expect(verifier.verify(unsigned)).toBeUndefined();
    expect(verifier.verify(sign({ ...CLAIMS, exp: T0 + 60, nbf: T0 + 30 }))).toBeUndefined();
    expect(verifier.verify('not a token')).toBeUndefined();
    expect(verifier.size).toBe(1);
  });

  it('stays within its bound, forgetting the token verified longest ago first', () => {
    const verifier = tokens(2);
    const [a, b, c] = ['1', '2', '3'].map((sub) => sign({ ...CLAIMS, sub, exp: T0 + 60 }));
    verifier.verify(a);
    verifier.verify(b);
    verifier.verify(a); // a hit: no reordering, a is still the oldest
    verifier.verify(c); // a goes
    expect(verifier.size).toBe(2);
    // A forgotten token is simply verified again (and b, the oldest now, makes way for it).
    expect(verifier.verify(a)).toMatchObject({ sub: '1' });
    expect(verifier.size).toBe(2);
    expect(verifier.verify(c)).toMatchObject({ sub: '3' });
  });

  it('hands out claims that callers cannot change for the next request', () => {
    const verifier = tokens();
    const token = sign({ ...CLAIMS, exp: T0 + 60 });
    const claims = verifier.verify(token) as AccessTokenClaims;
    expect(() => Object.assign(claims, { role: 'TEACHER' })).toThrow(TypeError);
    expect(verifier.verify(token)?.role).toBe('ADMIN');
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header as passport-jwt did', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
