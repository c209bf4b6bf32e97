import { performance } from 'node:perf_hooks';
import { BENCH_SCALE } from '../../seed/university-scale';
import { semesterWeek } from '../../seed/academic-dates';
import { LoadRequest, send } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log, median } from '../settings';
import { medianBelow } from '../verdicts';

const NAMES = {
  teachers: 'GET /api/workload/teachers: whole semester, global',
  freeRooms: 'GET /api/workload/free-classrooms: one pair',
} as const;

/**
 * Workload reports (issue 13), one request at a time: the global teacher report over the whole autumn
 * semester (every lesson of the university laid out, overrides applied, attributed to departments),
 * and the free rooms of one pair, each request another date and pair.
 *
 * Timed part: the first report after a schedule change, which lays the semester out again (the
 * scenarios mostly measure reports on kept lessons): five times a new room (any committed change to
 * schedule data moves the schedule data stamp) followed by one global teacher report, then five times
 * the same before one free-room lookup (which then loads only the rules that can have a lesson that day).
 */
export const workload: BenchFeature = {
  name: 'workload',
  prepare({ seeded, target }) {
    const autumn = seeded.semesters.autumn;
    const teachersPath = `/api/workload/teachers?startDate=${autumn.startDate}&endDate=${autumn.endDate}`;
    const pairs = seeded.baseTimeSlotIds;
    const freeRooms = () => {
      let n = 0;
      return (): LoadRequest => {
        const date = semesterWeek(autumn, 1 + (n % BENCH_SCALE.semesterWeeks)).startDate; // a Monday (or the first day of week 1)
        const timeSlotId = pairs[Math.floor(n / BENCH_SCALE.semesterWeeks) % pairs.length];
        n++;
        return { method: 'GET', path: `/api/workload/free-classrooms?date=${date}&timeSlotId=${timeSlotId}` };
      };
    };
    const timed = async (): Promise<Timed> => {
      const samples: Timed['samples'] = { coldReport: [], coldRooms: [] };
      const afterChange = async (path: string, round: number) => {
        const room = { name: `Замер нагрузки ${round}`, capacity: 30, building: 'Корпус замеров', floor: 1 };
        const touched = await send(target, { method: 'POST', path: '/api/classrooms', body: room });
        if (touched.status !== 200) return `room creation answered ${touched.status}: ${touched.body.slice(0, 300)}`;
        const started = performance.now();
        const answer = await send(target, { method: 'GET', path });
        if (answer.status !== 200) return `${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`;
        return performance.now() - started;
      };
      for (let round = 0; round < 10; round++) {
        const path =
          round < 5 ? teachersPath : `/api/workload/free-classrooms?date=${semesterWeek(autumn, round - 2).startDate}&timeSlotId=${pairs[(round - 5) % pairs.length]}`;
        const ms = await afterChange(path, round < 5 ? round : round + 5);
        if (typeof ms === 'string') return { samples, failed: ms };
        (round < 5 ? samples.coldReport : samples.coldRooms).push(ms);
      }
      const shown = (values: number[]) => `${values.map((value) => value.toFixed(0)).join(', ')} ms (median ${median(values).toFixed(0)})`;
      log(`  first global teacher report after a change: ${shown(samples.coldReport)}`);
      log(`  first free-room lookup after a change: ${shown(samples.coldRooms)}`);
      return { samples };
    };
    return {
      scenarios: [
        { name: NAMES.teachers, concurrency: 1, requests: () => () => ({ method: 'GET', path: teachersPath }) },
        { name: NAMES.freeRooms, concurrency: 1, requests: freeRooms },
      ],
      timed,
    };
  },
  verdicts: (m) => [
    medianBelow('global teacher workload over the whole semester', m.outcome(NAMES.teachers), 1000),
    medianBelow('free classrooms of one pair', m.outcome(NAMES.freeRooms), 100),
  ],
};
