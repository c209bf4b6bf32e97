import { LoadedRule, LoadedSemester, LoadedSlot } from '../../schedule-engine/rule-model';
import { PayloadSlot, RulePayload } from './rule-payload';
import { planPeriods } from './rule-periods';

const SEMESTER = { id: 1, startDate: '2026-09-01', endDate: '2026-12-31' } as LoadedSemester;
const HOURS = { LECTURE: 32, PRACTICE: 0, LABORATORY: 0 };

const slot = (id: number, dayOfWeek: number, period: Partial<LoadedSlot> = {}): LoadedSlot => ({
  id,
  ruleId: 1,
  dayOfWeek,
  parity: 'BOTH',
  timeSlotId: 1,
  teacherId: 5,
  classroomId: 6,
  lessonTypeId: 1,
  lessonKind: 'LECTURE',
  lessonFormat: 'Очно',
  subgroups: [],
  ...period,
});

const rule = (slots: LoadedSlot[], extra: Partial<LoadedRule> = {}): LoadedRule => ({
  id: 1,
  versionId: 1,
  semesterId: 1,
  subjectId: 2,
  subjectName: 'Физика',
  status: 'ACTIVE',
  hours: HOURS,
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  groupIds: [3],
  slots,
  ...extra,
});

const body = (slots: Partial<PayloadSlot>[], hours = HOURS): RulePayload => ({
  versionId: 1,
  semesterId: 1,
  subjectId: 2,
  hours,
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  groupIds: [3],
  slots: slots.map((fields, index) => ({
    position: index + 1,
    dayOfWeek: 1,
    parity: 'BOTH',
    timeSlotId: 1,
    teacherId: 5,
    classroomId: 6,
    lessonTypeId: 1,
    lessonFormat: 'Очно',
    subgroupIds: [],
    ...fields,
  })),
});

describe('planPeriods: a rule changed from a date', () => {
  it('from the semester’s first day is the whole-semester update: rewrite, add, remove, nothing dated', () => {
    const plan = planPeriods(rule([slot(1, 1), slot(2, 3)]), body([{ id: 1, dayOfWeek: 2 }, {}]), '2026-09-01', SEMESTER);
    expect(plan).toMatchObject({ dated: false, history: [], close: [], runOn: [], successors: [], removed: [2], hoursHistory: null });
    expect(plan.rewrite.map((item) => item.id)).toEqual([1]);
    expect(plan.added).toHaveLength(1);
  });

  it('from a later date: an unchanged slot runs on, a changed one is closed and continued, a missing one is closed, history stays', () => {
    const stored = rule([slot(1, 1), slot(2, 3), slot(3, 4), slot(4, 5, { activeTo: '2026-09-30' })]);
    const plan = planPeriods(stored, body([{ id: 1 }, { id: 2, teacherId: 9 }]), '2026-10-02', SEMESTER);
    expect(plan.dated).toBe(true);
    expect(plan.until).toBe('2026-10-01');
    expect(plan.runOn.map((item) => item.slot.id)).toEqual([1]);
    expect(plan.successors.map((item) => item.continues)).toEqual([2]);
    expect(plan.close.map((item) => item.id)).toEqual([2, 3]);
    expect(plan.history.map((item) => item.id)).toEqual([4]);
    expect(plan.removed).toEqual([]);
  });

  it('replaces whatever was made earlier for a later date: a future period not named is removed', () => {
    const stored = rule([slot(1, 1, { activeTo: '2026-10-31' }), slot(2, 4, { activeFrom: '2026-11-01', continuesSlotId: 1 })]);
    const plan = planPeriods(stored, body([{ id: 1, dayOfWeek: 3 }]), '2026-10-02', SEMESTER);
    expect(plan.successors.map((item) => item.continues)).toEqual([1]);
    expect(plan.removed).toEqual([2]);
  });

  it('follows a slot closed meanwhile to the row that continues it', () => {
    const stored = rule([slot(1, 1, { activeTo: '2026-10-01' }), slot(2, 3, { activeFrom: '2026-10-02', continuesSlotId: 1 })]);
    const plan = planPeriods(stored, body([{ id: 1, dayOfWeek: 4 }]), '2026-11-02', SEMESTER);
    expect(plan.successors).toEqual([expect.objectContaining({ continues: 2 })]);
    expect(plan.history.map((item) => item.id)).toEqual([1]);
  });

  it('keeps the hour totals in force before a change of hours, and none when they do not change', () => {
    const stored = rule([slot(1, 1)]);
    expect(planPeriods(stored, body([{ id: 1 }], { ...HOURS, LECTURE: 40 }), '2026-10-02', SEMESTER).hoursHistory).toEqual([{ until: '2026-10-01', hours: HOURS }]);
    expect(planPeriods(stored, body([{ id: 1 }]), '2026-10-02', SEMESTER).hoursHistory).toBeNull();
  });
});
