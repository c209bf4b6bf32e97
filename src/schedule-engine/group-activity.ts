import { activityOn } from './calendar-days';
import { assignmentKey, CalendarSnapshot, SemesterFrame } from './series-context';

/**
 * The activity (calendar cell) of a group on a date, as the views show it next to a lesson: the
 * calendar assigned to the group for the semester's academic year, read at the group's course in that
 * year. Uses the same course rule as `SemesterContextFactory` (start year of the academic year minus
 * the group's start year, plus one).
 */
export function courseInAcademicYear(academicYearStart: string, groupStartYear: number): number {
  return Number(academicYearStart.slice(0, 4)) - groupStartYear + 1;
}

/** The activity type id of `groupId` on `date`, or undefined without a calendar or outside its periods. */
export function groupActivityOn(frame: SemesterFrame, calendars: CalendarSnapshot, groupId: number, date: string): number | undefined {
  const calendarId = calendars.assignments.get(assignmentKey(groupId, frame.academicYearId));
  const startYear = calendars.groupStartYears.get(groupId);
  if (calendarId === undefined || startYear === undefined) return undefined;
  const periods = calendars.periodsByCalendar.get(calendarId) ?? [];
  return activityOn(periods, courseInAcademicYear(frame.academicYearStart, startYear), date);
}
