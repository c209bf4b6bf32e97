import { Injectable } from '@nestjs/common';
import { listOf, object, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { OverrideRecord } from '../../schedule-engine/override-application';
import { LoadedRule } from '../../schedule-engine/rule-model';
import { OVERRIDE_RECORD_COLUMNS, OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_JSON, toOverrideRecord } from './override-records';
import { RULE_COLUMNS, RULE_SELECT, toLoadedRules } from './schedule-data.repository';

/** What proposed lessons could clash with: their version, weekly pairs, teachers, rooms and groups. */
export interface ClashScope {
  versionId: number;
  /** A rule whose stored lessons are being replaced (the rule being updated), or 0. */
  exceptRuleId: number;
  /** `day:timeSlotId` of the rule's slots. */
  slotKeys: string[];
  /** The rule's weekdays on which any pair may overlap another (non-base grids on some date). */
  anyTimeDays: number[];
  teacherIds: number[];
  classroomIds: number[];
  groupIds: number[];
  /**
   * Whether the version's one-off changes count (a PUBLISHED version): then rules with an override
   * that lands a lesson where it could meet the rule are candidates too (see LANDS_NEAR), and the
   * candidates come with their overrides.
   */
  withOverrides: boolean;
  /** With `withOverrides`: the semester's dates on the rule's weekdays, where a landing lesson could meet it. */
  landingDates: string[];
}

/** The candidates and, with `withOverrides`, every one-off change of their lessons (by id). */
export interface Candidates {
  rules: LoadedRule[];
  overrides: OverrideRecord[];
}

const CANDIDATE = rowShape(RULE_COLUMNS);
const CANDIDATE_WITH_OVERRIDES = rowShape({ ...RULE_COLUMNS, overrides: listOf(object(OVERRIDE_RECORD_COLUMNS)) });

/** A stored slot that could meet the rule's: same weekday and pair, or any pair on an irregular weekday. */
const MEETS = `(sl.day_of_week = ANY($3::int[]) OR (sl.day_of_week || ':' || sl.time_slot_id) = ANY($7::text[]))`;

/**
 * Rules with a one-off change whose lesson lands where it could meet the rule ($8: the semester's
 * dates on the rule's weekdays, looked up by target or own date). A MOVE lands on its target (or own)
 * date's weekday and its new pair (a base pair unless the weekday is irregular, so the `day:pair` key
 * compares like a slot's), with its new or kept teacher and room and its rule's groups. A REPLACE
 * stays on its slot's day and pair: if it kept the teacher, room and groups that could meet the rule,
 * its rule is a candidate by its slot already, so only a new teacher or room of the rule's matters
 * (and the slot must meet, MEETS). The date and action tests use the override's own columns, so slots
 * are looked up for a handful of overrides only.
 */
const LANDED_DAY = `extract(isodow FROM COALESCE(o.target_lesson_date, o.lesson_date))::int`;
const LANDS_NEAR = `
                SELECT sl.rule_id FROM schedule_overrides o JOIN schedule_rule_slots sl ON sl.id = o.base_rule_slot_id
                 WHERE o.schedule_version_id = $1
                   AND (o.target_lesson_date = ANY($8::date[]) OR (o.target_lesson_date IS NULL AND o.lesson_date = ANY($8::date[])))
                   AND ((o.action = 'MOVE' AND (${LANDED_DAY} = ANY($3::int[]) OR (${LANDED_DAY} || ':' || o.new_time_slot_id) = ANY($7::text[])))
                        OR (o.action = 'REPLACE' AND (o.new_teacher_id = ANY($4::int[]) OR o.new_classroom_id = ANY($5::int[])) AND ${MEETS}))
                   AND (COALESCE(o.new_teacher_id, sl.teacher_id) = ANY($4::int[]) OR COALESCE(o.new_classroom_id, sl.classroom_id) = ANY($5::int[])
                        OR EXISTS (SELECT 1 FROM schedule_rule_groups og WHERE og.rule_id = sl.rule_id AND og.group_id = ANY($6::int[])))`;

/**
 * The active rules of a version that could clash with a rule being saved, in one query: those with a
 * slot that could meet one of its slots (see MEETS) and shares a teacher or a classroom, or that share
 * a group and have such a slot; with `withOverrides`, also those with a one-off change that lands a
 * lesson of theirs where it could meet (LANDS_NEAR), each with its overrides in the same row.
 * `ScheduleDataRepository.rules` filters with AND, so this is its OR counterpart over the same select.
 * The engine's `clash-prefilter.ts` then narrows them exactly.
 */
@Injectable()
export class ClashCandidatesRepository {
  constructor(private readonly db: TenantDb) {}

  async load(scope: ClashScope): Promise<Candidates> {
    const candidates = `${RULE_SELECT}
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND r.id <> $2
          AND r.id IN (
                SELECT sl.rule_id FROM schedule_rule_slots sl
                 WHERE (sl.teacher_id = ANY($4::int[]) OR sl.classroom_id = ANY($5::int[])) AND ${MEETS}
                UNION
                SELECT g.rule_id FROM schedule_rule_groups g JOIN schedule_rule_slots sl ON sl.rule_id = g.rule_id
                 WHERE g.group_id = ANY($6::int[]) AND ${MEETS}${scope.withOverrides ? `\n                UNION${LANDS_NEAR}` : ''})`;
    const params = [scope.versionId, scope.exceptRuleId, scope.anyTimeDays, scope.teacherIds, scope.classroomIds, scope.groupIds, scope.slotKeys];
    if (!scope.withOverrides) {
      const rows = await this.db.rows(CANDIDATE, `${candidates} ORDER BY r.id`, params);
      return { rules: toLoadedRules(rows), overrides: [] };
    }
    params.push(scope.landingDates);
    const rows = await this.db.rows(
      CANDIDATE_WITH_OVERRIDES,
      `SELECT c.*, COALESCE((SELECT json_agg(${OVERRIDE_RECORD_JSON} ORDER BY o.id) ${OVERRIDE_RECORD_FROM}
                              WHERE o.schedule_version_id = $1 AND sl.rule_id = c.id), '[]') AS overrides
         FROM (${candidates}) c
        ORDER BY c.id`,
      params,
    );
    return {
      rules: toLoadedRules(rows),
      overrides: rows.flatMap((row) => row.overrides.map(toOverrideRecord)).sort((a, b) => a.id - b.id),
    };
  }
}
