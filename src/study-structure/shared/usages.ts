import { EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/query-rows';
import { plural } from '../../platform/http/russian';

/**
 * A table that refers to a reference row (a specialty, profile or education form) and so keeps it
 * from being deleted. Later features add their source to the lists below (academic calendars refer
 * to specialties, profiles and forms too); the count query and the message follow automatically.
 */
export interface UsageSource {
  /** `SELECT count(*) FROM ... WHERE <column> = $1` */
  countSql: string;
  /** Noun forms for 1, 2 and 5 of them. */
  noun: readonly [string, string, string];
}

const GROUPS: UsageSource['noun'] = ['группа', 'группы', 'групп'];

export const SPECIALTY_USAGES: readonly UsageSource[] = [{ countSql: `SELECT count(*) FROM study_groups WHERE specialty_id = $1`, noun: GROUPS }];

export const PROFILE_USAGES: readonly UsageSource[] = [
  { countSql: `SELECT count(*) FROM study_groups WHERE specialty_profile_id = $1`, noun: GROUPS },
];

export const EDUCATION_FORM_USAGES: readonly UsageSource[] = [
  { countSql: `SELECT count(*) FROM study_groups WHERE education_form_id = $1`, noun: GROUPS },
];

export interface UsageCount {
  source: UsageSource;
  count: number;
}

/** Counts every source's references to `id` in one query (archived groups count too). */
export async function countUsages(manager: EntityManager, sources: readonly UsageSource[], id: number): Promise<UsageCount[]> {
  const columns = sources.map((source, index) => `(${source.countSql}) AS c${index}`).join(', ');
  const [row] = await queryRows<Record<string, number>>(manager, `SELECT ${columns}`, [id]);
  return sources.map((source, index) => ({ source, count: Number(row[`c${index}`]) }));
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
