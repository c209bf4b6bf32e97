import { BARE_EXPRESS_NAME } from '../bare-express';
import { LoadRequest } from '../load';
import { BENCH_SCALE } from '../../seed/university-scale';
import { semesterWeek } from '../../seed/academic-dates';
import { BenchFeature, Scenario } from '../scenario';
import { SETTINGS } from '../settings';
import { medianBelow, ratioAtLeast } from '../verdicts';

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
  prepare({ seeded, readConcurrency, baseline }) {
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
    return { scenarios: [bare, ...both(VIEWING_NAMES.ceiling, me), ...both(VIEWING_NAMES.week, week), ...both(VIEWING_NAMES.semester, semester)] };
  },
  verdicts(m) {
    return [
      ratioAtLeast('one-week group view', m.outcome(VIEWING_NAMES.week, m.readConcurrency), m.outcome(VIEWING_NAMES.ceiling, m.readConcurrency), 0.25),
      medianBelow('whole-semester group view, one connection', m.outcome(VIEWING_NAMES.semester, 1), 50),
      medianBelow(`  (at ${SETTINGS.readConcurrency} connections, queueing included)`, m.outcome(VIEWING_NAMES.semester, m.readConcurrency), 50),
      // Issue 29: the service beside a bare Express app on the same machine, in the same run.
      ratioAtLeast('GET /api/auth/me', m.outcome(VIEWING_NAMES.ceiling, m.readConcurrency), m.outcome(BARE_EXPRESS_NAME, m.readConcurrency), 0.6, "bare Express's"),
      ratioAtLeast('one-week group view', m.outcome(VIEWING_NAMES.week, m.readConcurrency), m.outcome(BARE_EXPRESS_NAME, m.readConcurrency), 0.4, "bare Express's"),
    ];
  },
};
