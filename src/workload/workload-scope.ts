import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { Role } from '../platform/auth/roles';
import { ForbiddenError } from '../platform/http/app-error';

/** The four range reports over departments, rooms and pairs (spec 4.16, 5). */
export const REPORT_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'DEPARTMENT'];
/** The teacher report: also a TEACHER, who sees only their own rows. */
export const TEACHER_REPORT_READERS: readonly Role[] = [...REPORT_READERS, 'TEACHER'];
/** Free rooms: everyone looks for one (a teacher for a consultation, a student for a study session). */
export const FREE_ROOM_READERS: readonly Role[] = [...REPORT_READERS, 'TEACHER', 'STUDENT'];

export const FOREIGN_DEPARTMENT = 'Кафедра может просматривать нагрузку только своей кафедры';

/** What the caller may see: lessons attributed to `departmentId` (all when absent), of `teacherId` only when set. */
export interface WorkloadScope {
  departmentId?: number;
  teacherId?: number;
  /** Whether `departmentId` was chosen by the caller (and must exist) rather than taken from the token. */
  chosen: boolean;
}

/**
 * Spec 4.16: ADMIN, EDUCATION_OFFICE and SCHEDULE_VIEWER choose a department or none; a DEPARTMENT is
 * always confined to the department of its token (another one is 403, never a wider answer); a
 * TEACHER sees their own load, narrowed by a department if asked.
 */
export function workloadScope(caller: AuthUser, requestedDepartmentId: number | undefined): WorkloadScope {
  if (caller.role === 'DEPARTMENT') {
    const own = ownDepartment(caller);
    if (requestedDepartmentId !== undefined && requestedDepartmentId !== own) throw new ForbiddenError(FOREIGN_DEPARTMENT);
    return { departmentId: own, chosen: false };
  }
  const chosen = requestedDepartmentId !== undefined;
  if (caller.role === 'TEACHER') return { departmentId: requestedDepartmentId, teacherId: caller.userId, chosen };
  return { departmentId: requestedDepartmentId, chosen };
}
