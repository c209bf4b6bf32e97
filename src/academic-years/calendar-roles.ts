import { Role } from '../platform/auth/roles';

/** Academic years, semesters and activity codes (spec 4.7): read and changed by these roles only. */
export const CALENDAR_ADMINS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];
