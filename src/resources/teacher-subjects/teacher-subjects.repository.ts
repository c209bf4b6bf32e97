import { Injectable } from '@nestjs/common';
import { ROLES } from '../../platform/auth/roles';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, ID_ROW, int, listOf, oneOf, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { TeacherSubjectResponse } from './dto/teacher-subject.dto';

export const LINK_EXISTS = 'Преподаватель уже закреплён за этой дисциплиной';

defineConstraintMessages({
  uq_teacher_subjects_link: LINK_EXISTS,
  fk_teacher_subjects_user: 'Преподаватель не найден',
});

const USER_STATE = rowShape({ id: int, role: oneOf(...ROLES), active: bool });

export type UserState = RowType<typeof USER_STATE>;

const SELECT_LINKS = `
  SELECT ts.user_id AS "userId", u.full_name AS "userName", ts.subject_id AS "subjectId", s.name AS "subjectName",
         ARRAY(SELECT lt.lesson_type_id FROM teacher_subject_lesson_types lt
                WHERE lt.user_id = ts.user_id AND lt.subject_id = ts.subject_id ORDER BY lt.lesson_type_id) AS "lessonTypeIds"
    FROM teacher_subjects ts
    JOIN users u ON u.id = ts.user_id
    JOIN subjects s ON s.id = ts.subject_id`;
const ORDER = `ORDER BY lower(u.full_name), ts.user_id, lower(s.name), ts.subject_id`;
const LINK = rowShape({ userId: int, userName: text, subjectId: int, subjectName: text, lessonTypeIds: listOf(int) });

/**
 * SQL over `teacher_subjects`, with the teacher's full name, the subject's name and the lesson types
 * the link is restricted to (`teacher_subject_lesson_types`, none meaning every type).
 */
@Injectable()
export class TeacherSubjectsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Every link, or only those of one department's subjects. */
  list(departmentId?: number): Promise<TeacherSubjectResponse[]> {
    if (departmentId === undefined) return this.db.rows(LINK, `${SELECT_LINKS} ${ORDER}`);
    return this.db.rows(LINK, `${SELECT_LINKS} WHERE s.department_id = $1 ${ORDER}`, [departmentId]);
  }

  async find(userId: number, subjectId: number, lock = false): Promise<TeacherSubjectResponse | undefined> {
    const [row] = await this.db.rows(LINK, `${SELECT_LINKS} WHERE ts.user_id = $1 AND ts.subject_id = $2 ${lock ? 'FOR UPDATE OF ts' : ''}`,
      [userId, subjectId],
    );
    return row;
  }

  /** The user's role and status, held FOR KEY SHARE until commit. */
  async lockUser(userId: number): Promise<UserState | undefined> {
    const [row] = await this.db.rows(USER_STATE, `SELECT id, role, status = 'ACTIVE' AS active FROM users WHERE id = $1 FOR KEY SHARE`,
      [userId],
    );
    return row;
  }

  async insert(userId: number, subjectId: number): Promise<void> {
    await this.db.execute(`INSERT INTO teacher_subjects (user_id, subject_id) VALUES ($1, $2)`, [userId, subjectId]);
  }

  /** Replaces the lesson types the link is restricted to (none: every type). */
  async replaceLessonTypes(userId: number, subjectId: number, lessonTypeIds: readonly number[]): Promise<void> {
    await this.db.execute(`DELETE FROM teacher_subject_lesson_types WHERE user_id = $1 AND subject_id = $2`, [userId, subjectId]);
    if (lessonTypeIds.length === 0) return;
    await this.db.execute(`INSERT INTO teacher_subject_lesson_types (user_id, subject_id, lesson_type_id) SELECT $1, $2, unnest($3::int[])`,
      [userId, subjectId, lessonTypeIds],
    );
  }

  /** The ids among `ids` that name no lesson type, ascending. */
  async missingLessonTypes(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.rows(ID_ROW, `SELECT wanted.id FROM unnest($1::int[]) AS wanted (id)
        WHERE NOT EXISTS (SELECT 1 FROM lesson_types lt WHERE lt.id = wanted.id)
        ORDER BY wanted.id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async delete(userId: number, subjectId: number): Promise<void> {
    await this.db.execute(`DELETE FROM teacher_subjects WHERE user_id = $1 AND subject_id = $2`, [userId, subjectId]);
  }
}
