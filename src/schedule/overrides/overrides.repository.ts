import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { queryRows } from '../../platform/database/query-rows';
import { TenantDb } from '../../platform/database/tenant-db';
import { OverridePayload } from './override-payload';

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

export interface StoredOverride {
  id: number;
  versionId: number;
  semesterId: number;
  baseRuleSlotId: number;
  lessonDate: string;
}

const STORED_COLUMNS = `o.id, o.schedule_version_id AS "versionId", v.semester_id AS "semesterId",
                        o.base_rule_slot_id AS "baseRuleSlotId", o.lesson_date AS "lessonDate"`;

/** SQL over `schedule_overrides`: row locks, writes (on the write unit's manager) and lookups. */
@Injectable()
export class OverridesRepository {
  constructor(private readonly db: TenantDb) {}

  async find(id: number): Promise<StoredOverride | undefined> {
    const [row] = await this.db.query<StoredOverride>(
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1`,
      [id],
    );
    return row;
  }

  /** The override, locked until the end of the open transaction. */
  async lockForChange(id: number): Promise<StoredOverride | undefined> {
    const [row] = await this.db.query<StoredOverride>(
      `SELECT ${STORED_COLUMNS} FROM schedule_overrides o JOIN schedule_versions v ON v.id = o.schedule_version_id WHERE o.id = $1 FOR UPDATE OF o`,
      [id],
    );
    return row;
  }

  /** The override of a lesson, if any. */
  async idOfLesson(slotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(`SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 AND lesson_date = $2`, [
      slotId,
      lessonDate,
    ]);
    return row?.id;
  }

  async insert(manager: EntityManager, versionId: number, payload: OverridePayload, authorId: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      manager,
      `INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action, target_lesson_date, new_time_slot_id,
                                       new_classroom_id, new_teacher_id, new_lesson_format, comment, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [versionId, payload.baseRuleSlotId, payload.lessonDate, ...changeValues(payload), authorId],
    );
    return row.id;
  }

  /** Replaces what the override does; the lesson it names never changes. */
  async update(manager: EntityManager, id: number, payload: OverridePayload, authorId: number): Promise<void> {
    await queryRows(
      manager,
      `UPDATE schedule_overrides SET action = $2, target_lesson_date = $3, new_time_slot_id = $4, new_classroom_id = $5, new_teacher_id = $6,
              new_lesson_format = $7, comment = $8, updated_by = $9, updated_at = now()
        WHERE id = $1`,
      [id, ...changeValues(payload), authorId],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await queryRows(manager, `DELETE FROM schedule_overrides WHERE id = $1`, [id]);
  }
}

function changeValues(payload: OverridePayload): unknown[] {
  return [
    payload.action,
    payload.targetLessonDate,
    payload.newTimeSlotId,
    payload.newClassroomId,
    payload.newTeacherId,
    payload.newLessonFormat,
    payload.comment,
  ];
}
