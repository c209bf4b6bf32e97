import { Role } from './roles';

/** The caller as the access token describes it; services take it as their first argument. */
export interface AuthUser {
  userId: number;
  username: string;
  role: Role;
  departmentId: number | null;
  tenant: string;
}

/** Claims of the HS256 access token. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  role: Role;
  departmentId: number | null;
  tenant: string;
  /** Identity of the tenant database that issued the token: a re-pointed domain refuses it. */
  tenantDb: string;
}
