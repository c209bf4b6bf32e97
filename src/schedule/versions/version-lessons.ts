import { Injectable } from '@nestjs/common';
import { SemesterContextFactory } from '../../schedule-engine/series-context';
import { GeneratedLesson, LessonGenerator } from '../data/lesson-generator';
import { ScheduleDataRepository } from '../data/schedule-data.repository';
import { LoadedRule, LoadedSemester } from '../data/schedule-data.types';

export interface VersionLessons {
  lessons: GeneratedLesson[];
  /** Rules left out because a slot names a pair outside the base grid (no time can be given to it). */
  skippedRuleIds: number[];
}

/**
 * The base series of every given rule of one semester, generated once each with the shared generator,
 * over one context (the semester's grids and the calendars of all the rules' groups: three queries).
 */
@Injectable()
export class VersionLessonsGenerator {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly generator: LessonGenerator,
  ) {}

  async generate(semester: LoadedSemester, rules: LoadedRule[]): Promise<VersionLessons> {
    if (rules.length === 0) return { lessons: [], skippedRuleIds: [] };
    // Sequential: inside a transaction the reads share its one connection.
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const calendars = await this.data.calendars([...new Set(rules.flatMap((rule) => rule.groupIds))], [semester.academicYearId]);
    const basePairs = new Set(grids.base.slots.map((slot) => slot.id));
    const usable = rules.filter((rule) => rule.slots.every((slot) => basePairs.has(slot.timeSlotId)));
    const context = new SemesterContextFactory(semester, grids, calendars);
    return {
      lessons: await this.generator.lessonsOf(semester, usable, context),
      skippedRuleIds: rules.filter((rule) => !usable.includes(rule)).map((rule) => rule.id),
    };
  }
}
