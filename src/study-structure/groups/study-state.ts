/**
 * What a group's start year means today: course, semester and study state. Pure: `today` is a
 * 'YYYY-MM-DD' date in the university's time zone, passed in by the caller.
 *
 * The academic year starts on 1 September. Autumn semesters run September to January, spring ones
 * February to August.
 */
export const STUDY_STATES = ['ACTIVE', 'NOT_STARTED', 'GRADUATED', 'INACTIVE', 'ARCHIVED'] as const;
export type StudyState = (typeof STUDY_STATES)[number];

export const STUDY_STATE_NAMES: Record<StudyState, string> = {
  ACTIVE: 'Обучается',
  NOT_STARTED: 'Обучение не началось',
  GRADUATED: 'Выпущена',
  INACTIVE: 'Не обучается',
  ARCHIVED: 'В архиве',
};

/**
 * A group's programme length is the course count of its academic calendar (see group-rows.ts for which
 * one). A group with no calendar assigned yet keeps the old default of six courses.
 */
export const DEFAULT_COURSE_COUNT = 6;

export interface StudyProgress {
  course: number;
  semester: number;
  studyState: StudyState;
  studyStateName: string;
  active: boolean;
}

function parts(today: string): { year: number; month: number } {
  const [year, month] = today.split('-').map(Number);
  return { year, month };
}

/** The calendar year in which the academic year containing `today` began. */
export function academicStartYear(today: string): number {
  const { year, month } = parts(today);
  return month >= 9 ? year : year - 1;
}

/** 1-based course; 0 while the group has not started (its start year lies after this academic year). */
export function courseOf(yearStartStudy: number, today: string): number {
  return Math.max(0, academicStartYear(today) - yearStartStudy + 1);
}

/** Semester number from the first one: two per course, the autumn one first; 0 before the start. */
export function semesterOf(course: number, today: string): number {
  if (course === 0) return 0;
  const { month } = parts(today);
  const autumn = month >= 9 || month === 1;
  return (course - 1) * 2 + (autumn ? 1 : 2);
}

/** The one place that decides a group's study state. INACTIVE is reserved and not produced yet. */
export function studyStateOf(archived: boolean, course: number, courseCount: number = DEFAULT_COURSE_COUNT): StudyState {
  if (archived) return 'ARCHIVED';
  if (course === 0) return 'NOT_STARTED';
  if (course > courseCount) return 'GRADUATED';
  return 'ACTIVE';
}

export function studyProgress(yearStartStudy: number, archived: boolean, today: string, courseCount = DEFAULT_COURSE_COUNT): StudyProgress {
  const course = courseOf(yearStartStudy, today);
  const studyState = studyStateOf(archived, course, courseCount);
  return {
    course,
    semester: semesterOf(course, today),
    studyState,
    studyStateName: STUDY_STATE_NAMES[studyState],
    active: studyState === 'ACTIVE',
  };
}
