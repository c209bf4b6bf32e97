import { RowType } from '../../platform/database/row-shape';
import { CALENDAR_FACTS } from './calendar-sql';

/**
 * Whether a calendar fits a group for an academic year: the same year, specialty, profile and study
 * form, and the group's course in that year within the calendar's courses. Pure; used when a
 * calendar is assigned (400), when a calendar is changed (409) and when a group is changed (409).
 */
export type CalendarFacts = RowType<typeof CALENDAR_FACTS>;

export interface GroupFacts {
  specialtyId: number;
  specialtyProfileId: number;
  educationFormId: number;
  yearStartStudy: number;
}

export interface YearFacts {
  id: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
}

/** The group's course in the academic year starting on `yearStartDate` (0 or less: not started yet). */
export function courseInYear(yearStartStudy: number, yearStartDate: string): number {
  return Number(yearStartDate.slice(0, 4)) - yearStartStudy + 1;
}

/** Why a calendar does not fit a group: the text, and the property of each side it concerns. */
export interface Incompatibility {
  reason: string;
  calendarField: 'academicYearId' | 'specialtyId' | 'specialtyProfileId' | 'studyFormId' | 'courseCount';
  groupField: 'specialtyId' | 'specialtyProfileId' | 'educationFormId' | 'yearStartStudy';
}

/** The first reason why the calendar does not fit the group in `year`, or undefined when it fits. */
export function incompatibility(group: GroupFacts, calendar: CalendarFacts, year: YearFacts): Incompatibility | undefined {
  if (calendar.academicYearId !== year.id) {
    return { reason: 'учебный год календаря и назначения различаются', calendarField: 'academicYearId', groupField: 'yearStartStudy' };
  }
  if (calendar.specialtyId !== group.specialtyId) {
    return { reason: 'специальность группы и календаря различаются', calendarField: 'specialtyId', groupField: 'specialtyId' };
  }
  if (calendar.specialtyProfileId !== group.specialtyProfileId) {
    return { reason: 'профиль группы и календаря различаются', calendarField: 'specialtyProfileId', groupField: 'specialtyProfileId' };
  }
  if (calendar.studyFormId !== group.educationFormId) {
    return { reason: 'форма обучения группы и календаря различаются', calendarField: 'studyFormId', groupField: 'educationFormId' };
  }
  const course = courseInYear(group.yearStartStudy, year.startDate);
  if (course < 1) return { reason: 'группа в этом учебном году ещё не начала обучение', calendarField: 'academicYearId', groupField: 'yearStartStudy' };
  if (course > calendar.courseCount) {
    return {
      reason: `курс группы в этом учебном году (${course}) больше числа курсов календаря (${calendar.courseCount})`,
      calendarField: 'courseCount',
      groupField: 'yearStartStudy',
    };
  }
  return undefined;
}
