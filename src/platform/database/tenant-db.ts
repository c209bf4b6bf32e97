import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { currentTenant, runInTenant } from '../tenancy/tenant-context';
import { runStatement } from './query-rows';
import { ColumnsOf, RowOf, RowShape } from './row-shape';

/**
 * The current tenant's database, for features that should not know about tenants. A singleton:
 * every call reads the tenant bound to the running request and fails closed outside one.
 */
@Injectable()
export class TenantDb {
  private readonly longStatementMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.longStatementMs = config.pool.longStatementTimeoutMs ?? 120000;
  }

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
   * `transaction` for an operation large by nature (a version copy, publication or restore, an import,
   * the solver's result): its statements get DB_LONG_STATEMENT_TIMEOUT_MS instead of the short
   * DB_STATEMENT_TIMEOUT_MS that keeps ordinary requests quick, through SET LOCAL (it ends with the
   * transaction, and works behind PgBouncer's transaction pooling too), with twice that between
   * statements, and the connection's client-side read timeout raised to match while `work` runs.
   * Joining an open transaction raises its budget for the rest of it.
   */
  async longTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let client: { query_timeout?: number | false } | undefined;
    let before: number | false | undefined;
    try {
      return await this.transaction(async (manager) => {
        const ms = this.longStatementMs;
        await this.execute(`SET LOCAL statement_timeout = ${ms}`);
        await this.execute(`SET LOCAL idle_in_transaction_session_timeout = ${ms * 2}`);
        client = (manager.queryRunner as unknown as { databaseConnection?: { connectionParameters?: { query_timeout?: number | false } } } | undefined)
          ?.databaseConnection?.connectionParameters;
        before = client?.query_timeout;
        if (client && typeof before === 'number') client.query_timeout = Math.max(before, ms + 500);
        return work(manager);
      });
    } finally {
      // Restored once the transaction ended (its COMMIT runs the deferred triggers of every written row, long too).
      if (client && typeof before === 'number') client.query_timeout = before;
    }
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

  /**
   * `consistentRead` for a read large by nature (the solver's scoring of a whole semester, whose
   * analysis runs between its statements): the long statement budget, as `longTransaction` gives.
   */
  longConsistentRead<T>(work: () => Promise<T>): Promise<T> {
    let client: { query_timeout?: number | false } | undefined;
    let before: number | false | undefined;
    return this.consistentRead(async () => {
      const ms = this.longStatementMs;
      await this.execute(`SET LOCAL statement_timeout = ${ms}`);
      await this.execute(`SET LOCAL idle_in_transaction_session_timeout = ${ms * 2}`);
      client = (this.manager.queryRunner as unknown as { databaseConnection?: { connectionParameters?: { query_timeout?: number | false } } } | undefined)
        ?.databaseConnection?.connectionParameters;
      before = client?.query_timeout;
      if (client && typeof before === 'number') client.query_timeout = Math.max(before, ms + 500);
      return work();
    }).finally(() => {
      if (client && typeof before === 'number') client.query_timeout = before;
    });
  }
}
