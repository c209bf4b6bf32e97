import { date, int, nullable, oneOf, rowShape, RowType, text, time } from '../../platform/database/row-shape';
import { OVERRIDE_ACTIONS, OverrideRecord } from '../../schedule-engine/override-application';

/**
 * The SQL that loads stored one-off changes in the engine's shape (`OverrideRecord`): the lesson it
 * names (`baseRuleSlotId + lessonDate`), what it does, and for a move the new pair with its own times.
 * Viewing snapshots, actual lessons and the clash guard read overrides through these fragments.
 */

/** Columns of `schedule_overrides o` joined with its slot `sl` and the new pair `nts` (see OVERRIDE_RECORD_FROM). */
export const OVERRIDE_RECORD_SELECT = `
  SELECT o.id, o.schedule_version_id AS "versionId", sl.rule_id AS "ruleId", o.base_rule_slot_id AS "baseRuleSlotId",
         o.lesson_date AS "lessonDate", o.action, o.target_lesson_date AS "targetLessonDate",
         o.new_time_slot_id AS "newTimeSlotId", nts.order_number AS "newOrderNumber",
         nts.start_time::text AS "newStartTime", nts.end_time::text AS "newEndTime",
         o.new_teacher_id AS "newTeacherId", o.new_classroom_id AS "newClassroomId", o.new_lesson_format AS "newLessonFormat"`;

export const OVERRIDE_RECORD_FROM = `
    FROM schedule_overrides o
    JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
    LEFT JOIN time_slots nts ON nts.id = o.new_time_slot_id`;

/** The same columns as one JSON object per override, for aggregation into a larger query (see OVERRIDE_RECORD_FROM). */
export const OVERRIDE_RECORD_JSON = `json_build_object(
    'id', o.id, 'versionId', o.schedule_version_id, 'ruleId', sl.rule_id, 'baseRuleSlotId', o.base_rule_slot_id,
    'lessonDate', o.lesson_date, 'action', o.action, 'targetLessonDate', o.target_lesson_date,
    'newTimeSlotId', o.new_time_slot_id, 'newOrderNumber', nts.order_number,
    'newStartTime', nts.start_time::text, 'newEndTime', nts.end_time::text,
    'newTeacherId', o.new_teacher_id, 'newClassroomId', o.new_classroom_id, 'newLessonFormat', o.new_lesson_format)`;

/** The columns of one stored override, as rows of OVERRIDE_RECORD_SELECT and as objects of OVERRIDE_RECORD_JSON alike. */
export const OVERRIDE_RECORD_COLUMNS = {
  id: int,
  versionId: int,
  ruleId: int,
  baseRuleSlotId: int,
  lessonDate: date,
  action: oneOf(...OVERRIDE_ACTIONS),
  targetLessonDate: nullable(date),
  // The new pair's order and times come through the LEFT JOIN: null when the override sets no new pair.
  newTimeSlotId: nullable(int),
  newOrderNumber: nullable(int),
  newStartTime: nullable(time),
  newEndTime: nullable(time),
  newTeacherId: nullable(int),
  newClassroomId: nullable(int),
  newLessonFormat: nullable(text),
};
export const OVERRIDE_RECORD_ROW = rowShape(OVERRIDE_RECORD_COLUMNS);
export type OverrideRecordRow = RowType<typeof OVERRIDE_RECORD_ROW>;

export function toOverrideRecord(row: OverrideRecordRow): OverrideRecord {
  const newTime =
    row.newTimeSlotId === null || row.newOrderNumber === null || row.newStartTime === null || row.newEndTime === null
      ? null
      : { timeSlotId: row.newTimeSlotId, orderNumber: row.newOrderNumber, startTime: row.newStartTime, endTime: row.newEndTime };
  return {
    id: row.id,
    versionId: row.versionId,
    ruleId: row.ruleId,
    baseRuleSlotId: row.baseRuleSlotId,
    lessonDate: row.lessonDate,
    action: row.action,
    // A target equal to the original date is no date change (also for rows written before that rule).
    targetLessonDate: row.targetLessonDate === row.lessonDate ? null : row.targetLessonDate,
    newTime,
    newTeacherId: row.newTeacherId,
    newClassroomId: row.newClassroomId,
    newLessonFormat: row.newLessonFormat,
  };
}
