import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/query-rows';
import { RULE_SELECT, RuleRow, toLoadedRule } from '../data/schedule-data.repository';
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


/** A stored slot that could meet the rule's: same weekday and pair, or any pair on an irregular weekday. */
const MEETS = `(sl.day_of_week = ANY($3::int[]) OR (sl.day_of_week || ':' || sl.time_slot_id) = ANY($7::text[]))`;

/**
 * The active rules of a version that could clash with a rule being saved, in one query: those with a
 * slot that could meet one of its slots (see MEETS) and shares a teacher or a classroom, or that share
 * a group and have such a slot. `ScheduleDataRepository.rules` filters with AND, so this is its OR
 * counterpart over the same select. `clash-prefilter.ts` then narrows them exactly.
 */
@Injectable()
export class CandidateRulesRepository {
  async load(manager: EntityManager, scope: ClashScope): Promise<LoadedRule[]> {
    const rows = await queryRows<RuleRow>(
      manager,
      `${RULE_SELECT}
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
    return rows.map(toLoadedRule);
  }
}
