import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { date, ID_ROW, int, nullable, oneOf, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { LessonChangedEvent, LessonMoment, Outbox } from '../../platform/outbox/outbox';
import { OVERRIDE_ACTIONS } from '../../schedule-engine/override-application';
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

const STORED_CHANGE = rowShape({
  action: oneOf(...OVERRIDE_ACTIONS),
  targetLessonDate: nullable(date),
  newTimeSlotId: nullable(int),
  newTeacherId: nullable(int),
  newClassroomId: nullable(int),
  newLessonFormat: nullable(text),
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
 * line when two writers race. Each write records a `lesson.changed` event (before and after) in the
 * same transaction, for the notifications.
 */
@Injectable()
export class OverrideWrites {
  constructor(
    private readonly db: TenantDb,
    private readonly changes: LessonChanges,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Checks `write`, a change of the located lesson, by the rules of spec 4.10 (400 or 409 when refused)
   * and stores it: a new override, or in place of `replaces`, the lesson's current one (its checks
   * then leave that override out). Answers the override's id.
   */
  async apply(scene: LessonScene, write: OverrideWrite, authorId: number, replaces?: number): Promise<number> {
    (await this.changes.prepare(scene, [write], replaces ?? 0)).verify(write);
    const before = replaces === undefined ? momentOf(scene) : await this.momentWith(scene, replaces);
    let id = replaces;
    if (id === undefined) id = await this.insert(scene.rule.versionId, write, authorId);
    else await this.update(id, write, authorId);
    await this.outbox.add('lesson.changed', changedEvent(scene, id, replaces === undefined ? 'created' : 'updated', before, applied(momentOf(scene), write)));
    return id;
  }

  /** The override of a lesson, if any. */
  async idOfLesson(slotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW, `SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 AND lesson_date = $2`, [
      slotId,
      lessonDate,
    ]);
    return row?.id;
  }

  private async insert(versionId: number, write: OverrideWrite, authorId: number): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action, target_lesson_date, new_time_slot_id,
                                       new_classroom_id, new_teacher_id, new_lesson_format, comment, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [versionId, write.baseRuleSlotId, write.lessonDate, ...changeValues(write), authorId],
    );
    return row.id;
  }

  /** Replaces what the override does; the lesson it names never changes. */
  private async update(id: number, write: OverrideWrite, authorId: number): Promise<void> {
    await this.db.execute(`UPDATE schedule_overrides SET action = $2, target_lesson_date = $3, new_time_slot_id = $4, new_classroom_id = $5, new_teacher_id = $6,
              new_lesson_format = $7, comment = $8, updated_by = $9, updated_at = now()
        WHERE id = $1`,
      [id, ...changeValues(write), authorId],
    );
  }

  /** Deletes an override; with the lesson's scene (absent when the lesson left the base series) it is reported as changed back. */
  async delete(id: number, scene?: LessonScene): Promise<void> {
    const before = scene && (await this.momentWith(scene, id));
    await this.db.execute(`DELETE FROM schedule_overrides WHERE id = $1`, [id]);
    if (scene) await this.outbox.add('lesson.changed', changedEvent(scene, id, 'deleted', before ?? null, momentOf(scene)));
  }

  /** The lesson as the stored override `id` shows it now. */
  private async momentWith(scene: LessonScene, id: number): Promise<LessonMoment | null> {
    const [row] = await this.db.rows(
      STORED_CHANGE,
      `SELECT action, to_char(target_lesson_date, 'YYYY-MM-DD') AS "targetLessonDate", new_time_slot_id AS "newTimeSlotId", new_teacher_id AS "newTeacherId",
              new_classroom_id AS "newClassroomId", new_lesson_format AS "newLessonFormat"
         FROM schedule_overrides WHERE id = $1`,
      [id],
    );
    return row ? applied(momentOf(scene), row) : momentOf(scene);
  }
}

function momentOf(scene: LessonScene): LessonMoment {
  const { base } = scene;
  return { date: base.date, timeSlotId: base.timeSlotId, teacherId: base.slot.teacherId, classroomId: base.slot.classroomId, format: base.slot.lessonFormat };
}

/** The lesson after `change`; null when it is cancelled. */
function applied(base: LessonMoment, change: LessonChange): LessonMoment | null {
  if (change.action === 'CANCEL') return null;
  return {
    date: change.targetLessonDate ?? base.date,
    timeSlotId: change.newTimeSlotId ?? base.timeSlotId,
    teacherId: change.newTeacherId ?? base.teacherId,
    classroomId: change.newClassroomId ?? base.classroomId,
    format: change.newLessonFormat ?? base.format,
  };
}

function changedEvent(
  scene: LessonScene,
  overrideId: number,
  operation: LessonChangedEvent['operation'],
  before: LessonMoment | null,
  after: LessonMoment | null,
): LessonChangedEvent {
  const { base, rule } = scene;
  return {
    overrideId,
    operation,
    semesterId: scene.semester.id,
    ruleId: rule.id,
    baseRuleSlotId: base.slot.id,
    lessonDate: base.date,
    subjectId: rule.subjectId,
    lessonTypeId: base.slot.lessonTypeId,
    groupIds: rule.groupIds,
    subgroupIds: base.slot.subgroups.map((subgroup) => subgroup.id),
    before,
    after,
  };
}

function changeValues(write: OverrideWrite): unknown[] {
  return [write.action, write.targetLessonDate, write.newTimeSlotId, write.newClassroomId, write.newTeacherId, write.newLessonFormat, write.comment];
}
