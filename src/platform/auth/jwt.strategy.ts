import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import { requestContext } from '../logging/request-context';
import { AccessTokens, bearerToken } from './access-tokens';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { userOfClaims } from './claims';

/** Each application's strategy is registered with passport under its own name (see the constructor). */
let strategies = 0;

/** What `passport.use` would register the mixin's strategy with; the constructor registers it itself. */
const NOT_REGISTERED = { use: () => undefined };

/**
 * The access token's passport-jwt strategy: the token of `Authorization: Bearer <token>`, HS256 with
 * the configured secret, expiry enforced; `validate` admits the claims only for the tenant of the
 * request's host and the database it is served from now, a whole-number user id and a known role.
 *
 * Tokens verified once are remembered (`AccessTokens`, by their exact text): a remembered token in its
 * lifetime skips passport-jwt's signature check and goes straight to the same claim checks, which
 * depend on the host and so run on every request.
 *
 * Passport's registry is one per process, and a process may hold several applications (tests, the
 * benchmark's pairs): each strategy registers under its own name, which its guard asks for, and
 * leaves the registry when its application closes.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) implements OnModuleDestroy {
  /** The name passport knows this strategy by (`jwt`, then `jwt#2`, ... in a process holding several applications). */
  override readonly name: string;

  constructor(private readonly tokens: AccessTokens) {
    super({
      jwtFromRequest: (request: Request) => bearerToken(request.headers.authorization) ?? null,
      secretOrKey: tokens.key as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
    strategies += 1;
    this.name = strategies === 1 ? 'jwt' : `jwt#${strategies}`;
    passport.use(this.name, this);
  }

  /** The mixin's constructor registers with this; registration is the constructor's (its own name). */
  getPassportInstance(): typeof passport {
    return NOT_REGISTERED as unknown as typeof passport;
  }

  /** A remembered token is admitted or refused by its claims alone; any other goes through passport-jwt. */
  override authenticate(request: Request, options?: object): void {
    const token = bearerToken(request.headers.authorization);
    const claims = token === undefined ? undefined : this.tokens.remembered(token);
    if (!claims) return super.authenticate(request, options);
    const user = this.userOf(claims);
    if (user) this.success(user);
    else this.fail(401);
  }

  /** passport-jwt's verified payload: remembered, then admitted when its claims fit the request. */
  validate(request: Request, payload: object): Readonly<AuthUser> | null {
    const token = bearerToken(request.headers.authorization);
    const claims = token === undefined ? undefined : this.tokens.remember(token, payload);
    return (claims && this.userOf(claims)) ?? null;
  }

  onModuleDestroy(): void {
    passport.unuse(this.name);
  }

  private userOf(claims: Readonly<AccessTokenClaims>): Readonly<AuthUser> | undefined {
    return userOfClaims(claims, requestContext.getStore()?.tenant);
  }
}
