import { Injectable } from '@nestjs/common';
import { ID_ROW, int, listOf, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

export interface StoredLocks {
  ruleIds: number[];
  groupIds: number[];
  teacherIds: number[];
  classroomIds: number[];
  departmentIds: number[];
}

export type LockKind = keyof StoredLocks;

const LOCKS = rowShape({ ruleIds: listOf(int), groupIds: listOf(int), teacherIds: listOf(int), classroomIds: listOf(int), departmentIds: listOf(int) });
const UNKNOWN = rowShape({ ruleIds: listOf(int), groupIds: listOf(int), teacherIds: listOf(int), classroomIds: listOf(int), departmentIds: listOf(int) });

export const NO_LOCKS: StoredLocks = { ruleIds: [], groupIds: [], teacherIds: [], classroomIds: [], departmentIds: [] };

/**
 * The office's locks per version (issue 54 §1) and what they hold. It reads the groups' departments,
 * teachers, rooms and departments only to check that named ids exist and to find a department's groups.
 */
@Injectable()
export class VersionLocksRepository {
  constructor(private readonly db: TenantDb) {}

  /** The stored lists; rule ids only of rules still active in the version. */
  async of(versionId: number): Promise<StoredLocks> {
    const [row] = await this.db.rows(
      LOCKS,
      `SELECT ARRAY(SELECT r.id FROM schedule_rules r WHERE r.id = ANY(l.rule_ids) AND r.schedule_version_id = l.version_id AND r.status = 'ACTIVE' ORDER BY r.id) AS "ruleIds",
              l.group_ids AS "groupIds", l.teacher_ids AS "teacherIds", l.classroom_ids AS "classroomIds", l.department_ids AS "departmentIds"
         FROM schedule_version_locks l WHERE l.version_id = $1`,
      [versionId],
    );
    return row ?? NO_LOCKS;
  }

  /** Replaces the version's locks. */
  async save(versionId: number, locks: StoredLocks, actorId: number): Promise<void> {
    await this.db.execute(
      `INSERT INTO schedule_version_locks (version_id, rule_ids, group_ids, teacher_ids, classroom_ids, department_ids, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (version_id) DO UPDATE SET rule_ids = EXCLUDED.rule_ids, group_ids = EXCLUDED.group_ids, teacher_ids = EXCLUDED.teacher_ids,
         classroom_ids = EXCLUDED.classroom_ids, department_ids = EXCLUDED.department_ids, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [versionId, locks.ruleIds, locks.groupIds, locks.teacherIds, locks.classroomIds, locks.departmentIds, actorId],
    );
  }

  /** The ids of each list that name nothing: a rule not active in the version, a group, teacher, room or department that does not exist. */
  async unknown(versionId: number, locks: StoredLocks): Promise<StoredLocks> {
    const [row] = await this.db.rows(
      UNKNOWN,
      `SELECT
         ARRAY(SELECT u.id FROM unnest($2::int[]) u(id) WHERE NOT EXISTS (
                 SELECT 1 FROM schedule_rules r WHERE r.id = u.id AND r.schedule_version_id = $1 AND r.status = 'ACTIVE') ORDER BY u.id) AS "ruleIds",
         ARRAY(SELECT u.id FROM unnest($3::int[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM study_groups g WHERE g.id = u.id) ORDER BY u.id) AS "groupIds",
         ARRAY(SELECT u.id FROM unnest($4::int[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM users t WHERE t.id = u.id AND t.role = 'TEACHER') ORDER BY u.id) AS "teacherIds",
         ARRAY(SELECT u.id FROM unnest($5::int[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM classrooms c WHERE c.id = u.id) ORDER BY u.id) AS "classroomIds",
         ARRAY(SELECT u.id FROM unnest($6::int[]) u(id) WHERE NOT EXISTS (SELECT 1 FROM departments d WHERE d.id = u.id) ORDER BY u.id) AS "departmentIds"`,
      [versionId, locks.ruleIds, locks.groupIds, locks.teacherIds, locks.classroomIds, locks.departmentIds],
    );
    return row;
  }

  /**
   * The version's active rules the locks hold: named, of a locked group or of a locked department's
   * group, or with a slot (any period) of a locked teacher or room.
   */
  async held(versionId: number, locks: StoredLocks): Promise<number[]> {
    if (Object.values(locks).every((ids: number[]) => ids.length === 0)) return [];
    const rows = await this.db.rows(
      ID_ROW,
      `SELECT r.id FROM schedule_rules r
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE'
          AND (r.id = ANY($2::int[])
               OR EXISTS (SELECT 1 FROM schedule_rule_groups rg WHERE rg.rule_id = r.id
                            AND (rg.group_id = ANY($3::int[]) OR rg.group_id IN (SELECT g.id FROM study_groups g WHERE g.department_id = ANY($6::int[]))))
               OR EXISTS (SELECT 1 FROM schedule_rule_slots sl WHERE sl.rule_id = r.id AND (sl.teacher_id = ANY($4::int[]) OR sl.classroom_id = ANY($5::int[]))))
        ORDER BY r.id`,
      [versionId, locks.ruleIds, locks.groupIds, locks.teacherIds, locks.classroomIds, locks.departmentIds],
    );
    return rows.map((row) => row.id);
  }
}
