import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { semesterWeek } from '../seed/academic-dates';
import { BENCH_SCALE } from '../seed/university-scale';
import { ScratchServer } from '../scratch-postgres';
import { freePort } from '../free-port';
import { LoadRequest, runLoad, send, Target } from './load';
import { Verdict } from './scenario';
import { ADMIN_LOGIN, seedDatabase, startService } from './service';
import { log, SETTINGS } from './settings';
import { passFail, printVerdicts } from './verdicts';

/** The connection cap the many-tenant run gives the service (stated in docs/performance.md). */
export const TENANTS_TOTAL_CONNECTIONS = 100;
const RSS_LIMIT_BYTES = 1024 ** 3;
const P99_LIMIT_MS = 50;
/** Connections the open-loop reads may use (requests beyond them queue in the generator, and that wait counts). */
const OPEN_LOOP_CONNECTIONS = 64;

/** The RSS of a process now (VmRSS), in bytes; NaN when it cannot be read. */
function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((candidate) => candidate.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * `BENCH_TENANTS=N npm run bench:schedule` (issue 29): N universities of the default size, each its own
 * database in one PostgreSQL (one seeded, the others cloned from it as a template), served by ONE
 * service started with a TENANTS_FILE of all N. Students of every university read one-week group views,
 * each request another university (Host header) while the service's RSS and the open connections are
 * sampled; then every university publishes a new version at once and each is read until it answers
 * a week again (every snapshot rebuilt at the same time).
 */
export async function runTenants(server: ScratchServer, count: number, cleanup: (work: () => Promise<void>) => void): Promise<boolean> {
  const data = await seedDatabase(server);
  await data.db.end(); // a template must have no connections
  let started = performance.now();
  const databases: string[] = [];
  for (let i = 1; i <= count; i++) databases.push(await server.cloneDatabase(data.database, `${data.database}_u${i}`));
  log(`Cloned ${count} universities in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const directory = mkdtempSync(join(tmpdir(), 'timetable-bench-tenants-'));
  cleanup(() => {
    rmSync(directory, { recursive: true, force: true });
    return Promise.resolve();
  });
  const tenantsFile = join(directory, 'tenants.json');
  const domains = databases.map((_, i) => `u${i + 1}`);
  writeFileSync(
    tenantsFile,
    JSON.stringify(
      databases.map((database, i) => ({
        name: `Университет ${i + 1}`,
        domain: domains[i],
        url: `jdbc:postgresql://${server.host}:${server.port}/${database}`,
        username: server.user,
        password: server.password,
      })),
    ),
    { mode: 0o600 },
  );
  started = performance.now();
  const metricsPort = await freePort();
  const env = {
    DB_POOL_TOTAL_MAX: String(TENANTS_TOTAL_CONNECTIONS),
    // N publications at once on a small machine: the production 2 s would cut them off mid-way.
    DB_STATEMENT_TIMEOUT_MS: '30000',
    METRICS_PORT: String(metricsPort),
    ...(process.env.SCHEDULE_CACHE_BUDGET_MB ? { SCHEDULE_CACHE_BUDGET_MB: process.env.SCHEDULE_CACHE_BUDGET_MB } : {}),
  };
  const service = await startService(server, data, env, { tenantsFile, host: `${domains[0]}.timetable.local` });
  cleanup(service.stop);
  log(`Service with ${count} tenants ready in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${mib(rssOf(service.pid))}`);

  const targets: Target[] = [];
  for (const domain of domains) {
    const target = { port: service.target.port, host: `${domain}.timetable.local` };
    const login = await send(target, { method: 'POST', path: '/api/auth/login', body: ADMIN_LOGIN });
    if (login.status !== 200) throw new Error(`login in ${domain} answered ${login.status}`);
    targets.push({ ...target, token: (JSON.parse(login.body) as { token: string }).token });
  }

  // Samples the service's RSS and the tenant databases' connections while the phases run.
  const admin = new Client({ host: server.host, port: server.port, user: server.user, password: server.password, database: 'postgres' });
  await admin.connect();
  cleanup(() => admin.end());
  const peaks = { rss: 0, connections: 0 };
  // Client connections only: PostgreSQL's own autovacuum workers show up in pg_stat_activity under the
  // database they vacuum (one counted as a 101st connection during the publications before).
  const connections = async () =>
    (
      await admin.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname LIKE $1 AND backend_type = 'client backend'`,
        [`${data.database}_u%`],
      )
    ).rows[0].count;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peaks.rss = Math.max(peaks.rss, rssOf(service.pid) || 0);
      peaks.connections = Math.max(peaks.connections, await connections());
      await new Promise((wait) => setTimeout(wait, 200));
    }
  })();
  const resetPeaks = () => Object.assign(peaks, { rss: 0, connections: 0 });

  const autumn = data.seeded.semesters.autumn;
  const groups = data.seeded.groups;
  const weekOf = (n: number) => semesterWeek(autumn, 1 + (n % BENCH_SCALE.semesterWeeks));
  const weekRequest = (tenant: number, n: number): LoadRequest => {
    const period = weekOf(n);
    const target = targets[tenant];
    return {
      method: 'GET',
      path: `/api/schedule?groupId=${groups[n % groups.length].id}&startDate=${period.startDate}&endDate=${period.endDate}`,
      headers: { Host: target.host, Authorization: `Bearer ${target.token as string}` },
    };
  };
  // Each request another university, each time another group and week.
  const rotating = () => {
    let n = 0;
    return () => {
      const request = weekRequest(n % count, Math.floor(n / count) * 7 + n);
      n++;
      return request;
    };
  };
  const anyTenant: Target = { port: service.target.port, host: targets[0].host };

  started = performance.now();
  const cold = await runLoad(anyTenant, { concurrency: SETTINGS.readConcurrency, durationMs: 60_000, next: limited(rotating(), count) });
  log(`First view in each university (cold, ${count} at ${SETTINGS.readConcurrency} connections): ${((performance.now() - started) / 1000).toFixed(1)} s, p99 ${cold.p99Ms.toFixed(0)} ms, ${cold.errors} errors`);
  await runLoad(anyTenant, { concurrency: SETTINGS.readConcurrency, durationMs: SETTINGS.warmupSeconds * 1000, next: rotating() });
  resetPeaks();
  const reads = await runLoad(anyTenant, { concurrency: SETTINGS.readConcurrency, durationMs: SETTINGS.seconds * 1000, next: rotating() });
  const readPeaks = { ...peaks, after: rssOf(service.pid), connectionsAfter: await connections() };
  log(
    `One-week group views across ${count} universities x${SETTINGS.readConcurrency}: ${reads.requests} requests, ${reads.rps.toFixed(1)} rps, ` +
      `median ${reads.medianMs.toFixed(1)} ms, p99 ${reads.p99Ms.toFixed(1)} ms, ${reads.errors} errors${reads.firstError ? ` (first: ${reads.firstError})` : ''}`,
  );
  log(`  service RSS: peak ${mib(readPeaks.rss)}, after ${mib(readPeaks.after)}; connections to the ${count} databases: peak ${readPeaks.connections}, after ${readPeaks.connectionsAfter}`);
  log(`  schedule cache: ${await cacheFigures(metricsPort)}`);

  // The same reads at a steady rate below saturation (open loop): what a student waits for while the
  // instance is busy but not overrun. BENCH_TENANTS_RATE, or half of what it answered above.
  const rate = Number(process.env.BENCH_TENANTS_RATE) || Math.max(1, Math.floor(reads.rps / 2));
  const steady = await runLoad(anyTenant, { concurrency: OPEN_LOOP_CONNECTIONS, durationMs: SETTINGS.seconds * 1000, next: rotating(), ratePerSecond: rate });
  log(
    `  the same at a steady ${rate} requests per second (open loop, at most ${OPEN_LOOP_CONNECTIONS} connections): ${steady.rps.toFixed(1)} rps, ` +
      `median ${steady.medianMs.toFixed(1)} ms, p99 ${steady.p99Ms.toFixed(1)} ms, ${steady.errors} errors`,
  );

  // A draft copy of the autumn version in each university (one after another, not timed), then the
  // publication of every draft at once, then each university read until it answers a week again.
  const drafts: (number | string)[] = [];
  for (const target of targets) {
    const copy = await send(target, { method: 'POST', path: '/api/edu-office/schedule/versions', body: { semesterId: autumn.id, name: 'Новая редакция', basedOnVersionId: autumn.versionId } });
    drafts.push(copy.status === 200 ? (JSON.parse(copy.body) as { id: number }).id : `copy answered ${copy.status}: ${copy.body.slice(0, 200)}`);
  }
  resetPeaks();
  started = performance.now();
  const published = await Promise.all(
    targets.map(async (target, i) => {
      const draft = drafts[i];
      if (typeof draft === 'string') return draft;
      const answer = await send(target, { method: 'POST', path: `/api/edu-office/schedule/versions/${draft}/publish`, body: { reason: 'Замер' } });
      return answer.status === 200 ? undefined : `publish answered ${answer.status}: ${answer.body.slice(0, 200)}`;
    }),
  );
  const publishedMs = performance.now() - started;
  const failed = published.filter((outcome): outcome is string => outcome !== undefined);
  log(`Published a new autumn version in ${count - failed.length} of ${count} universities at once in ${(publishedMs / 1000).toFixed(1)} s${failed.length ? ` (first failure: ${failed[0]})` : ''}`);
  started = performance.now();
  const rebuilt = await Promise.all(
    targets.map(async (_, tenant) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const answer = await send(anyTenant, weekRequest(tenant, tenant)).catch(() => undefined);
        if (answer?.status === 200) return performance.now() - started;
      }
      return Number.NaN;
    }),
  );
  const rebuildMs = Math.max(...rebuilt);
  const rebuildPeaks = { ...peaks };
  log(
    `  every university answered a week again ${(rebuildMs / 1000).toFixed(1)} s after the publications (all snapshots rebuilt at once); ` +
      `peak RSS ${mib(rebuildPeaks.rss)}, peak connections ${rebuildPeaks.connections}`,
  );
  log(`  schedule cache: ${await cacheFigures(metricsPort)}`);
  sampling = false;
  await sampler;

  const verdicts: Verdict[] = [
    { label: `service RSS under 1 GiB while ${count} universities are read`, status: passFail(readPeaks.rss < RSS_LIMIT_BYTES), detail: `peak ${mib(readPeaks.rss)}` },
    { label: `  and while all ${count} rebuild after a publication`, status: passFail(rebuildPeaks.rss < RSS_LIMIT_BYTES), detail: `peak ${mib(rebuildPeaks.rss)}` },
    {
      label: `one-week group view p99 < ${P99_LIMIT_MS} ms across ${count} universities (${SETTINGS.readConcurrency} connections)`,
      status: reads.requests - reads.errors > 0 ? passFail(reads.p99Ms < P99_LIMIT_MS && reads.errors === 0) : 'NOT MEASURED',
      detail: `${reads.p99Ms.toFixed(1)} ms (median ${reads.medianMs.toFixed(1)} ms), ${reads.errors} errors`,
    },
    {
      label: `  and at a steady ${rate} requests per second (open loop)`,
      status: steady.requests - steady.errors > 0 ? passFail(steady.p99Ms < P99_LIMIT_MS && steady.errors === 0) : 'NOT MEASURED',
      detail: `${steady.p99Ms.toFixed(1)} ms (median ${steady.medianMs.toFixed(1)} ms), ${steady.errors} errors`,
    },
    {
      label: `database connections within DB_POOL_TOTAL_MAX=${TENANTS_TOTAL_CONNECTIONS}`,
      status: passFail(Math.max(readPeaks.connections, rebuildPeaks.connections) <= TENANTS_TOTAL_CONNECTIONS),
      detail: `peak ${Math.max(readPeaks.connections, rebuildPeaks.connections)} (${readPeaks.connectionsAfter} after the reads)`,
    },
    {
      label: `every university publishes and answers again`,
      status: failed.length === 0 && Number.isFinite(rebuildMs) ? 'PASS' : 'FAIL',
      detail: `${count - failed.length}/${count} published, last answered ${(rebuildMs / 1000).toFixed(1)} s after`,
    },
  ];
  printVerdicts(`Targets, ${count} universities on one instance (issue 29):`, verdicts);
  return !verdicts.some((verdict) => verdict.status === 'NOT MEASURED');
}

/** The schedule cache's estimated size and evictions, from the service's own metrics. */
async function cacheFigures(port: number): Promise<string> {
  const text = (await send({ port, host: '127.0.0.1' }, { method: 'GET', path: '/metrics' }).catch(() => undefined))?.body ?? '';
  const value = (name: string) => Number(text.split('\n').find((line) => line.startsWith(`${name} `))?.split(' ')[1]);
  return (
    `${mib(value('timetable_schedule_cache_bytes'))} estimated, ${value('timetable_schedule_cache_trims_total')} tenants trimmed ` +
    `(lessons let go of, rules kept) and ${value('timetable_schedule_cache_evictions_total')} evicted whole so far`
  );
}

/** The first `count` requests of a generator, then none. */
function limited(next: () => LoadRequest, count: number): () => LoadRequest | undefined {
  let sent = 0;
  return () => (sent++ < count ? next() : undefined);
}
