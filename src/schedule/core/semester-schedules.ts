import { Injectable } from '@nestjs/common';
import { GeneratedLesson, usesBasePairs } from '../../schedule-engine/lesson-expansion';
import { OverrideRecord } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { GridSnapshot, SemesterContextFactory } from '../../schedule-engine/series-context';
import { ScheduleDataRepository } from './schedule-data.repository';

export interface ScheduleParts {
  /** The semester's grids, when the caller already has them (saves two queries). */
  grids?: GridSnapshot;
  /** One-off changes to apply (those of a PUBLISHED version). */
  overrides?: readonly OverrideRecord[];
  /** Groups whose calendars are needed besides the rules' own (a proposed rule's, say). */
  extraGroupIds?: readonly number[];
}

export interface BaseLessons {
  lessons: GeneratedLesson[];
  /** Rules left out because a slot names a pair outside the base grid (no time can be given to it). */
  skippedRuleIds: number[];
}

/**
 * Turns loaded rules into a `SemesterSchedule`: reads the semester's grids and the calendars of the
 * rules' groups (three queries, one after the other so that inside a transaction they share its one
 * connection) and hands them to the engine.
 */
@Injectable()
export class SemesterSchedules {
  constructor(private readonly data: ScheduleDataRepository) {}

  async load(semester: LoadedSemester, rules: readonly LoadedRule[], parts: ScheduleParts = {}): Promise<SemesterSchedule> {
    const grids = parts.grids ?? (await this.data.grids(semester.startDate, semester.endDate));
    const groupIds = [...new Set([...rules.flatMap((rule) => rule.groupIds), ...(parts.extraGroupIds ?? [])])];
    const calendars = await this.data.calendars(groupIds, [semester.academicYearId]);
    return new SemesterSchedule(semester, rules, new SemesterContextFactory(semester, grids, calendars), parts.overrides);
  }

  /** The base series of every rule that can be laid out (version validation and diffs), by rule. */
  async baseLessons(semester: LoadedSemester, rules: LoadedRule[]): Promise<BaseLessons> {
    if (rules.length === 0) return { lessons: [], skippedRuleIds: [] };
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const basePairs = new Set(grids.base.slots.map((slot) => slot.id));
    const usable = rules.filter((rule) => usesBasePairs(rule, basePairs));
    const schedule = await this.load(semester, usable, { grids });
    return {
      lessons: usable.flatMap((rule) => schedule.lessonsOf(rule)),
      skippedRuleIds: rules.filter((rule) => !usable.includes(rule)).map((rule) => rule.id),
    };
  }
}
