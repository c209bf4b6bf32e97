import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { currentTenantOrUndefined } from '../tenancy/tenant-context';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { ROLES } from './roles';

/**
 * Verifies the bearer token and binds it to the tenant of the request's host and to the database
 * that tenant is served from now: a token issued before the domain was re-pointed is refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
      // as a PEM public key on every verification, which cost about a third of a request's CPU.
      secretOrKey: createSecretKey(Buffer.from(config.jwt.secret as string)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): AuthUser | false {
    const tenant = currentTenantOrUndefined();
    const userId = Number(claims.sub);
    if (!tenant || claims.tenant !== tenant.tenantKey) return false;
    if (!tenant.databaseId || claims.tenantDb !== tenant.databaseId) return false;
    if (!Number.isInteger(userId) || !ROLES.includes(claims.role)) return false;
    return {
      userId,
      username: claims.username,
      role: claims.role,
      departmentId: claims.departmentId ?? null,
      tenant: claims.tenant,
    };
  }
}
