import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { TenantDb } from '../../platform/database/tenant-db';
import { LessonChange, LessonChanges, LessonScene } from './lesson-changes';

export const DUPLICATE_OVERRIDE = 'Для этого занятия уже есть разовое изменение: измените или удалите его';

defineConstraintMessages({
  uq_schedule_overrides_lesson: DUPLICATE_OVERRIDE,
  fk_schedule_overrides_version: 'Версия расписания не найдена',
  fk_schedule_overrides_slot: 'Слот правила расписания не найден',
  fk_schedule_overrides_time_slot: 'Пара (временной слот) не найдена',
  fk_schedule_overrides_classroom: 'Аудитория не найдена',
  fk_schedule_overrides_teacher: 'Преподаватель не найден',
  ck_schedule_overrides_action: 'Действие должно быть CANCEL, MOVE или REPLACE',
  ck_schedule_overrides_format: 'Формат занятия должен быть «Очно» или «Онлайн»',
  ck_schedule_overrides_cancel: 'Отмена занятия не может менять дату, пару, преподавателя, аудиторию или формат',
  ck_schedule_overrides_move: 'Для переноса укажите новую пару',
});

/** A one-off change of the lesson `baseRuleSlotId + lessonDate`, as stored. */
export interface OverrideWrite extends LessonChange {
  baseRuleSlotId: number;
  lessonDate: string;
  comment: string | null;
}

/**
 * The one place overrides are written. Every writer (the override endpoints, absence resolution,
 * change-request review) calls `apply` inside its semester write unit (whose transaction every
 * `TenantDb` call here joins): the change is checked against
 * the timetable as it is now and written in one sequence; the unique constraint per lesson is the last
 * line when two writers race.
 */
@Injectable()
export class OverrideWrites {
  constructor(
    private readonly db: TenantDb,
    private readonly changes: LessonChanges,
  ) {}

  /**
   * Checks `write`, a change of the located lesson, by the rules of spec 4.10 (400 or 409 when refused)
   * and stores it: a new override, or in place of `replaces`, the lesson's current one (its checks
   * then leave that override out). Answers the override's id.
   */
  async apply(scene: LessonScene, write: OverrideWrite, authorId: number, replaces?: number): Promise<number> {
    (await this.changes.prepare(scene, [write], replaces ?? 0)).verify(write);
    if (replaces === undefined) return this.insert(scene.rule.versionId, write, authorId);
    await this.update(replaces, write, authorId);
    return replaces;
  }

  /** The override of a lesson, if any. */
  async idOfLesson(slotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(`SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 AND lesson_date = $2`, [
      slotId,
      lessonDate,
    ]);
    return row?.id;
  }

  private async insert(versionId: number, write: OverrideWrite, authorId: number): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(`INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action, target_lesson_date, new_time_slot_id,
                                       new_classroom_id, new_teacher_id, new_lesson_format, comment, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [versionId, write.baseRuleSlotId, write.lessonDate, ...changeValues(write), authorId],
    );
    return row.id;
  }

  /** Replaces what the override does; the lesson it names never changes. */
  private async update(id: number, write: OverrideWrite, authorId: number): Promise<void> {
    await this.db.query(`UPDATE schedule_overrides SET action = $2, target_lesson_date = $3, new_time_slot_id = $4, new_classroom_id = $5, new_teacher_id = $6,
              new_lesson_format = $7, comment = $8, updated_by = $9, updated_at = now()
        WHERE id = $1`,
      [id, ...changeValues(write), authorId],
    );
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM schedule_overrides WHERE id = $1`, [id]);
  }
}

function changeValues(write: OverrideWrite): unknown[] {
  return [write.action, write.targetLessonDate, write.newTimeSlotId, write.newClassroomId, write.newTeacherId, write.newLessonFormat, write.comment];
}
