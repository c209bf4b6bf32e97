import { AuthUser } from './auth-user';
import { SqlParams } from '../database/sql';
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

/** A department's membership history: teacher `teacherIds[i]` belonged to it from `from[i]` to `to[i]` (inclusive; null: open-ended). */
export interface MembershipPeriods {
  teacherIds: number[];
  from: string[];
  to: (string | null)[];
}

/**
 * Whose teacher records (absences, preferences, change requests) a caller sees: a teacher their own,
 * a department those of its teachers by membership history over each record's period (`members`,
 * given by the users feature, which owns that history), the office and the administrator all.
 */
export type TeacherRecordsScope = { all: true } | { teacherId: number } | { departmentId: number; members: MembershipPeriods };

/**
 * The scope as SQL conditions over a record's teacher column and its inclusive period (SQL
 * expressions). The membership periods travel as parameters, so the record's feature reads no
 * table of the users feature.
 */
export function teacherRecordsWhere(scope: TeacherRecordsScope, params: SqlParams, record: { teacherId: string; from: string; to: string }): string[] {
  if ('teacherId' in scope) return [`${record.teacherId} = ${params.add(scope.teacherId)}`];
  if ('members' in scope) {
    const { teacherIds, from, to } = scope.members;
    return [
      `EXISTS (SELECT 1 FROM unnest(${params.add(teacherIds)}::int[], ${params.add(from)}::date[], ${params.add(to)}::date[]) AS dm(user_id, valid_from, valid_to)
                WHERE dm.user_id = ${record.teacherId} AND dm.valid_from <= (${record.to})::date
                  AND (dm.valid_to IS NULL OR dm.valid_to >= (${record.from})::date))`,
    ];
  }
  return [];
}
