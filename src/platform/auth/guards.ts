import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { ForbiddenError, UnauthorizedError } from '../http/app-error';
import { requestContext } from '../logging/request-context';
import { TenantScope } from '../tenancy/tenant-context';
import { AccessTokens, bearerToken } from './access-tokens';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { IS_PUBLIC, ROLES_KEY } from './decorators';
import { ROLES, Role } from './roles';

/** What a route declares about its callers: @Public, and the @Roles it admits (undefined: none declared). */
interface RouteAccess {
  isPublic: boolean;
  roles: readonly Role[] | undefined;
}

/**
 * A route's decorators are fixed once its class is loaded, so both guards read them once per
 * controller class and handler (a handler may be inherited by classes with other class-level roles)
 * instead of asking the Reflector twice each on every request.
 */
const accessOfRoute = new WeakMap<object, WeakMap<object, RouteAccess>>();

function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  const controller = context.getClass();
  let ofController = accessOfRoute.get(controller);
  if (!ofController) accessOfRoute.set(controller, (ofController = new WeakMap<object, RouteAccess>()));
  let access = ofController.get(handler);
  if (!access) {
    const targets = [handler, controller];
    access = {
      isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true,
      roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets),
    };
    ofController.set(handler, access);
  }
  return access;
}

/**
 * The caller the claims describe, made once per verified token's claims (AccessTokens keeps them
 * while it remembers the token): null when the claims name no valid user or role.
 */
const usersOfClaims = new WeakMap<Readonly<AccessTokenClaims>, Readonly<AuthUser> | null>();

function claimedUser(claims: Readonly<AccessTokenClaims>): Readonly<AuthUser> | null {
  let user = usersOfClaims.get(claims);
  if (user === undefined) {
    const userId = Number(claims.sub);
    user =
      Number.isInteger(userId) && ROLES.includes(claims.role)
        ? Object.freeze({ userId, username: claims.username, role: claims.role, departmentId: claims.departmentId ?? null, tenant: claims.tenant })
        : null;
    usersOfClaims.set(claims, user);
  }
  return user;
}

/**
 * The caller the claims describe, when the token is bound to the request's tenant and to the
 * database that tenant is served from now (a token issued before the domain was re-pointed is
 * refused). Checked on every request, remembered tokens included: the tenant depends on the host.
 */
export function userOfClaims(claims: Readonly<AccessTokenClaims>, tenant: TenantScope | undefined): Readonly<AuthUser> | undefined {
  if (!tenant || claims.tenant !== tenant.tenantKey) return undefined;
  if (!tenant.databaseId || claims.tenantDb !== tenant.databaseId) return undefined;
  return claimedUser(claims) ?? undefined;
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
    if (routeAccess(this.reflector, context).isPublic) return true;
    // The request by index: `switchToHttp()` assigns three new closures to the context on every call.
    const token = bearerToken(context.getArgByIndex<Request>(0).headers.authorization);
    const claims = token === undefined ? undefined : this.tokens.verify(token);
    // What the request edge runs the request in: its tenant, and from here on its caller.
    const ongoing = requestContext.getStore();
    const user = claims && userOfClaims(claims, ongoing?.tenant);
    if (!ongoing || !user) throw new UnauthorizedError('Требуется действительный токен доступа');
    ongoing.user = user;
    return true;
  }
}

/** Global: a signed-in caller must hold one of the route's @Roles; a route without @Roles denies all. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, roles: allowed } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    const user = requestContext.getStore()?.user;
    if (!user || !allowed?.includes(user.role)) throw new ForbiddenError();
    return true;
  }
}
