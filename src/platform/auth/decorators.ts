import { createParamDecorator, SetMetadata } from '@nestjs/common';
import { requestContext } from '../logging/request-context';
import { AuthUser } from './auth-user';
import { Role } from './roles';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES_KEY = 'auth:roles';

/** Marks a route that needs no bearer token (login, refresh, logout, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The roles allowed to call a route; a route without it is refused to everyone. */
export const Roles = (...roles: readonly Role[]) => SetMetadata(ROLES_KEY, roles);

/** The signed-in caller (set by the JWT guard in the request's context). */
export const CurrentUser = createParamDecorator((): AuthUser => {
  const user = requestContext.getStore()?.user;
  // Only a route without the guard (@Public) could get here without a user: a programming error.
  if (!user) throw new Error('@CurrentUser on a route without a signed-in caller');
  return user;
});
