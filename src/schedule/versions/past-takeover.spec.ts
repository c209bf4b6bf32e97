import { LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { twinSlots } from './past-takeover';

const slot = (id: number, changes: Partial<LoadedSlot> = {}): LoadedSlot => ({
  id,
  ruleId: 1,
  dayOfWeek: 1,
  parity: 'BOTH',
  timeSlotId: 3,
  teacherId: 7,
  classroomId: 9,
  lessonTypeId: 1,
  lessonKind: 'LECTURE',
  lessonFormat: 'Очно',
  subgroups: [],
  activeFrom: null,
  activeTo: null,
  continuesSlotId: null,
  ...changes,
});

const rule = (slots: LoadedSlot[], changes: Partial<LoadedRule> = {}): LoadedRule => ({
  id: 1,
  versionId: 1,
  semesterId: 1,
  subjectId: 5,
  subjectName: 'Физика',
  status: 'ACTIVE',
  hours: { LECTURE: 32, PRACTICE: 0, LABORATORY: 0 },
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  groupIds: [4],
  slots,
  ...changes,
});

describe('twinSlots (a draft rule left as published needs no takeover)', () => {
  const published = rule([slot(10), slot(11, { dayOfWeek: 3, activeTo: '2026-10-01' }), slot(12, { dayOfWeek: 4, activeFrom: '2026-10-02', continuesSlotId: 11 })]);

  it('pairs the slots of an identical copy in id order, continuations included', () => {
    const copy = rule([slot(20), slot(21, { dayOfWeek: 3, activeTo: '2026-10-01' }), slot(22, { dayOfWeek: 4, activeFrom: '2026-10-02', continuesSlotId: 21 })], { id: 2 });
    expect(twinSlots(published, copy)).toEqual(new Map([[10, 20], [11, 21], [12, 22]]));
  });

  it('answers nothing when anything that shapes the lessons differs', () => {
    const same = () => [slot(20), slot(21, { dayOfWeek: 3, activeTo: '2026-10-01' }), slot(22, { dayOfWeek: 4, activeFrom: '2026-10-02', continuesSlotId: 21 })];
    const changed = (index: number, changes: Partial<LoadedSlot>) => same().map((each, at) => (at === index ? { ...each, ...changes } : each));
    for (const slots of [
      changed(0, { lessonFormat: 'Онлайн' }),
      changed(0, { classroomId: 8 }),
      changed(0, { subgroups: [{ id: 3, groupId: 4 }] }),
      changed(1, { activeTo: '2026-10-08' }),
      changed(2, { continuesSlotId: null }),
      same().slice(0, 2),
    ]) {
      expect(twinSlots(published, rule(slots, { id: 2 }))).toBeUndefined();
    }
    expect(twinSlots(published, rule(same(), { id: 2, hours: { LECTURE: 30, PRACTICE: 0, LABORATORY: 0 } }))).toBeUndefined();
    expect(twinSlots(published, rule(same(), { id: 2, startWeeks: { LECTURE: 2, PRACTICE: 1, LABORATORY: 1 } }))).toBeUndefined();
    expect(twinSlots(published, rule(same(), { id: 2, hoursHistory: [{ until: '2026-10-01', hours: { LECTURE: 16, PRACTICE: 0, LABORATORY: 0 } }] }))).toBeUndefined();
  });
});
