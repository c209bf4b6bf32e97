import { isoDayOfWeek } from '../platform/http/dates';
import { eachDate, Parity, parityAccepts, weekNumber, weekParity } from './weeks';

/** One pair consumes this many academic hours of its lesson type (CONTRACT.md). */
export const HOURS_PER_LESSON = 2;

export type LessonKind = 'LECTURE' | 'PRACTICE' | 'LABORATORY';
export const LESSON_KINDS: readonly LessonKind[] = ['LECTURE', 'PRACTICE', 'LABORATORY'];

export interface SeriesSlot {
  id: number;
  dayOfWeek: number;
  parity: Parity | 'BOTH';
  timeSlotId: number;
  lessonKind: LessonKind;
}

export interface SeriesRule {
  id: number;
  hours: Record<LessonKind, number>;
  startWeeks: Record<LessonKind, number>;
  slots: SeriesSlot[];
}

export interface EffectiveTime {
  startTime: string;
  endTime: string;
  order: number;
}

export interface SeriesContext {
  semesterStart: string;
  semesterEnd: string;
  /** Whether the calendars of every group of the rule allow ordinary lessons on `date`. */
  allowsLessons(date: string): boolean;
  /** The interval a base time slot takes on `date` (the effective grid of that day). */
  timeOf(timeSlotId: number, date: string): EffectiveTime;
}

export interface SeriesLesson {
  ruleId: number;
  slotId: number;
  lessonKind: LessonKind;
  date: string;
  dayOfWeek: number;
  weekNumber: number;
  parity: Parity;
  timeSlotId: number;
  timeSlotOrder: number;
  startTime: string;
  endTime: string;
  lessonTypeAcademicHours: number;
  consumedLessonTypeAcademicHoursBeforeLesson: number;
  remainingLessonTypeAcademicHoursAfterLesson: number;
}

/**
 * The base series of a rule: for each lesson type, its slots' dates from the type's start week on, in
 * weeks whose parity the slot accepts, on dates every group's calendar allows, laid out by date, then
 * time, then slot id, until the type's hours are used up. Dates that do not count consume nothing.
 * Overrides never change this series; `slotId + date` names a lesson for good.
 */
export function generateSeries(rule: SeriesRule, context: SeriesContext): SeriesLesson[] {
  const lessons: SeriesLesson[] = [];
  const slotsByDay = new Map<number, SeriesSlot[]>();
  for (const slot of rule.slots) slotsByDay.set(slot.dayOfWeek, [...(slotsByDay.get(slot.dayOfWeek) ?? []), slot]);

  const consumed: Record<LessonKind, number> = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };
  for (const date of eachDate(context.semesterStart, context.semesterEnd)) {
    const daySlots = slotsByDay.get(isoDayOfWeek(date));
    if (!daySlots) continue;
    const week = weekNumber(context.semesterStart, date);
    const candidates = daySlots.filter(
      (slot) =>
        week >= (rule.startWeeks[slot.lessonKind] ?? 1) &&
        parityAccepts(slot.parity, week) &&
        consumed[slot.lessonKind] + HOURS_PER_LESSON <= rule.hours[slot.lessonKind],
    );
    if (candidates.length === 0 || !context.allowsLessons(date)) continue;

    const timed = candidates
      .map((slot) => ({ slot, time: context.timeOf(slot.timeSlotId, date) }))
      .sort((a, b) => a.time.startTime.localeCompare(b.time.startTime) || a.slot.id - b.slot.id);
    for (const { slot, time } of timed) {
      const total = rule.hours[slot.lessonKind];
      const before = consumed[slot.lessonKind];
      if (before + HOURS_PER_LESSON > total) continue;
      consumed[slot.lessonKind] = before + HOURS_PER_LESSON;
      lessons.push({
        ruleId: rule.id,
        slotId: slot.id,
        lessonKind: slot.lessonKind,
        date,
        dayOfWeek: isoDayOfWeek(date),
        weekNumber: week,
        parity: weekParity(week),
        timeSlotId: slot.timeSlotId,
        timeSlotOrder: time.order,
        startTime: time.startTime,
        endTime: time.endTime,
        lessonTypeAcademicHours: total,
        consumedLessonTypeAcademicHoursBeforeLesson: before,
        remainingLessonTypeAcademicHoursAfterLesson: total - before - HOURS_PER_LESSON,
      });
    }
  }
  return lessons;
}
