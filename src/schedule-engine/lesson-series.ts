import { isoDayOfWeek } from './dates';
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
  /** The slot's period (issue 53): it lays out lessons only on dates within it; null or absent: open. */
  activeFrom?: string | null;
  activeTo?: string | null;
}

/** Hour totals that applied to the lessons up to `until` before a change of hours from a date. */
export interface HoursPeriod {
  until: string;
  hours: Record<LessonKind, number>;
}

export interface SeriesRule {
  id: number;
  /** The totals in force now (after the last change of hours). */
  hours: Record<LessonKind, number>;
  startWeeks: Record<LessonKind, number>;
  slots: SeriesSlot[];
  /** Earlier totals, ascending by `until`; absent when the hours never changed from a date. */
  hoursHistory?: readonly HoursPeriod[];
}

/** The total of `kind` in force for a lesson dated `date`. */
export function hoursOn(rule: Pick<SeriesRule, 'hours' | 'hoursHistory'>, kind: LessonKind, date: string): number {
  const history = rule.hoursHistory;
  if (history) for (const period of history) if (date <= period.until) return period.hours[kind];
  return rule.hours[kind];
}

/**
 * The hour totals to keep when `rule` changes to `next` from the day after `until`: its earlier
 * entries that end before `until`, then the totals in force on `until` when they differ from the new
 * ones. Null when nothing needs keeping.
 */
export function hoursHistoryUntil(rule: Pick<SeriesRule, 'hours' | 'hoursHistory'>, next: Record<LessonKind, number>, until: string): HoursPeriod[] | null {
  const kept = (rule.hoursHistory ?? []).filter((period) => period.until < until);
  const atUntil = { LECTURE: hoursOn(rule, 'LECTURE', until), PRACTICE: hoursOn(rule, 'PRACTICE', until), LABORATORY: hoursOn(rule, 'LABORATORY', until) };
  if (LESSON_KINDS.some((kind) => atUntil[kind] !== next[kind])) kept.push({ until, hours: atUntil });
  return kept.length === 0 ? null : kept;
}

/** The largest total `kind` ever had in the rule (a kind with none never lays out lessons). */
function mostHours(rule: SeriesRule, kind: LessonKind): number {
  let most = rule.hours[kind];
  for (const period of rule.hoursHistory ?? []) most = Math.max(most, period.hours[kind]);
  return most;
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

/**
 * A lesson of a series as the generator makes it. A class rather than an object literal: V8 sizes the
 * objects of a constructor for the fields added to its first ones, so the rule, teacher and audience
 * that `expandRule` adds live in the object itself. Added to a literal, they went to a second,
 * out-of-object store: 210 instead of 186 bytes and one more object per cached lesson.
 */
export class SeriesLesson {
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

  constructor(ruleId: number, slot: SeriesSlot, date: string, week: number, time: EffectiveTime, total: number, before: number) {
    this.ruleId = ruleId;
    this.slotId = slot.id;
    this.lessonKind = slot.lessonKind;
    this.date = date;
    this.dayOfWeek = slot.dayOfWeek;
    this.weekNumber = week;
    this.parity = weekParity(week);
    this.timeSlotId = slot.timeSlotId;
    this.timeSlotOrder = time.order;
    this.startTime = time.startTime;
    this.endTime = time.endTime;
    this.lessonTypeAcademicHours = total;
    this.consumedLessonTypeAcademicHoursBeforeLesson = before;
    this.remainingLessonTypeAcademicHoursAfterLesson = total - before - HOURS_PER_LESSON;
  }
}

/** The days of a semester with their weekday and week, shared by every rule of that semester. */
interface SemesterDays {
  dates: string[];
  weeks: number[];
  /** Day indexes of each ISO weekday (1..7). */
  byWeekday: number[][];
}

const semesterDaysCache = new Map<string, SemesterDays>();

function semesterDays(start: string, end: string): SemesterDays {
  const key = `${start}:${end}`;
  let days = semesterDaysCache.get(key);
  if (!days) {
    const dates = eachDate(start, end);
    days = { dates, weeks: dates.map((date) => weekNumber(start, date)), byWeekday: [[], [], [], [], [], [], [], []] };
    dates.forEach((date, index) => (days as SemesterDays).byWeekday[isoDayOfWeek(date)].push(index));
    // A handful of semesters are live at a time; forget the oldest beyond that.
    if (semesterDaysCache.size >= 32) semesterDaysCache.delete(semesterDaysCache.keys().next().value as string);
    semesterDaysCache.set(key, days);
  }
  return days;
}

/** How many of the ascending `dates` come after `date`. */
function countAfter(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (dates[middle] <= date) low = middle + 1;
    else high = middle;
  }
  return dates.length - low;
}

