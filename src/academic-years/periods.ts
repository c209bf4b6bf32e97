/**
 * Pure rules of academic years and semesters. Period bounds are inclusive, so a period may start on
 * the day after the previous one ends. Messages are Russian sentences shown to the user as they are.
 */
export const SEMESTER_TYPES = ['autumn', 'spring'] as const;
export type SemesterType = (typeof SEMESTER_TYPES)[number];

export interface Period {
  startDate: string;
  endDate: string;
}

export interface SemesterPeriod extends Period {
  semesterType: SemesterType;
}

export interface YearPeriod extends Period {
  title: string;
}

/** Start years whose title `<y>-<y+1>` and end date stay four-digit, within a sensible range. */
export const FIRST_START_YEAR = 1900;
export const LAST_START_YEAR = 2999;

const SEMESTER_NAMES: Record<SemesterType, { nominative: string; instrumental: string }> = {
  autumn: { nominative: 'осенний семестр', instrumental: 'осенним семестром' },
  spring: { nominative: 'весенний семестр', instrumental: 'весенним семестром' },
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describePeriod(period: Period): string {
  return `${period.startDate} — ${period.endDate}`;
}

function semesterLabel(semester: SemesterPeriod): string {
  return `${capitalize(SEMESTER_NAMES[semester.semesterType].nominative)} (${describePeriod(semester)})`;
}

function yearLabel(year: YearPeriod): string {
  return `учебного года ${year.title} (${describePeriod(year)})`;
}

/** Inclusive bounds: touching periods (one ends the day before the other starts) do not overlap. */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

export function periodContains(outer: Period, inner: Period): boolean {
  return outer.startDate <= inner.startDate && inner.endDate <= outer.endDate;
}

/** Title `<startYear>-<startYear+1>` and end on 30 June of the following year, from the start date. */
export function yearFromStart(startDate: string): YearPeriod {
  const startYear = Number(startDate.slice(0, 4));
  return { title: `${startYear}-${startYear + 1}`, startDate, endDate: `${startYear + 1}-06-30` };
}

/** 400: a start year outside the supported range. */
export function yearStartProblem(startDate: string): string | undefined {
  const startYear = Number(startDate.slice(0, 4));
  if (startYear < FIRST_START_YEAR || startYear > LAST_START_YEAR) {
    return `Учебный год должен начинаться между ${FIRST_START_YEAR} и ${LAST_START_YEAR} годами`;
  }
  return undefined;
}

/** 400: the semester ends before it starts, or does not lie fully inside its year. */
export function semesterDateProblem(semester: SemesterPeriod, year: YearPeriod): string | undefined {
  const name = capitalize(SEMESTER_NAMES[semester.semesterType].nominative);
  if (semester.endDate < semester.startDate) {
    return `${name}: дата окончания ${semester.endDate} раньше даты начала ${semester.startDate}`;
  }
  if (!periodContains(year, semester)) {
    return `${semesterLabel(semester)} должен лежать внутри ${yearLabel(year)}`;
  }
  return undefined;
}

/** 409: another semester of the year has the same type or overlaps this one. */
export function semesterConflict(semester: SemesterPeriod, others: readonly SemesterPeriod[], year: YearPeriod): string | undefined {
  if (others.some((other) => other.semesterType === semester.semesterType)) {
    return `В учебном году ${year.title} уже есть ${SEMESTER_NAMES[semester.semesterType].nominative}`;
  }
  const overlapping = others.find((other) => periodsOverlap(other, semester));
  if (overlapping) {
    const other = SEMESTER_NAMES[overlapping.semesterType].instrumental;
    return `${semesterLabel(semester)} пересекается с ${other} (${describePeriod(overlapping)})`;
  }
  return undefined;
}

/** 409 checks of a whole list of semesters of one year, each against the ones before it; `index` is the later one. */
export function semesterListConflict(semesters: readonly SemesterPeriod[], year: YearPeriod): { message: string; index: number } | undefined {
  for (let index = 1; index < semesters.length; index++) {
    const message = semesterConflict(semesters[index], semesters.slice(0, index), year);
    if (message) return { message, index };
  }
  return undefined;
}

/** The date a `semesterDateProblem` is about: the end when it comes first, else the start (outside the year). */
export function semesterDateField(semester: SemesterPeriod): 'startDate' | 'endDate' {
  return semester.endDate < semester.startDate ? 'endDate' : 'startDate';
}

/** The property a `semesterConflict` is about: a taken type, or the start of an overlapping period. */
export function semesterConflictField(semester: SemesterPeriod, others: readonly SemesterPeriod[]): 'semesterType' | 'startDate' {
  return others.some((other) => other.semesterType === semester.semesterType) ? 'semesterType' : 'startDate';
}

/** 409: the year's title is taken, or its period overlaps another year. */
export function yearConflict(year: YearPeriod, others: readonly YearPeriod[]): string | undefined {
  if (others.some((other) => other.title === year.title)) return `Учебный год ${year.title} уже существует`;
  const overlapping = others.find((other) => periodsOverlap(other, year));
  if (overlapping) {
    return `Учебный год ${year.title} (${describePeriod(year)}) пересекается с учебным годом ${overlapping.title} (${describePeriod(overlapping)})`;
  }
  return undefined;
}
