import { Client as PgClient } from 'pg';
import { TINY_SCALE } from '../scripts/seed/university-scale';
import { SeededUniversity, seedUniversity } from '../scripts/seed/university-seeder';
import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { createVersion } from './support/schedule-builders';
import { testServer } from './support/test-database';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';
const SETTINGS = '/api/edu-office/schedule/solver-settings';

interface Metric {
  code: string;
  label: string;
  value: number;
  penalty: number;
  explanation: string;
}
interface Report {
  rawPenalty: number;
  score: number;
  metrics: Metric[];
}
interface Job {
  id: number;
  status: string;
  phase: string;
  stopReason: string | null;
  penalties: { code: string; label: string; value: number; penalty: number }[];
  resultVersionId: number | null;
}

/** How far the last live estimate may be from the report over the result, as a share of the report's total (see docs/decisions.md). */
const LIVE_TOLERANCE = 0.15;

/**
 * The university's rules of a good timetable that came last (issue 54 §3): «Занятия на последней паре
 * дня» and «Дней в неделю» of groups and teachers, in the quality report, the settings and the solver;
 * and the live penalties of a run on the report's scale (§4), on the seeder's university (`npm run
 * demo`'s, at its tiny scale: groups with subgroups, streams, odd and even weeks).
 */
describe('last pair and days per week; live penalties on the report scale (issue 54 §3, §4)', () => {
  let t: TestApp;
  let pg: PgClient;
  let admin: TenantClient;
  let seeded: SeededUniversity;
  let defaults: Record<string, unknown>;

  const runner = () => t.app.get(OptimizationRunner);
  const report = async (versionId: number): Promise<Report> =>
    (await admin.get(`/api/edu-office/schedule/quality?semesterId=${seeded.semesters.autumn.id}&versionId=${versionId}`)).body as Report;
  const metric = (of: Report, code: string) => of.metrics.find((item) => item.code === code) as Metric;
  /** Rounds until the job has ended; every live estimate seen while it ran, in order. */
  async function run(versionId: number, body: Record<string, unknown>): Promise<{ done: Job; live: Job[] }> {
    const accepted = await admin.post(`${VERSIONS}/${versionId}/optimizations`, body);
    expect(accepted.status).toBe(202);
    const id = (accepted.body as Job).id;
    const live: Job[] = [];
    const deadline = Date.now() + 120_000;
    for (;;) {
      await runner().runRound();
      const current = (await admin.get(`${JOBS}/${id}`)).body as Job;
      if (!['QUEUED', 'RUNNING'].includes(current.status)) return { done: current, live };
      if (current.status === 'RUNNING' && current.phase === 'IMPROVEMENT' && current.penalties.length > 0) live.push(current);
      if (Date.now() > deadline) throw new Error(`job ${id} still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  /** Active placed slots of a version in the base grid's last pair. */
  async function lastPairSlots(versionId: number): Promise<number> {
    const [row] = await t.sql<{ n: number }>(
      'alpha',
      `SELECT count(*)::int AS n FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND sl.time_slot_id = $2`,
      [versionId, seeded.baseTimeSlotIds[seeded.baseTimeSlotIds.length - 1]],
    );
    return row.n;
  }

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    pg = new PgClient({ ...testServer(), database: t.databases.alpha });
    await pg.connect();
    seeded = await seedUniversity(pg, { scale: TINY_SCALE, startYear: 2026, password: 'demo12345' });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    defaults = (await admin.get(SETTINGS)).body as Record<string, unknown>;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await pg?.end();
    await t?.close();
  });
  afterEach(async () => {
    await t.sql('alpha', `UPDATE schedule_solver_settings SET settings = '{}'::jsonb`);
  });

  it('the settings carry both rules with defaults that change no total, and refuse a value out of range at its field', async () => {
    expect(defaults).toMatchObject({ lastPair: 0, groupDaysPerWeek: 5, groupExtraDay: 0, teacherDaysPerWeek: 5, teacherExtraDay: 0, defaults: true });
    for (const [field, value] of [
      ['lastPair', -1],
      ['groupDaysPerWeek', 0],
      ['teacherDaysPerWeek', 8],
      ['groupExtraDay', 1001],
      ['teacherExtraDay', 'два'],
    ] as const) {
      const refused = await admin.put(SETTINGS, { ...defaults, [field]: value });
      expect(refused.status).toBe(400);
      expectErrorBody(refused.body, 400, SETTINGS, new RegExp(field));
      expect(refused.body.field).toBe(field);
    }
    const { lastPair: _omitted, ...withoutLastPair } = defaults;
    expect((await admin.put(SETTINGS, withoutLastPair)).body.field).toBe('lastPair');
    expect((await admin.get(SETTINGS)).body).toMatchObject({ defaults: true });
  });

  it('the report counts each rule at the weight the office sets, and its total moves by exactly those penalties', async () => {
    const draftId = (await createVersion(admin, seeded.semesters.autumn.id, 'Последние пары', seeded.semesters.autumn.versionId)).id;
    // Two rule slots moved into the last pair of their day (behind the API, as a draft may hold them).
    await t.sql(
      'alpha',
      `UPDATE schedule_rule_slots SET time_slot_id = $2 WHERE id IN (
         SELECT sl.id FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
          WHERE r.schedule_version_id = $1 AND sl.day_of_week BETWEEN 1 AND 5 ORDER BY sl.id LIMIT 2)`,
      [draftId, seeded.baseTimeSlotIds[seeded.baseTimeSlotIds.length - 1]],
    );
    expect(await lastPairSlots(draftId)).toBeGreaterThanOrEqual(2);
    const before = await report(draftId);
    for (const code of ['LAST_PAIRS', 'GROUP_EXTRA_DAYS', 'TEACHER_EXTRA_DAYS']) expect(metric(before, code)).toMatchObject({ value: 0, penalty: 0 });
    expect(metric(before, 'LAST_PAIRS').label).toBe('Занятия на последней паре дня');
    expect(metric(before, 'GROUP_EXTRA_DAYS').label).toBe('Дней в неделю у групп');
    expect(metric(before, 'TEACHER_EXTRA_DAYS').label).toBe('Дней в неделю у преподавателей');

    const saved = await admin.put(SETTINGS, { ...defaults, lastPair: 7, groupDaysPerWeek: 1, groupExtraDay: 2, teacherDaysPerWeek: 1, teacherExtraDay: 3 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ lastPair: 7, groupDaysPerWeek: 1, defaults: false });
    const after = await report(draftId);
    const last = metric(after, 'LAST_PAIRS');
    const groupDays = metric(after, 'GROUP_EXTRA_DAYS');
    const teacherDays = metric(after, 'TEACHER_EXTRA_DAYS');
    // Every lesson of the moved slots is in the last pair: at least one a week each over the autumn.
    expect(last.value).toBeGreaterThanOrEqual(2 * 8);
    expect(last.penalty).toBe(last.value * 7);
    expect(last.explanation).toContain('7 баллов за занятие');
    expect(groupDays.value).toBeGreaterThan(0);
    expect(groupDays.penalty).toBeCloseTo(groupDays.value * 2, 1);
    expect(groupDays.explanation).toContain('сверх 1');
    expect(teacherDays.value).toBeGreaterThan(0);
    expect(teacherDays.penalty).toBeCloseTo(teacherDays.value * 3, 1);
    // The other metrics are as they were: the total moved by the new penalties alone.
    for (const item of before.metrics.filter((candidate) => !['LAST_PAIRS', 'GROUP_EXTRA_DAYS', 'TEACHER_EXTRA_DAYS'].includes(candidate.code))) {
      expect(metric(after, item.code).penalty).toBe(item.penalty);
    }
    expect(after.rawPenalty).toBeCloseTo(before.rawPenalty + last.penalty + groupDays.penalty + teacherDays.penalty, 1);
    expect(after.score).toBeLessThan(before.score);

    // A heavy weight on the last pair: the solver moves every lesson out of it, and the result's report agrees.
    await admin.put(SETTINGS, { ...defaults, lastPair: 200 });
    const { done } = await run(draftId, { mode: 'GENERATE', timeLimitSeconds: 5, seed: 3 });
    expect(done.status).toBe('SUCCEEDED');
    const resultId = done.resultVersionId as number;
    expect(await lastPairSlots(resultId)).toBe(0);
    expect(metric(await report(resultId), 'LAST_PAIRS')).toMatchObject({ value: 0, penalty: 0 });
    expect(done.penalties.find((item) => item.code === 'LAST_PAIRS')).toMatchObject({ value: 0, penalty: 0 });
  });

  it('a run shows its penalties live on the quality report scale: the last estimate is the final report total within the stated tolerance', async () => {
    const total = (penalties: Job['penalties']) => penalties.filter((item) => item.code !== 'MOVED').reduce((sum, item) => sum + item.penalty, 0);
    // The default weights (the runs of the demo university), then the week's days weighed too (a day term, multiplied out by the weeks).
    for (const [name, settings] of [
      ['Шкала по умолчанию', defaults],
      ['Шкала дней недели', { ...defaults, groupDaysPerWeek: 1, groupExtraDay: 2, teacherDaysPerWeek: 1, teacherExtraDay: 3 }],
    ] as const) {
      await admin.put(SETTINGS, settings);
      const draftId = (await createVersion(admin, seeded.semesters.autumn.id, name, seeded.semesters.autumn.versionId)).id;
      const { done, live } = await run(draftId, { mode: 'GENERATE', timeLimitSeconds: 6, seed: 5 });
      expect(done.status).toBe('SUCCEEDED');
      expect(live.length).toBeGreaterThan(0);
      const estimate = total(live[live.length - 1].penalties);
      const final = (await report(done.resultVersionId as number)).rawPenalty;
      expect(final).toBeGreaterThan(0);
      expect(Math.abs(estimate - final)).toBeLessThanOrEqual(LIVE_TOLERANCE * final);
      expect(total(done.penalties)).toBeCloseTo(final, 1);
    }
  });
});
