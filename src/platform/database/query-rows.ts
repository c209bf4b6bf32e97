import { EntityManager } from 'typeorm';

/** What a statement answered: its rows (also for `... RETURNING`) and how many rows it returned or changed. */
export interface StatementResult {
  rows: unknown[];
  count: number;
}

/**
 * Runs raw SQL on the manager's connection (inside a transaction pass the transaction's manager so
 * the statement runs on its connection). TypeORM's plain `query()` answers UPDATE and DELETE with
 * `[rows, count]`, which silently breaks `... RETURNING`; the structured result does not.
 */
export async function runStatement(manager: EntityManager, sql: string, parameters: unknown[] = []): Promise<StatementResult> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, parameters, true);
    return { rows: result.records ?? [], count: result.affected ?? result.records?.length ?? 0 };
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
