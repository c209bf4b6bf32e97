export const ROLES = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];

/** Where the web client sends each role after login (spec 4.2). */
export const ROLE_REDIRECTS: Record<Role, string> = {
  ADMIN: '/admin/',
  EDUCATION_OFFICE: '/admin/#schedule-view',
  DEPARTMENT: '/admin/#department-workspace',
  SCHEDULE_VIEWER: '/admin/#schedule-view',
  TEACHER: '/teacher/',
  STUDENT: '/student/',
};

/** Every role: for endpoints any signed-in user may call. */
export const ALL_ROLES: readonly Role[] = ROLES;
