import { BadRequestError } from '../../platform/http/app-error';
import { OverrideWrite } from '../core';
import { OverrideRequest } from './dto/override-request.dto';

/** A request with absent fields as null and a target date equal to the original date dropped. */
export type OverridePayload = OverrideWrite;

export function toPayload(request: OverrideRequest): OverridePayload {
  const target = request.targetLessonDate ?? null;
  return {
    baseRuleSlotId: request.baseRuleSlotId,
    lessonDate: request.lessonDate,
    action: request.action,
    targetLessonDate: target === request.lessonDate ? null : target,
    newTimeSlotId: request.newTimeSlotId ?? null,
    newClassroomId: request.newClassroomId ?? null,
    newTeacherId: request.newTeacherId ?? null,
    newLessonFormat: request.newLessonFormat ?? null,
    comment: request.comment ? request.comment : null,
  };
}

/** The action matrix of spec 4.10 on the body alone (400 with a Russian message). */
export function checkActionMatrix(payload: OverridePayload): void {
  switch (payload.action) {
    case 'CANCEL': {
      const present = [
        ['targetLessonDate', payload.targetLessonDate],
        ['newTimeSlotId', payload.newTimeSlotId],
        ['newClassroomId', payload.newClassroomId],
        ['newTeacherId', payload.newTeacherId],
        ['newLessonFormat', payload.newLessonFormat],
      ].flatMap(([field, value]) => (value === null ? [] : [field]));
      if (present.length > 0) {
        throw new BadRequestError(`Отмена занятия (CANCEL) не меняет дату, пару, преподавателя, аудиторию или формат: уберите ${present.join(', ')}`);
      }
      return;
    }
    case 'MOVE':
      if (payload.newTimeSlotId === null) throw new BadRequestError('Для переноса (MOVE) укажите новую пару (newTimeSlotId)');
      return;
    case 'REPLACE':
      if (payload.targetLessonDate !== null) {
        throw new BadRequestError('Замена (REPLACE) не меняет дату занятия: для переноса на другой день используйте MOVE');
      }
      if (payload.newTimeSlotId !== null) throw new BadRequestError('Замена (REPLACE) не меняет время занятия: для переноса используйте MOVE');
      if (payload.newTeacherId === null && payload.newClassroomId === null && payload.newLessonFormat === null) {
        throw new BadRequestError('Для замены (REPLACE) укажите нового преподавателя, аудиторию или формат занятия');
      }
      return;
  }
}
