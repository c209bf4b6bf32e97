import {
  analyseQuality,
  CAPACITY_SHORTAGE_PENALTY,
  DEFAULT_QUALITY_WEIGHTS,
  GROUP_GAP_PENALTY,
  GROUP_OVERLOAD_PENALTY,
  HARD_UNAVAILABLE_PENALTY,
  LOST_LESSON_PENALTY,
  QualityFacts,
  QualityLesson,
  QualityMetricCode,
  ROOM_OVERSIZED_PENALTY,
  scoreOf,
  SOFT_WISH_PENALTY,
  TEACHER_GAP_PENALTY,
  TEACHER_OVERLOAD_PENALTY,
  TeacherWish,
  UNEVEN_WEEK_PENALTY,
} from './quality';
import { compareQuality, problemsByRule, scoreDeltaOf, truncateProblems, withSlotChange } from './quality-problems';

/** Tuesday 2026-09-08, week 2. Groups 1 (30 students; subgroups 11, 12 of 15) and 2 (20); rooms 1 (40 seats), 2 (300), 3 (10). */
const TUESDAY = '2026-09-08';
let nextSlot = 1;

function lesson(fields: Partial<QualityLesson> & { pair: number; groups?: number[]; subgroup?: number }): QualityLesson {
  const { pair, groups = [1], subgroup, ...rest } = fields;
  return {
    ruleId: 1,
    slotId: nextSlot++,
    date: TUESDAY,
    dayOfWeek: 2,
    weekNumber: 2,
    timeSlotOrder: pair,
    teacherId: 100 + pair,
    classroomId: 1,
    audience: groups.map((groupId) => ({ groupId, subgroupId: subgroup ?? null })),
    slot: { lessonFormat: 'Очно' },
    rule: { subjectName: 'Математика' },
    ...rest,
  };
}

function facts(wishes: TeacherWish[] = []): QualityFacts {
  return {
    classrooms: new Map([
      [1, { name: '101', capacity: 40 }],
      [2, { name: 'Актовый зал', capacity: 300 }],
      [3, { name: 'Кабинет', capacity: 10 }],
    ]),
    groups: new Map([
      [1, { name: 'ИВТ-1', size: 30 }],
      [2, { name: 'ИВТ-2', size: 20 }],
    ]),
    subgroups: new Map([
      [11, { name: 'Подгруппа 1', size: 15 }],
      [12, { name: 'Подгруппа 2', size: 15 }],
    ]),
    teachers: new Map([[7, { name: 'Иванов И. И.' }]]),
    wishes,
  };
}

function metric(lessons: QualityLesson[], code: QualityMetricCode, wishes: TeacherWish[] = []) {
  const found = analyseQuality(lessons, facts(wishes)).metrics.find((item) => item.code === code);
  return found && { value: found.value, penalty: found.penalty };
}

