import { DEFAULT_SOLVER_RULES, QualityFacts, TeacherWish } from '../../schedule-engine/quality';
import { buildProblem, placementFromSolver, ProblemInput, RuleInput, SlotInput } from './problem-builder';
import { unplacedReport } from './unplaced-report';

const PAIRS = [
  { id: 11, orderNumber: 1 },
  { id: 12, orderNumber: 2 },
  { id: 13, orderNumber: 3 },
];
const ROOMS = [
  { id: 101, capacity: 30 },
  { id: 102, capacity: 100 },
];

function facts(wishes: TeacherWish[] = []): QualityFacts {
  return {
    classrooms: new Map(ROOMS.map((room) => [room.id, { name: `Ауд. ${room.id}`, capacity: room.capacity }])),
    groups: new Map([
      [1, { name: 'ИВТ-1', size: 24 }],
      [2, { name: 'ИВТ-2', size: 20 }],
    ]),
    subgroups: new Map([
      [5, { name: 'ИВТ-1/1', size: 12 }],
      [6, { name: 'ИВТ-1/2', size: 12 }],
    ]),
    teachers: new Map([
      [7, { name: 'Иванов' }],
      [8, { name: 'Петров' }],
    ]),
    wishes,
  };
}

function slot(id: number, fields: Partial<SlotInput> = {}): SlotInput {
  return { id, dayOfWeek: 2, timeSlotId: 11, classroomId: 101, parity: 'BOTH', teacherId: 7, lessonKind: 'LECTURE', subgroups: [], ...fields };
}

function rule(id: number, groupIds: number[], slots: SlotInput[]): RuleInput {
  const hours = { LECTURE: 36, LABORATORY: 0, PRACTICE: 0 };
  return { id, versionId: 1, semesterId: 1, subjectId: id, subjectName: `Дисциплина ${id}`, status: 'ACTIVE', hours, startWeeks: { LECTURE: 1, LABORATORY: 1, PRACTICE: 1 }, groupIds, slots };
}

const input = (rules: RuleInput[], extra: Partial<ProblemInput> = {}): ProblemInput => ({
  mode: 'GENERATE',
  rules,
  basePairs: PAIRS,
  rooms: ROOMS,
  facts: facts(),
  lockedRuleIds: new Set(),
  ...extra,
});

