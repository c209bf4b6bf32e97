import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { CookieOptions, Request, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { currentTenant } from '../tenancy/tenant-context';
import { UserAccount } from './account-directory';
import { AccessTokenClaims } from './auth-user';
import { LoginResponse } from './dto/auth.dto';
import { RefreshTokens } from './refresh-tokens';
import { ROLE_REDIRECTS } from './roles';

export const REFRESH_COOKIE = 'service_refresh';
const COOKIE_PATH = '/api/auth';

export interface SignedIn {
  response: LoginResponse;
  refreshToken: string;
}

/**
 * Starts a session for an account whose identity is already proven: an access token bound to the
 * tenant and a single-use refresh token. Password login and single sign-on both go through it, so a
 * session is the same whichever way the user came in.
 */
@Injectable()
export class Sessions {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async start(account: UserAccount, message: string): Promise<SignedIn> {
    const tenant = currentTenant();
    if (!tenant.databaseId) throw new Error('the tenant database has no identity');
    const claims: AccessTokenClaims = {
      sub: String(account.id),
      username: account.username,
      role: account.role,
      departmentId: account.departmentId,
      tenant: tenant.tenantKey,
      tenantDb: tenant.databaseId,
    };
    const token = await this.jwt.signAsync(claims);
    const refreshToken = await this.refreshTokens.issue(account.id, this.config.jwt.refreshTtlSeconds);
    return {
      refreshToken,
      response: {
        success: true,
        message,
        token,
        role: account.role,
        redirect: ROLE_REDIRECTS[account.role],
        departmentId: account.departmentId,
        userId: account.id,
      },
    };
  }
}

/** The HttpOnly refresh cookie: one place decides its name, path, lifetime and flags. */
@Injectable()
export class RefreshCookie {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  set(req: Request, res: Response, refreshToken: string): void {
    res.cookie(REFRESH_COOKIE, refreshToken, { ...this.options(req), maxAge: this.config.jwt.refreshTtlSeconds * 1000 });
  }

  clear(req: Request, res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.options(req));
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
    return typeof value === 'string' && value ? value : undefined;
  }

  /** Secure when the request came over https (through a trusted proxy too), or always, or never (COOKIE_SECURE). */
  secure(req: Request): boolean {
    return this.config.cookieSecure === 'always' || (this.config.cookieSecure === 'auto' && req.secure);
  }

  private options(req: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure(req), path: COOKIE_PATH };
  }
}
