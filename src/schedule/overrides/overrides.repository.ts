import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { queryRows } from '../../platform/database/query-rows';
import { TenantDb } from '../../platform/database/tenant-db';
import { OverridePayload } from './override-payload';
import { OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_SELECT, OverrideRecord, OverrideRecordRow, toOverrideRecord } from './override-record';

export const DUPLICATE_OVERRIDE = 'Для этого занятия уже есть разовое изменение: измените или удалите его';

defineConstraintMessages({
  uq_schedule_overrides_lesson: DUPLICATE_OVERRIDE,
  fk_schedule_overrides_version: 'Версия расписания не найдена',
  fk_schedule_overrides_slot: 'Слот правила расписания не найден',
  fk_schedule_overrides_time_slot: 'Пара (временной слот) не найдена',
  fk_schedule_overrides_classroom: 'Аудитория не найдена',
  fk_schedule_overrides_teacher: 'Преподаватель не найден',
  ck_schedule_overrides_action: 'Действие должно быть CANCEL, MOVE или REPLACE',
  ck_schedule_overrides_format: 'Формат занятия должен быть «Очно» или «Онлайн»',
  ck_schedule_overrides_cancel: 'Отмена занятия не может менять дату, пару, преподавателя, аудиторию или формат',
  ck_schedule_overrides_move: 'Для переноса укажите новую пару',
});

/**
 * Same lock class as rule changes (ScheduleRulesRepository): rule and override writes of one semester
 * are checked and saved one at a time, so neither can slip a clash past the other's check.
 */
const SEMESTER_SCHEDULE_LOCK = 4909;

/** The rule slot a lesson comes from, with the rule's version and semester. */
export interface LessonSlot {
  slotId: number;
  ruleId: number;
  versionId: number;
  versionStatus: VersionState['status'];
  semesterId: number;
}

export interface StoredOverride {
  id: number;
  versionId: number;
  semesterId: number;
  baseRuleSlotId: number;
  lessonDate: string;
}

export interface VersionState {
  id: number;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
}

/** Who and what an override body names, looked up in one query (absent ids are null or missing). */
export interface OverrideFacts {
  teacher: { id: number; name: string; role: string; active: boolean } | null;
  classroom: { id: number; name: string; archived: boolean } | null;
  timeSlot: { id: number; orderNumber: number; startTime: string; endTime: string } | null;
  groups: Map<number, string>;
}

const STORED_COLUMNS = `o.id, o.schedule_version_id AS "versionId", v.semester_id AS "semesterId",
                        o.base_rule_slot_id AS "baseRuleSlotId", o.lesson_date AS "lessonDate"`;

/** SQL over `schedule_overrides`: locks, writes and the reads behind the checks. */
@Injectable()
export class OverridesRepository {
  constructor(private readonly db: TenantDb) {}

  async lessonSlot(slotId: number): Promise<LessonSlot | undefined> {
    const [row] = await this.db.query<LessonSlot>(
      `SELECT sl.id AS "slotId", r.id AS "ruleId", r.schedule_version_id AS "versionId", v.status AS "versionStatus", r.semester_id AS "semesterId"
         FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id JOIN schedule_versions v ON v.id = r.schedule_version_id
        WHERE sl.id = $1`,
      [slotId],
    );
    return row;
  }

  async find(id: number): Promise<StoredOverride | undefined> {
    const [row] = await this.db.query<StoredOverride>(
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1`,
      [id],
    );
    return row;
  }

  /** Serializes every rule and override change of the semester until the transaction ends. */
  async lockSemester(manager: EntityManager, semesterId: number): Promise<void> {
    await queryRows(manager, `SELECT pg_advisory_xact_lock($1, $2)`, [SEMESTER_SCHEDULE_LOCK, semesterId]);
  }

  /** The version, share-locked so that it cannot be published or archived meanwhile. */
  async lockVersion(manager: EntityManager, id: number): Promise<VersionState | undefined> {
    const [row] = await queryRows<VersionState>(manager, `SELECT id, status FROM schedule_versions WHERE id = $1 FOR SHARE`, [id]);
    return row;
  }

  async lockForChange(manager: EntityManager, id: number): Promise<StoredOverride | undefined> {
    const [row] = await queryRows<StoredOverride>(
      manager,
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1 FOR UPDATE OF o`,
      [id],
    );
    return row;
  }

  /** The override of a lesson, if any. */
  async idOfLesson(manager: EntityManager, slotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await queryRows<{ id: number }>(manager, `SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 AND lesson_date = $2`, [
      slotId,
      lessonDate,
    ]);
    return row?.id;
  }

