import { Role } from '../../platform/auth/roles';

/** Calendars, their grids and subjects are the education office's work. */
export const CALENDAR_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

/** Who may read a group's calendar assignments; DEPARTMENT only for its own groups (checked in the service). */
export const ASSIGNMENT_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'];

export const CALENDAR_NOT_FOUND = 'Учебный календарь не найден';
export const GROUP_NOT_FOUND = 'Группа не найдена';
export const OTHER_DEPARTMENT_GROUP = 'Доступны только группы своей кафедры';
