import { Client as PgClient } from 'pg';
import { BENCH_SCALE } from '../scripts/seed/university-scale';
import { SeededUniversity, seedUniversity } from '../scripts/seed/university-seeder';
import { Metrics } from '../src/platform/metrics/metrics';
import { BYTES_PER_LOADED_RULE } from '../src/schedule/viewing/snapshot/cache-size';
import { SnapshotLoader } from '../src/schedule/viewing/snapshot/snapshot-loader';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { testServer } from './support/test-database';
import { query } from './support/viewing-builders';

/** The rules BENCH_SCALE seeds (docs/performance.md, «The data set»). */
const BENCH_SCALE_RULES = 3180;

/**
 * The schedule cache over its budget keeps a university's loaded rules and lets go of what was made
 * from them first (issue 29): a benchmark-sized university (3,180 rules) under a budget its rules fit
 * in but its timetables do not. Whole semesters of many groups are read; the cache trims (laid-out
 * lessons, JSON and timetables go), never loads the semester from the database again, and a trimmed
 * group answers exactly what it answered before.
 */
describe('schedule cache trimming', () => {
  let t: TestApp;
  let seeded: SeededUniversity;
  let admin: TenantClient;
  /** The budget: the rules' estimate plus one MiB, far less than the timetables of every group. */
  const budgetMb = Math.ceil((BENCH_SCALE_RULES * BYTES_PER_LOADED_RULE) / 2 ** 20) + 1;

  const semesterOf = async (groupId: number): Promise<string> => {
    const { startDate, endDate } = seeded.semesters.autumn;
    const response = await admin.get(`/api/schedule?${query({ groupId, startDate, endDate })}`);
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return JSON.stringify(response.body);
  };

  async function metric(name: string): Promise<number> {
    const line = (await t.app.get(Metrics).exposition()).split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return Number(line?.split(' ')[1] ?? 0);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { SCHEDULE_CACHE_BUDGET_MB: String(budgetMb) } });
    const client = new PgClient({ ...testServer(), database: t.databases.alpha });
    await client.connect();
    try {
      seeded = await seedUniversity(client, { scale: BENCH_SCALE, startYear: 2026, password: 'demo12345' });
    } finally {
      await client.end();
    }
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  }, 60_000);
  afterAll(() => t.close());

  it('lets go of timetables over the budget, keeps the rules, and answers the same', async () => {
    expect(seeded.counts.rules).toBe(BENCH_SCALE_RULES);
    const loads = jest.spyOn(SnapshotLoader.prototype, 'loadSemester');
    try {
      const groups = seeded.groups.slice(0, 60).map((group) => group.id);
      const first = new Map<number, string>();
      for (const groupId of groups) first.set(groupId, await semesterOf(groupId));

      // Sixty whole semesters are far more than one MiB: the cache trimmed, and trimming kept the rules.
      expect(await metric('timetable_schedule_cache_trims_total')).toBeGreaterThan(0);
      expect(await metric('timetable_schedule_cache_evictions_total')).toBe(0);
      expect(await metric('timetable_schedule_cache_bytes')).toBeLessThanOrEqual(budgetMb * 2 ** 20);
      expect(loads).toHaveBeenCalledTimes(1);

      // The groups read first were trimmed away; they are laid out again from the kept rules, unchanged.
      for (const groupId of groups.slice(0, 5)) expect(await semesterOf(groupId)).toBe(first.get(groupId));
      expect(loads).toHaveBeenCalledTimes(1);
    } finally {
      loads.mockRestore();
    }
  }, 120_000);
});
