import { expectErrorBody } from './support/factories';
import { query } from './support/override-builders';
import { clientsByRole, ClassroomBody, createClassroom } from './support/resource-builders';
import {
  createRule,
  createUniversity,
  createVersion,
  LESSON_TYPES,
  requestOf,
  RuleBody,
  ruleBody,
  RULES_PATH,
  ruleTablesSnapshot,
  slotBody,
  University,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

// Every lesson of the test semester is still ahead unless a test stands the service later.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

const QUALITY = '/api/edu-office/schedule/quality';
const RECOMMENDATIONS = `${QUALITY}/recommendations`;
const RULE_RECOMMENDATIONS = `${QUALITY}/rule-recommendations`;
/** 32 lecture hours: one lecture a week, 16 weeks from Tuesday 1 September (every Tuesday to 15 December). */
const WEEKLY = 32;
const WEEKS = 16;

interface Report {
  score: number;
  scoreExplanation: string;
  rawPenalty: number;
  lessonCount: number;
  metrics: { code: string; value: number; penalty: number }[];
  problems: { scheduleRuleId: number; type: string; affectedLessonCount: number; scheduleRuleSlotId: number; lessonDate: string; optimizable: boolean }[];
}
interface RuleRecommendation {
  kind: string;
  title: string;
  placeText: string;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  rule: { slots: { id: number; timeSlotId: number; classroomId: number }[] } & Record<string, unknown>;
  scoreDelta: number;
  penaltyDelta: number;
  improvements: string[];
  tradeOffs: string[];
  changedLessonCount: number;
  pastLessonCount: number;
  timeSlotId: number;
  classroomId: number;
}
interface Recommendations {
  available: boolean;
  recommendations: { kind: string; override: Record<string, unknown> }[];
}
interface RuleRecommendations {
  available: boolean;
  unavailableReason: string | null;
  scheduleRuleId: number | null;
  repeatedLessonCount: number;
  checkedCandidateCount: number;
  recommendations: RuleRecommendation[];
}

/** The rule request's fields (spec 2, "Schedule rule and slot"): what PUT /api/admin/schedule-rules/{id} takes. */
const RULE_FIELDS = [
  'groupIds',
  'laboratoryAcademicHours',
  'laboratoryStartWeek',
  'lectureAcademicHours',
  'lectureStartWeek',
  'practiceAcademicHours',
  'practiceStartWeek',
  'scheduleVersionId',
  'semesterId',
  'slots',
  'subjectId',
];
const SLOT_FIELDS = ['classroomId', 'dayOfWeek', 'id', 'lessonFormat', 'lessonTypeId', 'parity', 'subgroupIds', 'teacherId', 'timeSlotId'];

/**
 * The quality score as the share of lessons the problems spoil, and recommendations that change a
 * rule for all its lessons ahead (issue 45 §8). Weekly lectures (16 Tuesdays or Thursdays) of three
 * groups of 25 students; the tests run in order and build on each other's timetable:
 * - group B: a lecture in the 300-seat hall on Tuesdays and on Thursdays (pair 1), group C two in a
 *   30-seat room at the same times: half the lessons are in a hall twelve times too big;
 * - then group A: pair 1 and pair 3 on Tuesdays, a window every week;
 * - then group C on Thursdays pair 3 too, with its window's only fix blocked by its teacher;
 * - then group B on Thursdays pair 3 too, whose fix is blocked only by its room.
 */
describe('quality: a score that reads true, recommendations that fix the rule (issue 45 §8)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;
  let hall: ClassroomBody;
  let R1: ClassroomBody;
  let R2: ClassroomBody;
  let hallTuesday: RuleBody;

  const pair = (order: number) => u.timeSlots[order - 1].id;
  const report = async (): Promise<Report> => {
    const response = await office.get(`${QUALITY}?semesterId=${u.semester.id}`);
    expect(response.status).toBe(200);
    return response.body as Report;
  };
  const ask = async <T>(path: string, slotId: number, lessonDate: string, versionId?: number): Promise<T> => {
    const response = await office.get(`${path}?${query({ semesterId: u.semester.id, versionId, scheduleRuleSlotId: slotId, lessonDate })}`);
    expect(response.status).toBe(200);
    return response.body as T;
  };
  const recommend = (slotId: number, lessonDate: string) => ask<Recommendations>(RECOMMENDATIONS, slotId, lessonDate);
  const forRule = (slotId: number, lessonDate: string, versionId?: number) => ask<RuleRecommendations>(RULE_RECOMMENDATIONS, slotId, lessonDate, versionId);
  const lecture = (subject: number, groupId: number, dayOfWeek: number, order: number, teacher: number, classroomId: number) =>
    createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[subject].id,
        groupIds: [groupId],
        lectureAcademicHours: WEEKLY,
        slots: [slotBody(u, { dayOfWeek, timeSlotId: pair(order), teacherId: u.teachers[teacher].id, classroomId, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
  const metric = (body: Report, code: string) => body.metrics.find((item) => item.code === code) as { value: number; penalty: number };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 6, groups: 3, classrooms: 3, subjects: 6 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    hall = await createClassroom(admin, { capacity: 300 });
    R1 = await createClassroom(admin, { capacity: 40 });
    R2 = await createClassroom(admin, { capacity: 40 });
    const [, B, C] = u.groups;
    hallTuesday = await lecture(0, B.id, 2, 1, 0, hall.id);
    await lecture(1, B.id, 4, 1, 0, hall.id);
    await lecture(2, C.id, 2, 1, 1, u.classrooms[2].id);
    await lecture(3, C.id, 4, 1, 1, u.classrooms[2].id);
  });
  afterAll(() => t.close());

  it('half the lessons in a hall twelve times too big: the score reads 50, the share of lessons without a problem (the old formula read 90)', async () => {
    const body = await report();
    expect(body).toMatchObject({ lessonCount: 4 * WEEKS, rawPenalty: 2 * 2 * WEEKS, score: 50 });
    expect(metric(body, 'ROOM_OVERSIZED')).toEqual(expect.objectContaining({ value: 2 * WEEKS, penalty: 2 * 2 * WEEKS }));
    expect(body.scoreExplanation).toContain('Доля занятий');
    expect(body.scoreExplanation).toContain('100 × (1 − сумма штрафов / (2 × число занятий))');
  });

  it('moves the hall lecture of every Tuesday into a room that fits: a checked rule body, PUT as is, and the score gains what it said', async () => {
    const [problem] = (await report()).problems.filter((item) => item.scheduleRuleId === hallTuesday.id);
    expect(problem).toMatchObject({ type: 'ROOM_OVERSIZED', affectedLessonCount: WEEKS, optimizable: true, lessonDate: '2026-09-01' });
    // The one-lesson changes are still there, as before.
    const lesson = await recommend(problem.scheduleRuleSlotId, problem.lessonDate);
    expect(lesson.recommendations.length).toBeGreaterThan(0);
    expect(lesson.recommendations.every((item) => item.kind === 'CLASSROOM' && item.override.action === 'REPLACE')).toBe(true);
    const body = await forRule(problem.scheduleRuleSlotId, problem.lessonDate);
    expect(body).toMatchObject({ available: true, unavailableReason: null, scheduleRuleId: hallTuesday.id, repeatedLessonCount: WEEKS });
    // Five rooms seat the 25 students, the smallest first; the third holds group C's lecture at that time, and the rules' checks refuse it.
    expect(body.checkedCandidateCount).toBe(5);
    expect(body.recommendations.map((item) => item.classroomId)).toEqual([u.classrooms[0].id, u.classrooms[1].id, R1.id, R2.id]);
    const [best] = body.recommendations;
    expect(best).toMatchObject({
      kind: 'RULE_CLASSROOM',
      scheduleRuleId: hallTuesday.id,
      scheduleRuleSlotId: hallTuesday.slots[0].id,
      penaltyDelta: -2 * WEEKS,
      scoreDelta: 25,
      improvements: [`Аудитория слишком велика: -${2 * WEEKS}`],
      tradeOffs: [],
      changedLessonCount: WEEKS,
      pastLessonCount: 0,
    });
    expect(best.title).toBe(`Проводить занятия правила в аудиторию «${u.classrooms[0].name}» (30 мест)`);
    expect(Object.keys(best.rule).sort()).toEqual(RULE_FIELDS);
    expect(Object.keys(best.rule.slots[0]).sort()).toEqual(SLOT_FIELDS);

    const put = await office.put(`${RULES_PATH}/${hallTuesday.id}`, best.rule);
    expect(put.status).toBe(200);
    expect((put.body as RuleBody).slots).toEqual([expect.objectContaining({ id: hallTuesday.slots[0].id, classroomId: u.classrooms[0].id, timeSlotId: pair(1) })]);
    const after = await report();
    expect(after).toMatchObject({ rawPenalty: 2 * WEEKS, score: 75 });
    expect(after.problems.some((item) => item.scheduleRuleId === hallTuesday.id)).toBe(false);
  });

  it('a weekly window: the rule moves to the pair that closes it for all lessons ahead; its body passes the rules checks when PUT and the penalty falls by what it said', async () => {
    const [A] = u.groups;
    await lecture(4, A.id, 2, 1, 2, R1.id);
    const late = await lecture(5, A.id, 2, 3, 3, R2.id);
    const before = await report();
    expect(before).toMatchObject({ lessonCount: 6 * WEEKS, rawPenalty: 2 * WEEKS + 3 * WEEKS, score: 58.3 });
    const problem = before.problems.find((item) => item.scheduleRuleId === late.id) as Report['problems'][number];
    expect(problem).toMatchObject({ type: 'GROUP_GAP', affectedLessonCount: WEEKS, scheduleRuleSlotId: late.slots[0].id, optimizable: true });

    // The lesson alone may move too (an override), as before.
    expect((await recommend(problem.scheduleRuleSlotId, problem.lessonDate)).recommendations).toEqual([
      expect.objectContaining({ kind: 'TIME_SLOT', override: expect.objectContaining({ action: 'MOVE', newTimeSlotId: pair(2) }) }),
    ]);
    const body = await forRule(problem.scheduleRuleSlotId, problem.lessonDate);
    // Pair 1 would close the window too, but group A has its other lecture there: the rules' checks refuse it. Pair 4 widens it.
    expect(body.checkedCandidateCount).toBe(2);
    expect(body.recommendations).toEqual([
      expect.objectContaining({
        kind: 'RULE_TIME_SLOT',
        title: 'Перенести правило на 2-ю пару (10:10–11:40) по вторникам',
        placeText: 'на 2-ю пару (10:10–11:40) по вторникам',
        timeSlotId: pair(2),
        classroomId: R2.id,
        penaltyDelta: -3 * WEEKS,
        scoreDelta: 25,
        improvements: [`Окна у групп: -${3 * WEEKS}`],
        changedLessonCount: WEEKS,
        pastLessonCount: 0,
      }),
    ]);
    const [fix] = body.recommendations;
    expect(fix.rule).toMatchObject({ scheduleVersionId: u.versionId, semesterId: u.semester.id, groupIds: [A.id], lectureAcademicHours: WEEKLY });
    expect(fix.rule.slots).toEqual([expect.objectContaining({ id: late.slots[0].id, timeSlotId: pair(2), classroomId: R2.id, dayOfWeek: 2 })]);

    // Halfway through the semester only the lessons from tomorrow are scored, and the body holds from
    // tomorrow (issue 53): no given lesson changes.
    standServiceAt('2026-10-14T09:00:00Z');
    try {
      const midway = await forRule(late.slots[0].id, '2026-10-20');
      expect(midway.recommendations).toEqual([
        expect.objectContaining({ kind: 'RULE_TIME_SLOT', timeSlotId: pair(2), penaltyDelta: -3 * 9, changedLessonCount: 9, pastLessonCount: 0 }),
      ]);
      expect(midway.recommendations[0].rule).toMatchObject({ effectiveFrom: '2026-10-15' });
    } finally {
      standServiceAt(BEFORE_AUTUMN_2026);
    }

    // The refused candidate is what PUT refuses: the same body with pair 1 clashes with group A's other lecture.
    const clashing = { ...fix.rule, slots: fix.rule.slots.map((item) => ({ ...item, timeSlotId: pair(1) })) };
    const refused = await office.put(`${RULES_PATH}/${late.id}`, clashing);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ conflictFields: ['group'] });

    const put = await office.put(`${RULES_PATH}/${late.id}`, fix.rule);
    expect(put.status).toBe(200);
    const after = await report();
    expect(after.rawPenalty).toBe(before.rawPenalty + fix.penaltyDelta);
    expect(after.score).toBeCloseTo(before.score + fix.scoreDelta, 1);
    expect(metric(after, 'GROUP_GAPS')).toEqual(expect.objectContaining({ value: 0, penalty: 0 }));
    // Nothing left to fix in that rule.
    expect(await forRule(late.slots[0].id, '2026-09-01')).toMatchObject({ available: true, repeatedLessonCount: 0, checkedCandidateCount: 0, recommendations: [] });
    // A lesson already given gets none.
    standServiceAt('2026-10-14T09:00:00Z');
    try {
      expect(await forRule(late.slots[0].id, '2026-10-13')).toMatchObject({ available: false, unavailableReason: expect.stringContaining('уже прошло'), recommendations: [] });
    } finally {
      standServiceAt(BEFORE_AUTUMN_2026);
    }
  });

  it('none is offered when every rule change that would help clashes; nothing is written while checking; a draft gets none', async () => {
    const [A, , C] = u.groups;
    // Group C's Thursday: pair 1 and pair 3 (a window every week). Pair 2 would close it, but its teacher lectures group A then.
    await lecture(0, A.id, 4, 2, 4, R1.id);
    const late = await lecture(1, C.id, 4, 3, 4, R2.id);
    const problem = (await report()).problems.find((item) => item.scheduleRuleId === late.id) as Report['problems'][number];
    expect(problem).toMatchObject({ type: 'GROUP_GAP', affectedLessonCount: WEEKS });

    const rules = await ruleTablesSnapshot(t);
    const outbox = await t.sql('alpha', `SELECT count(*)::int AS count FROM outbox_events`);
    expect((await recommend(problem.scheduleRuleSlotId, problem.lessonDate)).recommendations).toEqual([]);
    const body = await forRule(problem.scheduleRuleSlotId, problem.lessonDate);
    expect(body).toMatchObject({ available: true, repeatedLessonCount: WEEKS, checkedCandidateCount: 2, recommendations: [] });
    expect(await ruleTablesSnapshot(t)).toEqual(rules);
    expect(await t.sql('alpha', `SELECT count(*)::int AS count FROM outbox_events`)).toEqual(outbox);

    const draft = await createVersion(admin, u.semester.id, 'Черновик', u.versionId);
    const [copy] = await t.sql<{ id: number }>(
      'alpha',
      `SELECT sl.id FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1 AND r.subject_id = $2 AND sl.time_slot_id = $3`,
      [draft.id, u.subjects[0].id, pair(1)],
    );
    expect(await forRule(copy.id, '2026-09-01', draft.id)).toMatchObject({
      available: false,
      scheduleVersionStatus: 'DRAFT',
      unavailableReason: expect.stringContaining('черновик'),
      checkedCandidateCount: 0,
      recommendations: [],
    });
  });

  it('a new pair whose only obstacle is the room: the room follows the pair, the first free one that suits, and the body passes when PUT', async () => {
    const [, B] = u.groups;
    // Group B's Thursday: the hall in pair 1 and now pair 3 in R1; pair 2 would close the window, but R1 holds group A's lecture then.
    const late = await lecture(2, B.id, 4, 3, 5, R1.id);
    const before = await report();
    const problem = before.problems.find((item) => item.scheduleRuleId === late.id) as Report['problems'][number];
    const body = await forRule(problem.scheduleRuleSlotId, problem.lessonDate);
    // Pair 1 clashes with the group's own lecture (no room helps), pair 2 with R1 alone: then the smallest free room that seats 25.
    expect(body.checkedCandidateCount).toBe(3);
    expect(body.recommendations).toEqual([
      expect.objectContaining({
        kind: 'RULE_TIME_SLOT',
        title: `Перенести правило на 2-ю пару (10:10–11:40) по четвергам, в аудиторию «${u.classrooms[0].name}» (30 мест)`,
        timeSlotId: pair(2),
        classroomId: u.classrooms[0].id,
        penaltyDelta: -3 * WEEKS,
      }),
    ]);
    const [fix] = body.recommendations;
    expect((await office.put(`${RULES_PATH}/${late.id}`, fix.rule)).status).toBe(200);
    expect((await report()).rawPenalty).toBe(before.rawPenalty - 3 * WEEKS);
  });

  it('only ADMIN and EDUCATION_OFFICE may ask; a slot unknown or a date without its lesson is a 400, as for one lesson', async () => {
    const path = `${RULE_RECOMMENDATIONS}?${query({ semesterId: u.semester.id, scheduleRuleSlotId: hallTuesday.slots[0].id, lessonDate: '2026-09-01' })}`;
    expect((await admin.get(path)).status).toBe(200);
    const clients = await clientsByRole(t, admin, u.department.id);
    for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
      const response = await (clients.get(role) as TenantClient).get(path);
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
      expectErrorBody(response.body as Record<string, unknown>, 403, RULE_RECOMMENDATIONS);
    }
    const refused = async (params: Record<string, number | string>, message: RegExp) => {
      const response = await office.get(`${RULE_RECOMMENDATIONS}?${query({ semesterId: u.semester.id, ...params })}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body as Record<string, unknown>, 400, RULE_RECOMMENDATIONS, message);
    };
    await refused({ scheduleRuleSlotId: 999999, lessonDate: '2026-09-01' }, /слот правила/);
    // A Wednesday: the Tuesday slot has no lesson then.
    await refused({ scheduleRuleSlotId: hallTuesday.slots[0].id, lessonDate: '2026-09-02' }, /занятия нет/);
  });

  it('a rule changed from a date (issue 53): only its current form is recommended, from tomorrow, and the body passes; a rule with a change still to come gets none', async () => {
    const [A] = u.groups;
    const friday = await lecture(0, A.id, 5, 1, 4, hall.id);
    const saturday = await lecture(1, A.id, 6, 1, 4, hall.id);
    standServiceAt('2026-10-01T09:00:00Z');
    const lessonsOf = async (rule: RuleBody) =>
      ((await office.get(`/api/schedule?${query({ groupId: A.id, startDate: '2026-09-01', endDate: '2026-12-31' })}`)).body as { date: string; scheduleRuleId: number; classroomId: number }[]).filter(
        (lesson) => lesson.scheduleRuleId === rule.id,
      );
    const changedFrom = async (rule: RuleBody, effectiveFrom: string) => {
      const response = await office.put(`${RULES_PATH}/${rule.id}`, { ...requestOf(rule), slots: [{ ...requestOf(rule).slots[0], teacherId: u.teachers[5].id }], effectiveFrom });
      expect(response.status).toBe(200);
      return (await office.get(`${RULES_PATH}/${rule.id}?history=true`)).body as RuleBody & { history: { id: number }[] };
    };
    // Fridays: another teacher from tomorrow; the row of the given Fridays is history.
    const changed = await changedFrom(friday, '2026-10-02');
    const [closed] = changed.history;
    const [open] = changed.slots;
    expect(closed.id).toBe(friday.slots[0].id);
    expect((await forRule(closed.id, '2026-09-04')).recommendations).toEqual([]);
    const body = await forRule(open.id, '2026-10-09');
    expect(body.recommendations.length).toBeGreaterThan(0);
    const [best] = body.recommendations;
    expect(best).toMatchObject({ kind: 'RULE_CLASSROOM', scheduleRuleSlotId: open.id, pastLessonCount: 0 });
    expect(best.rule).toMatchObject({ effectiveFrom: '2026-10-02' });
    expect(best.rule.slots.map((slot) => slot.id)).toEqual([open.id]);
    const was = await lessonsOf(friday);
    const put = await office.put(`${RULES_PATH}/${friday.id}`, best.rule);
    expect(put.status).toBe(200);
    const now = await lessonsOf(friday);
    expect(now.filter((lesson) => lesson.date < '2026-10-02')).toEqual(was.filter((lesson) => lesson.date < '2026-10-02'));
    expect(now.filter((lesson) => lesson.date >= '2026-10-02').every((lesson) => lesson.classroomId === best.classroomId)).toBe(true);

    // Saturdays: another teacher from 7 November, planned ahead; a recommendation over it would rewrite that plan.
    const planned = await changedFrom(saturday, '2026-11-07');
    const current = planned.slots.find((slot) => slot.id === saturday.slots[0].id) as { id: number };
    expect((await forRule(current.id, '2026-10-03')).recommendations).toEqual([]);
  });
});
