import { LoadedRule, LoadedSlot } from '../data/schedule-data.types';
import { irregularWeekdays, mayMeet } from './clash-prefilter';

const slot = (fields: Partial<LoadedSlot> = {}): LoadedSlot => ({
  id: 1,
  ruleId: 1,
  dayOfWeek: 2,
  parity: 'BOTH',
  timeSlotId: 10,
  teacherId: 100,
  classroomId: 200,
  lessonTypeId: 1,
  lessonKind: 'LECTURE',
  lessonFormat: 'Очно',
  subgroups: [],
  ...fields,
});

const rule = (groupIds: number[], slots: LoadedSlot[]): LoadedRule => ({
  id: 1,
  versionId: 1,
  semesterId: 1,
  subjectId: 1,
  subjectName: 'Физика',
  status: 'ACTIVE',
  hours: { LECTURE: 4, PRACTICE: 0, LABORATORY: 4 },
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  groupIds,
  slots,
});

const grid = (id: number, applyMode: 'DEFAULT' | 'SATURDAY' | 'MANUAL', slotCount: number) => ({
  id,
  applyMode,
  slots: Array.from({ length: slotCount }, (_, index) => ({ id: id * 10 + index, orderNumber: index + 1, startTime: '08:00:00', endTime: '09:00:00' })),
});

describe('irregularWeekdays', () => {
  it('names Saturday when its grid has pairs and the weekdays of manual dates', () => {
    expect(irregularWeekdays({ base: grid(1, 'DEFAULT', 2), saturday: grid(2, 'SATURDAY', 0), manualByDate: new Map() })).toEqual(new Set());
    const manual = grid(3, 'MANUAL', 1);
    expect(
      irregularWeekdays({ base: grid(1, 'DEFAULT', 2), saturday: grid(2, 'SATURDAY', 1), manualByDate: new Map([['2026-09-11', manual]]) }),
    ).toEqual(new Set([6, 5]));
  });
});

describe('mayMeet', () => {
  const none = new Set<number>();
  const own = rule([1], [slot()]);

  it('keeps rules sharing a teacher, a room or an audience in the same weekly pair', () => {
    expect(mayMeet(own, rule([2], [slot({ classroomId: 201 })]), none)).toBe(true);
    expect(mayMeet(own, rule([2], [slot({ teacherId: 101 })]), none)).toBe(true);
    expect(mayMeet(own, rule([1, 3], [slot({ teacherId: 101, classroomId: 201 })]), none)).toBe(true);
  });

  it('drops rules on other weekdays, in the opposite parity, in other pairs, or sharing nothing', () => {
    expect(mayMeet(own, rule([1], [slot({ dayOfWeek: 3 })]), none)).toBe(false);
    expect(mayMeet(rule([1], [slot({ parity: 'ODD' })]), rule([1], [slot({ parity: 'EVEN' })]), none)).toBe(false);
    expect(mayMeet(rule([1], [slot({ parity: 'ODD' })]), rule([1], [slot({ parity: 'BOTH' })]), none)).toBe(true);
    expect(mayMeet(own, rule([1], [slot({ timeSlotId: 11 })]), none)).toBe(false);
    expect(mayMeet(own, rule([2], [slot({ teacherId: 101, classroomId: 201 })]), none)).toBe(false);
  });

  it('keeps other pairs on weekdays where a non-base grid may make them overlap', () => {
    expect(mayMeet(own, rule([1], [slot({ timeSlotId: 11 })]), new Set([2]))).toBe(true);
  });

  it('lets different subgroups of one group pass, but not a whole group and its subgroup', () => {
    const lab = (subgroupId: number | null, fields: Partial<LoadedSlot> = {}) =>
      rule([1], [slot({ lessonKind: 'LABORATORY', teacherId: 100 + (subgroupId ?? 0), classroomId: 200 + (subgroupId ?? 0), subgroups: subgroupId ? [{ id: subgroupId, groupId: 1 }] : [], ...fields })]);
    expect(mayMeet(lab(5), lab(6), none)).toBe(false);
    expect(mayMeet(lab(5), lab(5), none)).toBe(true);
    expect(mayMeet(lab(null), lab(6), none)).toBe(true);
  });
});
