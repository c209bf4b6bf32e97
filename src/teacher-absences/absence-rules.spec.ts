import { checkAbsencePeriod, checkDecisionShape, Decision } from './absence-rules';

const decision = (fields: Partial<Decision>): Decision => ({
  baseRuleSlotId: 1,
  lessonDate: '2026-09-08',
  resolution: 'CANCEL',
  newTeacherId: null,
  targetLessonDate: null,
  newTimeSlotId: null,
  newClassroomId: null,
  comment: null,
  ...fields,
});

describe('checkAbsencePeriod', () => {
  it('accepts one day and exactly 120 days, refuses 121 days and a reversed period', () => {
    expect(() => checkAbsencePeriod('2026-09-01', '2026-09-01')).not.toThrow();
    expect(() => checkAbsencePeriod('2026-09-01', '2026-12-29')).not.toThrow();
    expect(() => checkAbsencePeriod('2026-09-01', '2026-12-30')).toThrow(/не более 120 дней.*121/);
    expect(() => checkAbsencePeriod('2026-09-02', '2026-09-01')).toThrow(/раньше даты начала/);
  });
});

describe('checkDecisionShape', () => {
  it('requires what each resolution needs', () => {
    expect(() => checkDecisionShape(decision({ resolution: 'REPLACE_TEACHER' }), 2)).toThrow(/Решение 2 \(REPLACE_TEACHER\): укажите newTeacherId/);
    expect(() => checkDecisionShape(decision({ resolution: 'MOVE_TIME', targetLessonDate: '2026-09-20' }), 1)).toThrow(/newTimeSlotId/);
    expect(() => checkDecisionShape(decision({ resolution: 'CHANGE_CLASSROOM' }), 1)).toThrow(/newClassroomId/);
  });

  it('refuses fields a resolution does not use and accepts the documented combinations', () => {
    expect(() => checkDecisionShape(decision({ resolution: 'CANCEL', newTeacherId: 5 }), 1)).toThrow(/не допускает полей newTeacherId/);
    expect(() => checkDecisionShape(decision({ resolution: 'REJECT', newTimeSlotId: 5 }), 1)).toThrow(/newTimeSlotId/);
    expect(() => checkDecisionShape(decision({ resolution: 'REPLACE_TEACHER', newTeacherId: 5, newClassroomId: 3 }), 1)).not.toThrow();
    expect(() => checkDecisionShape(decision({ resolution: 'MOVE_TIME', newTimeSlotId: 2, targetLessonDate: '2026-09-20' }), 1)).not.toThrow();
  });
});
