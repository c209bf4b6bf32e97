import { AuthUser } from '../../platform/auth/auth-user';
import { departmentScope } from '../../platform/auth/department-scope';
import { Role } from '../../platform/auth/roles';
import { ForbiddenError } from '../../platform/http/app-error';


export const OTHER_DEPARTMENT_GROUP = 'Доступны только группы своей кафедры';

/** Refuses a DEPARTMENT caller acting on a group of another department. */
export function ensureGroupInScope(caller: AuthUser, groupDepartmentId: number): void {
  const scope = departmentScope(caller);
  if (scope !== undefined && scope !== groupDepartmentId) throw new ForbiddenError(OTHER_DEPARTMENT_GROUP);
}

/** Staff who work with groups and subgroups. TEACHER and STUDENT also get the group list and options. */
export const GROUP_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'];
export const GROUP_WRITERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];
/** DEPARTMENT manages the subgroups of its own groups only (checked in the service). */
export const SUBGROUP_WRITERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'];

export const GROUP_NOT_FOUND = 'Группа не найдена';
