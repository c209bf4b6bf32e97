import { performance } from 'node:perf_hooks';
import { semesterWeek } from '../../seed/academic-dates';
import { LoadRequest, send, Target } from '../load';
import { BenchContext, BenchFeature, Prepared, Scenario } from '../scenario';
import { log } from '../settings';
import { medianBelow, ratioAtLeast } from '../verdicts';
import { VIEWING_NAMES } from './viewing';

export const SCALE_NAMES = {
  revalidation: 'GET /api/schedule: one group, one week, revalidated (304)',
  feedCold: 'GET /ical/<secret>.ics: a group feed, first fetch (generated)',
  feed: 'GET /ical/<secret>.ics: a group feed (document shared by the group)',
  feedRevalidation: 'GET /ical/<secret>.ics: a group feed, revalidated (304)',
  registry: 'GET /api/edu-office/schedule/overrides: one week',
  registryPage: 'GET /api/edu-office/schedule/overrides/page: one week, first 50',
  registryRevalidation: 'GET /api/edu-office/schedule/overrides: one week, revalidated (304)',
} as const;

/**
 * Issue 16's part: the large university (`BENCH_SCALE=large`), HTTP revalidation (304), calendar feeds
 * and the override registry under load, with their targets as ratios to the same run's ceiling.
 *
 * Prepares a calendar feed for every group (held by one subscriber per 50 groups), then the ETags of
 * one week of every group (taken last, after every write of the preparation; this also warms the
 * viewing snapshot the throughput rows measure). Its rows run right after the viewing rows, before
 * anything writes.
 */
async function prepare({ target, seeded, readConcurrency }: BenchContext): Promise<Prepared> {
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
  const registryOf = (week: number) => {
    const period = semesterWeek(autumn, week);
    return `/api/edu-office/schedule/overrides?startDate=${period.startDate}&endDate=${period.endDate}`;
  };
  const registry = () => {
    let week = 0;
    return (): LoadRequest => ({ method: 'GET', path: registryOf(1 + (week++ % weeks)) });
  };
  // What the office's registry screen loads (issue 29): the first page of a week, 50 changes.
  const registryPage = () => {
    let week = 0;
    return (): LoadRequest => ({ method: 'GET', path: registryOf(1 + (week++ % weeks)).replace('overrides?', 'overrides/page?size=50&') });
  };
  const registryTags: { path: string; etag?: string }[] = [];
  for (let week = 1; week <= weeks; week++) {
    const path = registryOf(week);
    registryTags.push({ path, etag: (await send(target, { method: 'GET', path })).etag });
  }
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
  const scenarios: Scenario[] = [
    { name: SCALE_NAMES.revalidation, concurrency: readConcurrency, requests: cycle(views, (view) => view) },
    // No warm-up: it would fetch every unseen feed and leave the measurement nothing to generate.
    { name: SCALE_NAMES.feedCold, concurrency: 1, requests: firstFetches, warmup: false },
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
    { name: SCALE_NAMES.registryPage, concurrency: readConcurrency, requests: registryPage },
    {
      name: SCALE_NAMES.registryRevalidation,
      concurrency: readConcurrency,
      requests: cycle(
        registryTags.filter((known) => known.etag),
        (known) => ({ method: 'GET', path: known.path, headers: { 'If-None-Match': known.etag as string }, expectStatus: 304 }),
      ),
    },
  ];
  return { scenarios };
}


/** Issue 16's targets (set for the large scale; judged at any scale). */
export const feeds: BenchFeature = {
  name: 'feeds and revalidation',
  prepare,
  heading: (m) => `Targets of issue 16 (scale: ${m.scaleName}; they are set for BENCH_SCALE=large):`,
  verdicts(m) {
    const ceiling = m.outcome(VIEWING_NAMES.ceiling, m.readConcurrency);
    return [
      ratioAtLeast('one-week group view', m.outcome(VIEWING_NAMES.week, m.readConcurrency), ceiling, 0.6),
      ratioAtLeast('304 revalidation of a one-week group view', m.outcome(SCALE_NAMES.revalidation, m.readConcurrency), ceiling, 0.8),
      medianBelow('whole-semester group view, one connection', m.outcome(VIEWING_NAMES.semester, 1), 20),
      medianBelow('a group feed, generated (two weeks back to the end of the next semester)', m.outcome(SCALE_NAMES.feedCold, 1), 50),
      ratioAtLeast('override registry, one week', m.outcome(SCALE_NAMES.registry, m.readConcurrency), ceiling, 0.2),
      ratioAtLeast('override registry, first page of a week (issue 29)', m.outcome(SCALE_NAMES.registryPage, m.readConcurrency), ceiling, 0.3),
      ratioAtLeast('override registry, one week, revalidated (issue 29)', m.outcome(SCALE_NAMES.registryRevalidation, m.readConcurrency), ceiling, 0.3),
    ];
  },
};
