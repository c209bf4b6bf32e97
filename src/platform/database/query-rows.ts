import { EntityManager } from 'typeorm';

/**
 * Raw SQL that always resolves to the result rows. (TypeORM's plain `query()` answers UPDATE and
 * DELETE with `[rows, count]`, which silently breaks `... RETURNING`.) Inside a transaction pass the
 * transaction's manager so the statement runs on its connection.
 */
export async function queryRows<T = unknown>(manager: EntityManager, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, parameters, true);
    return (result.records ?? []) as T[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
