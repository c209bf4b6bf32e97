import { AppError } from '../../platform/http/app-error';
import { OverrideRequest } from './dto/override-request.dto';
import { checkActionMatrix, toPayload } from './override-payload';

const lesson = { baseRuleSlotId: 1, lessonDate: '2026-09-08' };
const refusal = (request: Partial<OverrideRequest>): string | undefined => {
  try {
    checkActionMatrix(toPayload({ ...lesson, ...request } as OverrideRequest));
    return undefined;
  } catch (error) {
    return error instanceof AppError && error.status === 400 ? error.message : String(error);
  }
};

describe('the action matrix (spec 4.10)', () => {
  it('CANCEL takes no new date or value; a target equal to the lesson date is no date', () => {
    expect(refusal({ action: 'CANCEL' })).toBeUndefined();
    expect(refusal({ action: 'CANCEL', targetLessonDate: '2026-09-08', comment: '' })).toBeUndefined();
    expect(refusal({ action: 'CANCEL', targetLessonDate: '2026-09-09', newTeacherId: 3 })).toBe(
      'Отмена занятия (CANCEL) не меняет дату, пару, преподавателя, аудиторию или формат: уберите targetLessonDate, newTeacherId',
    );
  });

  it('MOVE needs a new pair', () => {
    expect(refusal({ action: 'MOVE', targetLessonDate: '2026-09-10' })).toBe('Для переноса (MOVE) укажите новую пару (newTimeSlotId)');
    expect(refusal({ action: 'MOVE', newTimeSlotId: 4, newTeacherId: 3, newClassroomId: 2, newLessonFormat: 'Онлайн' })).toBeUndefined();
  });

  it('REPLACE changes neither date nor pair and needs a teacher, room or format', () => {
    expect(refusal({ action: 'REPLACE', newLessonFormat: 'Онлайн', targetLessonDate: '2026-09-08' })).toBeUndefined();
    expect(refusal({ action: 'REPLACE', newLessonFormat: 'Онлайн', targetLessonDate: '2026-09-09' })).toMatch(/не меняет дату/);
    expect(refusal({ action: 'REPLACE', newTeacherId: 3, newTimeSlotId: 4 })).toMatch(/не меняет время/);
    expect(refusal({ action: 'REPLACE', newTeacherId: null })).toBe('Для замены (REPLACE) укажите нового преподавателя, аудиторию или формат занятия');
  });
});
