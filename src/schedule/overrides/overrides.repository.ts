import { Injectable } from '@nestjs/common';
import { date, int, rowShape, RowType } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

const STORED_OVERRIDE = rowShape({ id: int, versionId: int, semesterId: int, baseRuleSlotId: int, lessonDate: date });

export type StoredOverride = RowType<typeof STORED_OVERRIDE>;

const STORED_COLUMNS = `o.id, o.schedule_version_id AS "versionId", v.semester_id AS "semesterId",
                        o.base_rule_slot_id AS "baseRuleSlotId", o.lesson_date AS "lessonDate"`;

/** Lookups and row locks over `schedule_overrides` (writes are the core's `OverrideWrites`). */
@Injectable()
export class OverridesRepository {
  constructor(private readonly db: TenantDb) {}

  async find(id: number): Promise<StoredOverride | undefined> {
    const [row] = await this.db.rows(
      STORED_OVERRIDE,
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1`,
      [id],
    );
    return row;
  }

  /** The override, locked until the end of the open transaction. */
  async lockForChange(id: number): Promise<StoredOverride | undefined> {
    const [row] = await this.db.rows(
      STORED_OVERRIDE,
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1 FOR UPDATE OF o`,
      [id],
    );
    return row;
  }
}
