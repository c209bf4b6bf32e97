import { RuleRow, toLoadedRules } from './schedule-data.repository';

/** A slot for the whole semester (no period). */
const OPEN = { activeFrom: null, activeTo: null, continuesSlotId: null };

const row = (id: number, fields: Partial<RuleRow> = {}): RuleRow => ({
  id,
  versionId: 1,
  semesterId: 1,
  subjectId: 5,
  // A new string per row, as the driver answers it.
  subjectName: ['Математический', 'анализ'].join(' '),
  status: 'ACTIVE',
  lectureHours: 36,
  laboratoryHours: 0,
  practiceHours: 18,
  lectureStartWeek: 1,
  laboratoryStartWeek: 1,
  practiceStartWeek: 2,
  groupIds: [10, 11],
  hoursHistory: null,
  slots: [
    { id: id * 10, ruleId: id, dayOfWeek: 1, parity: 'BOTH', timeSlotId: 1, teacherId: 3, classroomId: 4, lessonTypeId: 1, lessonKind: 'LECTURE', lessonFormat: ['Оч', 'но'].join(''), subgroups: [], ...OPEN },
    { id: id * 10 + 1, ruleId: id, dayOfWeek: 2, parity: 'ODD', timeSlotId: 2, teacherId: 3, classroomId: 4, lessonTypeId: 3, lessonKind: 'LABORATORY', lessonFormat: 'Очно', subgroups: [{ id: 7, groupId: 10 }], ...OPEN },
  ],
  ...fields,
});

describe('loaded rules', () => {
  it('share one copy of the values their rows repeat, and answer the same values', () => {
    const [first, second, third] = toLoadedRules([row(1), row(2), row(3, { practiceHours: 20 })]);
    expect(first).toMatchObject({ subjectName: 'Математический анализ', status: 'ACTIVE', hours: { LECTURE: 36, LABORATORY: 0, PRACTICE: 18 }, startWeeks: { LECTURE: 1, LABORATORY: 1, PRACTICE: 2 }, groupIds: [10, 11] });
    expect(second.hours).toBe(first.hours);
    expect(second.startWeeks).toBe(first.startWeeks);
    expect(third.hours).not.toBe(first.hours);
    expect(third.hours).toEqual({ LECTURE: 36, LABORATORY: 0, PRACTICE: 20 });
    expect(second.slots[0].subgroups).toBe(first.slots[0].subgroups);
    expect(second.slots[1].subgroups).toEqual([{ id: 7, groupId: 10 }]);
  });

  it('freeze what they share, so a caller that changes one rule cannot change the others', () => {
    const [first] = toLoadedRules([row(1)]);
    expect(Object.isFrozen(first.hours)).toBe(true);
    expect(() => first.slots[0].subgroups.push({ id: 1, groupId: 10 })).toThrow(TypeError);
  });
});
