import { Injectable } from '@nestjs/common';
import { date, int, listOf, nullable, oneOf, rowShape, RowType, text, time, timestamp } from '../../platform/database/row-shape';
import { SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { OVERRIDE_ACTIONS } from '../../schedule-engine/override-application';

const REGISTRY_ROW = rowShape({
  id: int,
  scheduleVersionId: int,
  semesterId: int,
  semesterStartDate: date,
  semesterEndDate: date,
  baseRuleSlotId: int,
  scheduleRuleId: int,
  action: oneOf(...OVERRIDE_ACTIONS),
  lessonDate: date,
  targetLessonDate: nullable(date),
  originalTimeSlotId: int,
  originalOrderNumber: int,
  originalBaseStartTime: time,
  originalBaseEndTime: time,
  originalTeacherId: int,
  originalTeacherName: text,
  originalClassroomId: int,
  originalClassroomName: text,
  originalLessonFormat: text,
  // The new pair, teacher and room (with their LEFT JOINed times and names): null when the override keeps them.
  newTimeSlotId: nullable(int),
  newOrderNumber: nullable(int),
  newStartTime: nullable(time),
  newEndTime: nullable(time),
  newTeacherId: nullable(int),
  newTeacherName: nullable(text),
  newClassroomId: nullable(int),
  newClassroomName: nullable(text),
  newLessonFormat: nullable(text),
  subjectId: int,
  subjectName: text,
  lessonTypeId: int,
  lessonTypeName: text,
  groupIds: listOf(int),
  groupNames: listOf(text),
  subgroupIds: listOf(int),
  subgroupNames: listOf(text),
  comment: nullable(text),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** One registry row: the override, its lesson's current rule slot, and every name, in one query. */
export type RegistryRow = RowType<typeof REGISTRY_ROW>;

export type RegistryFilter = { id: number } | { startDate: string; endDate: string } | { all: true };

/** The override registry's read: one query whatever the number of overrides. */
@Injectable()
export class OverrideRegistryRepository {
  constructor(private readonly db: TenantDb) {}

  /**
   * Overrides of PUBLISHED versions with an original or target date in the range (or all of them),
   * by original date, then id; by id regardless of the version's status.
   */
  list(filter: RegistryFilter): Promise<RegistryRow[]> {
    const params = new SqlParams();
    const where: string[] = [];
    if ('id' in filter) {
      where.push(`o.id = ${params.add(filter.id)}`);
    } else {
      where.push(`v.status = 'PUBLISHED'`);
      if ('startDate' in filter) {
        const start = params.add(filter.startDate);
        const end = params.add(filter.endDate);
        where.push(`(o.lesson_date BETWEEN ${start} AND ${end} OR o.target_lesson_date BETWEEN ${start} AND ${end})`);
      }
    }
    // Groups and subgroups are aggregated once per rule and slot of the chosen overrides (set-based, not per row).
    return this.db.rows(
      REGISTRY_ROW,
      `WITH chosen AS (
         SELECT o.*, sl.rule_id FROM schedule_overrides o
           JOIN schedule_versions v ON v.id = o.schedule_version_id
           JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
          WHERE ${where.join(' AND ')}),
       rule_groups AS (
         SELECT rg.rule_id, array_agg(g.id ORDER BY g.id) AS ids, array_agg(g.name ORDER BY g.id) AS names
           FROM schedule_rule_groups rg JOIN study_groups g ON g.id = rg.group_id
          WHERE rg.rule_id IN (SELECT rule_id FROM chosen) GROUP BY rg.rule_id),
       slot_subgroups AS (
         SELECT ss.slot_id, array_agg(sg.id ORDER BY sg.id) AS ids, array_agg(sg.name ORDER BY sg.id) AS names
           FROM schedule_rule_slot_subgroups ss JOIN subgroups sg ON sg.id = ss.subgroup_id
          WHERE ss.slot_id IN (SELECT base_rule_slot_id FROM chosen) GROUP BY ss.slot_id)
       SELECT o.id, o.schedule_version_id AS "scheduleVersionId", s.id AS "semesterId",
              s.start_date AS "semesterStartDate", s.end_date AS "semesterEndDate",
              o.base_rule_slot_id AS "baseRuleSlotId", r.id AS "scheduleRuleId", o.action,
              o.lesson_date AS "lessonDate", o.target_lesson_date AS "targetLessonDate",
              sl.time_slot_id AS "originalTimeSlotId", bts.order_number AS "originalOrderNumber",
              bts.start_time::text AS "originalBaseStartTime", bts.end_time::text AS "originalBaseEndTime",
              sl.teacher_id AS "originalTeacherId", ot.full_name AS "originalTeacherName",
              sl.classroom_id AS "originalClassroomId", oc.name AS "originalClassroomName", sl.lesson_format AS "originalLessonFormat",
              o.new_time_slot_id AS "newTimeSlotId", nts.order_number AS "newOrderNumber", nts.start_time::text AS "newStartTime", nts.end_time::text AS "newEndTime",
              o.new_teacher_id AS "newTeacherId", nt.full_name AS "newTeacherName",
              o.new_classroom_id AS "newClassroomId", nc.name AS "newClassroomName", o.new_lesson_format AS "newLessonFormat",
              r.subject_id AS "subjectId", sub.name AS "subjectName", sl.lesson_type_id AS "lessonTypeId", lt.name AS "lessonTypeName",
              COALESCE(rgs.ids, '{}') AS "groupIds", COALESCE(rgs.names, '{}') AS "groupNames",
              COALESCE(sgs.ids, '{}') AS "subgroupIds", COALESCE(sgs.names, '{}') AS "subgroupNames",
              o.comment, o.created_at AS "createdAt", o.updated_at AS "updatedAt"
         FROM chosen o
         JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
         JOIN schedule_rules r ON r.id = o.rule_id
         JOIN semesters s ON s.id = r.semester_id
         JOIN subjects sub ON sub.id = r.subject_id
         JOIN lesson_types lt ON lt.id = sl.lesson_type_id
         JOIN time_slots bts ON bts.id = sl.time_slot_id
         JOIN users ot ON ot.id = sl.teacher_id
         JOIN classrooms oc ON oc.id = sl.classroom_id
         LEFT JOIN time_slots nts ON nts.id = o.new_time_slot_id
         LEFT JOIN users nt ON nt.id = o.new_teacher_id
         LEFT JOIN classrooms nc ON nc.id = o.new_classroom_id
         LEFT JOIN rule_groups rgs ON rgs.rule_id = o.rule_id
         LEFT JOIN slot_subgroups sgs ON sgs.slot_id = o.base_rule_slot_id
        ORDER BY o.lesson_date, o.id`,
      params.values,
    );
  }
}
