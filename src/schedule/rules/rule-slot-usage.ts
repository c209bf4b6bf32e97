import { Injectable } from '@nestjs/common';
import { COUNT_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/** A column that refers to a rule slot (a lesson is named by `slot id + date`). */
export interface RuleSlotReference {
  table: string;
  column: string;
}

/**
 * Where other records refer to rule slots: one-off changes (overrides), absence decisions and teacher
 * change requests. A rule update that would delete a referenced
 * slot is refused.
 */
export const RULE_SLOT_REFERENCES: readonly RuleSlotReference[] = [
  { table: 'schedule_overrides', column: 'base_rule_slot_id' },
  { table: 'teacher_absence_decisions', column: 'base_rule_slot_id' },
  { table: 'teacher_change_requests', column: 'base_rule_slot_id' },
];


/** One query counting the rows that refer to any of `$1` (an int[] of slot ids); undefined when nothing can. */
export function ruleSlotUsageSql(references: readonly RuleSlotReference[]): string | undefined {
  if (references.length === 0) return undefined;
  const parts = references.map(({ table, column }) => `SELECT 1 FROM ${table} WHERE ${column} = ANY($1::int[])`);
  return `SELECT count(*)::int AS count FROM (${parts.join(' UNION ALL ')}) AS refs`;
}

@Injectable()
export class RuleSlotUsage {
  constructor(private readonly db: TenantDb) {}

  /** How many records refer to any of `slotIds`. */
  async count(slotIds: readonly number[]): Promise<number> {
    const sql = ruleSlotUsageSql(RULE_SLOT_REFERENCES);
    if (!sql || slotIds.length === 0) return 0;
    const [row] = await this.db.rows(COUNT_ROW, sql, [slotIds]);
    return row.count;
  }
}
