import { Injectable } from '@nestjs/common';
import { date, int, listOf, nullable, object, oneOf, rowShape, RowType, text, ValueOf } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { VERSION_STATUSES } from '../core';

const FREE_CELL_VERSION = object({ id: int, semesterId: int, status: oneOf(...VERSION_STATUSES) });
const SOFT_WISH = object({
  id: int,
  preferenceType: oneOf('SOFT_PREFERRED', 'SOFT_UNWANTED'),
  dayOfWeek: nullable(int),
  timeSlotId: nullable(int),
  date: nullable(date),
});
// The version and the excluded rule are scalar subqueries: null when there is no such row.
const FACTS = rowShape({ version: nullable(FREE_CELL_VERSION), excludedRuleVersionId: nullable(int), wishes: listOf(SOFT_WISH) });

const AUDIENCE = rowShape({ size: int });
const ROOM = rowShape({ id: int, name: text, capacity: int, building: nullable(text) });

/** A version with what the free-cell grid needs to know of it. */
export type FreeCellVersion = ValueOf<typeof FREE_CELL_VERSION>;

/** An approved soft wish of a teacher: a weekly base pair or a date (spec 4.14). */
export type SoftWish = ValueOf<typeof SOFT_WISH>;

/** The version, whether the excluded rule belongs to it, and the teacher's soft wishes: one query. */
@Injectable()
export class FreeCellFactsRepository {
  constructor(private readonly db: TenantDb) {}

  async load(versionId: number, excludeRuleId: number, teacherId: number): Promise<{ version?: FreeCellVersion; excludedRuleVersionId?: number; wishes: SoftWish[] }> {
    const [row] = await this.db.rows(
      FACTS,
      `SELECT
         (SELECT json_build_object('id', id, 'semesterId', semester_id, 'status', status) FROM schedule_versions WHERE id = $1) AS version,
         (SELECT schedule_version_id FROM schedule_rules WHERE id = $2) AS "excludedRuleVersionId",
         COALESCE((SELECT json_agg(json_build_object('id', p.id, 'preferenceType', p.preference_type, 'dayOfWeek', p.day_of_week,
                                                     'timeSlotId', p.time_slot_id, 'date', p.preference_date) ORDER BY p.id)
                     FROM teacher_preferences p JOIN schedule_versions v ON v.id = $1 AND v.semester_id = p.semester_id
                    WHERE p.teacher_id = $3 AND p.status = 'APPROVED' AND p.preference_type IN ('SOFT_PREFERRED', 'SOFT_UNWANTED')), '[]') AS wishes`,
      [versionId, excludeRuleId, teacherId],
    );
    return { version: row.version ?? undefined, excludedRuleVersionId: row.excludedRuleVersionId ?? undefined, wishes: row.wishes };
  }

  /** How many students a slot's audience holds: the chosen subgroups', else the groups' sizes. */
  async audienceSize(groupIds: readonly number[], subgroupIds: readonly number[]): Promise<number> {
    const [row] = await this.db.rows(
      AUDIENCE,
      `SELECT (COALESCE((SELECT sum(student_capacity) FROM subgroups WHERE id = ANY($2::int[])), 0)
             + COALESCE((SELECT sum(g.group_size) FROM study_groups g
                          WHERE g.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM subgroups s WHERE s.id = ANY($2::int[]) AND s.group_id = g.id)), 0))::int AS size`,
      [groupIds, subgroupIds],
    );
    return row.size;
  }

  /** The rooms in use (not archived, available) with at least `size` seats, smallest first. */
  async roomsHolding(size: number): Promise<RowType<typeof ROOM>[]> {
    return this.db.rows(
      ROOM,
      `SELECT id, name, capacity, building FROM classrooms
        WHERE archived_at IS NULL AND is_available AND capacity >= $1
        ORDER BY capacity, lower(name), id`,
      [size],
    );
  }
}
