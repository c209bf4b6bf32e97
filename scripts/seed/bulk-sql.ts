import { ClientBase, QueryResultRow } from 'pg';

/**
 * Bulk writes for the seeder: ids are taken from the table's own sequence up front (so rows can refer
 * to each other before they are written, and the sequence stays consistent for the application), and
 * each table is written with one INSERT ... SELECT FROM unnest(arrays).
 */
export type SqlType = 'int' | 'text' | 'date' | 'time' | 'bool';
type Value = string | number | boolean | null;

export interface Column {
  type: SqlType;
  values: readonly Value[];
}

export const int = (values: readonly (number | null)[]): Column => ({ type: 'int', values });
export const text = (values: readonly (string | null)[]): Column => ({ type: 'text', values });
export const date = (values: readonly (string | null)[]): Column => ({ type: 'date', values });
export const time = (values: readonly string[]): Column => ({ type: 'time', values });
export const bool = (values: readonly boolean[]): Column => ({ type: 'bool', values });

export async function rows<T extends QueryResultRow>(client: ClientBase, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(sql, params)).rows;
}

/** `count` fresh ids from the serial sequence of `table`. */
export async function reserveIds(client: ClientBase, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await rows<{ id: number }>(
    client,
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`,
    [table, count],
  );
  return result.map((row) => row.id);
}

/** Inserts one row per array position; every column must have the same length. `tail` is e.g. `ON CONFLICT DO NOTHING`. */
export async function bulkInsert(client: ClientBase, table: string, columns: Record<string, Column>, tail = ''): Promise<number> {
  const names = Object.keys(columns);
  const length = columns[names[0]].values.length;
  if (names.some((name) => columns[name].values.length !== length)) throw new Error(`${table}: columns of different lengths`);
  if (length === 0) return 0;
  const arrays = names.map((name, i) => `$${i + 1}::${columns[name].type}[]`).join(', ');
  await client.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${arrays}) ${tail}`,
    names.map((name) => columns[name].values),
  );
  return length;
}
