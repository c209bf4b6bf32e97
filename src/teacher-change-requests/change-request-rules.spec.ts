import { AppError } from '../platform/http/app-error';
import { ChangeAsked, changeOf, checkRequestShape } from './change-request-rules';

const asked = (fields: Partial<ChangeAsked> & Pick<ChangeAsked, 'requestType'>): ChangeAsked => ({
  targetLessonDate: null,
  requestedTimeSlotId: null,
  requestedClassroomId: null,
  ...fields,
});

function refusal(work: () => void): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('change request shapes', () => {
  it('accepts what each type needs', () => {
    expect(refusal(() => checkRequestShape(asked({ requestType: 'MOVE', requestedTimeSlotId: 3 })))).toBe('accepted');
    expect(refusal(() => checkRequestShape(asked({ requestType: 'MOVE', requestedTimeSlotId: 3, targetLessonDate: '2026-09-10' })))).toBe('accepted');
    expect(refusal(() => checkRequestShape(asked({ requestType: 'CHANGE_CLASSROOM', requestedClassroomId: 2 })))).toBe('accepted');
    expect(refusal(() => checkRequestShape(asked({ requestType: 'CANCEL' })))).toBe('accepted');
  });

  it('refuses a missing required field and fields the type does not take', () => {
    expect(refusal(() => checkRequestShape(asked({ requestType: 'MOVE', targetLessonDate: '2026-09-10' })))).toBe('400 Заявка MOVE: укажите «requestedTimeSlotId»');
    expect(refusal(() => checkRequestShape(asked({ requestType: 'CHANGE_CLASSROOM' })))).toBe('400 Заявка CHANGE_CLASSROOM: укажите «requestedClassroomId»');
    expect(refusal(() => checkRequestShape(asked({ requestType: 'MOVE', requestedTimeSlotId: 3, requestedClassroomId: 2 })))).toBe(
      '400 Заявка MOVE не допускает полей «requestedClassroomId»: уберите их',
    );
    expect(refusal(() => checkRequestShape(asked({ requestType: 'CANCEL', targetLessonDate: '2026-09-10', requestedTimeSlotId: 1 })))).toBe(
      '400 Заявка CANCEL не допускает полей «targetLessonDate», «requestedTimeSlotId»: уберите их',
    );
  });

  it('turns a request into the override change it asks for', () => {
    expect(changeOf(asked({ requestType: 'MOVE', requestedTimeSlotId: 3, targetLessonDate: '2026-09-08' }), '2026-09-08')).toEqual({
      action: 'MOVE',
      targetLessonDate: null,
      newTimeSlotId: 3,
      newTeacherId: null,
      newClassroomId: null,
      newLessonFormat: null,
    });
    expect(changeOf(asked({ requestType: 'MOVE', requestedTimeSlotId: 3, targetLessonDate: '2026-09-10' }), '2026-09-08').targetLessonDate).toBe('2026-09-10');
    expect(changeOf(asked({ requestType: 'CHANGE_CLASSROOM', requestedClassroomId: 2 }), '2026-09-08')).toMatchObject({ action: 'REPLACE', newClassroomId: 2 });
    expect(changeOf(asked({ requestType: 'CANCEL' }), '2026-09-08')).toMatchObject({ action: 'CANCEL', newTimeSlotId: null });
  });
});
