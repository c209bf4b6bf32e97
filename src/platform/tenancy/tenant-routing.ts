import { Inject, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { NotFoundError, ServiceUnavailableError } from '../http/app-error';
import { tenantKeyOf } from './host';
import { TenantScope } from './tenant-context';
import { TenantRegistry } from './tenant-registry';

/**
 * The paths that belong to a university: the API (`/api` and everything under it) and the calendar
 * documents (`/ical/<secret>.ics`, read by calendar apps without a token). Matched as Express matched
 * the middleware that used to bind them: on the path without its query, letter case ignored.
 */
const TENANT_PATHS = /^\/(?:api(?:\/|$)|ical\/.)/i;

/** A request's tenant, and what gives its pool back when the response closes. */
export interface TenantLease {
  scope: TenantScope;
  release: () => void;
}

/**
 * Which university a request is for: the tenant its Host header names, with that tenant's current
 * pool leased for the whole request (a pool swapped meanwhile is closed only after the lease ends).
 * The request edge asks it for every request on such a path and binds the answer to the request's context.
 */
@Injectable()
export class TenantRouting {
  constructor(
    private readonly registry: TenantRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the request's path belongs to a tenant (`pathname`: the path without its query). */
  isTenantPath(pathname: string): boolean {
    return TENANT_PATHS.test(pathname);
  }

  /** Resolves and leases the tenant of `req`; throws the 404 or 503 the client gets otherwise. */
  lease(req: Request): TenantLease {
    const tenantKey = tenantKeyOf(req.headers.host, this.config.defaultTenant);
    if (!tenantKey || !this.registry.has(tenantKey)) {
      throw new NotFoundError('Университет для этого адреса не найден');
    }
    const pool = this.registry.lease(tenantKey);
    if (!pool) {
      throw new ServiceUnavailableError('База данных университета ещё не готова, повторите попытку позже');
    }
    return {
      scope: { tenantKey, dataSource: pool.dataSource, databaseId: pool.databaseId, timeZone: this.registry.timeZoneOf(tenantKey) },
      release: () => pool.release(),
    };
  }
}
