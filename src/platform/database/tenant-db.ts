import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { currentTenant } from '../tenancy/tenant-context';
import { queryRows } from './query-rows';

/**
 * The current tenant's database, for features that should not know about tenants. A singleton:
 * every call reads the tenant bound to the running request and fails closed outside one.
 */
@Injectable()
export class TenantDb {
  get dataSource(): DataSource {
    return currentTenant().dataSource;
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  repository<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.dataSource.getRepository(entity);
  }

  /** Runs SQL and returns its rows, also for UPDATE/DELETE ... RETURNING. */
  query<T = unknown>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    return queryRows<T>(this.manager, sql, parameters);
  }

  /** Runs `work` in one transaction (READ COMMITTED); any error rolls everything back. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
