import { addDays } from './dates';
import { eachDate } from './weeks';

/**
 * The day grid of an academic calendar and its stored form. A grid assigns one activity to a day of
 * one course; it is stored as inclusive periods of consecutive days with the same activity. A day
 * without a period is an empty cell.
 */
export interface CalendarDay {
  courseNumber: number;
  /** 'YYYY-MM-DD' */
  date: string;
  activityTypeId: number;
}

export interface CalendarPeriod {
  courseNumber: number;
  /** First day, inclusive. */
  startDate: string;
  /** Last day, inclusive. */
  endDate: string;
  activityTypeId: number;
}

/** What the engine needs to know about an activity code. */
export interface ActivityTypeFlags {
  id: number;
  /** Whether ordinary lessons may take place on such days. */
  allowSchedule: boolean;
}

function byCourseThenDate(a: CalendarDay, b: CalendarDay): number {
  return a.courseNumber - b.courseNumber || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
}

/**
 * Merges days into periods: consecutive dates of one course with the same activity become one
 * inclusive period; a gap of a day or a change of activity starts a new one. The input may come in
 * any order but must not name a (course, date) twice. Periods come out by course, then start date.
 */
export function mergeDays(days: readonly CalendarDay[]): CalendarPeriod[] {
  const periods: CalendarPeriod[] = [];
  let current: CalendarPeriod | undefined;
  for (const day of [...days].sort(byCourseThenDate)) {
    const continues =
      current !== undefined &&
      current.courseNumber === day.courseNumber &&
      current.activityTypeId === day.activityTypeId &&
      addDays(current.endDate, 1) === day.date;
    if (continues && current) {
      current.endDate = day.date;
    } else {
      current = { courseNumber: day.courseNumber, startDate: day.date, endDate: day.date, activityTypeId: day.activityTypeId };
      periods.push(current);
    }
  }
  return periods;
}

/** The inverse of `mergeDays`: one day per date of every period, by course, then date. */
export function expandPeriods(periods: readonly CalendarPeriod[]): CalendarDay[] {
  const days = periods.flatMap((period) =>
    eachDate(period.startDate, period.endDate).map((date) => ({
      courseNumber: period.courseNumber,
      date,
      activityTypeId: period.activityTypeId,
    })),
  );
  return days.sort(byCourseThenDate);
}

/** The activity of `course` on `date`, or undefined for an empty cell. */
export function activityOn(periods: readonly CalendarPeriod[], course: number, date: string): number | undefined {
  const period = periods.find((p) => p.courseNumber === course && p.startDate <= date && date <= p.endDate);
  return period?.activityTypeId;
}

/**
 * Whether ordinary lessons may take place for `course` on `date`: the day's activity must allow
 * them. An empty cell, or an activity missing from `activityTypes`, allows none.
 */
export function allowsLessons(
  periods: readonly CalendarPeriod[],
  activityTypes: readonly ActivityTypeFlags[],
  course: number,
  date: string,
): boolean {
  const activityTypeId = activityOn(periods, course, date);
  if (activityTypeId === undefined) return false;
  return activityTypes.find((type) => type.id === activityTypeId)?.allowSchedule ?? false;
}
