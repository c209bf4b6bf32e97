import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { int, nullable, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { LegacyLessonRequest, LegacyLessonResponse } from './dto/legacy-lesson.dto';

defineConstraintMessages({
  fk_legacy_lessons_teacher: 'Преподаватель не найден',
  fk_legacy_lessons_group: 'Группа не найдена',
  fk_legacy_lessons_lesson_type: 'Тип занятия не найден',
});

const COLUMNS = `id, teacher_id AS "teacherId", group_id AS "groupId", lesson_type_id AS "lessonTypeId", day, week, time`;
/** `day`, `week` and `time` are the earlier revision's free texts (varchar), not a date or a time. */
const LEGACY_LESSON = rowShape({ id: int, teacherId: int, groupId: nullable(int), lessonTypeId: int, day: text, week: text, time: text });

/** SQL over `legacy_lessons`. */
@Injectable()
export class LegacyLessonsRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<LegacyLessonResponse[]> {
    return this.db.rows(LEGACY_LESSON, `SELECT ${COLUMNS} FROM legacy_lessons ORDER BY id`);
  }

  async lessonTypeExists(id: number): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM lesson_types WHERE id = $1`, [id])) > 0;
  }

  async insert(lesson: LegacyLessonRequest): Promise<LegacyLessonResponse> {
    const [row] = await this.db.rows(LEGACY_LESSON,
      `INSERT INTO legacy_lessons (teacher_id, group_id, lesson_type_id, day, week, time)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [lesson.teacherId, lesson.groupId, lesson.lessonTypeId, lesson.day, lesson.week, lesson.time],
    );
    return row;
  }
}
