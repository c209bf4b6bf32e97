import { Injectable } from '@nestjs/common';
import { date, ID_ROW, int, nullable, oneOf, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { HoursPeriod, LessonKind } from '../../schedule-engine/lesson-series';
import { OVERRIDE_ACTIONS } from '../../schedule-engine/override-application';

const PUBLISHED_OVERRIDE = rowShape({
  id: int,
  slotId: int,
  lessonDate: date,
  action: oneOf(...OVERRIDE_ACTIONS),
  newTeacherId: nullable(int),
  newClassroomId: nullable(int),
  newLessonFormat: nullable(text),
});

/** A one-off change of the publication, as a publication from a date takes it over. */
export type PublishedOverride = RowType<typeof PUBLISHED_OVERRIDE>;

/** A copy of a published slot row into the draft: its source, the draft rule it joins, its last day there. */
export interface SlotCopy {
  sourceSlotId: number;
  targetRuleId: number;
  activeTo: string;
}

const historyJson = (history: readonly HoursPeriod[] | null) =>
  history === null ? null : JSON.stringify(history.map(({ until, hours }) => ({ until, lecture: hours.LECTURE, laboratory: hours.LABORATORY, practice: hours.PRACTICE })));

/**
 * The writes of a publication from a date (inside its transaction): the draft takes over the
 * publication's past — copies of its slot rows before the date (with their subgroups and the links
 * between them), rules the draft dropped as ended rules, and its one-off changes. Set-based
 * statements, so a university of ten thousand rules takes a handful of round trips.
 */
@Injectable()
export class PastTakeoverRepository {
  constructor(private readonly db: TenantDb) {}

  /** Copies published rules into the draft (fields, groups, lineage); answers the new ids in order. */
  async copyRules(sourceRuleIds: readonly number[], draftId: number): Promise<number[]> {
    if (sourceRuleIds.length === 0) return [];
    const ids = await this.nextIds('schedule_rules', sourceRuleIds.length);
    await this.db.execute(`INSERT INTO schedule_rules (id, schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours,
                                   lecture_start_week, laboratory_start_week, practice_start_week, created_by, lineage_rule_id, hours_history)
       SELECT m.new_id, $3, r.semester_id, r.subject_id, r.lecture_hours, r.laboratory_hours, r.practice_hours,
              r.lecture_start_week, r.laboratory_start_week, r.practice_start_week, r.created_by, COALESCE(r.lineage_rule_id, r.id), r.hours_history
         FROM unnest($1::int[], $2::int[]) AS m(old_id, new_id) JOIN schedule_rules r ON r.id = m.old_id`,
      [sourceRuleIds, ids, draftId],
    );
    await this.db.execute(`INSERT INTO schedule_rule_groups (rule_id, group_id)
       SELECT m.new_id, g.group_id FROM unnest($1::int[], $2::int[]) AS m(old_id, new_id) JOIN schedule_rule_groups g ON g.rule_id = m.old_id`,
      [sourceRuleIds, ids],
    );
    return ids;
  }

  /** Copies slot rows with their subgroups, each capped at its `activeTo`; answers the new ids by source id. */
  async copySlots(copies: readonly SlotCopy[]): Promise<Map<number, number>> {
    if (copies.length === 0) return new Map();
    const ids = await this.nextIds('schedule_rule_slots', copies.length);
    const sources = copies.map((copy) => copy.sourceSlotId);
    await this.db.execute(`INSERT INTO schedule_rule_slots (id, rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format,
                                        active_from, active_to)
       SELECT m.new_id, m.rule_id, sl.day_of_week, sl.parity, sl.time_slot_id, sl.teacher_id, sl.classroom_id, sl.lesson_type_id, sl.lesson_format,
              sl.active_from, m.active_to
         FROM unnest($1::int[], $2::int[], $3::int[], $4::date[]) AS m(old_id, new_id, rule_id, active_to) JOIN schedule_rule_slots sl ON sl.id = m.old_id`,
      [sources, ids, copies.map((copy) => copy.targetRuleId), copies.map((copy) => copy.activeTo)],
    );
    // The copies continue one another as their sources did. The planner cannot size the id lists and
    // would join them row by row (seconds on the large university): hash joins, for this statement only.
    await this.db.execute('SET LOCAL enable_nestloop = off');
    await this.db.execute(`UPDATE schedule_rule_slots c SET continues_slot_id = prev.new_id
         FROM unnest($1::int[], $2::int[]) AS m(old_id, new_id)
         JOIN schedule_rule_slots sl ON sl.id = m.old_id
         JOIN unnest($1::int[], $2::int[]) AS prev(old_id, new_id) ON prev.old_id = sl.continues_slot_id
        WHERE c.id = m.new_id`,
      [sources, ids],
    );
    await this.db.execute('SET LOCAL enable_nestloop = on');
    await this.db.execute(`INSERT INTO schedule_rule_slot_subgroups (slot_id, subgroup_id)
       SELECT m.new_id, ss.subgroup_id FROM unnest($1::int[], $2::int[]) AS m(old_id, new_id) JOIN schedule_rule_slot_subgroups ss ON ss.slot_id = m.old_id`,
      [sources, ids],
    );
    return new Map(sources.map((source, index) => [source, ids[index]]));
  }

  /** The draft's own rows before the date go (the publication's past replaces them); those across it start on it. */
  async trimDraftSlots(deleteIds: readonly number[], startIds: readonly number[], from: string): Promise<void> {
    if (deleteIds.length > 0) await this.db.execute(`DELETE FROM schedule_rule_slots WHERE id = ANY($1::int[])`, [deleteIds]);
    if (startIds.length > 0) await this.db.execute(`UPDATE schedule_rule_slots SET active_from = $2 WHERE id = ANY($1::int[])`, [startIds, from]);
  }

  /** The hour totals before the date and the start weeks the past fixes, per draft rule. */
  async setPast(rules: readonly { ruleId: number; hoursHistory: readonly HoursPeriod[] | null; startWeeks: Record<LessonKind, number> }[]): Promise<void> {
    if (rules.length === 0) return;
    await this.db.execute(`UPDATE schedule_rules r SET hours_history = m.history::jsonb, lecture_start_week = m.lecture, laboratory_start_week = m.laboratory,
              practice_start_week = m.practice
         FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[]) AS m(id, history, lecture, laboratory, practice) WHERE r.id = m.id`,
      [
        rules.map((rule) => rule.ruleId),
        rules.map((rule) => historyJson(rule.hoursHistory)),
        rules.map((rule) => rule.startWeeks.LECTURE),
        rules.map((rule) => rule.startWeeks.LABORATORY),
        rules.map((rule) => rule.startWeeks.PRACTICE),
      ],
    );
  }

  /** The publication's one-off changes of its rules' lessons, by original date. */
  async publishedOverrides(versionId: number): Promise<PublishedOverride[]> {
    return this.db.rows(
      PUBLISHED_OVERRIDE,
      `SELECT id, base_rule_slot_id AS "slotId", lesson_date AS "lessonDate", action, new_teacher_id AS "newTeacherId", new_classroom_id AS "newClassroomId",
              new_lesson_format AS "newLessonFormat"
         FROM schedule_overrides WHERE schedule_version_id = $1 ORDER BY id`,
      [versionId],
    );
  }

  /** Copies one-off changes into the draft, each onto its lesson there (slot and original date). */
  async copyOverrides(draftId: number, copies: readonly { overrideId: number; slotId: number; lessonDate: string }[]): Promise<void> {
    if (copies.length === 0) return;
    await this.db.execute(`INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action, target_lesson_date, new_time_slot_id,
                                      new_classroom_id, new_teacher_id, new_lesson_format, comment, created_by, created_at, updated_by, updated_at)
       SELECT $1, m.slot_id, m.lesson_date, o.action, o.target_lesson_date, o.new_time_slot_id, o.new_classroom_id, o.new_teacher_id, o.new_lesson_format,
              o.comment, o.created_by, o.created_at, o.updated_by, o.updated_at
         FROM unnest($2::int[], $3::int[], $4::date[]) AS m(id, slot_id, lesson_date) JOIN schedule_overrides o ON o.id = m.id`,
      [draftId, copies.map((copy) => copy.overrideId), copies.map((copy) => copy.slotId), copies.map((copy) => copy.lessonDate)],
    );
  }

  private async nextIds(table: 'schedule_rules' | 'schedule_rule_slots', count: number): Promise<number[]> {
    const rows = await this.db.rows(ID_ROW, `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`, [table, count]);
    return rows.map((row) => row.id);
  }
}
