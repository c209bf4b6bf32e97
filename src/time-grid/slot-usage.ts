import { Injectable } from '@nestjs/common';
import { COUNT_ROW } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { referenceCountSql } from '../platform/database/usages';

/**
 * Where the schedule refers to time slots (rule slots name base-grid pairs, overrides a pair of the
 * target day's grid), as the schedule declares its `time-slot` references. Every slot deletion, move
 * out of the base grid and grid deletion honours them.
 */
@Injectable()
export class SlotUsage {
  constructor(private readonly db: TenantDb) {}

  /** How many schedule rows refer to any of `slotIds`. */
  async count(slotIds: readonly number[]): Promise<number> {
    const sql = referenceCountSql('time-slot');
    if (!sql || slotIds.length === 0) return 0;
    const [row] = await this.db.rows(COUNT_ROW, sql, [slotIds]);
    return row.count;
  }
}
