import { GeneratedLesson } from './lesson-expansion';
import { actualLessons, applyOverride, OverrideChange, overridesByLesson } from './override-application';
import { LoadedRule, LoadedSlot } from './rule-model';
import { newSlot } from './rule.fixtures';

// Semester from Tuesday 2026-09-01: week 1 is 31 Aug – 6 Sep.
const SEMESTER_START = '2026-09-01';
const slot: LoadedSlot = newSlot({ id: 11, ruleId: 7, timeSlotId: 1 });
const rule = { id: 7, groupIds: [300], slots: [slot] } as unknown as LoadedRule;

function lesson(date: string, fields: Partial<GeneratedLesson> = {}): GeneratedLesson {
  return {
    ruleId: 7,
    slotId: 11,
    lessonKind: 'LECTURE',
    date,
    dayOfWeek: 2,
    weekNumber: 2,
    parity: 'EVEN',
    timeSlotId: 1,
    timeSlotOrder: 1,
    startTime: '08:30:00',
    endTime: '10:00:00',
    lessonTypeAcademicHours: 8,
    consumedLessonTypeAcademicHoursBeforeLesson: 2,
    remainingLessonTypeAcademicHoursAfterLesson: 4,
    rule,
    slot,
    teacherId: 100,
    classroomId: 200,
    audience: [{ groupId: 300, subgroupId: null }],
    ...fields,
  };
}

const change = (fields: Partial<OverrideChange>): OverrideChange => ({
  id: 5,
  action: 'MOVE',
  targetLessonDate: null,
  newTime: null,
  newTeacherId: null,
  newClassroomId: null,
  newLessonFormat: null,
  ...fields,
});
const pair3 = { timeSlotId: 3, orderNumber: 3, startTime: '11:50:00', endTime: '13:20:00' };

describe('applyOverride', () => {
  it('drops a cancelled lesson', () => {
    expect(applyOverride(lesson('2026-09-08'), change({ action: 'CANCEL' }), SEMESTER_START)).toBeUndefined();
  });

  it('moves a lesson to the target date and pair, recomputing day, week and parity, keeping the hours', () => {
    const base = lesson('2026-09-08');
    const moved = applyOverride(base, change({ targetLessonDate: '2026-09-17', newTime: pair3 }), SEMESTER_START);
    expect(moved).toEqual({
      ...base,
      date: '2026-09-17',
      dayOfWeek: 4,
      weekNumber: 3,
      parity: 'ODD',
      timeSlotId: 3,
      timeSlotOrder: 3,
      startTime: '11:50:00',
      endTime: '13:20:00',
      override: { scheduleOverrideId: 5, overrideAction: 'MOVE', originalLessonDate: '2026-09-08' },
    });
  });

  it('replaces teacher, room and format on a copy of the slot, never touching the base lesson', () => {
    const base = lesson('2026-09-08');
    const copy = structuredClone({ date: base.date, slot: base.slot, teacherId: base.teacherId });
    const replaced = applyOverride(base, change({ action: 'REPLACE', newTeacherId: 101, newClassroomId: 201, newLessonFormat: 'Онлайн' }), SEMESTER_START);
    expect(replaced).toMatchObject({ date: '2026-09-08', weekNumber: 2, startTime: '08:30:00', teacherId: 101, classroomId: 201 });
    expect(replaced?.slot).toEqual({ ...slot, lessonFormat: 'Онлайн' });
    expect(replaced?.slot).not.toBe(slot);
    expect({ date: base.date, slot: base.slot, teacherId: base.teacherId }).toEqual(copy);
    expect(base.slot).toBe(slot);
  });
});

describe('actualLessons', () => {
  it('applies each lesson its override across dates, dropping cancelled ones, and returns the same array without overrides', () => {
    const lessons = [lesson('2026-09-01', { weekNumber: 1, parity: 'ODD' }), lesson('2026-09-08'), lesson('2026-09-15', { weekNumber: 3, parity: 'ODD' })];
    expect(actualLessons(lessons, new Map(), SEMESTER_START)).toBe(lessons);
    const overrides = overridesByLesson([
      { ...change({ action: 'CANCEL' }), baseRuleSlotId: 11, lessonDate: '2026-09-01' },
      { ...change({ id: 6, targetLessonDate: '2026-09-17', newTime: pair3 }), baseRuleSlotId: 11, lessonDate: '2026-09-08' },
      { ...change({ id: 7, action: 'REPLACE', newTeacherId: 101 }), baseRuleSlotId: 12, lessonDate: '2026-09-15' },
    ]);
    expect(actualLessons(lessons, overrides, SEMESTER_START).map((item) => [item.date, item.startTime, item.teacherId, item.override?.scheduleOverrideId ?? null])).toEqual([
      ['2026-09-17', '11:50:00', 100, 6],
      ['2026-09-15', '08:30:00', 100, null],
    ]);
  });
});
