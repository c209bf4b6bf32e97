import { BARE_EXPRESS_CLASSES_NAME, BARE_EXPRESS_NAME } from '../bare-express';
import { LoadRequest, runLoad, Target } from '../load';
import { BENCH_SCALE } from '../../seed/university-scale';
import { semesterWeek } from '../../seed/academic-dates';
import { BenchFeature, Outcome, Scenario, Timed, Verdict } from '../scenario';
import { log, median, SETTINGS } from '../settings';
import { medianBelow, passFail, ratioAtLeast } from '../verdicts';

export const VIEWING_NAMES = {
  ceiling: 'GET /api/auth/me (ceiling)',
  week: 'GET /api/schedule: one group, one week',
  semester: 'GET /api/schedule: one group, whole semester',
} as const;

/**
 * The schedule views, each at the read concurrency (throughput) and on one connection (the latency of
 * a single request: on two cores the median at 16 connections is mostly time spent queueing), beside
 * the cheapest authenticated endpoint, `GET /api/auth/me`, taken as the framework's ceiling, and a
 * bare Express app answering a tiny JSON (issue 29's baseline, in its own process).
 */
export const viewing: BenchFeature = {
  name: 'viewing',
  prepare({ seeded, readConcurrency, baseline, baselineWithClasses, target }) {
    const autumn = seeded.semesters.autumn;
    const groups = seeded.groups;
    const weeks = BENCH_SCALE.semesterWeeks;
    const schedulePath = (groupId: number, startDate: string, endDate: string) =>
      `/api/schedule?groupId=${groupId}&startDate=${startDate}&endDate=${endDate}`;
    const me = () => () => ({ method: 'GET', path: '/api/auth/me' }) as LoadRequest;
    // Every group in turn, each time another week of the semester.
    const week = () => {
      let n = 0;
      return (): LoadRequest => {
        const group = groups[n % groups.length];
        const period = semesterWeek(autumn, 1 + ((Math.floor(n / groups.length) + n) % weeks));
        n++;
        return { method: 'GET', path: schedulePath(group.id, period.startDate, period.endDate) };
      };
    };
    const semester = () => {
      let n = 0;
      return (): LoadRequest => ({ method: 'GET', path: schedulePath(groups[n++ % groups.length].id, autumn.startDate, autumn.endDate) });
    };
    const both = (name: string, requests: Scenario['requests']): Scenario[] => [
      { name, concurrency: readConcurrency, requests },
      { name, concurrency: 1, requests },
    ];
    const bare: Scenario = { name: BARE_EXPRESS_NAME, concurrency: readConcurrency, target: baseline, requests: () => () => ({ method: 'GET', path: '/api/auth/me' }) };
    const bareWithClasses: Scenario = { ...bare, name: BARE_EXPRESS_CLASSES_NAME, target: baselineWithClasses };
    return {
      scenarios: [bare, bareWithClasses, ...both(VIEWING_NAMES.ceiling, me), ...both(VIEWING_NAMES.week, week), ...both(VIEWING_NAMES.semester, semester)],
      timed: () => pairedRounds(baseline, target, readConcurrency, me, week),
    };
  },
  verdicts(m) {
    return [
      ratioAtLeast('one-week group view', m.outcome(VIEWING_NAMES.week, m.readConcurrency), m.outcome(VIEWING_NAMES.ceiling, m.readConcurrency), 0.25),
      medianBelow('whole-semester group view, one connection', m.outcome(VIEWING_NAMES.semester, 1), 50),
      medianBelow(`  (at ${SETTINGS.readConcurrency} connections, queueing included)`, m.outcome(VIEWING_NAMES.semester, m.readConcurrency), 50),
      // Issue 29: the service beside a bare Express app on the same machine, in the same run.
      toBareExpress('GET /api/auth/me', 'me', m.timed('viewing'), m.outcome(VIEWING_NAMES.ceiling, m.readConcurrency), m.outcome(BARE_EXPRESS_NAME, m.readConcurrency), 0.6),
      toBareExpress('one-week group view', 'week', m.timed('viewing'), m.outcome(VIEWING_NAMES.week, m.readConcurrency), m.outcome(BARE_EXPRESS_NAME, m.readConcurrency), 0.4),
    ];
  },
};

