import { Provider } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
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
}

/** The token of an `Authorization: Bearer <token>` header, parsed exactly as passport-jwt did. */
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
    const secret = createSecretKey(Buffer.from(secretText)) as unknown as string;
    this.jwt = new JwtService({ secret, verifyOptions: { algorithms: ['HS256'], ignoreExpiration: false } });
  }

  /** The token's claims when its signature is good and it is in its lifetime; undefined otherwise. */
  verify(token: string): Readonly<AccessTokenClaims> | undefined {
    const now = this.nowSeconds();
    const known = this.verified.get(token);
    if (known) {
      if (inLifetime(known, now)) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    let payload: AccessTokenClaims & { exp?: unknown; nbf?: unknown };
    try {
      payload = this.jwt.verify<AccessTokenClaims & { exp?: unknown; nbf?: unknown }>(token);
    } catch {
      return undefined;
    }
    const entry: Verified = {
      claims: Object.freeze({ ...payload }),
      exp: typeof payload.exp === 'number' ? payload.exp : undefined,
      nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
    };
    // jsonwebtoken compares with its own clock; ours must agree before the entry is remembered.
    if (!inLifetime(entry, now)) return undefined;
    this.verified.set(token, entry);
    return entry.claims;
  }

  /** How many tokens are remembered (for tests). */
  get size(): number {
    return this.verified.size;
  }
}

/** jsonwebtoken's own rule: expired from the second `exp` on; not valid before `nbf`. */
function inLifetime(entry: Verified, now: number): boolean {
  if (entry.exp !== undefined && now >= entry.exp) return false;
  if (entry.nbf !== undefined && entry.nbf > now) return false;
  return true;
}

/** The one verifier of the process, keyed with the configured secret. */
export const ACCESS_TOKENS_PROVIDER: Provider = {
  provide: AccessTokens,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new AccessTokens(config.jwt.secret as string),
};
