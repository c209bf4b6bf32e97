import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { currentTenant, runInTenant } from '../tenancy/tenant-context';
import { runStatement } from './query-rows';
import { ColumnsOf, RowOf, RowShape } from './row-shape';

/**
 * The current tenant's database, for features that should not know about tenants. A singleton:
 * every call reads the tenant bound to the running request and fails closed outside one.
 */
@Injectable()
export class TenantDb {
  get dataSource(): DataSource {
    return currentTenant().dataSource;
  }

  /** The transaction in progress in this request, or the pool's manager outside one. */
  get manager(): EntityManager {
    const scope = currentTenant();
    return scope.manager ?? scope.dataSource.manager;
  }

  /**
   * Runs SQL and returns its rows (also of UPDATE/DELETE ... RETURNING), each checked against the
   * declared shape: the rows' type comes from the shape, never from an assertion.
   */
  async rows<S extends ColumnsOf>(shape: RowShape<S>, sql: string, parameters: unknown[] = []): Promise<RowOf<S>[]> {
    return shape.check((await runStatement(this.manager, sql, parameters)).rows);
  }

  /** Runs SQL whose rows are not read; answers how many rows it returned or changed. */
  async execute(sql: string, parameters: unknown[] = []): Promise<number> {
    return (await runStatement(this.manager, sql, parameters)).count;
  }

  /**
   * Runs `work` in one transaction (READ COMMITTED); any error rolls everything back. While it runs,
   * every `TenantDb` call of the request joins it (one connection, its own writes visible), so shared
   * repositories can be used under a lock without taking a second pool connection; a nested call joins
   * the outer transaction.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = currentTenant();
    if (scope.manager?.queryRunner?.isTransactionActive) return work(scope.manager);
    return scope.dataSource.transaction((manager) => runInTenant({ ...scope, manager }, () => work(manager)));
  }

  /**
   * Runs `work` in one REPEATABLE READ transaction: every `TenantDb` read of the request inside it
   * sees the same committed state, however busy the writers. For reads that must agree with each
   * other; writes keep READ COMMITTED with locks (`transaction`).
   */
  consistentRead<T>(work: () => Promise<T>): Promise<T> {
    const scope = currentTenant();
    if (scope.manager?.queryRunner?.isTransactionActive) throw new Error('a consistent read cannot join an open transaction');
    return scope.dataSource.transaction('REPEATABLE READ', (manager) => runInTenant({ ...scope, manager }, work));
  }
}