describe('quality scoring', () => {
  it('a compact day in fitting rooms costs nothing: score 100, every metric listed with zero', () => {
    const result = analyseQuality([lesson({ pair: 1 }), lesson({ pair: 2 })], facts());
    expect(result).toMatchObject({ lessonCount: 2, rawPenalty: 0, score: 100, penalties: [] });
    expect(result.metrics.map((item) => item.code)).toEqual([
      'GROUP_GAPS',
      'TEACHER_GAPS',
      'GROUP_OVERLOAD',
      'TEACHER_OVERLOAD',
      'CAPACITY_SHORTAGE',
      'ROOM_OVERSIZED',
      'SOFT_PREFERENCES',
      'HARD_UNAVAILABILITY',
      'UNEVEN_WEEK',
      'LAST_PAIRS',
      'GROUP_EXTRA_DAYS',
      'TEACHER_EXTRA_DAYS',
    ]);
    for (const item of result.metrics) expect(item).toMatchObject({ value: 0, penalty: 0, label: expect.any(String), unit: expect.any(String) });
  });

  it('GROUP_GAPS: each empty pair between lessons of a group, charged to the lesson after the window', () => {
    const after = lesson({ pair: 4 });
    const result = analyseQuality([lesson({ pair: 1 }), after], facts());
    expect(result.metrics.find((item) => item.code === 'GROUP_GAPS')).toMatchObject({ value: 2, penalty: 2 * GROUP_GAP_PENALTY });
    expect(result.penalties.filter((item) => item.type === 'GROUP_GAP')).toEqual([
      { lesson: after, type: 'GROUP_GAP', penalty: 2 * GROUP_GAP_PENALTY, amount: 2, label: 'Окна у группы «ИВТ-1»' },
    ]);
  });

  it('a window is charged to the lessons next to it on the side with fewer pairs (after it on a tie)', () => {
    const first = lesson({ pair: 1 });
    const charged = (lessons: QualityLesson[]) => analyseQuality(lessons, facts()).penalties.filter((item) => item.type === 'GROUP_GAP').map((item) => item.lesson);
    expect(charged([first, lesson({ pair: 3 }), lesson({ pair: 4 })])).toEqual([first]);
    const last = lesson({ pair: 4 });
    expect(charged([lesson({ pair: 1 }), lesson({ pair: 2 }), last])).toEqual([last]);
  });

  it('a window of one subgroup counts half; different groups and days do not make windows', () => {
    expect(metric([lesson({ pair: 1, subgroup: 11 }), lesson({ pair: 3, subgroup: 11 }), lesson({ pair: 1, subgroup: 12 })], 'GROUP_GAPS')).toEqual({
      value: 0.5,
      penalty: GROUP_GAP_PENALTY / 2,
    });
    expect(metric([lesson({ pair: 1 }), lesson({ pair: 3, groups: [2] })], 'GROUP_GAPS')).toEqual({ value: 0, penalty: 0 });
    expect(metric([lesson({ pair: 1 }), lesson({ pair: 3, date: '2026-09-09', dayOfWeek: 3 })], 'GROUP_GAPS')).toEqual({ value: 0, penalty: 0 });
  });

  it('TEACHER_GAPS: empty pairs between lessons of one teacher on one day', () => {
    const lessons = [lesson({ pair: 1, teacherId: 7 }), lesson({ pair: 3, teacherId: 7, groups: [2] })];
    expect(metric(lessons, 'TEACHER_GAPS')).toEqual({ value: 1, penalty: TEACHER_GAP_PENALTY });
  });

  it('GROUP_OVERLOAD and TEACHER_OVERLOAD: pairs beyond the day limits', () => {
    const groupDay = [1, 2, 3, 4, 5, 6].map((pair) => lesson({ pair }));
    expect(metric(groupDay, 'GROUP_OVERLOAD')).toEqual({ value: 2, penalty: 2 * GROUP_OVERLOAD_PENALTY });
    const teacherDay = [1, 2, 3, 4, 5, 6].map((pair) => lesson({ pair, teacherId: 7, groups: [pair % 2 === 0 ? 1 : 2] }));
    expect(metric(teacherDay, 'TEACHER_OVERLOAD')).toEqual({ value: 1, penalty: TEACHER_OVERLOAD_PENALTY });
  });

  it('CAPACITY_SHORTAGE and ROOM_OVERSIZED compare seats with the audience of in-person lessons', () => {
    expect(metric([lesson({ pair: 1, classroomId: 3 })], 'CAPACITY_SHORTAGE')).toEqual({ value: 1, penalty: CAPACITY_SHORTAGE_PENALTY });
    // Two groups of 30 + 20 in a 40-seat room.
    expect(metric([lesson({ pair: 1, groups: [1, 2] })], 'CAPACITY_SHORTAGE')).toEqual({ value: 1, penalty: CAPACITY_SHORTAGE_PENALTY });
    expect(metric([lesson({ pair: 1, classroomId: 2 })], 'ROOM_OVERSIZED')).toEqual({ value: 1, penalty: ROOM_OVERSIZED_PENALTY });
    // A subgroup of 15 in a 40-seat room: under 30 empty seats, not oversized.
    expect(metric([lesson({ pair: 1, subgroup: 11 })], 'ROOM_OVERSIZED')).toEqual({ value: 0, penalty: 0 });
    expect(metric([lesson({ pair: 1, classroomId: 2, slot: { lessonFormat: 'Онлайн' } })], 'ROOM_OVERSIZED')).toEqual({ value: 0, penalty: 0 });
    const labels = analyseQuality([lesson({ pair: 1, classroomId: 2 })], facts()).penalties.map((item) => item.label);
    expect(labels).toEqual(['Аудитория «Актовый зал» на 300 мест для 30 студентов']);
  });

  it('HARD_UNAVAILABILITY: a lesson in an approved unavailable weekly pair or date', () => {
    const wishes: TeacherWish[] = [
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: 2, pairOrder: 1, date: null },
      { teacherId: 7, type: 'HARD_UNAVAILABLE', dayOfWeek: null, pairOrder: null, date: '2026-09-09' },
    ];
    const lessons = [
      lesson({ pair: 1, teacherId: 7 }),
      lesson({ pair: 2, teacherId: 7 }),
      lesson({ pair: 1, teacherId: 7, date: '2026-09-09', dayOfWeek: 3 }),
    ];
    expect(metric(lessons, 'HARD_UNAVAILABILITY', wishes)).toEqual({ value: 2, penalty: 2 * HARD_UNAVAILABLE_PENALTY });
  });

  it('SOFT_PREFERENCES: unwanted times, pairs outside the preferred ones of that weekday, windows on a no-gaps day', () => {
    const unwanted: TeacherWish = { teacherId: 7, type: 'SOFT_UNWANTED', dayOfWeek: 2, pairOrder: 2, date: null };
    expect(metric([lesson({ pair: 2, teacherId: 7 })], 'SOFT_PREFERENCES', [unwanted])).toEqual({ value: 1, penalty: SOFT_WISH_PENALTY });
    const preferred: TeacherWish = { teacherId: 7, type: 'SOFT_PREFERRED', dayOfWeek: 2, pairOrder: 1, date: null };
    const lessons = [lesson({ pair: 1, teacherId: 7 }), lesson({ pair: 2, teacherId: 7 }), lesson({ pair: 2, teacherId: 7, date: '2026-09-09', dayOfWeek: 3 })];
    expect(metric(lessons, 'SOFT_PREFERENCES', [preferred])).toEqual({ value: 1, penalty: SOFT_WISH_PENALTY });
    const noGaps: TeacherWish = { teacherId: 7, type: 'NO_GAPS', dayOfWeek: null, pairOrder: null, date: null };
    const gappy = [lesson({ pair: 1, teacherId: 7 }), lesson({ pair: 4, teacherId: 7, groups: [2] })];
    expect(metric(gappy, 'SOFT_PREFERENCES', [noGaps])).toEqual({ value: 2, penalty: 2 * SOFT_WISH_PENALTY });
    expect(metric(gappy, 'SOFT_PREFERENCES', [{ ...noGaps, type: 'CONSECUTIVE', dayOfWeek: 3 }])).toEqual({ value: 0, penalty: 0 });
  });

  it('UNEVEN_WEEK: pairs of a group day beyond the even share of the week plus the tolerance', () => {
    // Study days of the week: Monday..Thursday (other groups study then); group 1 has 4 pairs on Tuesday and 1 on Monday.
    const others = ['2026-09-07', '2026-09-09', '2026-09-10'].map((date, index) => lesson({ pair: 1, date, dayOfWeek: [1, 3, 4][index], groups: [2] }));
    const busy = [1, 2, 3, 4].map((pair) => lesson({ pair }));
    const monday = lesson({ pair: 1, date: '2026-09-07', dayOfWeek: 1 });
    // 5 pairs over 4 days → share 2; Tuesday 4 − 2 − 1 = 1 pair too many.
    expect(metric([...others, ...busy, monday], 'UNEVEN_WEEK')).toEqual({ value: 1, penalty: UNEVEN_WEEK_PENALTY });
    expect(metric([...others, lesson({ pair: 1 }), lesson({ pair: 2 }), monday], 'UNEVEN_WEEK')).toEqual({ value: 0, penalty: 0 });
  });

  it('LAST_PAIRS: a lesson in the base grid\'s last pair costs the university\'s weight; nothing by default or without the grid', () => {
    const last = lesson({ pair: 6, groups: [1, 2] });
    const lessons = [lesson({ pair: 5 }), last];
    const weighted = { ...facts(), weights: { ...DEFAULT_QUALITY_WEIGHTS, lastPair: 4 }, lastPairOrder: 6 };
    const result = analyseQuality(lessons, weighted);
    expect(result.metrics.find((item) => item.code === 'LAST_PAIRS')).toMatchObject({ value: 1, penalty: 4, label: 'Занятия на последней паре дня' });
    expect(result.penalties.filter((item) => item.type === 'LAST_PAIR')).toEqual([
      { lesson: last, type: 'LAST_PAIR', penalty: 4, amount: 1, label: 'Занятие на последней паре дня (6-я пара)' },
    ]);
    expect(metric(lessons, 'LAST_PAIRS')).toEqual({ value: 0, penalty: 0 });
    expect(analyseQuality(lessons, { ...weighted, lastPairOrder: undefined }).metrics.find((item) => item.code === 'LAST_PAIRS')?.penalty).toBe(0);
  });

  it('GROUP_EXTRA_DAYS and TEACHER_EXTRA_DAYS: study days of a calendar week beyond the limit, charged to the lightest days', () => {
    // Group 1 on Monday..Thursday of week 2 (two pairs on Monday), and one day of week 3; one teacher throughout.
    const day = (date: string, dayOfWeek: number, weekNumber: number, pair: number, extra: Partial<QualityLesson> = {}) =>
      lesson({ pair, date, dayOfWeek, weekNumber, teacherId: 7, ...extra });
    const lessons = [
      day('2026-09-07', 1, 2, 1),
      day('2026-09-07', 1, 2, 2),
      day('2026-09-08', 2, 2, 1),
      day('2026-09-09', 3, 2, 1),
      day('2026-09-10', 4, 2, 1),
      day('2026-09-14', 1, 3, 1),
    ];
    const weights = { ...DEFAULT_QUALITY_WEIGHTS, groupWeekDays: 2, groupExtraDay: 5, teacherWeekDays: 3, teacherExtraDay: 7 };
    const result = analyseQuality(lessons, { ...facts(), weights });
    expect(result.metrics.find((item) => item.code === 'GROUP_EXTRA_DAYS')).toMatchObject({ value: 2, penalty: 10, label: 'Дней в неделю у групп' });
    expect(result.metrics.find((item) => item.code === 'TEACHER_EXTRA_DAYS')).toMatchObject({ value: 1, penalty: 7, label: 'Дней в неделю у преподавателей' });
    // The lightest days (one pair each), the later first: Thursday and Wednesday for the group, Thursday for the teacher.
    const charged = (type: string) => result.penalties.filter((item) => item.type === type).map((item) => item.lesson.date).sort();
    expect(charged('GROUP_EXTRA_DAY')).toEqual(['2026-09-09', '2026-09-10']);
    expect(charged('TEACHER_EXTRA_DAY')).toEqual(['2026-09-10']);
    // Subgroups: each comes on the days of the whole group and its own, at half the weight.
    const split = [
      day('2026-09-07', 1, 2, 1),
      day('2026-09-08', 2, 2, 1, { audience: [{ groupId: 1, subgroupId: 11 }] }),
      day('2026-09-09', 3, 2, 1, { audience: [{ groupId: 1, subgroupId: 12 }] }),
      day('2026-09-10', 4, 2, 1, { audience: [{ groupId: 1, subgroupId: 12 }] }),
    ];
    expect(analyseQuality(split, { ...facts(), weights }).metrics.find((item) => item.code === 'GROUP_EXTRA_DAYS')).toMatchObject({ value: 0.5, penalty: 2.5 });
    expect(metric(lessons, 'GROUP_EXTRA_DAYS')).toEqual({ value: 0, penalty: 0 });
  });

  it('score: 100 minus the percentage of lessons lost, a penalty of 2 counting as one lesson; one decimal, never below 0', () => {
    expect(LOST_LESSON_PENALTY).toBe(2);
    expect(scoreOf(0, 10)).toBe(100);
    expect(scoreOf(5, 10)).toBe(75);
    expect(scoreOf(1, 3)).toBe(83.3);
    expect(scoreOf(20, 10)).toBe(0);
    expect(scoreOf(1000, 10)).toBe(0);
    expect(scoreOf(0, 0)).toBe(100);
    // More penalty never raises it.
    for (let penalty = 0; penalty < 30; penalty++) expect(scoreOf(penalty + 0.5, 10)).toBeLessThanOrEqual(scoreOf(penalty, 10));
    // The demo university's autumn (35 group gaps, 57 teacher gaps, 311 lessons in halls too big, 3,336 lessons) read 97.5 before.
    expect(scoreOf(842, 3336)).toBe(87.4);
    // One lesson of two in a hall too big: half the lessons lost.
    expect(analyseQuality([lesson({ pair: 1, classroomId: 2 }), lesson({ pair: 2 })], facts()).score).toBe(50);
    expect(analyseQuality([lesson({ pair: 1, classroomId: 3 }), lesson({ pair: 2 })], facts()).score).toBe(0);
  });
});