  /** Overrides of the version that take a lesson away from `date` or bring one onto it, except `exceptId`. */
  async touchingDate(manager: EntityManager, versionId: number, date: string, exceptId: number): Promise<OverrideRecord[]> {
    const rows = await queryRows<OverrideRecordRow>(
      manager,
      `${OVERRIDE_RECORD_SELECT} ${OVERRIDE_RECORD_FROM}
        WHERE o.schedule_version_id = $1 AND (o.lesson_date = $2 OR o.target_lesson_date = $2) AND o.id <> $3
        ORDER BY o.id`,
      [versionId, date, exceptId],
    );
    return rows.map(toOverrideRecord);
  }

  /**
   * Active rules of the version that may have a lesson on a `dayOfWeek` sharing the teacher, the room
   * or a group with the lesson being checked, plus `alsoRuleIds`. Lessons moved onto the day or
   * reassigned on it come from overrides, whose rules the caller passes in `alsoRuleIds`.
   */
  async candidateRuleIds(
    manager: EntityManager,
    scope: { versionId: number; dayOfWeek: number; teacherId: number; classroomId: number; groupIds: number[]; alsoRuleIds: number[] },
  ): Promise<number[]> {
    // A union of index lookups (slots by teacher and room, rule groups by group), not a scan of the version's rules.
    const rows = await queryRows<{ id: number }>(
      manager,
      `SELECT r.id FROM schedule_rules r
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE'
          AND r.id IN (
                SELECT sl.rule_id FROM schedule_rule_slots sl WHERE sl.day_of_week = $2 AND (sl.teacher_id = $3 OR sl.classroom_id = $4)
                UNION
                SELECT g.rule_id FROM schedule_rule_groups g
                  JOIN schedule_rule_slots sl ON sl.rule_id = g.rule_id AND sl.day_of_week = $2
                 WHERE g.group_id = ANY($5::int[])
                UNION
                SELECT unnest($6::int[]))
        ORDER BY r.id`,
      [scope.versionId, scope.dayOfWeek, scope.teacherId, scope.classroomId, scope.groupIds, scope.alsoRuleIds],
    );
    return rows.map((row) => row.id);
  }

  async facts(manager: EntityManager, ids: { teacherId: number | null; classroomId: number | null; timeSlotId: number | null; groupIds: number[] }): Promise<OverrideFacts> {
    const [row] = await queryRows<{
      teacher: OverrideFacts['teacher'];
      classroom: OverrideFacts['classroom'];
      timeSlot: OverrideFacts['timeSlot'];
      groups: { id: number; name: string }[];
    }>(
      manager,
      `SELECT
         (SELECT json_build_object('id', id, 'name', full_name, 'role', role, 'active', status = 'ACTIVE') FROM users WHERE id = $1) AS teacher,
         (SELECT json_build_object('id', id, 'name', name, 'archived', archived_at IS NOT NULL) FROM classrooms WHERE id = $2) AS classroom,
         (SELECT json_build_object('id', id, 'orderNumber', order_number, 'startTime', start_time::text, 'endTime', end_time::text)
            FROM time_slots WHERE id = $3) AS "timeSlot",
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM study_groups WHERE id = ANY($4::int[])), '[]') AS groups`,
      [ids.teacherId, ids.classroomId, ids.timeSlotId, ids.groupIds],
    );
    return { teacher: row.teacher, classroom: row.classroom, timeSlot: row.timeSlot, groups: new Map(row.groups.map((group) => [group.id, group.name])) };
  }

  async insert(manager: EntityManager, versionId: number, payload: OverridePayload, authorId: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      manager,
      `INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action, target_lesson_date, new_time_slot_id,
                                       new_classroom_id, new_teacher_id, new_lesson_format, comment, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [versionId, payload.baseRuleSlotId, payload.lessonDate, ...changeValues(payload), authorId],
    );
    return row.id;
  }

  /** Replaces what the override does; the lesson it names never changes. */
  async update(manager: EntityManager, id: number, payload: OverridePayload, authorId: number): Promise<void> {
    await queryRows(
      manager,
      `UPDATE schedule_overrides SET action = $2, target_lesson_date = $3, new_time_slot_id = $4, new_classroom_id = $5, new_teacher_id = $6,
              new_lesson_format = $7, comment = $8, updated_by = $9, updated_at = now()
        WHERE id = $1`,
      [id, ...changeValues(payload), authorId],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await queryRows(manager, `DELETE FROM schedule_overrides WHERE id = $1`, [id]);
  }
}

function changeValues(payload: OverridePayload): unknown[] {
  return [
    payload.action,
    payload.targetLessonDate,
    payload.newTimeSlotId,
    payload.newClassroomId,
    payload.newTeacherId,
    payload.newLessonFormat,
    payload.comment,
  ];
}
