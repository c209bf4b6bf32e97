import { firstOwnClash } from '../../schedule-engine/conflicts';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { describeMoment } from '../core';
import { CheckedRule, findDuplicateSlot, ownClashError, ruleConflictError } from './rule-conflicts';
import { PayloadSlot } from './rule-payload';

const payloadSlot = (position: number, fields: Partial<PayloadSlot> = {}): PayloadSlot => ({
  position,
  dayOfWeek: 2,
  parity: 'BOTH',
  timeSlotId: 1,
  teacherId: 10,
  classroomId: 20,
  lessonTypeId: 1,
  lessonFormat: 'Очно',
  subgroupIds: [],
  ...fields,
});

function lesson(slotId: number, date: string, startTime: string, endTime: string, fields: Partial<GeneratedLesson> = {}): GeneratedLesson {
  return {
    ruleId: 0,
    slotId,
    lessonKind: 'LECTURE',
    date,
    dayOfWeek: 2,
    weekNumber: 1,
    parity: 'ODD',
    timeSlotId: 1,
    timeSlotOrder: 1,
    startTime,
    endTime,
    lessonTypeAcademicHours: 4,
    consumedLessonTypeAcademicHoursBeforeLesson: 0,
    remainingLessonTypeAcademicHoursAfterLesson: 2,
    teacherId: 10 + slotId,
    classroomId: 20 + slotId,
    audience: [{ groupId: 1, subgroupId: null }],
    rule: {} as LoadedRule,
    slot: {} as LoadedSlot,
    ...fields,
  };
}

describe('rule conflicts', () => {
  it('finds the first exact repeat of a slot; the lesson format does not make it different', () => {
    expect(findDuplicateSlot([payloadSlot(1), payloadSlot(2, { dayOfWeek: 3 })])).toBeUndefined();
    expect(findDuplicateSlot([payloadSlot(1, { subgroupIds: [1] }), payloadSlot(2, { subgroupIds: [2] })])).toBeUndefined();
    const found = findDuplicateSlot([payloadSlot(1), payloadSlot(2, { dayOfWeek: 3 }), payloadSlot(3, { lessonFormat: 'Онлайн' })]);
    expect(found && [found.first.position, found.repeat.position]).toEqual([1, 3]);
  });

  it('finds the earliest clash among the rule\'s own lessons, never between a slot and itself; adjacent pairs do not clash', () => {
    const lessons = [
      lesson(1, '2026-09-01', '08:30:00', '10:00:00'),
      lesson(2, '2026-09-01', '10:00:00', '11:30:00'),
      lesson(1, '2026-09-08', '08:30:00', '10:00:00'),
      lesson(3, '2026-09-08', '09:00:00', '10:30:00'),
    ];
    const clash = firstOwnClash(lessons);
    expect(clash && [clash.candidate.slotId, clash.existing.slotId, clash.fields]).toEqual([1, 3, ['group']]);
    expect(firstOwnClash(lessons.slice(0, 3))).toBeUndefined();
  });

  it('writes the moment and the 409 body in the spec\'s shape', () => {
    expect(describeMoment({ date: '2026-09-01', dayOfWeek: 2, startTime: '08:30:00', endTime: '10:00:00' })).toBe('01.09.2026 (вторник), 08:30–10:00');
    const error = ruleConflictError('Конфликт', ['teacher', 'group']);
    expect(error.status).toBe(409);
    expect(error.body).toEqual({
      message: 'Конфликт',
      conflictFields: ['teacher', 'group'],
      conflictReasons: ['Преподаватель уже занят в это время', 'У группы уже есть занятие в это время'],
    });
    const clash = { candidate: lesson(4, '2026-09-01', '08:30:00', '10:00:00'), existing: lesson(2, '2026-09-01', '08:30:00', '10:00:00'), fields: ['group' as const] };
    const slots = [1, 2, 3, 4].map((id) => ({ id, dayOfWeek: 2, parity: 'BOTH', timeSlotId: 1 }) as LoadedSlot);
    const week3 = { weekNumber: 3, date: '2026-09-15' };
    const lessons = [clash.existing, clash.candidate, lesson(2, week3.date, '08:30:00', '10:00:00', week3), lesson(4, week3.date, '08:30:00', '10:00:00', week3)];
    const own = ownClashError(clash, new CheckedRule({ slots } as LoadedRule, lessons));
    expect(own.message).toBe('Слоты 2 и 4 этого правила пересекаются 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время');
    // As data: the error is at the later slot of the body and names the earlier one with the weeks they meet in.
    expect(own.field).toBe('slots[3]');
    expect(own.body?.conflictSlot).toEqual({ ruleId: null, slotId: 2, slotIndex: 1, dayOfWeek: 2, timeSlotId: 1, parity: 'BOTH', date: '2026-09-01', pairNumber: 1, weeks: [1, 3] });
  });
});