const PAIRED_ROUNDS = 5;
const PAIRED_SECONDS = 3;

/**
 * Issue 29's ratios to bare Express, measured in paired rounds: each round loads bare Express,
 * `GET /api/auth/me` and the week in mirrored order (bare, me, week, week, me, bare), half of each one's
 * seconds per slice, after one warm-up of each, and keeps each round's two ratios. Each scenario's
 * two slices are centred on the same moment of the round, so a drift of the machine's speed within
 * the round cancels out. (Before, one slice each in the order bare, me, week, reversed every other
 * round, gave `auth/me` ratios of 0.46 and 0.72 in consecutive rounds of one run.) This machine's
 * speed drifts by a third between scenarios measured a minute apart (bare Express alone gave 5,768 and
 * 8,145 rps in two runs of one day); the median of the rounds' ratios is what is judged.
 */
async function pairedRounds(baseline: Target, service: Target, concurrency: number, me: Scenario['requests'], week: Scenario['requests']): Promise<Timed> {
  const samples: Record<string, number[]> = { me: [], week: [] };
  const bareRequests: Scenario['requests'] = () => () => ({ method: 'GET', path: '/api/auth/me' });
  // Warmed up first, as every scenario of the table is: the rounds run after the writing scenarios,
  // whose changes leave the week's cached timetable to be laid out again. (The first round's week
  // was still the lowest of five with it, 0.27 and 0.32: the median, not the warm-up, absorbs that.)
  for (const [target, requests] of [
    [baseline, bareRequests],
    [service, me],
    [service, week],
  ] as const) {
    await runLoad(target, { concurrency, durationMs: SETTINGS.warmupSeconds * 1000, next: requests() });
  }
  const targets = { bare: [baseline, bareRequests], me: [service, me], week: [service, week] } as const;
  for (let round = 1; round <= PAIRED_ROUNDS; round++) {
    const answered: Record<string, number> = { bare: 0, me: 0, week: 0 };
    const seconds: Record<string, number> = { bare: 0, me: 0, week: 0 };
    for (const name of ['bare', 'me', 'week', 'week', 'me', 'bare'] as const) {
      const [target, requests] = targets[name];
      const slice = await runLoad(target, { concurrency, durationMs: (PAIRED_SECONDS * 1000) / 2, next: requests() });
      answered[name] += slice.rps * (slice.elapsedMs / 1000);
      seconds[name] += slice.elapsedMs / 1000;
    }
    const measured = { bare: answered.bare / seconds.bare, me: answered.me / seconds.me, week: answered.week / seconds.week };
    samples.me.push(measured.me / measured.bare);
    samples.week.push(measured.week / measured.bare);
    log(
      `  paired round ${round}: bare Express ${measured.bare.toFixed(0)} rps, GET /api/auth/me ${measured.me.toFixed(0)} (${(measured.me / measured.bare).toFixed(2)}), ` +
        `one-week view ${measured.week.toFixed(0)} (${(measured.week / measured.bare).toFixed(2)})`,
    );
  }
  return { samples };
}

/** A ratio to bare Express: the median of the paired rounds when they ran, else the two scenarios of the table. */
function toBareExpress(label: string, key: string, paired: Timed | undefined, outcome: Outcome | undefined, bare: Outcome | undefined, share: number): Verdict {
  const ratios = paired?.samples[key] ?? [];
  if (ratios.length === 0) return ratioAtLeast(label, outcome, bare, share, "bare Express's");
  const ratio = median(ratios);
  return {
    label: `${label} >= ${share} of bare Express's throughput (${SETTINGS.readConcurrency} connections, median of ${ratios.length} paired rounds)`,
    status: passFail(ratio >= share),
    detail: `${ratios.map((value) => value.toFixed(2)).join(', ')}: ${ratio.toFixed(2)}`,
  };
}
