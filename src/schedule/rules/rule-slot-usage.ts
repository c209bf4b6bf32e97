import { Injectable } from '@nestjs/common';
import { COUNT_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { referenceCountSql } from '../../platform/database/usages';

/**
 * Whether other records refer to rule slots (a lesson is named by `slot id + date`): one-off changes,
 * absence decisions and teacher change requests, each declared by its owner as a `rule-slot`
 * reference. A rule update that would delete a referenced slot is refused.
 */
@Injectable()
export class RuleSlotUsage {
  constructor(private readonly db: TenantDb) {}

  /** How many records refer to any of `slotIds`. */
  async count(slotIds: readonly number[]): Promise<number> {
    const sql = referenceCountSql('rule-slot');
    if (!sql || slotIds.length === 0) return 0;
    const [row] = await this.db.rows(COUNT_ROW, sql, [slotIds]);
    return row.count;
  }
}
