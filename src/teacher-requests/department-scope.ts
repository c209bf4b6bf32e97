import { AuthUser } from '../platform/auth/auth-user';
import { ForbiddenError } from '../platform/http/app-error';

/** The caller's own department from the token; a department account without one is refused, never widened. */
export function ownDepartment(caller: AuthUser): number {
  if (caller.departmentId === null) throw new ForbiddenError('За учётной записью кафедры не закреплена кафедра');
  return caller.departmentId;
}
