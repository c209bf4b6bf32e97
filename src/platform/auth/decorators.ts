import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { Request } from 'express';
import { AuthUser } from './auth-user';
import { Role } from './roles';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES_KEY = 'auth:roles';

/** Marks a route that needs no bearer token (login, refresh, logout, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The roles allowed to call a route; a route without it is refused to everyone. */
export const Roles = (...roles: readonly Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  return context.switchToHttp().getRequest<Request & { user: AuthUser }>().user;
});