describe('the service adapter to the solver (issue 43)', () => {
  it('makes one event per slot on Monday..Saturday × the base pairs, with weeks from parity and the audience as students', () => {
    const built = buildProblem(input([rule(1, [1, 2], [slot(21), slot(22, { parity: 'ODD', dayOfWeek: 3, timeSlotId: 13, classroomId: 102 })])]));
    expect(built.problem).toMatchObject({ days: 6, periodsPerDay: 3, roomCapacities: [30, 100] });
    expect(built.problem.events).toHaveLength(2);
    const [first, second] = built.problem.events;
    expect(first).toMatchObject({ weeks: 3, students: 44, initial: { cell: 3, room: 0 }, fixed: false, allowedCells: null, cellCost: null });
    expect(second).toMatchObject({ weeks: 1, initial: { cell: 2 * 3 + 2, room: 1 } });
    expect(placementFromSolver(8, 1, PAIRS, built.roomIds)).toEqual({ dayOfWeek: 3, timeSlotId: 13, classroomId: 102 });
    expect(placementFromSolver(-1, -1, PAIRS, built.roomIds)).toBeNull();
  });

  it('lets a whole-group lesson hold every subgroup the version names, while two subgroups stay apart', () => {
    const built = buildProblem(
      input([
        rule(1, [1], [slot(21)]),
        rule(2, [1], [slot(22, { subgroups: [{ id: 5, groupId: 1 }], teacherId: 8 }), slot(23, { subgroups: [{ id: 6, groupId: 1 }], teacherId: 8, timeSlotId: 12 })]),
      ]),
    );
    const held = built.problem.events.map((event) => new Set(event.resources.map((index) => `${built.resources[index].kind}:${built.resources[index].id}`)));
    expect(held[0]).toEqual(new Set(['teacher:7', 'group:1', 'subgroup:5', 'subgroup:6']));
    expect(held[1]).toEqual(new Set(['teacher:8', 'subgroup:5']));
    expect(held[2]).toEqual(new Set(['teacher:8', 'subgroup:6']));
    expect(built.problem.events[1].students).toBe(12);
  });

  it('weighs a group\'s day through its subgroups as the report does: each sees the whole-group lessons and its own at 1/n of the group\'s weights', () => {
    const built = buildProblem(
      input([
        rule(1, [1, 2], [slot(21)]),
        rule(2, [1], [slot(22, { subgroups: [{ id: 5, groupId: 1 }], teacherId: 8 }), slot(23, { subgroups: [{ id: 6, groupId: 1 }], teacherId: 8, timeSlotId: 12 })]),
      ]),
    );
    const weightsOf = (kind: string, id: number) => built.problem.resources[built.resources.findIndex((r) => r.kind === kind && r.id === id)];
    // Two subgroups: every weight doubled so that half a group's weight stays whole.
    expect(built.costScale).toBe(2);
    expect(weightsOf('group', 1)).toMatchObject({ gapWeight: 0, overloadWeight: 0 });
    expect(weightsOf('subgroup', 5)).toMatchObject({ gapWeight: 3, overloadWeight: 4 });
    expect(weightsOf('group', 2)).toMatchObject({ gapWeight: 6, overloadWeight: 8 });
    expect(weightsOf('teacher', 7)).toMatchObject({ gapWeight: 4 });
    expect(built.problem.weights.capacityPerLesson).toBe(20);
  });

  it("limits a group's day to its even share of the week plus one, per parity, as the report's uneven weeks do", () => {
    // Group 2: seven weekly lessons and two odd-week ones on Tuesdays and Wednesdays (two study days).
    // Odd weeks 9 pairs: share ceil(9 / 2) = 5, limit 6; even weeks 7: share 4, limit 5.
    const weekly = Array.from({ length: 7 }, (_, k) => slot(40 + k, { dayOfWeek: 2 + (k % 2), timeSlotId: PAIRS[k % 3].id }));
    const odd = [slot(50, { parity: 'ODD', dayOfWeek: 3, timeSlotId: 13 }), slot(51, { parity: 'ODD', dayOfWeek: 2, timeSlotId: 13 })];
    const built = buildProblem(input([rule(3, [2], [...weekly, ...odd])]));
    const group = built.problem.resources[built.resources.findIndex((r) => r.kind === 'group' && r.id === 2)];
    expect(group).toMatchObject({ evenDayLimits: [6, 5], unevenWeight: 1 });
    const teacher = built.problem.resources[built.resources.findIndex((r) => r.kind === 'teacher')];
    expect(teacher.unevenWeight).toBeUndefined();
  });

  it('keeps a lesson that needs equipment to the rooms that have it; none: it needs a room no one can give', () => {
    const lab = (id: number, fields: Partial<SlotInput> = {}) => slot(id, { lessonKind: 'LABORATORY', lessonTypeId: 3, lessonFormat: 'Очно', ...fields });
    const requirements = new Map([[1, new Map([[3, [{ id: 9, name: 'Осциллограф' }]]])]]);
    const equipped = buildProblem(input([rule(1, [1], [lab(21), lab(22, { lessonFormat: 'Онлайн' }), slot(23)])], { equipment: { requirements, roomEquipment: new Map([[102, [9]]]) } }));
    const [needsLab, online, lecture] = equipped.problem.events;
    expect(needsLab).toMatchObject({ rooms: [1], needsRoom: true });
    expect(online.rooms).toBeNull();
    expect(lecture.rooms).toBeNull();
    const nowhere = buildProblem(input([rule(1, [1], [lab(21)])], { equipment: { requirements, roomEquipment: new Map() } }));
    expect(nowhere.problem.events[0]).toMatchObject({ rooms: [], needsRoom: true });
  });

  it('closes a teacher\'s approved hard unavailability and prices unwanted pairs at the report\'s soft-wish weight', () => {
    const wishes: TeacherWish[] = [
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: 1, pairOrder: 2, date: null },
      { teacherId: 7, type: 'SOFT_UNWANTED', dayOfWeek: 2, pairOrder: 3, date: null },
      // One date, with no semester's dates given: left to the schedule's own checks.
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-01' },
    ];
    const [event] = buildProblem(input([rule(1, [1], [slot(21)])], { facts: facts(wishes) })).problem.events;
    expect(Array.from(event.allowedCells ?? []).flatMap((open, cell) => (open ? [] : [cell]))).toEqual([1]);
    expect(Array.from(event.cellCost ?? []).flatMap((cost, cell) => (cost ? [[cell, cost]] : []))).toEqual([[5, 3]]);
  });

  it('from a date (issue 53): a period ended before it is no event, a one-date unavailability before it closes nothing; a locked rule stays fixed (issue 54)', () => {
    const wishes: TeacherWish[] = [
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-01' },
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-10-17' },
    ];
    const given = slot(21, { activeTo: '2026-10-04' });
    const continued = slot(22, { activeFrom: '2026-10-05', dayOfWeek: 3 });
    const semester = { startDate: '2026-09-01', endDate: '2026-12-31' };
    const built = buildProblem(input([rule(1, [1], [given, continued]), rule(2, [2], [slot(31, { teacherId: 8 })])], { facts: facts(wishes), semester, fromDate: '2026-10-05', lockedRuleIds: new Set([2]) }));
    expect(built.origins.map(({ slot: origin }) => origin.id)).toEqual([22, 31]);
    expect(built.problem.events.map((event) => event.fixed)).toEqual([false, true]);
    const closed = Array.from(built.problem.events[0].allowedCells ?? []).flatMap((open, cell) => (open ? [] : [cell]));
    // 17 October is a Saturday of week 7 (odd): only Saturday's pairs close, not Tuesday's of 1 September.
    expect(closed).toEqual([15, 16, 17]);
  });

  it('closes a one-date hard unavailability on its weekday for the lessons of that week\'s parity only', () => {
    // The semester starts on Tuesday 1 September 2026: week 1 (odd) holds the 1st, week 2 (even) the 12th.
    const wishes: TeacherWish[] = [
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-01' },
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-12' },
      // A Sunday and a date outside the semester close nothing.
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-06' },
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2027-03-02' },
    ];
    const slots = [slot(21, { parity: 'ODD' }), slot(22, { parity: 'EVEN' }), slot(23), slot(24, { teacherId: 8 })];
    const semester = { startDate: '2026-09-01', endDate: '2026-12-31' };
    const events = buildProblem(input([rule(1, [1], slots)], { facts: facts(wishes), semester })).problem.events;
    const closed = (cells: Uint8Array | null) => (cells === null ? null : Array.from(cells).flatMap((open, cell) => (open ? [] : [cell])));
    // Three pairs a day: Tuesday is cells 3..5, Saturday 15..17.
    expect(events.map((event) => closed(event.allowedCells))).toEqual([[3, 4, 5], [15, 16, 17], [3, 4, 5, 15, 16, 17], null]);
    // Without the semester's dates nothing is known of the weeks: only the schedule's own checks apply.
    expect(buildProblem(input([rule(1, [1], slots)], { facts: facts(wishes) })).problem.events.map((event) => event.allowedCells)).toEqual([null, null, null, null]);
  });

  it('fixes locked rules in place, lists a locked slot without a place apart, and prices moves only in REPAIR', () => {
    const rules = [rule(1, [1], [slot(21)]), rule(2, [2], [slot(22, { dayOfWeek: null, timeSlotId: null, classroomId: null })])];
    const locked = buildProblem(input(rules, { lockedRuleIds: new Set([1, 2]) }));
    expect(locked.problem.events).toHaveLength(1);
    expect(locked.problem.events[0].fixed).toBe(true);
    expect(locked.lockedUnplaced.map((item) => item.slot.id)).toEqual([22]);
    expect(buildProblem(input(rules)).problem.events[1].initial).toBeNull();
    expect(buildProblem(input(rules)).problem.weights.movedWeight).toBe(0);
    expect(buildProblem(input(rules, { mode: 'REPAIR' })).problem.weights.movedWeight).toBe(DEFAULT_SOLVER_RULES.movedLesson);

    const report = unplacedReport({ built: locked, facts: facts(), reasons: [], refusedEvents: [], copies: new Map([[22, { slotId: 99, ruleId: 9 }]]) });
    expect(report.slots).toEqual([
      {
        ruleId: 2,
        slotId: 22,
        resultRuleId: 9,
        resultSlotId: 99,
        label: '№9 (в исходной версии №2) «Дисциплина 2», лекция',
        headline: expect.stringContaining('Сначала: правило закреплено'),
        reasons: [expect.objectContaining({ code: 'LOCKED' })],
        moreReasons: 0,
      },
    ]);
  });

  it('explains an unplaced slot in Russian: who holds its teacher or group and with which rule, largest first, and the top blockers', () => {
    const built = buildProblem(input([rule(1, [1], [slot(21)]), rule(2, [1], [slot(22, { teacherId: 8 })])]));
    const teacher = built.resources.findIndex((item) => item.kind === 'teacher' && item.id === 7);
    const group = built.resources.findIndex((item) => item.kind === 'group' && item.id === 1);
    const report = unplacedReport({
      built,
      facts: facts(),
      reasons: [{ event: 1, resourceBusy: [{ resource: group, byEvent: 0, cells: 4 }, { resource: teacher, byEvent: 0, cells: 1 }], roomBusy: 2, noRoom: false, unavailable: 3 }],
      refusedEvents: [],
      copies: new Map(),
    });
    expect(report.slots[0].reasons.map((reason) => [reason.code, reason.text, reason.cells])).toEqual([
      ['GROUP_BUSY', 'Группа «ИВТ-1» занята: правило №1 «Дисциплина 1»', 4],
      ['UNAVAILABLE', 'Преподаватель «Петров» недоступен (утверждённое ограничение)', 3],
      ['ROOM_BUSY', 'Все подходящие аудитории на 24 места заняты', 2],
      ['TEACHER_BUSY', 'Преподаватель «Иванов» занят: правило №1 «Дисциплина 1»', 1],
    ]);
    expect(report.topBlockers).toHaveLength(4);
    expect(report.topBlockers.every((blocker) => blocker.slots === 1)).toBe(true);
    expect(report.slots[0].headline).toBe('Сначала: группа «ИВТ-1» занята: правило №1 «Дисциплина 1»');
    expect(report.headline).toBe('Сначала: группа «ИВТ-1» занята: правило №1 «Дисциплина 1» — это первое препятствие у 1 из 1 неразмещённых занятий');
  });

  it('merges one blocker met through several resources, names a locked one and the result rule, and keeps ten lines with «и ещё N» (issue 54 §2)', () => {
    const rules = [rule(1, [1], [slot(21, { subgroups: [{ id: 5, groupId: 1 }] })]), rule(2, [1], [slot(22, { teacherId: 8 })])];
    for (let id = 3; id <= 14; id++) rules.push(rule(id, [2], [slot(20 + id, { teacherId: 7, dayOfWeek: 1 + (id % 6) })]));
    const built = buildProblem(input(rules, { lockedRuleIds: new Set([1]) }));
    const at = (kind: string, id: number) => built.resources.findIndex((item) => item.kind === kind && item.id === id);
    const event = built.origins.findIndex((origin) => origin.rule.id === 2);
    const others = built.origins.map((origin, index) => ({ origin, index })).filter(({ origin }) => origin.rule.id >= 3);
    const report = unplacedReport({
      built,
      facts: facts(),
      reasons: [
        {
          event,
          resourceBusy: [
            { resource: at('group', 1), byEvent: 0, cells: 3 },
            { resource: at('subgroup', 5), byEvent: 0, cells: 3 },
            ...others.map(({ index }, n) => ({ resource: at('teacher', 7), byEvent: index, cells: 1 + (n % 2) })),
          ],
          roomBusy: 0,
          noRoom: false,
          unavailable: 0,
        },
      ],
      refusedEvents: [],
      copies: new Map([[22, { slotId: 122, ruleId: 1002 }], [21, { slotId: 121, ruleId: 1001 }]]),
    });
    const [entry] = report.slots;
    expect(entry.label).toBe('№1002 (в исходной версии №2) «Дисциплина 2», лекция');
    // The locked rule holds the group and its subgroup: one line, its cells summed, first.
    expect(entry.reasons[0]).toMatchObject({ code: 'LOCKED_BLOCKER', cells: 3, blockingRuleId: 1, blockingResultRuleId: 1001 });
    expect(entry.reasons.filter((reason) => reason.blockingRuleId === 1)).toHaveLength(2);
    expect(entry.reasons[0].text).toBe('Группа «ИВТ-1» занята: закреплённое правило №1001 (в исходной версии №1) «Дисциплина 1» — снимите закрепление или перенесите его');
    expect(entry.reasons).toHaveLength(10);
    expect(entry.moreReasons).toBe(2 + 12 - 10);
    expect(entry.reasons.map((reason) => reason.cells)).toEqual([...entry.reasons.map((reason) => reason.cells)].sort((a, b) => b - a));
  });

  it('says which need no room meets: the seats (hard by default) or the equipment, by name (issue 54 §3)', () => {
    const requirements = new Map([[1, new Map([[3, [{ id: 40, name: 'Осциллограф' }]]])]]);
    const big = buildProblem(input([rule(1, [1, 2], [slot(21)])], { facts: { ...facts(), groups: new Map([[1, { name: 'ИВТ-1', size: 120 }], [2, { name: 'ИВТ-2', size: 70 }]]) } }));
    expect(big.problem.events[0]).toMatchObject({ rooms: [], needsRoom: true, students: 190 });
    const seats = unplacedReport({ built: big, facts: facts(), reasons: [{ event: 0, resourceBusy: [], roomBusy: 0, noRoom: true, unavailable: 0 }], refusedEvents: [], copies: new Map() });
    expect(seats.slots[0].reasons[0]).toMatchObject({ code: 'NO_ROOM_SEATS' });
    expect(seats.slots[0].reasons[0].text).toContain('Нет аудитории на 190 мест (самая большая — 100)');
    // Soft seats: every room is open to it again, at the report's penalty.
    const soft = buildProblem(input([rule(1, [1, 2], [slot(21)])], { facts: { ...facts(), groups: new Map([[1, { name: 'ИВТ-1', size: 120 }], [2, { name: 'ИВТ-2', size: 70 }]]), solverRules: { ...DEFAULT_SOLVER_RULES, roomTooSmallHard: false } } }));
    expect(soft.problem.events[0].rooms).toBeNull();
    const lab = buildProblem(input([rule(1, [1], [slot(21, { lessonTypeId: 3, lessonFormat: 'Очно' })])], { equipment: { requirements, roomEquipment: new Map() } }));
    const kit = unplacedReport({ built: lab, facts: facts(), reasons: [{ event: 0, resourceBusy: [], roomBusy: 0, noRoom: true, unavailable: 0 }], refusedEvents: [], copies: new Map() });
    expect(kit.slots[0].reasons[0]).toMatchObject({ code: 'NO_ROOM_EQUIPMENT', text: 'Нет аудитории на 24 места с оборудованием: «Осциллограф»' });
  });

  it("takes the university's weights from the facts: windows, day limits, wishes (hard or soft) and moves (issue 54 §3)", () => {
    const weights = { groupGap: 7, teacherGap: 5, groupDayLimit: 3, groupOverload: 9, teacherDayLimit: 2, teacherOverload: 6, capacityShortage: 11, roomOversized: 4, softWish: 8, unevenWeek: 2, lastPair: 4, groupWeekDays: 3, groupExtraDay: 5, teacherWeekDays: 2, teacherExtraDay: 6 };
    const unwanted: TeacherWish = { teacherId: 7, type: 'SOFT_UNWANTED', dayOfWeek: 1, pairOrder: 1, date: null };
    const rules = [rule(1, [1], [slot(21)])];
    const built = buildProblem(input(rules, { mode: 'REPAIR', facts: { ...facts([unwanted]), weights, solverRules: { roomTooSmallHard: true, preferencesHard: false, movedLesson: 13 } } }));
    const { problem } = built;
    expect(problem.weights).toMatchObject({ capacityPerLesson: 11, oversizedPerLesson: 4, movedWeight: 13, lastPeriodWeight: 4 });
    expect(problem.resources[0]).toMatchObject({ gapWeight: 5, dayLimit: 2, overloadWeight: 6, teacher: true, weekDayLimit: 2, extraDayWeight: 6 });
    expect(problem.resources[1]).toMatchObject({ gapWeight: 7, dayLimit: 3, overloadWeight: 9, unevenWeight: 2, weekDayLimit: 3, extraDayWeight: 5 });
    // Without the university's weight, neither term is in the problem (the defaults change nothing).
    const plain = buildProblem(input(rules, { facts: facts() })).problem;
    expect(plain.weights.lastPeriodWeight).toBeUndefined();
    expect(plain.resources.every((resource) => resource.extraDayWeight === undefined)).toBe(true);
    expect(problem.events[0].cellCost?.[0]).toBe(8);
    const hard = buildProblem(input(rules, { facts: { ...facts([unwanted]), solverRules: { roomTooSmallHard: true, preferencesHard: true, movedLesson: 10 } } }));
    expect(hard.problem.events[0].allowedCells?.[0]).toBe(0);
    expect(hard.problem.events[0].cellCost).toBeNull();
  });
});
