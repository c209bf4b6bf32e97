import { GeneratedLesson, usesBasePairs } from './lesson-expansion';
import { ActualLesson, byDateAndTime, OverrideRecord } from './override-application';
import { LoadedRule, LoadedSemester } from './rule-model';
import { SemesterSchedule } from './semester-schedule';
import { CalendarSnapshot, GridSnapshot, SemesterContextFactory } from './series-context';

/**
 * Everything a semester's lessons are laid out from, as plain data (no classes), so it can be read
 * from the database on the request loop and laid out elsewhere (a worker thread) with the same result.
 */
export interface ScheduleInputs {
  semester: LoadedSemester;
  /** Only rules whose slots name pairs of the base grid (see `usableRules`). */
  rules: readonly LoadedRule[];
  grids: GridSnapshot;
  calendars: CalendarSnapshot;
  /** One-off changes to apply (those of a PUBLISHED version). */
  overrides?: readonly OverrideRecord[];
}

/** The rules that can be laid out: a slot in a pair outside the base grid has no time to give it. */
export function usableRules(rules: readonly LoadedRule[], grids: GridSnapshot): { usable: LoadedRule[]; skipped: LoadedRule[] } {
  const basePairs = new Set(grids.base.slots.map((slot) => slot.id));
  const usable: LoadedRule[] = [];
  const skipped: LoadedRule[] = [];
  for (const rule of rules) (usesBasePairs(rule, basePairs) ? usable : skipped).push(rule);
  return { usable, skipped };
}

export function scheduleFrom(inputs: ScheduleInputs): SemesterSchedule {
  const { semester, rules, grids, calendars, overrides } = inputs;
  return new SemesterSchedule(semester, rules, new SemesterContextFactory(semester, grids, calendars), overrides);
}

/** Every rule's base series, rule by rule (what validation and the clash checks look at). */
export function baseLessonsFrom(inputs: ScheduleInputs): GeneratedLesson[] {
  const schedule = scheduleFrom(inputs);
  return inputs.rules.flatMap((rule) => schedule.lessonsOf(rule));
}

/** The semester's actual lessons (one-off changes applied), in date and time order. */
export function actualLessonsFrom(inputs: ScheduleInputs): ActualLesson[] {
  const schedule = scheduleFrom(inputs);
  const { startDate, endDate } = inputs.semester;
  return inputs.rules
    .flatMap((rule) => schedule.actualLessonsOf(rule).filter((lesson) => lesson.date >= startDate && lesson.date <= endDate))
    .sort(byDateAndTime);
}
