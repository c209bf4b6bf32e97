import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';

interface Job {
  id: number;
  status: string;
  resultVersionId: number | null;
  message: string | null;
}

/**
 * `DELETE /api/edu-office/schedule/versions/{id}` (issue 54 §4): a draft that was never published goes
 * with its rules, history and own jobs; copies of it and jobs that produced it stay, without the link.
 */
describe('deleting a never-published draft (issue 54 §4)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;

  const runner = () => t.app.get(OptimizationRunner);
  async function finished(id: number): Promise<Job> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      await runner().runRound();
      const current = (await office.get(`${JOBS}/${id}`)).body as Job;
      if (!['QUEUED', 'RUNNING'].includes(current.status)) return current;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const count = async (sql: string, params: unknown[]) => Number((await t.sql<{ count: string }>('alpha', sql, params))[0].count);
  /** What a version holds in every table the deletion touches. */
  const holdings = async (versionId: number) => ({
    versions: await count(`SELECT count(*) FROM schedule_versions WHERE id = $1`, [versionId]),
    rules: await count(`SELECT count(*) FROM schedule_rules WHERE schedule_version_id = $1`, [versionId]),
    slots: await count(`SELECT count(*) FROM schedule_rule_slots s JOIN schedule_rules r ON r.id = s.rule_id WHERE r.schedule_version_id = $1`, [versionId]),
    events: await count(`SELECT count(*) FROM schedule_version_events WHERE schedule_version_id = $1`, [versionId]),
    jobs: await count(`SELECT count(*) FROM schedule_optimization_jobs WHERE source_version_id = $1`, [versionId]),
  });
  const remove = (versionId: number, client = office) => client.delete(`${VERSIONS}/${versionId}`);

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    const [A, B] = u.groups;
    // Group A has a window on Tuesday: a GENERATE run has something to improve and writes a draft.
    for (const [subject, group, pair, teacher, room] of [
      [0, A, 1, 0, 0],
      [1, A, 3, 1, 1],
      [0, B, 2, 0, 0],
    ] as const) {
      await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [group.id],
          lectureAcademicHours: 36,
          slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[pair - 1].id, teacherId: u.teachers[teacher].id, classroomId: u.classrooms[room].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses anonymous callers and roles other than the office and administrators; 404 for an unknown version', async () => {
    const draft = (await createVersion(office, u.semester.id, 'Чужой черновик', u.versionId)).id;
    expectErrorBody((await t.as('alpha').delete(`${VERSIONS}/${draft}`)).body, 401, `${VERSIONS}/${draft}`);
    const roles = await clientsByRole(t, admin, u.department.id);
    for (const role of ['TEACHER', 'STUDENT', 'DEPARTMENT'] as const) expect((await remove(draft, roles.get(role) as TenantClient)).status).toBe(403);
    expectErrorBody((await remove(999999)).body, 404, `${VERSIONS}/999999`, 'Версия расписания не найдена');
    expect((await holdings(draft)).versions).toBe(1);
    expect((await remove(draft, admin)).status).toBe(200);
  });

  it('answers 400 for a published, an archived and a once-published draft, changing nothing', async () => {
    const archived = (await createVersion(office, u.springSemester.id, 'Старая весна', u.springVersionId)).id;
    await t.sql('alpha', `UPDATE schedule_versions SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [archived]);
    const republished = (await createVersion(office, u.springSemester.id, 'Бывшая публикация', u.springVersionId)).id;
    await t.sql('alpha', `UPDATE schedule_versions SET published_at = now() - interval '1 day' WHERE id = $1`, [republished]);
    for (const id of [u.versionId, archived, republished]) {
      const before = await holdings(id);
      const response = await remove(id);
      expectErrorBody(response.body, 400, `${VERSIONS}/${id}`, /Удалить можно только черновик, который ни разу не публиковался/);
      expect(await holdings(id)).toEqual(before);
    }
  });

  it('removes a draft with its rules, slots, history and own jobs; its copy keeps working; the job that made it keeps its record', async () => {
    const source = (await createVersion(office, u.semester.id, 'Основа', u.versionId)).id;
    const started = await office.post(`${VERSIONS}/${source}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 });
    expect(started.status).toBe(202);
    const made = await finished((started.body as Job).id);
    expect(made.status).toBe('SUCCEEDED');
    const result = made.resultVersionId as number;
    expect(result).not.toBeNull();

    // The result has its own (finished) job and a copy made from it.
    const own = await office.post(`${VERSIONS}/${result}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 });
    expect((await office.post(`${JOBS}/${(own.body as Job).id}/cancel`)).status).toBe(200);
    const copy = await createVersion(office, u.semester.id, 'Копия результата', result);
    const copyRulesBefore = (await office.get(`${RULES_PATH}?versionId=${copy.id}`)).body as { id: number }[];
    expect(copyRulesBefore).toHaveLength(3);
    expect(await holdings(result)).toMatchObject({ versions: 1, rules: 3, slots: 3, jobs: 1 });

    const deleted = await remove(result);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: result, status: 'DRAFT', basedOnVersionId: source });
    expect(await holdings(result)).toEqual({ versions: 0, rules: 0, slots: 0, events: 0, jobs: 0 });
    expect((await office.get(`${VERSIONS}/${result}`)).status).toBe(404);
    expect((await office.get(`${JOBS}/${(own.body as Job).id}`)).status).toBe(404);
    expect(((await office.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number }[]).map((item) => item.id)).not.toContain(result);

    // The job whose result it was stays, without the result.
    expect((await office.get(`${JOBS}/${made.id}`)).body).toMatchObject({ id: made.id, status: 'SUCCEEDED', resultVersionId: null });
    // The copy: the link is gone, the rules are intact, it validates and takes new rules.
    expect((await office.get(`${VERSIONS}/${copy.id}`)).body).toMatchObject({ id: copy.id, basedOnVersionId: null, ruleCount: 3 });
    expect((await office.get(`${RULES_PATH}?versionId=${copy.id}`)).body).toEqual(copyRulesBefore);
    expect((await office.get(`${VERSIONS}/${copy.id}/validate`)).body).toMatchObject({ valid: true });
    const added = await admin.post(
      RULES_PATH,
      ruleBody(u, {
        scheduleVersionId: copy.id,
        subjectId: u.subjects[1].id,
        groupIds: [u.groups[1].id],
        lectureAcademicHours: 36,
        slots: [slotBody(u, { dayOfWeek: 4, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    expect(added.status).toBe(200);
    // The history no longer names it; the rest of the semester's history is kept.
    const history = (await office.get(`${VERSIONS}/history?semesterId=${u.semester.id}`)).body as { versionId: number }[];
    expect(history.map((event) => event.versionId)).not.toContain(result);
    expect(history.map((event) => event.versionId)).toContain(copy.id);
  });

  it('answers 409 while a job waits on the draft, naming it, and deletes once the job has ended', async () => {
    const draft = (await createVersion(office, u.semester.id, 'В работе', u.versionId)).id;
    const queued = (await office.post(`${VERSIONS}/${draft}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 })).body as Job;
    const before = await holdings(draft);
    const refused = await remove(draft);
    expectErrorBody(refused.body, 409, `${VERSIONS}/${draft}`, new RegExp(`расчёт расписания №${queued.id}`));
    expect(await holdings(draft)).toEqual(before);
    await office.post(`${JOBS}/${queued.id}/cancel`);
    expect((await remove(draft)).status).toBe(200);
  });

  it('a deletion and a job started on the same draft at the same moment: exactly one wins, and nothing is left half done', async () => {
    for (let round = 0; round < 4; round++) {
      const draft = (await createVersion(office, u.semester.id, `Гонка ${round}`, u.versionId)).id;
      const [deleted, started] = await Promise.all([remove(draft), office.post(`${VERSIONS}/${draft}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 })]);
      if (deleted.status === 200) {
        expect(started.status).toBe(404);
        expectErrorBody(started.body, 404, `${VERSIONS}/${draft}/optimizations`, 'Версия расписания не найдена');
        expect(await holdings(draft)).toEqual({ versions: 0, rules: 0, slots: 0, events: 0, jobs: 0 });
      } else {
        expect(deleted.status).toBe(409);
        expect(started.status).toBe(202);
        expect(await holdings(draft)).toMatchObject({ versions: 1, rules: 3, jobs: 1 });
        await office.post(`${JOBS}/${(started.body as Job).id}/cancel`);
      }
    }
  });
});
