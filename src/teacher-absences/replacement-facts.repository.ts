import { Injectable } from '@nestjs/common';
import { date, int, listOf, nullable, rowShape, RowType, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';

/** A teacher linked to a subject; `lessonTypeIds` empty means every lesson type (no restriction configured). */
const SUBJECT_TEACHER = rowShape({ subjectId: int, teacherId: int, teacherName: text, lessonTypeIds: listOf(int) });
export type SubjectTeacher = RowType<typeof SUBJECT_TEACHER>;

const ASSIGNMENT_PERIOD = rowShape({ teacherId: int, departmentId: int, validFrom: date, validTo: nullable(date) });
export type AssignmentPeriod = RowType<typeof ASSIGNMENT_PERIOD>;

const SUBSTITUTION_COUNT = rowShape({ teacherId: int, count: int });

/** What ranking replacement teachers needs: subject links, department history and substitutions so far. */
@Injectable()
export class ReplacementFactsRepository {
  constructor(private readonly db: TenantDb) {}

  /** The active teachers linked to any of the subjects, with the lesson types each link is restricted to. */
  linkedTeachers(subjectIds: readonly number[]): Promise<SubjectTeacher[]> {
    return this.db.rows(SUBJECT_TEACHER,
      `SELECT ts.subject_id AS "subjectId", ts.user_id AS "teacherId", u.full_name AS "teacherName",
              COALESCE((SELECT array_agg(lt.lesson_type_id ORDER BY lt.lesson_type_id) FROM teacher_subject_lesson_types lt
                         WHERE lt.user_id = ts.user_id AND lt.subject_id = ts.subject_id), '{}') AS "lessonTypeIds"
         FROM teacher_subjects ts JOIN users u ON u.id = ts.user_id
        WHERE ts.subject_id = ANY($1::int[]) AND u.role = 'TEACHER' AND u.status = 'ACTIVE'
        ORDER BY lower(u.full_name), u.id`,
      [subjectIds],
    );
  }

  /** Department assignments of the teachers overlapping the period. */
  assignments(teacherIds: readonly number[], startDate: string, endDate: string): Promise<AssignmentPeriod[]> {
    return this.db.rows(ASSIGNMENT_PERIOD,
      `SELECT user_id AS "teacherId", department_id AS "departmentId", valid_from AS "validFrom", valid_to AS "validTo"
         FROM user_department_assignments
        WHERE user_id = ANY($1::int[]) AND valid_from <= $3::date AND (valid_to IS NULL OR valid_to >= $2::date)`,
      [teacherIds, startDate, endDate],
    );
  }

  /** How many lessons of the version each teacher already takes over from someone else. */
  async substitutionCounts(teacherIds: readonly number[], versionId: number): Promise<Map<number, number>> {
    const rows = await this.db.rows(SUBSTITUTION_COUNT,
      `SELECT new_teacher_id AS "teacherId", count(*)::int AS count FROM schedule_overrides
        WHERE schedule_version_id = $2 AND new_teacher_id = ANY($1::int[]) GROUP BY new_teacher_id`,
      [teacherIds, versionId],
    );
    return new Map(rows.map((row) => [row.teacherId, row.count]));
  }
}

/** Whether the link lets the teacher give lessons of this type. */
export function linkAllows(link: SubjectTeacher, lessonTypeId: number): boolean {
  return link.lessonTypeIds.length === 0 || link.lessonTypeIds.includes(lessonTypeId);
}

/** The departments the teacher belongs to on `date` (primary or additional). */
export function departmentsOn(assignments: readonly AssignmentPeriod[], teacherId: number, date: string): Set<number> {
  return new Set(
    assignments
      .filter((period) => period.teacherId === teacherId && period.validFrom <= date && (period.validTo === null || period.validTo >= date))
      .map((period) => period.departmentId),
  );
}
