import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { SqlParams } from '../platform/database/sql';

/**
 * "Is this teacher one of the department's over a period?" as SQL: a primary or additional
 * assignment to the department overlapping the inclusive period. Departments see teachers' absences
 * and preferences by this history, so a teacher who moved keeps their old department's records for
 * the time they belonged to it.
 *
 * All arguments are SQL expressions (columns or `$n` parameters).
 */
export function assignedDuringSql(teacherId: string, departmentId: string, from: string, to: string): string {
  return `EXISTS (SELECT 1 FROM user_department_assignments dm
                   WHERE dm.user_id = ${teacherId} AND dm.department_id = ${departmentId}
                     AND dm.valid_from <= (${to})::date AND (dm.valid_to IS NULL OR dm.valid_to >= (${from})::date))`;
}

/**
 * Whose teacher records (absences, preferences, change requests) a caller sees: a teacher their own,
 * a department those of its teachers by assignment history over each record's period, the office and
 * the administrator all. Roles that see none of them are refused by the controllers before this.
 */
export type TeacherRecordsScope = { all: true } | { teacherId: number } | { departmentId: number };

export function teacherRecordsScope(caller: AuthUser): TeacherRecordsScope {
  if (caller.role === 'TEACHER') return { teacherId: caller.userId };
  if (caller.role === 'DEPARTMENT') return { departmentId: ownDepartment(caller) };
  return { all: true };
}

/** The scope as SQL conditions over a record's teacher column and its inclusive period (SQL expressions). */
export function teacherRecordsWhere(scope: TeacherRecordsScope, params: SqlParams, record: { teacherId: string; from: string; to: string }): string[] {
  if ('teacherId' in scope) return [`${record.teacherId} = ${params.add(scope.teacherId)}`];
  if ('departmentId' in scope) return [assignedDuringSql(record.teacherId, params.add(scope.departmentId), record.from, record.to)];
  return [];
}
