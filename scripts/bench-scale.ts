import { performance } from 'node:perf_hooks';
import { LoadRequest, LoadResult, send, Target } from './http-load';
import { semesterWeek } from './seed/academic-dates';
import { BENCH_SCALE, LARGE_BENCH_SCALE, UniversityScale } from './seed/university-scale';
import { SeededUniversity } from './seed/university-seeder';

/**
 * Issue 16's part of the benchmark: the large university (`BENCH_SCALE=large`), HTTP revalidation
 * (304), calendar feeds and the override registry under load, with their targets as ratios to the
 * same run's ceiling.
 */

/** `BENCH_SCALE=large` seeds LARGE_BENCH_SCALE (600 groups, 10,080 rules); anything else the default. */
export function chosenScale(): { name: string; scale: UniversityScale } {
  const requested = process.env.BENCH_SCALE?.trim().toLowerCase();
  if (requested === 'large') return { name: 'large', scale: LARGE_BENCH_SCALE };
  if (requested && requested !== 'default') throw new Error('BENCH_SCALE must be "large" or "default"');
  return { name: 'default', scale: BENCH_SCALE };
}

export interface ScaleScenario {
  name: string;
  concurrency: number;
  requests: () => () => LoadRequest | undefined;
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

export const SCALE_NAMES = {
  revalidation: 'GET /api/schedule: one group, one week, revalidated (304)',
  feedCold: 'GET /ical/<secret>.ics: a group feed, first fetch (generated)',
  feed: 'GET /ical/<secret>.ics: a group feed (document shared by the group)',
  feedRevalidation: 'GET /ical/<secret>.ics: a group feed, revalidated (304)',
  registry: 'GET /api/edu-office/schedule/overrides: one week',
} as const;

/**
 * Prepares and returns the scenarios: a calendar feed for every group (held by one subscriber per 50
 * groups), then the ETags of one week of every group (taken now, after the last write; this also warms
 * the viewing snapshot the throughput rows measure).
 */
export async function scaleScenarios(target: Target, seeded: SeededUniversity, readConcurrency: number): Promise<ScaleScenario[]> {
  const autumn = seeded.semesters.autumn;
  const weeks = Math.max(1, Math.round((Date.parse(autumn.endDate) - Date.parse(autumn.startDate)) / (7 * 86_400_000)));
  const started = performance.now();
  // One feed per group; a user holds at most 50, so the feeds belong to one subscriber per 50 groups.
  const feeds: { path: string; etag?: string }[] = [];
  for (let first = 0; first < seeded.groups.length; first += 50) {
    const username = `bench-subscriber-${first / 50 + 1}`;
    const body = { username, password: 'subscriber-123', role: 'SCHEDULE_VIEWER', fullName: `Подписчик ${first / 50 + 1}`, departmentId: seeded.departmentIds[0] };
    if ((await send(target, { method: 'POST', path: '/api/users', body })).status !== 200) break;
    const login = await send(target, { method: 'POST', path: '/api/auth/login', body: { username, password: body.password } });
    if (login.status !== 200) break;
    const subscriber: Target = { ...target, token: (JSON.parse(login.body) as { token: string }).token };
    for (const group of seeded.groups.slice(first, first + 50)) {
      const created = await send(subscriber, { method: 'POST', path: '/api/calendar-feeds', body: { kind: 'GROUP', targetId: group.id } });
      if (created.status === 200) feeds.push({ path: new URL((JSON.parse(created.body) as { url: string }).url).pathname });
    }
  }
  // ETags of the views last: creating the subscribers changed the data stamp.
  const views: LoadRequest[] = [];
  for (const [n, group] of seeded.groups.entries()) {
    const period = semesterWeek(autumn, 1 + (n % weeks));
    const path = `/api/schedule?groupId=${group.id}&startDate=${period.startDate}&endDate=${period.endDate}`;
    const answer = await send(target, { method: 'GET', path });
    if (answer.status === 200 && answer.etag) views.push({ method: 'GET', path, headers: { 'If-None-Match': answer.etag }, expectStatus: 304 });
  }
  log(`  prepared ${views.length} ETags and ${feeds.length} group feeds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const cycle = <T>(items: readonly T[], make: (item: T) => LoadRequest) => () => {
    let n = 0;
    return (): LoadRequest | undefined => (items.length === 0 ? undefined : make(items[n++ % items.length]));
  };
  const registry = () => {
    let week = 0;
    return (): LoadRequest => {
      const period = semesterWeek(autumn, 1 + (week++ % weeks));
      return { method: 'GET', path: `/api/edu-office/schedule/overrides?startDate=${period.startDate}&endDate=${period.endDate}` };
    };
  };
  // The last 50 feeds are fetched now (their ETags, their documents made); every other one is fetched once,
  // in one sequence shared by warm-up and measurement, so each of those answers is generated.
  const known = feeds.slice(-50);
  for (const feed of known) feed.etag = (await send(target, { method: 'GET', path: feed.path })).etag;
  const unseen = feeds.slice(0, -50);
  let fresh = 0;
  const firstFetches = () => (): LoadRequest | undefined => {
    const feed = unseen[fresh++];
    return feed && { method: 'GET', path: feed.path };
  };
  return [
    { name: SCALE_NAMES.revalidation, concurrency: readConcurrency, requests: cycle(views, (view) => view) },
    { name: SCALE_NAMES.feedCold, concurrency: 1, requests: firstFetches },
    { name: SCALE_NAMES.feed, concurrency: 1, requests: cycle(known, (feed) => ({ method: 'GET', path: feed.path })) },
    { name: SCALE_NAMES.feed, concurrency: readConcurrency, requests: cycle(known, (feed) => ({ method: 'GET', path: feed.path })) },
    {
      name: SCALE_NAMES.feedRevalidation,
      concurrency: readConcurrency,
      requests: cycle(
        known.filter((feed) => feed.etag),
        (feed) => ({ method: 'GET', path: feed.path, headers: { 'If-None-Match': feed.etag as string }, expectStatus: 304 }),
      ),
    },
    { name: SCALE_NAMES.registry, concurrency: readConcurrency, requests: registry },
  ];
}

export interface ScaleMeasured {
  ceiling?: LoadResult;
  week?: LoadResult;
  semesterAlone?: LoadResult;
  revalidation?: LoadResult;
  feedCold?: LoadResult;
  feedShared?: LoadResult;
  registry?: LoadResult;
}

/** Issue 16's targets (meant for the large scale; printed for any scale). */
export function scaleVerdicts(scaleName: string, m: ScaleMeasured, readConcurrency: number): void {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const ratio = (name: string, result: LoadResult | undefined, target: number) => {
    if (!m.ceiling || !result) return log(`  ${name} >= ${target} of the ceiling: SKIPPED`);
    const value = result.rps / m.ceiling.rps;
    log(`  ${name} >= ${target} of the ceiling (${readConcurrency} connections): ${result.rps.toFixed(1)} / ${m.ceiling.rps.toFixed(1)} rps = ${value.toFixed(2)} -> ${verdict(value >= target)}`);
  };
  const median = (name: string, result: LoadResult | undefined, limitMs: number) =>
    log(result ? `  ${name} median < ${limitMs} ms, one connection: ${result.medianMs.toFixed(1)} ms -> ${verdict(result.medianMs < limitMs)}` : `  ${name}: SKIPPED`);
  log('');
  log(`Targets of issue 16 (scale: ${scaleName}; they are set for BENCH_SCALE=large):`);
  ratio('one-week group view', m.week, 0.6);
  ratio('304 revalidation of a one-week group view', m.revalidation, 0.8);
  median('whole-semester group view', m.semesterAlone, 20);
  median('a group feed, generated (two weeks back to the end of the next semester)', m.feedCold, 50);
  median('  the same feed again, document shared by the group (not a target)', m.feedShared, 50);
  ratio('override registry, one week', m.registry, 0.2);
}
