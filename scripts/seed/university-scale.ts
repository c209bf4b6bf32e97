import { SemesterType } from './academic-dates';

/** How big a seeded university is. Every department runs one programme (specialty). */
export interface UniversityScale {
  departments: number;
  /** Courses of every programme (and the calendars' course count). */
  courses: number;
  /** Groups per course of a programme; they form one lecture stream. */
  groupsPerCourse: number;
  teachersPerDepartment: number;
  classrooms: { halls: number; labs: number; rooms: number };
  /** Subjects a group studies per semester (one rule per subject and group). */
  subjectsPerSemester: number;
  /** Of these, how many are lectured to the whole stream by one extra rule. */
  streamLectures: number;
  semesterWeeks: number;
  /** Semesters that get rules (both always exist). */
  ruleSemesters: readonly SemesterType[];
  /** One-off changes (cancels, replacements, moves) of the published versions, keeping the timetable clash-free. */
  overrides: number;
}

/** For the seeder test: a handful of everything. */
export const TINY_SCALE: UniversityScale = {
  departments: 2,
  courses: 2,
  groupsPerCourse: 2,
  teachersPerDepartment: 4,
  classrooms: { halls: 1, labs: 2, rooms: 4 },
  subjectsPerSemester: 3,
  streamLectures: 1,
  semesterWeeks: 18,
  ruleSemesters: ['autumn', 'spring'],
  overrides: 0,
};

/** `npm run demo`: 3 departments, 24 groups, 24 teachers, about 150 rules and 60 one-off changes per year. */
export const DEMO_SCALE: UniversityScale = {
  departments: 3,
  courses: 4,
  groupsPerCourse: 2,
  teachersPerDepartment: 8,
  classrooms: { halls: 2, labs: 4, rooms: 12 },
  subjectsPerSemester: 5,
  streamLectures: 2,
  semesterWeeks: 18,
  ruleSemesters: ['autumn', 'spring'],
  overrides: 60,
};

/** `npm run bench:schedule`: 300 groups, 600 teachers, 220 rooms, 3,180 rules over an 18-week autumn, 3,000 one-off changes. */
export const BENCH_SCALE: UniversityScale = {
  departments: 15,
  courses: 4,
  groupsPerCourse: 5,
  teachersPerDepartment: 40,
  classrooms: { halls: 12, labs: 60, rooms: 148 },
  subjectsPerSemester: 10,
  streamLectures: 3,
  semesterWeeks: 18,
  ruleSemesters: ['autumn'],
  overrides: 3000,
};

/**
 * `BENCH_SCALE=large npm run bench:schedule` (issue 16): a large university, 600 groups, 1,200
 * teachers, 550 rooms (fewer cannot hold 16 subjects a group without a clash), 10,080 rules over the
 * 18-week autumn, 9,000 one-off changes.
 */
export const LARGE_BENCH_SCALE: UniversityScale = {
  departments: 30,
  courses: 4,
  groupsPerCourse: 5,
  teachersPerDepartment: 40,
  classrooms: { halls: 40, labs: 180, rooms: 330 },
  subjectsPerSemester: 16,
  streamLectures: 4,
  semesterWeeks: 18,
  ruleSemesters: ['autumn'],
  overrides: 9000,
};
