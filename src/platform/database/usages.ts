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

/**
 * What may be referred to across features (issue 42: one owner per table). The feature whose table
 * refers to a row of another declares the reference with `defineReferences`, in its own folder; the
 * referred row's owner counts them with `referencesTo` and never names the referring table.
 */
export type ReferredKind =
  | 'department'
  | 'semester'
  | 'academic-year'
  | 'activity-type'
  | 'education-form'
  | 'specialty'
  | 'specialty-profile'
  | 'subject'
  | 'subgroup'
  | 'time-slot'
  | 'rule-slot';

/** One referring table (or column) of the declaring feature. */
export interface Reference {
  /** One row per referring row, the referred row's id as `id`, unfiltered: `SELECT subject_id AS id FROM academic_calendar_subjects`. */
  sql: string;
  /** Noun forms for 1, 2 and 5 of the referring rows, for «используют 2 учебных календаря». */
  noun: readonly [string, string, string];
}

const REFERENCES = new Map<ReferredKind, Reference[]>();

/**
 * Declares references to rows of `kind`; called once when the referring feature's module is loaded.
 * Answers a function that takes them back (for a test's stand-in table).
 */
export function defineReferences(kind: ReferredKind, references: readonly Reference[]): () => void {
  REFERENCES.set(kind, [...(REFERENCES.get(kind) ?? []), ...references]);
  return () => REFERENCES.set(kind, (REFERENCES.get(kind) ?? []).filter((reference) => !references.includes(reference)));
}

/**
 * The declared references to rows of `kind` as usage sources: each counts the referring rows whose
 * `id` satisfies `ids` (SQL after `refs.id`, its parameter `$1`: by default the one row `$1`).
 */
export function referencesTo(kind: ReferredKind, ids = '= $1'): UsageSource[] {
  return (REFERENCES.get(kind) ?? []).map((reference) => ({
    countSql: `SELECT count(*)::int FROM (${reference.sql}) AS refs WHERE refs.id ${ids}`,
    noun: reference.noun,
  }));
}

/** The declared references to rows of `kind`, united; undefined when none are declared. */
function united(kind: ReferredKind): string | undefined {
  const references = REFERENCES.get(kind) ?? [];
  if (references.length === 0) return undefined;
  return references.map((reference, index) => `SELECT r${index}.id FROM (${reference.sql}) AS r${index}`).join(' UNION ALL ');
}

/** One query answering, of the ids in `$1` (an int[]), those that rows of another feature refer to; undefined when none are declared. */
export function referredAmongSql(kind: ReferredKind): string | undefined {
  const refs = united(kind);
  return refs && `SELECT DISTINCT refs.id FROM (${refs}) AS refs WHERE refs.id = ANY($1::int[])`;
}

/** One query counting (as `count`) the rows of other features that refer to any of `$1` (an int[]); undefined when none are declared. */
export function referenceCountSql(kind: ReferredKind): string | undefined {
  const refs = united(kind);
  return refs && `SELECT count(*)::int AS count FROM (${refs}) AS refs WHERE refs.id = ANY($1::int[])`;
}
