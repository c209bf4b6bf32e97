import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { TenantDb } from '../../platform/database/tenant-db';
import { LegacyLessonRequest, LegacyLessonResponse } from './dto/legacy-lesson.dto';

defineConstraintMessages({
  fk_legacy_lessons_teacher: 'Преподаватель не найден',
  fk_legacy_lessons_group: 'Группа не найдена',
  fk_legacy_lessons_lesson_type: 'Тип занятия не найден',
});

const COLUMNS = `id, teacher_id AS "teacherId", group_id AS "groupId", lesson_type_id AS "lessonTypeId", day, week, time`;

/** What the referenced ids of a new lesson point to. */
export interface LegacyReferences {
  teacherRole: string | null;
  groupExists: boolean;
  lessonTypeExists: boolean;
}

/** SQL over `legacy_lessons`. */
@Injectable()
export class LegacyLessonsRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<LegacyLessonResponse[]> {
    return this.db.query<LegacyLessonResponse>(`SELECT ${COLUMNS} FROM legacy_lessons ORDER BY id`);
  }

  async references(lesson: LegacyLessonRequest): Promise<LegacyReferences> {
    const [row] = await this.db.query<LegacyReferences>(
      `SELECT (SELECT role FROM users WHERE id = $1) AS "teacherRole",
              EXISTS (SELECT 1 FROM study_groups WHERE id = $2) AS "groupExists",
              EXISTS (SELECT 1 FROM lesson_types WHERE id = $3) AS "lessonTypeExists"`,
      [lesson.teacherId, lesson.groupId, lesson.lessonTypeId],
    );
    return row;
  }

  async insert(lesson: LegacyLessonRequest): Promise<LegacyLessonResponse> {
    const [row] = await this.db.query<LegacyLessonResponse>(
      `INSERT INTO legacy_lessons (teacher_id, group_id, lesson_type_id, day, week, time)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [lesson.teacherId, lesson.groupId, lesson.lessonTypeId, lesson.day, lesson.week, lesson.time],
    );
    return row;
  }
}
