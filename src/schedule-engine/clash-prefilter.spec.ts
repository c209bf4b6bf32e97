import { OverrideRecord } from './override-application';
import { LoadedRule, LoadedSlot } from './rule-model';
import { newRule, newSlot } from './rule.fixtures';
import { irregularWeekdays, landingSlot, mayMeet, overrideMayMeet, ReachIndex, withLandings } from './clash-prefilter';

const slot = newSlot;
const rule = (groupIds: number[], slots: LoadedSlot[]): LoadedRule => newRule({ groupIds, slots });

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

describe('overrides in the prefilter', () => {
  const none = new Set<number>();
  // 2026-09-01 is a Tuesday (2), 2026-09-04 a Friday (5).
  const override = (fields: Partial<OverrideRecord> = {}): OverrideRecord => ({
    id: 9,
    versionId: 1,
    ruleId: 1,
    baseRuleSlotId: 1,
    lessonDate: '2026-09-01',
    action: 'MOVE',
    targetLessonDate: '2026-09-04',
    newTime: { timeSlotId: 12, orderNumber: 3, startTime: '11:50:00', endTime: '13:20:00' },
    newTeacherId: null,
    newClassroomId: null,
    newLessonFormat: null,
    ...fields,
  });
  // A stored rule on Tuesdays, pair 10, teacher 100, room 200, group 2.
  const stored = rule([2], [slot()]);

  it('places a moved or replaced lesson on its new weekday, pair, teacher and room; a cancel or a lost slot has none', () => {
    expect(landingSlot(stored, override())).toMatchObject({ id: 1, dayOfWeek: 5, parity: 'BOTH', timeSlotId: 12, teacherId: 100, classroomId: 200 });
    expect(landingSlot(stored, override({ action: 'REPLACE', targetLessonDate: null, newTime: null, newTeacherId: 101 }))).toMatchObject({
      dayOfWeek: 2,
      timeSlotId: 10,
      teacherId: 101,
    });
    expect(landingSlot(stored, override({ action: 'CANCEL', targetLessonDate: null, newTime: null }))).toBeUndefined();
    expect(landingSlot(stored, override({ baseRuleSlotId: 2 }))).toBeUndefined();
  });

  it('keeps a rule whose override lands a lesson where the new rule may meet it, though its slots never meet', () => {
    const friday = rule([3], [slot({ dayOfWeek: 5, timeSlotId: 12, classroomId: 201, parity: 'EVEN' })]);
    expect(mayMeet(friday, stored, none)).toBe(false);
    expect(overrideMayMeet(friday, stored, override(), none)).toBe(true);
    expect(overrideMayMeet(friday, stored, override({ newTeacherId: 101 }), none)).toBe(false);
    expect(overrideMayMeet(friday, stored, override({ newTime: { timeSlotId: 11, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' } }), none)).toBe(false);
    expect(overrideMayMeet(friday, stored, override({ newTime: { timeSlotId: 11, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' } }), new Set([5]))).toBe(true);
    // A replacement that gives the new rule's teacher to a lesson at its time.
    const tuesday = rule([3], [slot({ teacherId: 105, classroomId: 205 })]);
    expect(mayMeet(tuesday, stored, none)).toBe(false);
    expect(overrideMayMeet(tuesday, stored, override({ action: 'REPLACE', targetLessonDate: null, newTime: null, newTeacherId: 105 }), none)).toBe(true);
    expect(overrideMayMeet(tuesday, stored, override({ action: 'CANCEL', targetLessonDate: null, newTime: null }), none)).toBe(false);
  });

  it("adds the landing places of a rule's own overrides to its slots", () => {
    expect(withLandings(stored, [])).toBe(stored);
    expect(withLandings(stored, [override({ action: 'CANCEL', targetLessonDate: null, newTime: null })])).toBe(stored);
    const reach = withLandings(stored, [override()]);
    expect(reach.slots.map((item) => [item.dayOfWeek, item.timeSlotId])).toEqual([
      [2, 10],
      [5, 12],
    ]);
    expect(mayMeet(reach, rule([2], [slot({ dayOfWeek: 5, timeSlotId: 12, teacherId: 101, classroomId: 201 })]), none)).toBe(true);
  });
});

describe('ReachIndex', () => {
  /** A small deterministic pseudo-random generator, so the comparison is repeatable. */
  function generator(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % below;
    };
  }

  it('answers exactly as mayMeet and overrideMayMeet, on regular and irregular weekdays', () => {
    const next = generator(7);
    const parities = ['ODD', 'EVEN', 'BOTH'] as const;
    const randomRule = (id: number, slotCount: number): LoadedRule => {
      const groupIds = [...new Set([1 + next(4), 1 + next(4)])];
      const slots = Array.from({ length: slotCount }, (_, index) => {
        const groupId = groupIds[next(groupIds.length)];
        return slot({
          id: id * 100 + index,
          ruleId: id,
          dayOfWeek: 1 + next(6),
          timeSlotId: 10 + next(3),
          parity: parities[next(3)],
          teacherId: 100 + next(5),
          classroomId: 200 + next(5),
          subgroups: next(3) === 0 ? [{ id: groupId * 10 + next(2), groupId }] : [],
        });
      });
      return newRule({ id, groupIds, slots });
    };
    const answers = new Set<boolean>();
    for (const irregular of [new Set<number>(), new Set([6, 3])]) {
      for (let round = 0; round < 25; round++) {
        const reach = randomRule(1, 1 + next(12));
        const index = new ReachIndex(reach, irregular);
        for (let other = 2; other < 30; other++) {
          const stored = randomRule(other, 1 + next(3));
          answers.add(mayMeet(reach, stored, irregular));
          expect(index.meets(stored)).toBe(mayMeet(reach, stored, irregular));
          const override: OverrideRecord = {
            id: other,
            versionId: 1,
            ruleId: other,
            baseRuleSlotId: stored.slots[0].id,
            lessonDate: '2026-09-07',
            action: next(2) === 0 ? 'MOVE' : 'REPLACE',
            targetLessonDate: `2026-09-${String(7 + next(6)).padStart(2, '0')}`,
            newTime: next(2) === 0 ? null : { timeSlotId: 10 + next(3), orderNumber: 1, startTime: '08:00:00', endTime: '09:00:00' },
            newTeacherId: next(2) === 0 ? null : 100 + next(5),
            newClassroomId: next(2) === 0 ? null : 200 + next(5),
            newLessonFormat: null,
          };
          expect(index.overrideMeets(stored, override)).toBe(overrideMayMeet(reach, stored, override, irregular));
        }
      }
    }
    expect(answers).toEqual(new Set([true, false])); // both answers were really compared
  });
});
