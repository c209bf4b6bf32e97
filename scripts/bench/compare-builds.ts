import { resolve } from 'node:path';
import { semesterWeek } from '../seed/academic-dates';
import { BENCH_SCALE } from '../seed/university-scale';
import { startScratchPostgres, ScratchServer } from '../scratch-postgres';
import { cpuNs } from './cpu-pairs';
import { LoadRequest, runLoad, Target } from './load';
import { seedDatabase, SeededDatabase, startService } from './service';
import { log, median } from './settings';

/**
 * The one-week group view of two builds of the service in one run, paired (`npm run bench:compare-builds
 * -- <other worktree>`): each build seeds its own scratch tenant with its own migrations and seeder,
 * runs compiled from its own `dist/`, and the two are loaded in alternating mirrored slices (A me, A
 * week, B week, B me, B me, B week, A week, A me), so a drift of the machine's speed within a round
 * falls on both. Judged: per build, the week's throughput over its own `GET /api/auth/me`; and B's week
 * over A's. The other worktree must have been built (`npx nest build` there) first.
 */
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 6);
const SLICE_MS = Number(process.env.COMPARE_SLICE_SECONDS ?? 2) * 1000;
const CONCURRENCY = Number(process.env.BENCH_READ_CONCURRENCY ?? 16);

interface Build {
  name: string;
  target: Target;
  pid: number;
  week: () => () => LoadRequest;
}

async function prepare(server: ScratchServer, name: string, root: string, cleanups: (() => Promise<void>)[]): Promise<Build> {
  // Each build migrates and seeds with its own code, into a database of its own name.
  const own = (await import(resolve(root, 'dist/scripts/bench/service.js'))) as { seedDatabase: typeof seedDatabase };
  const renamed: ScratchServer = { ...server, createDatabase: (database: string) => server.createDatabase(`${database}_${name}`) };
  const data: SeededDatabase = await own.seedDatabase(renamed);
  cleanups.push(() => data.db.end());
  const service = await startService(server, data, {}, undefined, resolve(root, 'dist/src/main.js'));
  cleanups.push(service.stop);
  const autumn = data.seeded.semesters.autumn;
  const groups = data.seeded.groups;
  const week = () => {
    let n = 0;
    return (): LoadRequest => {
      const group = groups[n % groups.length];
      const period = semesterWeek(autumn, 1 + ((Math.floor(n / groups.length) + n) % BENCH_SCALE.semesterWeeks));
      n++;
      return { method: 'GET', path: `/api/schedule?groupId=${group.id}&startDate=${period.startDate}&endDate=${period.endDate}` };
    };
  };
  return { name, target: service.target, pid: service.pid, week };
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: compare-builds <root of the other (before) build>');
  const server = await startScratchPostgres();
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  try {
    const before = await prepare(server, 'before', resolve(other), cleanups);
    const after = await prepare(server, 'after', resolve(__dirname, '../../..'), cleanups);
    const me = () => (): LoadRequest => ({ method: 'GET', path: '/api/auth/me' });
    // Throughput and the service process's CPU time per answer (less sensitive to a loaded machine).
    const slice = async (build: Build, which: 'me' | 'week') => {
      const before = cpuNs(build.pid);
      const result = await runLoad(build.target, { concurrency: CONCURRENCY, durationMs: SLICE_MS, next: which === 'me' ? me() : build.week() });
      if (result.errors > 0) throw new Error(`${build.name} ${which}: ${result.errors} errors (${result.firstError ?? ''})`);
      return { ...result, cpuNs: cpuNs(build.pid) - before };
    };
    for (const build of [before, after]) for (const which of ['me', 'week'] as const) await slice(build, which); // warm-up
    const ratios = { before: [] as number[], after: [] as number[], weekAfterToBefore: [] as number[], cpuBefore: [] as number[], cpuAfter: [] as number[], cpuWeekAfterToBefore: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const sums: Record<string, { answered: number; seconds: number; cpuNs: number; requests: number }> = {};
      const order: [Build, 'me' | 'week'][] = [
        [before, 'me'], [before, 'week'], [after, 'week'], [after, 'me'],
        [after, 'me'], [after, 'week'], [before, 'week'], [before, 'me'],
      ];
      if (round % 2 === 0) order.reverse();
      for (const [build, which] of order) {
        const result = await slice(build, which);
        const key = `${build.name} ${which}`;
        sums[key] ??= { answered: 0, seconds: 0, cpuNs: 0, requests: 0 };
        sums[key].answered += result.rps * (result.elapsedMs / 1000);
        sums[key].seconds += result.elapsedMs / 1000;
        sums[key].cpuNs += result.cpuNs;
        sums[key].requests += result.requests;
      }
      const rps = (key: string) => sums[key].answered / sums[key].seconds;
      const cpuUs = (key: string) => sums[key].cpuNs / 1000 / sums[key].requests;
      ratios.cpuBefore.push(cpuUs('before week') / cpuUs('before me'));
      ratios.cpuAfter.push(cpuUs('after week') / cpuUs('after me'));
      ratios.cpuWeekAfterToBefore.push(cpuUs('after week') / cpuUs('before week'));
      log(
        `  CPU per answer: before me ${cpuUs('before me').toFixed(0)} µs, week ${cpuUs('before week').toFixed(0)} µs; ` +
          `after me ${cpuUs('after me').toFixed(0)} µs, week ${cpuUs('after week').toFixed(0)} µs; week after/before ${ratios.cpuWeekAfterToBefore.at(-1)?.toFixed(2)}`,
      );
      ratios.before.push(rps('before week') / rps('before me'));
      ratios.after.push(rps('after week') / rps('after me'));
      ratios.weekAfterToBefore.push(rps('after week') / rps('before week'));
      log(
        `round ${round}: before me ${rps('before me').toFixed(0)} week ${rps('before week').toFixed(0)} (${ratios.before.at(-1)?.toFixed(2)}); ` +
          `after me ${rps('after me').toFixed(0)} week ${rps('after week').toFixed(0)} (${ratios.after.at(-1)?.toFixed(2)}); after/before week ${ratios.weekAfterToBefore.at(-1)?.toFixed(2)}`,
      );
    }
    log(
      `median of ${ROUNDS} rounds: week/me before ${median(ratios.before).toFixed(2)}, after ${median(ratios.after).toFixed(2)}; ` +
        `week after/before ${median(ratios.weekAfterToBefore).toFixed(2)}; CPU per answer week/me before ${median(ratios.cpuBefore).toFixed(2)}, ` +
        `after ${median(ratios.cpuAfter).toFixed(2)}, week after/before ${median(ratios.cpuWeekAfterToBefore).toFixed(2)}`,
    );
  } finally {
    for (const work of cleanups.reverse()) await work().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
