import { Client as PgClient } from 'pg';
import { BENCH_SCALE } from '../scripts/seed/university-scale';
import { SeededUniversity, seedUniversity } from '../scripts/seed/university-seeder';
import { Metrics } from '../src/platform/metrics/metrics';
import { BYTES_PER_LOADED_RULE } from '../src/schedule/viewing/snapshot/cache-size';
import { SnapshotLoader } from '../src/schedule/viewing/snapshot/snapshot-loader';
import { FULL_CACHE_AGING_MS } from '../src/schedule/viewing/snapshot/viewing-snapshot.cache';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { testServer } from './support/test-database';
import { query } from './support/viewing-builders';

/** The rules BENCH_SCALE seeds (docs/performance.md, «The data set»). */
const BENCH_SCALE_RULES = 3180;

/**
 * The schedule cache at its budget (issue 29): a benchmark-sized university (3,180 rules) under a
 * budget its rules fit in (twice: a second university comes last) but its timetables do not. Once
 * full, the cache keeps what it has and a read lays out the rest for itself only; every ten seconds
 * the least recently read university lets go of its lessons, and a university whose rules push the
 * cache over the budget makes the others let go at once. Rules are never loaded from the database
 * again, and every group answers the same.
 */
describe('schedule cache at its budget', () => {
  let t: TestApp;
  let seeded: SeededUniversity;
  let admin: TenantClient;
  let secondAdmin: TenantClient;
  /** The budget: the rules' estimate of two universities plus one MiB, far less than the timetables of every group. */
  const budgetMb = Math.ceil((2 * BENCH_SCALE_RULES * BYTES_PER_LOADED_RULE) / 2 ** 20) + 1;
  /** The clock the cache ages by: still unless a test moves it, so a slow machine does not age it. */
  let clock = Date.now();

  const semesterOf = async (groupId: number, client = admin): Promise<string> => {
    const { startDate, endDate } = seeded.semesters.autumn;
    const response = await client.get(`/api/schedule?${query({ groupId, startDate, endDate })}`);
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return JSON.stringify(response.body);
  };

  async function metric(name: string): Promise<number> {
    const line = (await t.app.get(Metrics).exposition()).split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return Number(line?.split(' ')[1] ?? 0);
  }
  const figures = async () => ({
    bytes: await metric('timetable_schedule_cache_bytes'),
    trims: await metric('timetable_schedule_cache_trims_total'),
    evictions: await metric('timetable_schedule_cache_evictions_total'),
    unkept: await metric('timetable_schedule_cache_unkept_views_total'),
  });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'], env: { SCHEDULE_CACHE_BUDGET_MB: String(budgetMb) } });
    // The same seed in both: equal ids, so a group id means a group in either.
    for (const tenant of ['alpha', 'beta'] as const) {
      const client = new PgClient({ ...testServer(), database: t.databases[tenant] });
      await client.connect();
      try {
        seeded = await seedUniversity(client, { scale: BENCH_SCALE, startYear: 2026, password: 'demo12345' });
      } finally {
        await client.end();
      }
    }
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    secondAdmin = await t.as('beta').login(ADMIN.username, ADMIN.password);
    clock = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  }, 90_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('once full, keeps what it has and lays out the rest for one read only, answering the same', async () => {
    expect(seeded.counts.rules).toBe(BENCH_SCALE_RULES);
    const loads = jest.spyOn(SnapshotLoader.prototype, 'loadSemester');
    const groups = seeded.groups.slice(0, 40).map((group) => group.id);
    const first = new Map<number, string>();
    for (const groupId of groups) first.set(groupId, await semesterOf(groupId));

    // Forty whole semesters are far more than the one MiB left: the cache filled, then stopped keeping.
    const full = await figures();
    expect(full.unkept).toBeGreaterThan(0);
    expect(full).toMatchObject({ trims: 0, evictions: 0 });
    expect(full.bytes).toBeLessThanOrEqual(budgetMb * 2 ** 20);
    expect(loads).toHaveBeenCalledTimes(1);

    // Read again: kept groups answer from the cache, the others are laid out again; nothing new is kept.
    for (const groupId of groups) expect(await semesterOf(groupId)).toBe(first.get(groupId));
    const again = await figures();
    expect(again).toMatchObject({ bytes: full.bytes, trims: 0, evictions: 0 });
    expect(again.unkept).toBeGreaterThan(full.unkept);
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockRestore();
  }, 120_000);

  it('lets the least recently read university go of its lessons every ten seconds while full, then keeps new reads', async () => {
    const [groupId] = seeded.groups.map((group) => group.id);
    const before = await figures();
    const answer = await semesterOf(groupId);
    expect((await figures()).trims).toBe(before.trims);

    clock += FULL_CACHE_AGING_MS;
    expect(await semesterOf(groupId)).toBe(answer);
    const aged = await figures();
    expect(aged.trims).toBe(before.trims + 1);
    expect(aged.bytes).toBeLessThan(before.bytes);

    // No longer full: the next read is kept (the count of unkept views stands still).
    const kept = await figures();
    expect(await semesterOf(seeded.groups[1].id)).toBe(await semesterOf(seeded.groups[1].id));
    expect((await figures()).unkept).toBe(kept.unkept);
  }, 120_000);

  it("makes the others let go of their lessons at once when a university's rules push the cache over its budget, and keeps every university's rules", async () => {
    const loads = jest.spyOn(SnapshotLoader.prototype, 'loadSemester');
    // Fill the cache again with the first university's timetables.
    for (const group of seeded.groups.slice(0, 40)) await semesterOf(group.id);
    const full = await figures();
    expect(full.bytes).toBeGreaterThan(budgetMb * 2 ** 20 - BENCH_SCALE_RULES * BYTES_PER_LOADED_RULE);

    const groupId = seeded.groups[2].id;
    const second = await semesterOf(groupId, secondAdmin);
    const after = await figures();
    expect(after.trims).toBe(full.trims + 1);
    expect(after.evictions).toBe(0);
    expect(after.bytes).toBeLessThanOrEqual(budgetMb * 2 ** 20);
    expect(await semesterOf(groupId, secondAdmin)).toBe(second);
    expect(await semesterOf(groupId)).toBe(second); // the same seed: the first university answers alike, from its kept rules
    expect(loads).toHaveBeenCalledTimes(1); // the second university's only
    loads.mockRestore();
  }, 120_000);
});
