import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../http/app-error';
import { requestContext } from '../logging/request-context';
import { AuthUser } from './auth-user';
import { IS_PUBLIC, ROLES_KEY } from './decorators';
import { JwtStrategy } from './jwt.strategy';
import { Role } from './roles';

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

export function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
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
 * Global: every route needs a valid bearer token unless marked @Public(). `@nestjs/passport`'s guard
 * over this application's `JwtStrategy` (passport-jwt, its `validate` checking the claims against the
 * request's tenant). Any refusal is the same 401 body; the caller is kept in the request's context,
 * where the roles guard and the handlers read it (and passport's `request.user` as well).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: JwtStrategy,
  ) {
    super({ defaultStrategy: strategy.name });
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (routeAccess(this.reflector, context).isPublic) return true;
    return super.canActivate(context) as Promise<boolean>;
  }

  // The request by index: `switchToHttp()` assigns three new closures to the context on every call.
  override getRequest(context: ExecutionContext): Request {
    return context.getArgByIndex<Request>(0);
  }

  getResponse(context: ExecutionContext): Response {
    return context.getArgByIndex<Response>(1);
  }

  override handleRequest<TUser = Readonly<AuthUser>>(error: unknown, user: TUser | false | null): TUser {
    // Not a refusal of the token but a fault of the strategy: answered as a fault.
    if (error) throw error instanceof Error ? error : new Error('the JWT strategy failed');
    // What the request edge runs the request in: its tenant, and from here on its caller.
    const ongoing = requestContext.getStore();
    if (!ongoing || !user) throw new UnauthorizedError('Требуется действительный токен доступа');
    ongoing.user = user as unknown as Readonly<AuthUser>;
    return user;
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