describe('quality problems per rule', () => {
  it('merges the penalties of a rule, largest first, with the lesson to open and its labels', () => {
    const gapped = lesson({ pair: 3, ruleId: 2, classroomId: 2 });
    const result = analyseQuality([lesson({ pair: 1, ruleId: 1 }), gapped, lesson({ pair: 1, ruleId: 3, groups: [2], classroomId: 3 })], facts());
    const problems = problemsByRule(result.penalties);
    expect(problems.map((problem) => [problem.scheduleRuleId, problem.penalty, problem.type, problem.severity])).toEqual([
      [3, CAPACITY_SHORTAGE_PENALTY, 'CAPACITY_SHORTAGE', 'HIGH'],
      [2, GROUP_GAP_PENALTY + ROOM_OVERSIZED_PENALTY, 'GROUP_GAP', 'LOW'],
    ]);
    expect(problems[1]).toMatchObject({
      affectedLessonCount: 1,
      problemTypes: ['GROUP_GAP', 'ROOM_OVERSIZED'],
      issueLabels: ['Окна у группы «ИВТ-1»', 'Аудитория «Актовый зал» на 300 мест для 30 студентов'],
      lesson: gapped,
      title: '«Математика» (правило №2): окна у групп',
    });
  });

  it('prefers a lesson no override pins as the one to open', () => {
    const pinned = lesson({ pair: 1, classroomId: 3, date: '2026-09-01', override: { scheduleOverrideId: 5, originalLessonDate: '2026-09-01' } });
    const free = lesson({ pair: 1, classroomId: 3, date: '2026-09-15', weekNumber: 3 });
    const [problem] = problemsByRule(analyseQuality([pinned, free], facts()).penalties);
    expect(problem.lesson).toBe(free);
    expect(problem.affectedLessonCount).toBe(2);
  });

  it('truncates beyond the limit and says so', () => {
    expect(truncateProblems([1, 2, 3], 2)).toEqual({ problems: [1, 2], totalProblemCount: 3, problemsTruncated: true });
    expect(truncateProblems([1, 2], 2)).toEqual({ problems: [1, 2], totalProblemCount: 2, problemsTruncated: false });
  });

  it('compares a change metric by metric and turns a penalty change into a score change', () => {
    const before = analyseQuality([lesson({ pair: 1 }), lesson({ pair: 3, classroomId: 2 })], facts());
    const after = analyseQuality([lesson({ pair: 1 }), lesson({ pair: 2, classroomId: 2 })], facts());
    expect(compareQuality(before, after)).toEqual({ penaltyDelta: -GROUP_GAP_PENALTY, improvements: ['Окна у групп: -3'], tradeOffs: [] });
    // The same formula as the score: 50 → 75 for 5 points less over 10 lessons; nothing below 0.
    expect(scoreDeltaOf(10, 10, -5)).toBe(25);
    expect(scoreDeltaOf(2, 305, -2)).toBe(0.33);
    expect(scoreDeltaOf(1000, 10, -5)).toBe(0);
  });

  it('a change of a rule slot replaces its lessons still ahead and keeps those given and every other lesson', () => {
    const timed = (fields: Parameters<typeof lesson>[0]) => ({ ...lesson(fields), startTime: `0${7 + fields.pair}:00:00` });
    const given = timed({ pair: 3, slotId: 50, date: '2026-09-01', weekNumber: 1 });
    const ahead = timed({ pair: 3, slotId: 50 });
    const other = timed({ pair: 1, slotId: 51 });
    const moved = { ...ahead, timeSlotOrder: 2, startTime: '09:00:00' };
    const isAhead = (item: { date: string }) => item.date >= TUESDAY;
    expect(withSlotChange([given, ahead, other], 50, [{ ...given, timeSlotOrder: 2, startTime: '09:00:00' }, moved], isAhead)).toEqual({
      lessons: [given, moved, other],
      changedCount: 1,
    });
    // A lesson the changed rule no longer has is gone; an unchanged one is not counted.
    expect(withSlotChange([ahead, other], 50, [], isAhead)).toEqual({ lessons: [other], changedCount: 1 });
    expect(withSlotChange([ahead, other], 50, [ahead], isAhead)).toEqual({ lessons: [ahead, other], changedCount: 0 });
  });
});
