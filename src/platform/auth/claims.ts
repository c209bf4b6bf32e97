import { TenantScope } from '../tenancy/tenant-context';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { ROLES } from './roles';

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
