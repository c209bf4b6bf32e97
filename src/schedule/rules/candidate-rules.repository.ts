import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/query-rows';
import { LoadedRule } from '../data/schedule-data.types';

/** What a rule being saved could clash with: its version, weekly pairs, teachers, rooms and groups. */
export interface ClashScope {
  versionId: number;
  /** The rule itself on update (0 on create). */
  exceptRuleId: number;
  /** `day:timeSlotId` of the rule's slots. */
  slotKeys: string[];
  /** The rule's weekdays on which any pair may overlap another (non-base grids on some date). */
  anyTimeDays: number[];
  teacherIds: number[];
  classroomIds: number[];
  groupIds: number[];
}

interface RuleRow extends Omit<LoadedRule, 'hours' | 'startWeeks'> {
  lectureHours: number;
  laboratoryHours: number;
  practiceHours: number;
  lectureStartWeek: number;
  laboratoryStartWeek: number;
  practiceStartWeek: number;
}

/** A stored slot that could meet the rule's: same weekday and pair, or any pair on an irregular weekday. */
const MEETS = `(sl.day_of_week = ANY($3::int[]) OR (sl.day_of_week || ':' || sl.time_slot_id) = ANY($7::text[]))`;

/**
 * The active rules of a version that could clash with a rule being saved, in one query: those with a
 * slot that could meet one of its slots (see MEETS) and shares a teacher or a classroom, or that share
 * a group and have such a slot. `ScheduleDataRepository.rules` filters with AND, so this is its OR
 * counterpart; the rows have the same shape. `clash-prefilter.ts` then narrows them exactly.
 */
@Injectable()
export class CandidateRulesRepository {
  async load(manager: EntityManager, scope: ClashScope): Promise<LoadedRule[]> {
    const rows = await queryRows<RuleRow>(
      manager,
      `SELECT r.id, r.schedule_version_id AS "versionId", r.semester_id AS "semesterId", r.subject_id AS "subjectId",
              sub.name AS "subjectName", r.status,
              r.lecture_hours AS "lectureHours", r.laboratory_hours AS "laboratoryHours", r.practice_hours AS "practiceHours",
              r.lecture_start_week AS "lectureStartWeek", r.laboratory_start_week AS "laboratoryStartWeek",
              r.practice_start_week AS "practiceStartWeek",
              ARRAY(SELECT g.group_id FROM schedule_rule_groups g WHERE g.rule_id = r.id ORDER BY g.group_id) AS "groupIds",
              COALESCE((
                SELECT json_agg(json_build_object(
                         'id', sl.id, 'ruleId', sl.rule_id, 'dayOfWeek', sl.day_of_week, 'parity', sl.parity,
                         'timeSlotId', sl.time_slot_id, 'teacherId', sl.teacher_id, 'classroomId', sl.classroom_id,
                         'lessonTypeId', sl.lesson_type_id, 'lessonKind', lt.code, 'lessonFormat', sl.lesson_format,
                         'subgroups', COALESCE((SELECT json_agg(json_build_object('id', sg.id, 'groupId', sg.group_id) ORDER BY sg.id)
                                                  FROM schedule_rule_slot_subgroups ss JOIN subgroups sg ON sg.id = ss.subgroup_id
                                                 WHERE ss.slot_id = sl.id), '[]'::json))
                       ORDER BY sl.id)
                  FROM schedule_rule_slots sl JOIN lesson_types lt ON lt.id = sl.lesson_type_id
                 WHERE sl.rule_id = r.id), '[]'::json) AS slots
         FROM schedule_rules r JOIN subjects sub ON sub.id = r.subject_id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND r.id <> $2
          AND r.id IN (
                SELECT sl.rule_id FROM schedule_rule_slots sl
                 WHERE (sl.teacher_id = ANY($4::int[]) OR sl.classroom_id = ANY($5::int[])) AND ${MEETS}
                UNION
                SELECT g.rule_id FROM schedule_rule_groups g JOIN schedule_rule_slots sl ON sl.rule_id = g.rule_id
                 WHERE g.group_id = ANY($6::int[]) AND ${MEETS})
        ORDER BY r.id`,
      [scope.versionId, scope.exceptRuleId, scope.anyTimeDays, scope.teacherIds, scope.classroomIds, scope.groupIds, scope.slotKeys],
    );
    return rows.map((row) => ({
      id: row.id,
      versionId: row.versionId,
      semesterId: row.semesterId,
      subjectId: row.subjectId,
      subjectName: row.subjectName,
      status: row.status,
      hours: { LECTURE: row.lectureHours, LABORATORY: row.laboratoryHours, PRACTICE: row.practiceHours },
      startWeeks: { LECTURE: row.lectureStartWeek, LABORATORY: row.laboratoryStartWeek, PRACTICE: row.practiceStartWeek },
      groupIds: row.groupIds,
      slots: row.slots,
    }));
  }
}
