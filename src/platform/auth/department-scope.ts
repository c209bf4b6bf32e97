import { AuthUser } from './auth-user';
import { ForbiddenError } from '../http/app-error';

/**
 * The department a caller is confined to: their own for DEPARTMENT (from the token), none for the
 * other roles. A DEPARTMENT account without a department is refused, never widened to everything.
 */
export function departmentScope(caller: AuthUser): number | undefined {
  if (caller.role !== 'DEPARTMENT') return undefined;
  return ownDepartment(caller);
}

/** The caller's own department; refused when the token carries none. */
export function ownDepartment(caller: AuthUser): number {
  if (caller.departmentId === null) throw new ForbiddenError('За учётной записью кафедры не закреплена кафедра');
  return caller.departmentId;
}
