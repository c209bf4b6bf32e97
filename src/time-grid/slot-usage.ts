import { Injectable } from '@nestjs/common';
import { COUNT_ROW } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';

/** A column of the schedule that refers to a time slot. */
export interface SlotReference {
  table: string;
  column: string;
}

/**
 * Where the schedule refers to time slots: rule slots (base-grid pairs) and overrides (a pair of the
 * target day's grid). Every slot deletion, move out of the base grid and grid deletion honours it.
 */
export const SLOT_REFERENCES: readonly SlotReference[] = [
  { table: 'schedule_rule_slots', column: 'time_slot_id' },
  { table: 'schedule_overrides', column: 'new_time_slot_id' },
];

/**
 * One query counting the rows that refer to any of `$1` (an int[] of slot ids); undefined when no
 * table is known to refer to slots.
 */
export function slotUsageSql(references: readonly SlotReference[]): string | undefined {
  if (references.length === 0) return undefined;
  const parts = references.map(({ table, column }) => `SELECT 1 FROM ${table} WHERE ${column} = ANY($1::int[])`);
  return `SELECT count(*)::int AS count FROM (${parts.join(' UNION ALL ')}) AS refs`;
}


@Injectable()
export class SlotUsage {
  constructor(private readonly db: TenantDb) {}

  /** How many schedule rows refer to any of `slotIds`. */
  async count(slotIds: readonly number[]): Promise<number> {
    const sql = slotUsageSql(SLOT_REFERENCES);
    if (!sql || slotIds.length === 0) return 0;
    const [row] = await this.db.rows(COUNT_ROW, sql, [slotIds]);
    return row.count;
  }
}
