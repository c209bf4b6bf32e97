import { LoadedRule, LoadedSlot } from './rule-model';
import { newRule, newSlot } from './rule.fixtures';
import { ruleProblems, VersionFacts } from './rule-problems';

const slot = (fields: Partial<LoadedSlot> = {}): LoadedSlot => newSlot({ ruleId: 7, ...fields });
const rule = (fields: Partial<LoadedRule> = {}): LoadedRule => newRule({ id: 7, slots: [slot()], ...fields });

function facts(changes: Partial<{ [K in keyof VersionFacts]: [number, unknown][] }> = {}): VersionFacts {
  const base = {
    subjects: [[5, { name: 'Физика', archived: false }]],
    groups: [
      [30, { name: 'ИВТ-101', archived: false }],
      [31, { name: 'ИВТ-102', archived: false }],
    ],
    users: [[100, { name: 'Иванов', role: 'TEACHER', active: true }]],
    classrooms: [[200, { name: '101', archived: false }]],
    timeSlots: [[10, { orderNumber: 1, base: true }]],
    subgroups: [
      [301, { name: 'Подгруппа 1', groupId: 30, groupName: 'ИВТ-101' }],
      [302, { name: 'Подгруппа 2', groupId: 30, groupName: 'ИВТ-101' }],
      [311, { name: 'Подгруппа 1', groupId: 31, groupName: 'ИВТ-102' }],
    ],
  } as Record<keyof VersionFacts, [number, unknown][]>;
  return Object.fromEntries(
    Object.entries({ ...base, ...changes }).map(([key, entries]) => [key, new Map(entries)]),
  ) as unknown as VersionFacts;
}

const summary = (problems: ReturnType<typeof ruleProblems>) => problems.map((problem) => [problem.type, problem.message]);

describe('ruleProblems', () => {
  it('finds nothing wrong with a sound rule', () => {
    expect(ruleProblems(rule(), facts(), 17)).toEqual([]);
  });

  it('names archived subjects, groups, teachers and classrooms', () => {
    const problems = ruleProblems(
      rule(),
      facts({
        subjects: [[5, { name: 'Физика', archived: true }]],
        groups: [[30, { name: 'ИВТ-101', archived: true }]],
        users: [[100, { name: 'Иванов', role: 'TEACHER', active: false }]],
        classrooms: [[200, { name: '101', archived: true }]],
      }),
      17,
    );
    expect(summary(problems)).toEqual([
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: дисциплина «Физика» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: группа «ИВТ-101» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: слот 1: преподаватель «Иванов» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: слот 1: аудитория «101» в архиве'],
    ]);
    expect(problems[0].ruleId).toBe(7);
  });

  it('leaves closed periods alone: an ended rule names no archived subject or group, a closed slot no archived teacher or room (issue 53)', () => {
    const archivedAll = facts({
      subjects: [[5, { name: 'Физика', archived: true }]],
      groups: [[30, { name: 'ИВТ-101', archived: true }]],
      users: [[100, { name: 'Иванов', role: 'TEACHER', active: false }]],
      classrooms: [[200, { name: '101', archived: true }]],
    });
    expect(ruleProblems(rule({ slots: [slot({ activeTo: '2026-10-01' })] }), archivedAll, 17)).toEqual([]);
    // A rule still running from its next period: the subject and group count, the closed slot does not.
    const running = rule({ slots: [slot({ activeTo: '2026-10-01' }), slot({ id: 2, activeFrom: '2026-10-02', teacherId: 100, classroomId: 200 })] });
    expect(summary(ruleProblems(running, archivedAll, 17))).toEqual([
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: дисциплина «Физика» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: группа «ИВТ-101» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: слот 2: преподаватель «Иванов» в архиве'],
      ['ARCHIVED_REFERENCE', 'Правило №7 «Физика»: слот 2: аудитория «101» в архиве'],
    ]);
  });

  it('names references that no longer fit: a non-teacher, a pair outside the base grid, foreign and doubled subgroups', () => {
    const lab = slot({
      lessonKind: 'LABORATORY',
      lessonTypeId: 3,
      subgroups: [
        { id: 301, groupId: 30 },
        { id: 302, groupId: 30 },
        { id: 311, groupId: 31 },
      ],
    });
    const problems = ruleProblems(
      rule({ hours: { LECTURE: 0, PRACTICE: 0, LABORATORY: 4 }, slots: [lab, slot({ id: 2, lessonKind: 'LABORATORY', lessonTypeId: 3, timeSlotId: 11 })] }),
      facts({ users: [[100, { name: 'Петров', role: 'DEPARTMENT', active: true }]], timeSlots: [[10, { orderNumber: 1, base: true }], [11, { orderNumber: 2, base: false }]] }),
      17,
    );
    expect(summary(problems)).toEqual([
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 1: пользователь «Петров» не является преподавателем'],
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 1: в одном слоте может быть только одна подгруппа группы «ИВТ-101»'],
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 1: подгруппа «Подгруппа 1» группы «ИВТ-102» не относится к группам правила'],
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 2: пара 2 больше не относится к основной сетке'],
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 2: пользователь «Петров» не является преподавателем'],
    ]);
  });

  it('refuses subgroups on lectures', () => {
    expect(summary(ruleProblems(rule({ slots: [slot({ subgroups: [{ id: 301, groupId: 30 }] })] }), facts(), 17))).toEqual([
      ['INVALID_REFERENCE', 'Правило №7 «Физика»: слот 1: подгруппы указываются только для лабораторных работ'],
    ]);
  });

  it('checks hours against slots and start weeks against the semester', () => {
    const problems = ruleProblems(
      rule({ hours: { LECTURE: 0, PRACTICE: 4, LABORATORY: 0 }, startWeeks: { LECTURE: 1, PRACTICE: 20, LABORATORY: 1 } }),
      facts(),
      17,
    );
    expect(summary(problems)).toEqual([
      ['HOURS', 'Правило №7 «Физика»: для лекций есть слоты, но не указаны часы'],
      ['HOURS', 'Правило №7 «Физика»: для практик указано 4 ч, но нет ни одного слота этого вида'],
      ['HOURS', 'Правило №7 «Физика»: неделя начала практик (20) больше числа недель семестра (17)'],
    ]);
  });
});
