import { Injectable } from '@nestjs/common';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { OverrideRecord } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { baseLessonsFrom, ScheduleInputs, scheduleFrom, usableRules } from '../../schedule-engine/schedule-inputs';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { GridSnapshot } from '../../schedule-engine/series-context';
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
    return scheduleFrom(await this.inputs(semester, rules, parts));
  }

  /** What `load` lays the rules out from, as plain data (for the engine thread). */
  async inputs(semester: LoadedSemester, rules: readonly LoadedRule[], parts: ScheduleParts = {}): Promise<ScheduleInputs> {
    const grids = parts.grids ?? (await this.data.grids(semester.startDate, semester.endDate));
    const groupIds = [...new Set([...rules.flatMap((rule) => rule.groupIds), ...(parts.extraGroupIds ?? [])])];
    const calendars = await this.data.calendars(groupIds, [semester.academicYearId]);
    return { semester, rules, grids, calendars, overrides: parts.overrides };
  }

  /** The base series of every rule that can be laid out (version validation and diffs), by rule. */
  async baseLessons(semester: LoadedSemester, rules: LoadedRule[]): Promise<BaseLessons> {
    if (rules.length === 0) return { lessons: [], skippedRuleIds: [] };
    const { inputs, skippedRuleIds } = await this.baseInputs(semester, rules);
    return { lessons: baseLessonsFrom(inputs), skippedRuleIds };
  }

  /** What `baseLessons` lays out: the rules that use base-grid pairs, and the ids of those left out. */
  async baseInputs(semester: LoadedSemester, rules: readonly LoadedRule[]): Promise<{ inputs: ScheduleInputs; skippedRuleIds: number[] }> {
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const { usable, skipped } = usableRules(rules, grids);
    return { inputs: await this.inputs(semester, usable, { grids }), skippedRuleIds: skipped.map((rule) => rule.id) };
  }
}
