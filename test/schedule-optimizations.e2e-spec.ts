import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, RuleBody, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { jdbcUrl, testServer } from './support/test-database';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';

interface Job {
  id: number;
  versionId: number;
  semesterId: number;
  mode: string;
  status: string;
  phase: string;
  totalSlots: number;
  placedSlots: number;
  hardViolations: number;
  movedLessons: number;
  initialScore: number | null;
  bestScore: number | null;
  penalties: { code: string; label: string; value: number; penalty: number }[];
  resultVersionId: number | null;
  unplaced: {
    slots: { ruleId: number; slotId: number; resultRuleId: number | null; label: string; headline: string; moreReasons: number; reasons: { code: string; text: string; cells: number }[] }[];
    topBlockers: { text: string; slots: number }[];
    headline: string | null;
  };
  message: string | null;
  elapsedSeconds: number;
  timeLimitSeconds: number;
  [field: string]: unknown;
}

type Placement = { dayOfWeek: number | null; timeSlotId: number | null; classroomId: number | null };

/**
 * «Составить расписание» (issue 43, jobs): a small autumn timetable of four rules, its draft copy, and
 * jobs over them. The runner's timer is off here (as in every test app): each test drives the rounds
 * itself with `runRound`, so which instance claims what is decided by the database, not by timing.
 */
