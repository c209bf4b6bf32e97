import { Injectable } from '@nestjs/common';
import { AudienceMember, Occupancy } from '../../schedule-engine/conflicts';
import { generateSeries, SeriesLesson, SeriesRule } from '../../schedule-engine/lesson-series';
import { SemesterContextFactory } from '../../schedule-engine/series-context';
import { ScheduleDataRepository } from './schedule-data.repository';
import { LoadedRule, LoadedSemester, LoadedSlot } from './schedule-data.types';

/** A lesson of the base series with the rule and slot it comes from. */
export interface GeneratedLesson extends SeriesLesson, Occupancy {
  rule: LoadedRule;
  slot: LoadedSlot;
}

export function toSeriesRule(rule: LoadedRule): SeriesRule {
  return {
    id: rule.id,
    hours: rule.hours,
    startWeeks: rule.startWeeks,
    slots: rule.slots.map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      lessonKind: slot.lessonKind,
    })),
  };
}

/** Who attends a slot: each group of the rule, or only its subgroup where the slot names one. */
export function audienceOf(rule: LoadedRule, slot: LoadedSlot): AudienceMember[] {
  return rule.groupIds.map((groupId) => ({
    groupId,
    subgroupId: slot.subgroups.find((subgroup) => subgroup.groupId === groupId)?.id ?? null,
  }));
}

/**
 * The one series generator every consumer uses (viewing, conflict checks, later overrides, quality
 * and workload): loads the semester's grids and the calendars of the rules' groups in a fixed number
 * of queries and lays out each rule's base series with the pure engine.
 */
@Injectable()
export class LessonGenerator {
  constructor(private readonly data: ScheduleDataRepository) {}

  async contextFor(semester: LoadedSemester, groupIds: number[]): Promise<SemesterContextFactory> {
    // Sequential: inside a transaction both reads share its one connection.
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const calendars = await this.data.calendars(groupIds, [semester.academicYearId]);
    return new SemesterContextFactory(semester, grids, calendars);
  }

  /** Every lesson of `rules` (all of one semester) over the whole semester, by date and time. */
  async lessonsOf(semester: LoadedSemester, rules: LoadedRule[], context?: SemesterContextFactory): Promise<GeneratedLesson[]> {
    if (rules.length === 0) return [];
    const factory = context ?? (await this.contextFor(semester, [...new Set(rules.flatMap((rule) => rule.groupIds))]));
    return rules.flatMap((rule) => expandRule(rule, factory));
  }
}

export function expandRule(rule: LoadedRule, factory: SemesterContextFactory): GeneratedLesson[] {
  const slots = new Map(rule.slots.map((slot) => [slot.id, slot]));
  const audiences = new Map(rule.slots.map((slot) => [slot.id, audienceOf(rule, slot)]));
  // The series lessons are fresh objects: extending them in place avoids copying ~70k lessons on a
  // whole-version validation (a spread copy costs several times the generation itself).
  return generateSeries(toSeriesRule(rule), factory.forGroups(rule.groupIds)).map((lesson) => {
    const slot = slots.get(lesson.slotId) as LoadedSlot;
    return Object.assign(lesson, {
      rule,
      slot,
      teacherId: slot.teacherId,
      classroomId: slot.classroomId,
      audience: audiences.get(slot.id) as AudienceMember[],
    });
  });
}
