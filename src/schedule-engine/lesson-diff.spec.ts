import { DiffableLesson, diffLessons, lessonKey, rulesThatDiffer } from './lesson-diff';
import { LoadedRule, LoadedSlot } from './rule-model';

function lesson(fields: Partial<DiffableLesson> = {}): DiffableLesson {
  return {
    date: '2026-09-01',
    startTime: '08:30:00',
    endTime: '10:00:00',
    subjectId: 1,
    teacherId: 10,
    classroomId: 20,
    lessonTypeId: 1,
    lessonFormat: 'Очно',
    slotDayOfWeek: 2,
    slotParity: 'BOTH',
    groupIds: [30],
    subgroupIds: [],
    seriesKey: 'rule-1|LECTURE',
    ...fields,
  };
}

describe('lessonKey', () => {
  it('ignores the order of groups and subgroups and the series key', () => {
    expect(lessonKey(lesson({ groupIds: [2, 1], subgroupIds: [5, 4], seriesKey: 'a' }))).toBe(
      lessonKey(lesson({ groupIds: [1, 2], subgroupIds: [4, 5], seriesKey: 'b' })),
    );
  });

  it('differs in every field a reader of the timetable sees', () => {
    const changes: Partial<DiffableLesson>[] = [
      { date: '2026-09-08' },
      { startTime: '08:40:00' },
      { endTime: '10:10:00' },
      { subjectId: 2 },
      { teacherId: 11 },
      { classroomId: 21 },
      { lessonTypeId: 2 },
      { lessonFormat: 'Онлайн' },
      { slotParity: 'ODD' },
      { slotDayOfWeek: 3 },
      { groupIds: [30, 31] },
      { subgroupIds: [301] },
    ];
    const keys = new Set([lessonKey(lesson()), ...changes.map((change) => lessonKey(lesson(change)))]);
    expect(keys.size).toBe(changes.length + 1);
  });
});

describe('diffLessons', () => {
  it('answers the lessons only one side has, by date and time, and pairs changes of one series on one date', () => {
    const kept = lesson({ date: '2026-09-01' });
    const oldTeacher = lesson({ date: '2026-09-08' });
    const newTeacher = lesson({ date: '2026-09-08', teacherId: 11 });
    const dropped = lesson({ date: '2026-09-15', seriesKey: 'rule-2|PRACTICE', startTime: '10:10:00', endTime: '11:40:00' });
    const extraLate = lesson({ date: '2026-09-03', seriesKey: 'rule-3|LECTURE', startTime: '14:00:00', endTime: '15:30:00' });
    const extraEarly = lesson({ date: '2026-09-03', seriesKey: 'rule-3|LECTURE', startTime: '08:30:00', endTime: '10:00:00', subjectId: 3 });

    const diff = diffLessons([newTeacher, kept, extraLate, extraEarly], [dropped, kept, oldTeacher]);
    expect(diff).toEqual({ added: [extraEarly, extraLate, newTeacher], removed: [oldTeacher, dropped], changedCount: 1 });
  });

  it('compares as multisets: a lesson present twice needs two matches', () => {
    const twice = lesson();
    expect(diffLessons([twice, { ...twice }], [twice])).toEqual({ added: [twice], removed: [], changedCount: 0 });
  });

  it('finds no difference between equal lessons of different ids', () => {
    expect(diffLessons([lesson({ seriesKey: 'copy' })], [lesson({ seriesKey: 'source' })])).toEqual({ added: [], removed: [], changedCount: 0 });
  });
});

describe('rulesThatDiffer', () => {
  const slot = (fields: Partial<LoadedSlot> = {}): LoadedSlot => ({
    id: 1,
    ruleId: 1,
    dayOfWeek: 1,
    parity: 'BOTH',
    timeSlotId: 3,
    teacherId: 10,
    classroomId: 20,
    lessonTypeId: 1,
    lessonKind: 'LECTURE',
    lessonFormat: 'Очно',
    subgroups: [],
    ...fields,
  });
  const rule = (id: number, versionId: number, fields: Partial<LoadedRule> = {}): LoadedRule => ({
    id,
    versionId,
    semesterId: 1,
    subjectId: 5,
    subjectName: 'Математика',
    status: 'ACTIVE',
    hours: { LECTURE: 36, LABORATORY: 0, PRACTICE: 0 },
    startWeeks: { LECTURE: 1, LABORATORY: 1, PRACTICE: 1 },
    groupIds: [30, 31],
    slots: [slot({ id: id * 10, ruleId: id })],
    ...fields,
  });

  it('drops copied rules (new ids, same content, groups in another order) from both sides', () => {
    const base = [rule(1, 1), rule(2, 1, { subjectId: 6 })];
    const current = [rule(11, 2, { groupIds: [31, 30] }), rule(12, 2, { subjectId: 6 })];
    expect(rulesThatDiffer(current, base)).toEqual({ current: [], base: [] });
  });

  it('keeps a rule whose lessons change, on both sides, and an added or removed one', () => {
    const moved = rule(11, 2, { slots: [slot({ id: 110, ruleId: 11, timeSlotId: 4 })] });
    const { current, base } = rulesThatDiffer([moved, rule(13, 2, { subjectId: 7 })], [rule(1, 1), rule(2, 1, { subjectId: 6 })]);
    expect(current.map((kept) => kept.id)).toEqual([11, 13]);
    expect(base.map((kept) => kept.id).sort()).toEqual([1, 2]);
  });

  it('matches equal rules one to one: a duplicated rule still counts once more', () => {
    const { current, base } = rulesThatDiffer([rule(11, 2), rule(12, 2)], [rule(1, 1)]);
    expect(current).toHaveLength(1);
    expect(base).toHaveLength(0);
  });
});
