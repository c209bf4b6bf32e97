import { plural } from '../http/russian';
import { int, rowShape } from './row-shape';
import type { TenantDb } from './tenant-db';

/**
 * A table that refers to a row and so keeps it from being deleted or changed. Features keep lists of
 * these next to the rows they protect; the count query and the Russian message follow automatically.
 */
export interface UsageSource {
  /** `SELECT count(*) FROM ... WHERE <column> = $1` */
  countSql: string;
  /** Noun forms for 1, 2 and 5 of them. */
  noun: readonly [string, string, string];
}

export interface UsageCount {
  source: UsageSource;
  count: number;
}

/** The row of `countUsages`: one `count(*)` column per source, `c0`, `c1`, ... (the columns vary with the sources). */
function countsShape(sources: readonly UsageSource[]) {
  return rowShape(Object.fromEntries(sources.map((_, index) => [`c${index}`, int])));
}

/** Counts every source's references to `id` in one query (archived groups count too). */
export async function countUsages(db: TenantDb, sources: readonly UsageSource[], id: number): Promise<UsageCount[]> {
  const columns = sources.map((source, index) => `(${source.countSql}) AS c${index}`).join(', ');
  const [row] = await db.rows(countsShape(sources), `SELECT ${columns}`, [id]);
  return sources.map((source, index) => ({ source, count: row[`c${index}`] }));
}

/**
 * «используют 3 группы», «использует 1 группа», «используют 2 группы и 1 учебный календарь»;
 * undefined when nothing refers to the row.
 */
export function describeUsages(counts: readonly UsageCount[]): string | undefined {
  const used = counts.filter((usage) => usage.count > 0);
  if (used.length === 0) return undefined;
  const parts = used.map(({ source, count }) => `${count} ${plural(count, ...source.noun)}`);
  const singular = used.length === 1 && plural(used[0].count, 'one', 'few', 'many') === 'one';
  return `${singular ? 'использует' : 'используют'} ${parts.join(' и ')}`;
}

/** «используют 2 версии расписания», or undefined when nothing refers to the row (or no source is listed). */
export async function usagesOf(db: TenantDb, sources: readonly UsageSource[], id: number): Promise<string | undefined> {
  if (sources.length === 0) return undefined;
  return describeUsages(await countUsages(db, sources, id));
}
