import { ALL_ROLES, Role } from '../../platform/auth/roles';

/** Timetables are public inside the university: every role views any group's or teacher's lessons. */
export const SCHEDULE_VIEWERS: readonly Role[] = ALL_ROLES;

/** The department schedule: DEPARTMENT (its own) and the roles that oversee every department. */
export const DEPARTMENT_SCHEDULE_VIEWERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'];

/** A version's lessons, whatever its status (issue 54 §4): the office's, like every other version endpoint. */
export const VERSION_LESSON_VIEWERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];
