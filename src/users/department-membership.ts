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