describe('timetable optimization jobs (issue 43)', () => {
  let t: TestApp;
  let second: TestApp | undefined;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;
  let rules: RuleBody[];
  let draftId: number;

  const runner = (app: TestApp) => app.app.get(OptimizationRunner);
  const start = (versionId: number, body: Record<string, unknown>, client = office) => client.post(`${VERSIONS}/${versionId}/optimizations`, body);
  const job = async (id: number): Promise<Job> => (await office.get(`${JOBS}/${id}`)).body as Job;
  /** Rounds until the job has ended (each round also writes nothing for a job already running). */
  async function finished(id: number, apps: TestApp[] = [t]): Promise<Job> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      await Promise.all(apps.map((app) => runner(app).runRound()));
      const current = await job(id);
      if (!['QUEUED', 'RUNNING'].includes(current.status)) return current;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  /** Each active slot of a version by its rule's lineage (the source rule it was copied from) and position. */
  async function placements(versionId: number): Promise<Map<string, Placement>> {
    const rows = await t.sql<Placement & { lineage: number; position: number }>(
      'alpha',
      `SELECT COALESCE(r.lineage_rule_id, r.id) AS lineage, row_number() OVER (PARTITION BY r.id ORDER BY sl.id)::int AS position,
              sl.day_of_week AS "dayOfWeek", sl.time_slot_id AS "timeSlotId", sl.classroom_id AS "classroomId"
         FROM schedule_rules r JOIN schedule_rule_slots sl ON sl.rule_id = r.id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE'`,
      [versionId],
    );
    return new Map(rows.map((row) => [`${row.lineage}/${row.position}`, { dayOfWeek: row.dayOfWeek, timeSlotId: row.timeSlotId, classroomId: row.classroomId }]));
  }
  const ruleRows = async (versionId: number) => (await admin.get(`${RULES_PATH}?versionId=${versionId}`)).body as unknown;
  const quality = async (versionId: number) =>
    (await office.get(`/api/edu-office/schedule/quality?semesterId=${u.semester.id}&versionId=${versionId}`)).body as {
      score: number;
      metrics: { code: string; label: string; value: number; penalty: number }[];
    };
  const validation = async (versionId: number) => (await office.get(`${VERSIONS}/${versionId}/validate`)).body as { valid: boolean; problems: unknown[] };

  beforeAll(async () => {
    // Before the semester: a draft's publication changes no past lesson (listed by validation mid-semester, issue 45 §2).
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 4, groups: 2, classrooms: 3, subjects: 4 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    const [A, B] = u.groups;
    const [T0, T1, T2] = u.teachers.map((teacher) => teacher.id);
    const rule = (subject: number, groupId: number, dayOfWeek: number, pair: number, teacherId: number, room: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [groupId],
          lectureAcademicHours: 36,
          slots: [slotBody(u, { dayOfWeek, timeSlotId: u.timeSlots[pair - 1].id, teacherId, classroomId: u.classrooms[room].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    // Group A has a window on Tuesday (pairs 1 and 3): room for the solver to improve.
    rules = [await rule(0, A.id, 2, 1, T0, 0), await rule(1, A.id, 2, 3, T1, 1), await rule(2, B.id, 3, 1, T2, 0), await rule(3, B.id, 4, 2, T0, 2)];
    draftId = (await createVersion(office, u.semester.id, 'Черновик осени', u.versionId)).id;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await second?.app.close();
    await t?.close();
  });

  it('refuses anonymous callers (401) and roles other than the office and administrators (403), changing nothing', async () => {
    const anonymous = await t.as('alpha').post(`${VERSIONS}/${draftId}/optimizations`, { mode: 'GENERATE' });
    expectErrorBody(anonymous.body, 401, `${VERSIONS}/${draftId}/optimizations`);
    const roles = await clientsByRole(t, admin, u.department.id);
    for (const role of ['TEACHER', 'STUDENT', 'DEPARTMENT'] as const) {
      const client = roles.get(role) as TenantClient;
      expect((await start(draftId, { mode: 'GENERATE' }, client)).status).toBe(403);
      expect((await client.get(`${JOBS}?versionId=${draftId}`)).status).toBe(403);
    }
    expect((await office.get(`${JOBS}?versionId=${draftId}`)).body).toEqual([]);
  });

  it('answers 400 for a time limit out of range, an unknown mode or a locked rule of another version; 404 for unknown ids; nothing is queued', async () => {
    const path = `${VERSIONS}/${draftId}/optimizations`;
    for (const body of [
      { mode: 'GENERATE', timeLimitSeconds: 4 },
      { mode: 'GENERATE', timeLimitSeconds: 3601 },
      { mode: 'SHUFFLE' },
      { mode: 'GENERATE', lockedRuleIds: [rules[0].id] }, // a rule of the published version, not of the draft
      { mode: 'GENERATE', lockedRuleIds: 'все' },
    ]) {
      const response = await start(draftId, body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, path);
    }
    expect((await start(draftId, { mode: 'SHUFFLE' })).body.message).toMatch(/mode/);
    expect((await start(draftId, { mode: 'GENERATE', lockedRuleIds: [rules[0].id] })).body.message).toContain(`№${rules[0].id}`);
    const missing = await start(999999, { mode: 'GENERATE' });
    expectErrorBody(missing.body, 404, `${VERSIONS}/999999/optimizations`, 'Версия расписания не найдена');
    expectErrorBody((await office.get(`${JOBS}/999999`)).body, 404, `${JOBS}/999999`, 'Расчёт расписания не найден');
    expect((await office.post(`${JOBS}/999999/cancel`)).status).toBe(404);
    expect((await office.get(`${JOBS}?versionId=${draftId}`)).body).toEqual([]);
  });

  it('refuses an archived version with 409', async () => {
    const archived = (await createVersion(office, u.springSemester.id, 'Старая весна', u.springVersionId)).id;
    await t.sql('alpha', `UPDATE schedule_versions SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [archived]);
    const response = await start(archived, { mode: 'GENERATE' });
    expectErrorBody(response.body, 409, `${VERSIONS}/${archived}/optimizations`, /Архивную/);
  });

  it('runs one job per semester: of parallel requests exactly one is queued, the others get 409 naming it; a waiting job is cancelled at once', async () => {
    const answers = await Promise.all([...Array(5).keys()].map(() => start(draftId, { mode: 'GENERATE', timeLimitSeconds: 5 })));
    const accepted = answers.filter((response) => response.status === 202);
    expect(accepted).toHaveLength(1);
    const queued = accepted[0].body as Job;
    expect(queued).toMatchObject({ versionId: draftId, semesterId: u.semester.id, mode: 'GENERATE', status: 'QUEUED', timeLimitSeconds: 5, resultVersionId: null });
    // The version is named by its number in the semester, as the screens show it (issue 54 §4), not by its id.
    const draft = (await office.get(`${VERSIONS}/${draftId}`)).body as { versionNumber: number };
    for (const refused of answers.filter((response) => response.status !== 202)) {
      expect(refused.status).toBe(409);
      expectErrorBody(refused.body, 409, `${VERSIONS}/${draftId}/optimizations`, new RegExp(`№${queued.id} \\(версия №${draft.versionNumber} «Черновик осени»\\)`));
    }
    // The published version is of the same semester: also refused.
    expect((await start(u.versionId, { mode: 'REPAIR' })).status).toBe(409);

    const cancelled = await office.post(`${JOBS}/${queued.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: queued.id, status: 'CANCELLED', stopReason: 'CANCELLED', resultVersionId: null });
    expect((await office.post(`${JOBS}/${queued.id}/cancel`)).status).toBe(409);
    expect(((await office.get(`${JOBS}?versionId=${draftId}`)).body as Job[]).map((item) => item.id)).toEqual([queued.id]);
  });

  it('GENERATE writes a new draft: validated clean, the source unchanged, a locked rule in place, the score equal to the quality report', async () => {
    const sourceRules = await ruleRows(draftId);
    const before = await placements(draftId);
    const [lockedRule] = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_rules WHERE schedule_version_id = $1 AND lineage_rule_id = $2`, [
      draftId,
      rules[3].id,
    ]);
    const accepted = await start(draftId, { mode: 'GENERATE', timeLimitSeconds: 5, seed: 7, lockedRuleIds: [lockedRule.id] });
    expect(accepted.status).toBe(202);
    const done = await finished((accepted.body as Job).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', phase: 'DONE', totalSlots: 4, placedSlots: 4, hardViolations: 0 });
    expect(done.unplaced).toEqual({ slots: [], topBlockers: [], headline: null });
    expect(done.message).toMatch(/размещено 4 из 4/);
    expect(['OPTIMUM', 'TIME_LIMIT']).toContain(done.stopReason);
    const resultId = done.resultVersionId as number;

    const result = (await office.get(`${VERSIONS}/${resultId}`)).body as { status: string; basedOnVersionId: number; name: string; ruleCount: number };
    expect(result).toMatchObject({ status: 'DRAFT', basedOnVersionId: draftId, ruleCount: 4 });
    expect(result.name).toContain('Черновик осени');
    expect(await validation(resultId)).toMatchObject({ valid: true, problems: [] });
    expect(await ruleRows(draftId)).toEqual(sourceRules);
    const after = await placements(resultId);
    expect(after.get(`${rules[3].id}/1`)).toEqual(before.get(`${rules[3].id}/1`));

    const report = await quality(resultId);
    expect(done.bestScore).toBe(report.score);
    expect(done.penalties).toEqual(report.metrics.map(({ code, label, value, penalty }) => ({ code, label, value, penalty })));
    expect(done.initialScore).toBe((await quality(draftId)).score);
    expect(done.bestScore).toBeGreaterThanOrEqual(done.initialScore as number);
  });

  it('GENERATE places a draft\'s unplaced slot; one it cannot place stays unplaced in the result, with its reasons and rule', async () => {
    const planId = (await createVersion(office, u.semester.id, 'Нагрузка осени', draftId)).id;
    const copyOf = async (ruleId: number) =>
      (await t.sql<{ id: number; slot: number }>(
        'alpha',
        `SELECT r.id, sl.id AS slot FROM schedule_rules r JOIN schedule_rule_slots sl ON sl.rule_id = r.id WHERE r.schedule_version_id = $1 AND r.lineage_rule_id = $2`,
        [planId, ruleId],
      ))[0];
    // A teaching plan's lesson with no place yet, and one of a teacher closed every teaching day.
    const waiting = await copyOf(rules[1].id);
    await t.sql('alpha', `UPDATE schedule_rule_slots SET day_of_week = NULL, time_slot_id = NULL, classroom_id = NULL WHERE id = $1`, [waiting.slot]);
    const closed = await copyOf(rules[2].id);
    const T3 = u.teachers[3].id;
    await t.sql('alpha', `UPDATE schedule_rule_slots SET teacher_id = $2 WHERE id = $1`, [closed.slot, T3]);
    await t.sql(
      'alpha',
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, status)
       SELECT $1, $2, 'HARD_UNAVAILABLE', day, slot, 'APPROVED' FROM generate_series(1, 6) AS day, unnest($3::int[]) AS slot`,
      [T3, u.semester.id, u.timeSlots.map((slot) => slot.id)],
    );
    const accepted = await start(planId, { mode: 'GENERATE', timeLimitSeconds: 5 });
    expect(accepted.status).toBe(202);
    const done = await finished((accepted.body as Job).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', totalSlots: 4, placedSlots: 3, hardViolations: 0 });
    expect(done.unplaced.slots).toHaveLength(1);
    const [left] = done.unplaced.slots;
    expect(left).toMatchObject({ ruleId: closed.id, slotId: closed.slot });
    expect(left.reasons[0]).toMatchObject({ code: 'UNAVAILABLE' });
    expect(left.reasons[0].text).toMatch(/недоступен/);
    expect(done.unplaced.topBlockers[0]).toMatchObject({ text: left.reasons[0].text, slots: 1 });
    // The header names the result's rule (the one the link opens) and the source's beside it (issue 54 §2).
    expect(left.label).toMatch(new RegExp(`^№${left.resultRuleId} \\(в исходной версии №${closed.id}\\) «`));
    expect(left.headline).toBe(`Сначала: ${left.reasons[0].text[0].toLowerCase()}${left.reasons[0].text.slice(1)}`);
    expect(done.unplaced.headline).toMatch(/^Сначала: преподаватель .* недоступен .* у 1 из 1 неразмещённых занятий$/);

    const result = await placements(done.resultVersionId as number);
    expect(result.get(`${rules[1].id}/1`)?.dayOfWeek).not.toBeNull();
    expect(result.get(`${rules[2].id}/1`)).toEqual({ dayOfWeek: null, timeSlotId: null, classroomId: null });
    const checked = (await office.get(`${VERSIONS}/${done.resultVersionId}/validate`)).body as { problems: { type: string; ruleId: number }[] };
    expect(checked.problems.map((problem) => problem.type)).toEqual(['UNPLACED']);
    expect(checked.problems[0].ruleId).toBe((left as unknown as { resultRuleId: number }).resultRuleId);
    await t.sql('alpha', `DELETE FROM teacher_preferences WHERE teacher_id = $1`, [T3]);
  });

  it('solver settings (issue 54 §3): defaults as the report\'s, office roles only, each value refused at its field with nothing changed, the report weighs by them', async () => {
    const path = '/api/edu-office/schedule/solver-settings';
    const defaults = {
      roomTooSmallHard: true,
      roomTooSmall: 10,
      roomTooBig: 2,
      groupWindows: 3,
      teacherWindows: 2,
      groupPairsPerDay: 4,
      groupOverload: 4,
      teacherPairsPerDay: 5,
      teacherOverload: 3,
      preferencesHard: false,
      preferences: 3,
      unevenWeek: 1,
      lastPair: 0,
      groupDaysPerWeek: 5,
      groupExtraDay: 0,
      teacherDaysPerWeek: 5,
      teacherExtraDay: 0,
      movedLesson: 10,
    };
    expect((await office.get(path)).body).toEqual({ ...defaults, defaults: true, updatedAt: null });
    const roles = await clientsByRole(t, admin, u.department.id);
    for (const role of ['TEACHER', 'STUDENT', 'DEPARTMENT'] as const) {
      const client = roles.get(role) as TenantClient;
      expect((await client.get(path)).status).toBe(403);
      expect((await client.put(path, defaults)).status).toBe(403);
    }
    for (const [field, value] of [
      ['groupWindows', -1],
      ['teacherWindows', 1.5],
      ['groupPairsPerDay', 0],
      ['teacherPairsPerDay', 13],
      ['roomTooSmallHard', 'да'],
      ['movedLesson', null],
    ] as const) {
      const refused = await office.put(path, { ...defaults, [field]: value });
      expect(refused.status).toBe(400);
      expectErrorBody(refused.body, 400, path, new RegExp(field));
      expect(refused.body.field).toBe(field);
    }
    expect((await office.get(path)).body).toMatchObject({ defaults: true });

    // Group A's Tuesday window (pairs 1 and 3) costs what the university says, in the report's words.
    const before = (await quality(draftId)).metrics.find((metric) => metric.code === 'GROUP_GAPS');
    expect(before).toMatchObject({ value: expect.any(Number), penalty: (before?.value ?? 0) * 3 });
    expect(before?.value).toBeGreaterThan(0);
    const saved = await office.put(path, { ...defaults, groupWindows: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ groupWindows: 7, defaults: false, updatedAt: expect.any(String) });
    const after = (await office.get(`/api/edu-office/schedule/quality?semesterId=${u.semester.id}&versionId=${draftId}`)).body as {
      metrics: { code: string; value: number; penalty: number; explanation: string }[];
    };
    const gaps = after.metrics.find((metric) => metric.code === 'GROUP_GAPS');
    expect(gaps).toMatchObject({ value: before?.value, penalty: (before?.value ?? 0) * 7 });
    expect(gaps?.explanation).toContain('7 балла за пару');
    expect((await office.put(path, defaults)).body).toMatchObject({ defaults: true });
  });

  it('a room too small is hard for the solver by default and named in the reasons; the setting makes it a penalty instead (issue 54 §2, §3)', async () => {
    const path = '/api/edu-office/schedule/solver-settings';
    const B = u.groups[1];
    const [{ size }] = await t.sql<{ size: number }>('alpha', `SELECT group_size AS size FROM study_groups WHERE id = $1`, [B.id]);
    const [{ largest }] = await t.sql<{ largest: number }>('alpha', `SELECT max(capacity)::int AS largest FROM classrooms WHERE archived_at IS NULL`);
    await t.sql('alpha', `UPDATE study_groups SET group_size = $2 WHERE id = $1`, [B.id, largest + 50]);
    try {
      const planId = (await createVersion(office, u.semester.id, 'Большой поток', draftId)).id;
      const hard = await finished(((await start(planId, { mode: 'GENERATE', timeLimitSeconds: 5 })).body as Job).id);
      expect(hard).toMatchObject({ status: 'SUCCEEDED', totalSlots: 4, placedSlots: 2, hardViolations: 0 });
      expect(hard.unplaced.slots).toHaveLength(2);
      for (const slot of hard.unplaced.slots) {
        expect(slot.reasons[0].code).toBe('NO_ROOM_SEATS');
        expect(slot.reasons[0].text).toMatch(new RegExp(`^Нет аудитории на ${largest + 50} мест[ао]? \\(самая большая — ${largest}\\): разделите поток`));
        expect(slot.headline).toBe(`Сначала: ${slot.reasons[0].text[0].toLowerCase()}${slot.reasons[0].text.slice(1)}`);
      }
      expect(hard.unplaced.topBlockers[0]).toEqual({ text: hard.unplaced.slots[0].reasons[0].text, slots: 2 });
      expect(hard.unplaced.headline).toContain('у 2 из 2 неразмещённых занятий');

      const settings = (await office.get(path)).body as Record<string, unknown>;
      expect((await office.put(path, { ...settings, roomTooSmallHard: false, roomTooSmall: 20 })).status).toBe(200);
      const soft = await finished(((await start(planId, { mode: 'GENERATE', timeLimitSeconds: 5 })).body as Job).id);
      expect(soft).toMatchObject({ status: 'SUCCEEDED', totalSlots: 4, placedSlots: 4, hardViolations: 0 });
      // The same formula in the solver's figures and the report: two lessons short of seats, 20 each per lesson.
      const report = await quality(soft.resultVersionId as number);
      const shortage = report.metrics.find((metric) => metric.code === 'CAPACITY_SHORTAGE');
      expect(shortage?.penalty).toBe((shortage?.value ?? 0) * 20);
      expect(shortage?.value).toBeGreaterThan(0);
      expect(soft.penalties.find((item) => item.code === 'CAPACITY_SHORTAGE')).toEqual(shortage && { code: shortage.code, label: shortage.label, value: shortage.value, penalty: shortage.penalty });
    } finally {
      await t.sql('alpha', `UPDATE study_groups SET group_size = $2 WHERE id = $1`, [B.id, size]);
      await t.sql('alpha', `UPDATE schedule_solver_settings SET settings = '{}'::jsonb`);
    }
  });

  it('REPAIR of the published version after a new hard unavailability moves the blocked lesson and leaves the publication as it was', async () => {
    const [T0] = u.teachers.map((teacher) => teacher.id);
    // Approved behind the API's back, as if before the rules existed: Tuesday's first pair is now closed to T0.
    await t.sql(
      'alpha',
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, status) VALUES ($1, $2, 'HARD_UNAVAILABLE', 2, $3, 'APPROVED')`,
      [T0, u.semester.id, u.timeSlots[0].id],
    );
    expect((await validation(u.versionId)).valid).toBe(false);
    const published = await placements(u.versionId);
    const accepted = await start(u.versionId, { mode: 'REPAIR', timeLimitSeconds: 5 });
    expect(accepted.status).toBe(202);
    const done = await finished((accepted.body as Job).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', placedSlots: 4, hardViolations: 0 });
    expect(done.movedLessons).toBeGreaterThanOrEqual(1);
    expect(done.movedLessons).toBeLessThanOrEqual(3);
    const resultId = done.resultVersionId as number;
    expect((await validation(resultId)).valid).toBe(true);
    expect(await placements(u.versionId)).toEqual(published);
    const repaired = await placements(resultId);
    expect(repaired.get(`${rules[0].id}/1`)).not.toEqual(published.get(`${rules[0].id}/1`));
    expect((await office.get(`${VERSIONS}/${u.versionId}`)).body).toMatchObject({ status: 'PUBLISHED' });
    await t.sql('alpha', `DELETE FROM teacher_preferences WHERE teacher_id = $1`, [T0]);
  });

  it('a run that changes nothing writes no draft and says why; a run with every penalty 0 stops before its limit (OPTIMUM)', async () => {
    // REPAIR of a clean timetable may move nothing: the best it can answer is the source itself.
    const versionsBefore = Number((await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM schedule_versions`))[0].count);
    const accepted = await start(draftId, { mode: 'REPAIR', timeLimitSeconds: 5 });
    const done = await finished((accepted.body as Job).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', resultVersionId: null, movedLessons: 0, placedSlots: 4, totalSlots: 4 });
    expect(['OPTIMUM', 'TIME_LIMIT']).toContain(done.stopReason);
    const draft = (await office.get(`${VERSIONS}/${draftId}`)).body as { versionNumber: number };
    expect(done.message).toBe(`Готово: расчёт не нашёл расписания лучше версии №${draft.versionNumber} «Черновик осени», черновик не создан (размещено 4 из 4)`);
    expect(done.bestScore).toBe((await quality(draftId)).score);
    expect(Number((await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM schedule_versions`))[0].count)).toBe(versionsBefore);

    // One lesson alone, with no wish against it: nothing costs anything, so a ten-minute run ends at once.
    const lone = (await createVersion(office, u.springSemester.id, 'Одно занятие', u.springVersionId)).id;
    await createRule(
      admin,
      ruleBody(u, {
        semesterId: u.springSemester.id,
        scheduleVersionId: lone,
        subjectId: u.subjects[0].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 36,
        slots: [slotBody(u, { dayOfWeek: 1, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const single = await start(lone, { mode: 'GENERATE', timeLimitSeconds: 600 });
    expect(single.status).toBe(202);
    const optimum = await finished((single.body as Job).id);
    expect(optimum).toMatchObject({ status: 'SUCCEEDED', stopReason: 'OPTIMUM' });
    expect(optimum.elapsedSeconds).toBeLessThan(60);
  });

  it('cancelling a running job stops it early and keeps the best placement found as a draft', async () => {
    // A teacher who would rather not teach at any time: every placement costs, so no optimum ends the run first.
    const T1 = u.teachers[1].id;
    await t.sql(
      'alpha',
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, status)
       SELECT $1, $2, 'SOFT_UNWANTED', day, slot, 'APPROVED' FROM generate_series(1, 6) AS day, unnest($3::int[]) AS slot`,
      [T1, u.semester.id, u.timeSlots.map((slot) => slot.id)],
    );
    const accepted = await start(draftId, { mode: 'GENERATE', timeLimitSeconds: 600 });
    const id = (accepted.body as Job).id;
    await runner(t).runRound();
    expect((await job(id)).status).toBe('RUNNING');
    expect((await office.post(`${JOBS}/${id}/cancel`)).status).toBe(200);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'CANCELLED', stopReason: 'CANCELLED' });
    expect(done.elapsedSeconds).toBeLessThan(600);
    expect(done.resultVersionId).not.toBeNull();
    expect((await validation(done.resultVersionId as number)).valid).toBe(true);
    await t.sql('alpha', `DELETE FROM teacher_preferences WHERE teacher_id = $1`, [T1]);
  });

  it('with two instances on one database, exactly one runs a job; a job whose instance stopped is failed, never left running', async () => {
    const server = testServer();
    second = await startTestApp({
      tenants: [],
      extraTenants: [{ name: 'alpha', domain: 'alpha', url: jdbcUrl(t.databases.alpha), username: server.user, password: server.password }],
    });
    const versionsBefore = Number((await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM schedule_versions`))[0].count);
    const accepted = await start(draftId, { mode: 'GENERATE', timeLimitSeconds: 5 });
    const id = (accepted.body as Job).id;
    // Both instances try to claim at the same moment, round after round.
    const done = await finished(id, [t, second]);
    expect(done.status).toBe('SUCCEEDED');
    const [row] = await t.sql<{ owner: string }>('alpha', `SELECT owner_instance AS owner FROM schedule_optimization_jobs WHERE id = $1`, [id]);
    expect([runner(t).instance, runner(second).instance]).toContain(row.owner);
    expect(Number((await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM schedule_versions`))[0].count)).toBe(versionsBefore + 1);

    // An instance that claimed a job and vanished: its heartbeat stops, the next round of anyone fails the job.
    const [ghost] = await t.sql<{ id: number }>(
      'alpha',
      `INSERT INTO schedule_optimization_jobs (semester_id, source_version_id, mode, status, phase, time_limit_seconds, seed, owner_instance, heartbeat_at, started_at)
       VALUES ($1, $2, 'GENERATE', 'RUNNING', 'IMPROVEMENT', 60, 1, 'gone:1', now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [u.semester.id, draftId],
    );
    await runner(second).runRound();
    const failed = await job(ghost.id);
    expect(failed).toMatchObject({ status: 'FAILED', phase: 'DONE' });
    expect(failed.message).toMatch(/перестал отвечать/);
  });
});
