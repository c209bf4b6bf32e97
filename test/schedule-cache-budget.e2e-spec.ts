import { Metrics } from '../src/platform/metrics/metrics';
import { SnapshotLoader } from '../src/schedule/viewing/snapshot/snapshot-loader';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { buildSmallUniversity, query, SmallUniversity, ViewingWorld } from './support/viewing-builders';

const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };

/**
 * The schedule cache's memory budget (SCHEDULE_CACHE_BUDGET_MB, issue 29): with a budget of 0 every
 * tenant's cached timetable is dropped after its request, and each next read rebuilds it from the
 * database and answers exactly as before; the evictions show in the metrics.
 */
describe('schedule cache budget', () => {
  let t: TestApp;
  let u: SmallUniversity;
  let alpha: TenantClient;
  let beta: TenantClient;

  const week = async (client: TenantClient): Promise<unknown[]> => {
    const response = await client.get(`/api/schedule?${query({ groupId: u.groups.ivt101, ...WEEK_2 })}`);
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body as unknown[];
  };

  /** How many semester snapshots the service loads from the database while `work` runs. */
  async function semesterLoads(work: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(SnapshotLoader.prototype, 'loadSemester');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  async function metric(name: string): Promise<number> {
    const line = (await t.app.get(Metrics).exposition()).split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'], env: { SCHEDULE_CACHE_BUDGET_MB: '0' } });
    u = await buildSmallUniversity(new ViewingWorld(t));
    const wb = new ViewingWorld(t, 'beta');
    await buildSmallUniversity(wb);
    await wb.sql(`UPDATE subjects SET name = 'Высшая математика' WHERE name = 'Математика'`);
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    beta = await t.as('beta').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  it('rebuilds an evicted timetable from the database and answers the same', async () => {
    let first: unknown[] = [];
    expect(await semesterLoads(async () => (first = await week(alpha)))).toBe(1);
    expect(first.length).toBeGreaterThan(0);
    const evictionsBefore = await metric('timetable_schedule_cache_evictions_total');

    let other: unknown[] = [];
    // Over the budget, each read found its tenant's snapshot gone and loaded it again.
    expect(await semesterLoads(async () => (other = await week(beta)))).toBe(1);
    let again: unknown[] = [];
    expect(await semesterLoads(async () => (again = await week(alpha)))).toBe(1);

    expect(again).toEqual(first);
    expect(JSON.stringify(other)).toContain('Высшая математика');
    expect(JSON.stringify(again)).not.toContain('Высшая математика');
    expect(await metric('timetable_schedule_cache_evictions_total')).toBeGreaterThanOrEqual(evictionsBefore + 2);
    expect(await metric('timetable_schedule_cache_bytes')).toBe(0);
  });
});
