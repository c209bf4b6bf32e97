import { ROLES } from '../platform/auth/roles';
import { int, nullable, oneOf, rowShape, RowType, text } from '../platform/database/row-shape';
import { containsPattern, SqlParams } from '../platform/database/sql';
import { USER_STATUSES, UserResponse } from './dto/user.dto';

/** A row of `userSelect`; the department columns come from LEFT JOINs (null without a primary department today). */
export const USER_ROW = rowShape({
  id: int,
  username: text,
  role: oneOf(...ROLES),
  fullName: text,
  jobTitle: text,
  status: oneOf(...USER_STATUSES),
  email: nullable(text),
  departmentId: nullable(int),
  departmentName: nullable(text),
});

export type UserRow = RowType<typeof USER_ROW>;

/**
 * Users with the department of their primary assignment in effect on `today`. Primary periods of one
 * user never overlap (ex_uda_primary_overlap), so the joins add at most one row per user.
 */
export function userSelect(params: SqlParams, today: string): string {
  const day = params.add(today);
  return `
    SELECT u.id, u.username, u.role, u.full_name AS "fullName", u.job_title AS "jobTitle", u.status, u.email,
           d.id AS "departmentId", d.name AS "departmentName"
      FROM users u
      LEFT JOIN user_department_assignments pa
             ON pa.user_id = u.id AND pa.is_primary
            AND pa.valid_from <= ${day}::date AND (pa.valid_to IS NULL OR pa.valid_to >= ${day}::date)
      LEFT JOIN departments d ON d.id = pa.department_id`;
}

/** The user is linked to the department (primary or additional) by an assignment covering `date`. */
export function linkedToDepartment(params: SqlParams, departmentId: number, date: string): string {
  const department = params.add(departmentId);
  const day = params.add(date);
  return `EXISTS (SELECT 1 FROM user_department_assignments la
                   WHERE la.user_id = u.id AND la.department_id = ${department}
                     AND la.valid_from <= ${day}::date AND (la.valid_to IS NULL OR la.valid_to >= ${day}::date))`;
}

/** Case-insensitive substring match over login, full name and job title (LIKE wildcards escaped). */
export function matchesText(params: SqlParams, text: string): string {
  const pattern = params.add(containsPattern(text));
  return `(u.username ILIKE ${pattern} OR u.full_name ILIKE ${pattern} OR u.job_title ILIKE ${pattern})`;
}

export const BY_FULL_NAME = `lower(u.full_name), u.id`;

export function toUserResponse(row: UserRow): UserResponse {
  const response: UserResponse = {
    id: row.id,
    username: row.username,
    role: row.role,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    status: row.status,
  };
  // The spec omits the department fields, rather than sending null, for users without one today.
  if (row.departmentId !== null) {
    response.departmentId = row.departmentId;
    response.departmentName = row.departmentName ?? '';
  }
  if (row.email) response.email = row.email;
  return response;
}
