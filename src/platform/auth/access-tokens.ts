import { Provider } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, KeyObject } from 'node:crypto';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { BoundedMap } from '../bounded-map';
import { AccessTokenClaims } from './auth-user';

/** How many verified tokens are remembered; the one verified longest ago is forgotten first. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface Verified {
  claims: Readonly<AccessTokenClaims>;
  /** `exp` and `nbf` of the token, in seconds since the epoch (undefined when the token has none). */
  exp: number | undefined;
  nbf: number | undefined;
  iat: number | undefined;
}

/** Clock difference tolerated for a token's `iat`: one issued further ahead was not issued by a sane clock of ours. */
export const MAX_IAT_AHEAD_SECONDS = 60;

/** The token of an `Authorization: Bearer <token>` header, parsed exactly as passport-jwt's `fromAuthHeaderAsBearerToken` does. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /(\S+)\s+(\S+)/.exec(header);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : undefined;
}

/**
 * Verifies HS256 access tokens and remembers the verified ones by their exact text, so a client's
 * next requests with the same token skip the signature check (the text includes the signature, so
 * an altered token is never a hit). Expiry (and "not before") is checked again on every use, so a
 * remembered token stops working the second it expires.
 */
export class AccessTokens {
  private readonly jwt: JwtService;
  /** The secret as a KeyObject (the JWT strategy verifies with it too). */
  readonly key: KeyObject;
  private readonly verified: BoundedMap<string, Verified>;

  constructor(
    secretText: string,
    /** Seconds since the epoch; tests move it. */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
    capacity = VERIFIED_TOKEN_CACHE_SIZE,
  ) {
    this.verified = new BoundedMap<string, Verified>(capacity);
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a PEM public key on every verification.
    this.key = createSecretKey(Buffer.from(secretText));
    this.jwt = new JwtService({ secret: this.key as unknown as string, verifyOptions: { algorithms: ['HS256'], ignoreExpiration: false } });
  }

  /** The token's claims when its signature is good and it is in its lifetime; undefined otherwise. */
  verify(token: string): Readonly<AccessTokenClaims> | undefined {
    const known = this.remembered(token);
    if (known) return known;
    let payload: AccessTokenClaims & { exp?: unknown; nbf?: unknown };
    try {
      payload = this.jwt.verify<AccessTokenClaims & { exp?: unknown; nbf?: unknown }>(token);
    } catch {
      return undefined;
    }
    return this.remember(token, payload);
  }

  /**
   * The claims of a token verified before, while it is in its lifetime; undefined for a token never
   * verified (or forgotten), and for an expired one, which is forgotten at once.
   */
  remembered(token: string): Readonly<AccessTokenClaims> | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (inLifetime(known, this.nowSeconds())) return known.claims;
    this.verified.delete(token);
    return undefined;
  }

  /**
   * Remembers a token whose signature has just been verified (by `verify`, or by passport-jwt in the
   * JWT strategy) with its payload; its claims, frozen, or undefined when our clock finds it outside its
   * lifetime (then it is not remembered).
   */
  remember(token: string, payload: object): Readonly<AccessTokenClaims> | undefined {
    const times = payload as { exp?: unknown; nbf?: unknown; iat?: unknown };
    const entry: Verified = {
      claims: Object.freeze({ ...(payload as AccessTokenClaims) }),
      exp: typeof times.exp === 'number' ? times.exp : undefined,
      nbf: typeof times.nbf === 'number' ? times.nbf : undefined,
      iat: typeof times.iat === 'number' ? times.iat : undefined,
    };
    // jsonwebtoken compares with its own clock; ours must agree before the entry is remembered.
    if (!inLifetime(entry, this.nowSeconds())) return undefined;
    this.verified.set(token, entry);
    return entry.claims;
  }

  /** How many tokens are remembered (for tests). */
  get size(): number {
    return this.verified.size;
  }
}

/**
 * jsonwebtoken's own rule (expired from the second `exp` on; not valid before `nbf`), and ours: a token
 * without `exp` would never expire, and one issued more than a minute ahead came from no clock of ours.
 */
function inLifetime(entry: Verified, now: number): boolean {
  if (entry.exp === undefined || now >= entry.exp) return false;
  if (entry.iat !== undefined && entry.iat > now + MAX_IAT_AHEAD_SECONDS) return false;
  if (entry.nbf !== undefined && entry.nbf > now) return false;
  return true;
}

/** The one verifier of the process, keyed with the configured secret. */
export const ACCESS_TOKENS_PROVIDER: Provider = {
  provide: AccessTokens,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new AccessTokens(config.jwt.secret as string),
};