/**
 * The base series of a rule: for each lesson type, its slots' dates from the type's start week on, in
 * weeks whose parity the slot accepts, on dates every group's calendar allows, laid out by date, then
 * time, then slot id, until the type's hours are used up. Dates that do not count consume nothing.
 * Overrides never change this series; `slotId + date` names a lesson for good. With `until`, only
 * the series' lessons up to that date (the same lessons as the whole series has there). A slot with a
 * period lays out only its dates, and the hour counters run on across periods, so a change from a
 * date leaves every earlier lesson as it was and the rule's hours are given once in all.
 */
export function generateSeries(rule: SeriesRule, context: SeriesContext, until?: string): SeriesLesson[] {
  const days = semesterDays(context.semesterStart, context.semesterEnd);
  // Hours are consumed in date order, so the lessons up to `until` are the whole series' first ones:
  // a check that needs only early dates lays out only that far.
  const lastDay = until === undefined ? days.dates.length - 1 : days.dates.length - 1 - countAfter(days.dates, until);
  const candidates: { day: number; slot: SeriesSlot; time: EffectiveTime }[] = [];
  for (const slot of rule.slots) {
    if (mostHours(rule, slot.lessonKind) < HOURS_PER_LESSON) continue;
    const startWeek = rule.startWeeks[slot.lessonKind] ?? 1;
    const from = slot.activeFrom ?? undefined;
    const to = slot.activeTo ?? undefined;
    for (const day of days.byWeekday[slot.dayOfWeek] ?? []) {
      if (day > lastDay) break;
      // A slot of a period lays out only its own dates (the periods before and after are other rows).
      if (from !== undefined && days.dates[day] < from) continue;
      if (to !== undefined && days.dates[day] > to) break;
      const week = days.weeks[day];
      if (week < startWeek || !parityAccepts(slot.parity, week)) continue;
      candidates.push({ day, slot, time: context.timeOf(slot.timeSlotId, days.dates[day]) });
    }
  }
  // Times are fixed-width "HH:MM": code-unit order is time order, and far cheaper than localeCompare.
  candidates.sort((a, b) => a.day - b.day || (a.time.startTime < b.time.startTime ? -1 : a.time.startTime > b.time.startTime ? 1 : 0) || a.slot.id - b.slot.id);

  const lessons: SeriesLesson[] = [];
  const consumed: Record<LessonKind, number> = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };
  const allowed = new Map<number, boolean>();
  for (const { day, slot, time } of candidates) {
    const date = days.dates[day];
    // Hours count on across a change from a date: one counter per kind, the total of the lesson's date.
    const total = rule.hoursHistory === undefined ? rule.hours[slot.lessonKind] : hoursOn(rule, slot.lessonKind, date);
    const before = consumed[slot.lessonKind];
    if (before + HOURS_PER_LESSON > total) continue;
    let dayAllowed = allowed.get(day);
    if (dayAllowed === undefined) {
      dayAllowed = context.allowsLessons(date);
      allowed.set(day, dayAllowed);
    }
    if (!dayAllowed) continue;
    consumed[slot.lessonKind] = before + HOURS_PER_LESSON;
    const week = days.weeks[day];
    lessons.push(new SeriesLesson(rule.id, slot, date, week, time, total, before));
  }
  return lessons;
}
