import { todayInBusinessZone } from '../../src/platform/http/dates';
import { addDays } from '../../src/schedule-engine/dates';
import { CalendarDay, CalendarPeriod, mergeDays } from '../../src/schedule-engine/calendar-days';
import { eachDate, mondayOf } from '../../src/schedule-engine/weeks';
import { academicStartYear } from '../../src/study-structure/groups/study-state';

export type SemesterType = 'autumn' | 'spring';

export interface Period {
  startDate: string;
  endDate: string;
}

/** The seeded academic year: two semesters of `weeks` teaching weeks, each followed by a session and holidays. */
export interface AcademicDates {
  startYear: number;
  title: string;
  yearStart: string;
  yearEnd: string;
  semesters: Record<SemesterType, Period>;
}

/** Activity codes the calendars use besides `Т` (which the migrations seed). None allows lessons. */
export const EXTRA_ACTIVITIES = [
  { code: 'Э', name: 'Экзаменационная сессия', colorCode: '#2196F3', displayOrder: 2 },
  { code: 'К', name: 'Каникулы', colorCode: '#9E9E9E', displayOrder: 3 },
  { code: 'Пр', name: 'Праздничный день', colorCode: '#F44336', displayOrder: 4 },
] as const;

export type ActivityCode = 'Т' | (typeof EXTRA_ACTIVITIES)[number]['code'];

const SESSION_WEEKS = 3;
const HOLIDAY_WEEKS = 1;
/** Public holidays (MM-DD) that fall inside teaching time; the New Year days are holidays whatever the period. */
const PUBLIC_HOLIDAYS = ['11-04', '02-23', '03-08', '05-01', '05-09'];
const NEW_YEAR_HOLIDAYS = ['01-01', '01-02', '01-03', '01-04', '01-05', '01-06', '01-07', '01-08'];

/** The academic year that contains `today` (1 September boundary, as groups count their course). */
export function currentAcademicStartYear(today: string = todayInBusinessZone()): number {
  return academicStartYear(today);
}

/**
 * The year starts on 1 September. The autumn semester starts with it and ends on the Sunday of its
 * `weeks`-th week; three weeks of session and one of holidays follow, so the spring semester starts on
 * a Monday and has as many weeks, followed by its session; the rest of June is holidays.
 */
export function academicDates(startYear: number, weeks: number): AcademicDates {
  const yearStart = `${startYear}-09-01`;
  const yearEnd = `${startYear + 1}-06-30`;
  const autumnEnd = addDays(mondayOf(yearStart), weeks * 7 - 1);
  const springStart = addDays(autumnEnd, (SESSION_WEEKS + HOLIDAY_WEEKS) * 7 + 1);
  const springEnd = addDays(springStart, weeks * 7 - 1);
  if (springEnd > yearEnd) throw new Error(`${weeks} teaching weeks per semester do not fit into an academic year`);
  return {
    startYear,
    title: `${startYear}-${startYear + 1}`,
    yearStart,
    yearEnd,
    semesters: { autumn: { startDate: yearStart, endDate: autumnEnd }, spring: { startDate: springStart, endDate: springEnd } },
  };
}

/** The activity of one day of the year (the same for every course). */
export function activityOn(dates: AcademicDates, date: string): ActivityCode {
  const monthDay = date.slice(5);
  if (NEW_YEAR_HOLIDAYS.includes(monthDay)) return 'К';
  for (const semester of Object.values(dates.semesters)) {
    if (date >= semester.startDate && date <= semester.endDate) return PUBLIC_HOLIDAYS.includes(monthDay) ? 'Пр' : 'Т';
    const sessionEnd = addDays(semester.endDate, SESSION_WEEKS * 7);
    if (date > semester.endDate && date <= sessionEnd) return 'Э';
  }
  return 'К';
}

/** The calendar grid of `courseCount` courses as stored periods, with activity ids resolved by code. */
export function calendarPeriods(dates: AcademicDates, courseCount: number, activityIds: ReadonlyMap<string, number>): CalendarPeriod[] {
  const days: CalendarDay[] = [];
  for (const date of eachDate(dates.yearStart, dates.yearEnd)) {
    const activityTypeId = activityIds.get(activityOn(dates, date));
    if (activityTypeId === undefined) throw new Error(`activity ${activityOn(dates, date)} is missing`);
    for (let course = 1; course <= courseCount; course++) days.push({ courseNumber: course, date, activityTypeId });
  }
  return mergeDays(days);
}

/** Monday to Sunday of week `week` of a semester (week 1 contains its start). */
export function semesterWeek(semester: Period, week: number): Period {
  const monday = addDays(mondayOf(semester.startDate), (week - 1) * 7);
  return { startDate: monday, endDate: addDays(monday, 6) };
}
