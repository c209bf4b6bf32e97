import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { NotFoundError, ServiceUnavailableError } from '../http/app-error';
import { tenantKeyOf } from './host';
import { bindTenantToRequest, runInTenant } from './tenant-context';
import { TenantRegistry } from './tenant-registry';

/**
 * Resolves the tenant of an `/api` request from its Host header, leases that tenant's current pool
 * for the whole request (a pool swapped meanwhile is closed only after the lease ends) and binds it
 * to the async context the rest of the request runs in.
 */
@Injectable()
export class TenantMiddleware implements NestMiddleware {
  constructor(
    private readonly registry: TenantRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const tenantKey = tenantKeyOf(req.headers.host, this.config.defaultTenant);
    if (!tenantKey || !this.registry.has(tenantKey)) {
      throw new NotFoundError('Университет для этого адреса не найден');
    }
    const pool = this.registry.lease(tenantKey);
    if (!pool) {
      throw new ServiceUnavailableError('База данных университета ещё не готова, повторите попытку позже');
    }
    res.locals.tenant = tenantKey; // the request log's and metrics' tenant label (a configured tenant only)
    const scope = { tenantKey, dataSource: pool.dataSource, databaseId: pool.databaseId };
    const release = () => pool.release(); // once: when the response closes
    if (bindTenantToRequest(scope, release)) return next();
    // Outside the request edge's context (not the case in the application): a context of its own.
    res.once('close', release);
    runInTenant(scope, next);
  }
}
