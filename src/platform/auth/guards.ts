import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { ForbiddenError, UnauthorizedError } from '../http/app-error';
import { currentTenantOrUndefined } from '../tenancy/tenant-context';
import { AccessTokens, bearerToken } from './access-tokens';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { IS_PUBLIC, ROLES_KEY } from './decorators';
import { ROLES, Role } from './roles';

function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]) === true;
}

/**
 * The caller the claims describe, when the token is bound to the tenant of the request's host and to
 * the database that tenant is served from now (a token issued before the domain was re-pointed is
 * refused). Checked on every request, remembered tokens included: the tenant depends on the host.
 */
export function userOfClaims(claims: Readonly<AccessTokenClaims>): AuthUser | undefined {
  const tenant = currentTenantOrUndefined();
  const userId = Number(claims.sub);
  if (!tenant || claims.tenant !== tenant.tenantKey) return undefined;
  if (!tenant.databaseId || claims.tenantDb !== tenant.databaseId) return undefined;
  if (!Number.isInteger(userId) || !ROLES.includes(claims.role)) return undefined;
  return {
    userId,
    username: claims.username,
    role: claims.role,
    departmentId: claims.departmentId ?? null,
    tenant: claims.tenant,
  };
}

/**
 * Global: every route needs a valid bearer token unless marked @Public(). Verified here directly
 * (no passport): its per-request strategy machinery cost more than the checks themselves.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const token = bearerToken(request.headers.authorization);
    const claims = token === undefined ? undefined : this.tokens.verify(token);
    const user = claims && userOfClaims(claims);
    if (!user) throw new UnauthorizedError('Требуется действительный токен доступа');
    request.user = user;
    return true;
  }
}

/** Global: a signed-in caller must hold one of the route's @Roles; a route without @Roles denies all. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublic(this.reflector, context)) return true;
    const allowed = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (!user || !allowed?.includes(user.role)) throw new ForbiddenError();
    return true;
  }
}
