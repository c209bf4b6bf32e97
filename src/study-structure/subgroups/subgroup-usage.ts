import { Injectable } from '@nestjs/common';
import { int, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/** A column of the schedule that refers to subgroups. */
export interface SubgroupReference {
  table: string;
  column: string;
}

/**
 * Where the schedule refers to subgroups. Empty until schedule rules exist: their issue adds its
 * tables here (for example the subgroups of rule slots), and every subgroup deletion honours them.
 */
export const SUBGROUP_REFERENCES: readonly SubgroupReference[] = [{ table: 'schedule_rule_slot_subgroups', column: 'subgroup_id' }];

/** One query listing which of `$1` (an int[] of subgroup ids) the references use; undefined when none are known. */
export function subgroupUsageSql(references: readonly SubgroupReference[]): string | undefined {
  if (references.length === 0) return undefined;
  return references.map(({ table, column }) => `SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::int[])`).join(' UNION ');
}

/** A row of `subgroupUsageSql`: one used subgroup. */
const USED_SUBGROUP = rowShape({ id: int });

@Injectable()
export class SubgroupUsage {
  constructor(private readonly db: TenantDb) {}

  /** The ids among `subgroupIds` that the schedule uses. */
  async usedAmong(subgroupIds: number[]): Promise<Set<number>> {
    const sql = subgroupUsageSql(SUBGROUP_REFERENCES);
    if (!sql || subgroupIds.length === 0) return new Set();
    const rows = await this.db.rows(USED_SUBGROUP, sql, [subgroupIds]);
    return new Set(rows.map((row) => row.id));
  }
}
