import { Injectable } from '@nestjs/common';
import { BadRequestError, ConflictError, ForbiddenError } from '../platform/http/app-error';
import { wallClockNow } from '../platform/http/wall-clock';
import { hasBegun } from '../schedule-engine/bygone';
import { formatDate } from '../schedule-engine/dates';
import { LESSON_SLOT_NOT_FOUND, LessonChanges, LessonScene, LessonSlot, publishedOnly, ScheduleReads } from '../schedule/core';

export const LESSON_ALREADY_BEGUN = 'Занятие уже прошло или идёт сейчас: заявку можно подать только по занятию, которое ещё впереди';
export const TARGET_ALREADY_BEGUN = 'Перенести занятие можно только на время, которое ещё не наступило: выберите дату и пару впереди';

/**
 * A teacher asks about what is still ahead: a request about a lesson that has begun, or one that
 * would move it to a time already past, can never make sense (the office records such changes itself).
 */
export function ensureAhead(lesson: { date: string; startTime: string }, message: string): void {
  if (hasBegun(lesson.date, lesson.startTime, wallClockNow())) throw new BadRequestError(message);
}

export const NOT_OWN_LESSON = 'Заявку можно подать только по своему занятию: в расписании это занятие ведёт другой преподаватель';

/** A lesson a change may be asked for, with what the override checks need. */
export interface RequestableLesson {
  slot: LessonSlot;
  scene: LessonScene;
}

/**
 * Spec 4.15: a request names an existing lesson of the published timetable that has no one-off change
 * yet, and a teacher only one they teach as the actual timetable shows it (a lesson handed to them by
 * an override still has that override, so it is refused either way).
 */
@Injectable()
export class RequestableLessons {
  constructor(
    private readonly data: ScheduleReads,
    private readonly changes: LessonChanges,
  ) {}

  /**
   * The lesson `baseRuleSlotId + lessonDate`: 400 when it is not in the published timetable, 403 when
   * `teacherId` is given and does not teach it, 409 when it already has an override.
   */
  async locate(baseRuleSlotId: number, lessonDate: string, teacherId?: number): Promise<RequestableLesson> {
    const slot = await this.data.lessonSlot(baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    publishedOnly(slot.versionStatus);
    const scene = await this.changes.locate(slot, lessonDate);
    const { record } = await this.changes.currentOf(scene);
    const actualTeacherId = record?.newTeacherId ?? scene.base.teacherId;
    if (teacherId !== undefined && actualTeacherId !== teacherId) throw new ForbiddenError(NOT_OWN_LESSON);
    if (record) {
      throw new ConflictError(
        `У занятия ${formatDate(lessonDate)} уже есть разовое изменение №${record.id}: заявку можно подать только по занятию без изменений`,
      );
    }
    return { slot, scene };
  }
}
