import { LoadedRule } from './rule-model';
import { newRule, newSlot } from './rule.fixtures';
import { diffRules, LineageRule, ruleChanges } from './rule-diff';

const slot = newSlot;
const rule = (id: number, fields: Partial<LoadedRule> = {}): LoadedRule =>
  newRule({ id, subjectId: 5, groupIds: [30, 31], slots: [slot({ id: id * 10, ruleId: id })], ...fields });

const entry = (lineageId: number, value: LoadedRule): LineageRule => ({ rule: value, lineageId });

describe('ruleChanges', () => {
  it('ignores ids and the order of groups and slots', () => {
    const a = rule(1, { slots: [slot({ id: 1 }), slot({ id: 2, dayOfWeek: 3 })] });
    const b = rule(9, { groupIds: [31, 30], slots: [slot({ id: 8, dayOfWeek: 3 }), slot({ id: 9 })] });
    expect(ruleChanges(a, b)).toEqual([]);
  });

  it('names every changed field of the rule body', () => {
    const a = rule(1);
    const b = rule(2, {
      subjectId: 6,
      hours: { LECTURE: 6, PRACTICE: 2, LABORATORY: 0 },
      startWeeks: { LECTURE: 2, PRACTICE: 1, LABORATORY: 3 },
      groupIds: [30],
      slots: [slot({ teacherId: 101 })],
    });
    expect(ruleChanges(b, a)).toEqual([
      'subjectId',
      'lectureAcademicHours',
      'practiceAcademicHours',
      'lectureStartWeek',
      'laboratoryStartWeek',
      'groupIds',
      'slots',
    ]);
  });

  it('sees a change of subgroups, format or parity as a change of slots', () => {
    const base = rule(1);
    for (const change of [{ subgroups: [{ id: 5, groupId: 30 }] }, { lessonFormat: 'Онлайн' }, { parity: 'ODD' as const }]) {
      expect(ruleChanges(rule(2, { slots: [slot(change)] }), base)).toEqual(['slots']);
    }
  });
});

describe('diffRules', () => {
  it('matches rules by lineage and answers added, removed and changed ones by id', () => {
    const base = [entry(1, rule(1)), entry(2, rule(2)), entry(3, rule(3))];
    const current = [entry(1, rule(11)), entry(2, rule(12, { hours: { LECTURE: 6, PRACTICE: 0, LABORATORY: 0 } })), entry(14, rule(14))];
    expect(diffRules(current, base)).toEqual({
      added: [current[2]],
      removed: [base[2]],
      changed: [{ rule: current[1], baseRule: base[1], changes: ['lectureAcademicHours'] }],
    });
  });
});
