import { readdirSync, readFileSync } from 'node:fs';
import type { SolverProblem } from '../../schedule-solver';
import { BACKGROUND_THREAD_NICE } from '../../platform/concurrency/background-thread';
import { startSolverThread, startSolverThreads } from './solver-thread';

/** The nice value of every thread of this process, by thread id (Linux keeps one per thread). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    // Fields after the command's closing parenthesis: state is field 3, nice field 19 of stat(5).
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[16]);
  });
}

const linux = process.platform === 'linux';

describe('the solver thread', () => {
  (linux ? it : it.skip)('searches at the lowest priority while the process that started it keeps its own', async () => {
    // A problem the search cannot finish quickly: twenty lessons of one group over a 5 x 6 week, each
    // too big for the rooms (so cost 0, an optimum that would end the search at once, is out of reach).
    const problem: SolverProblem = {
      days: 5,
      periodsPerDay: 6,
      roomCapacities: [10, 10],
      resources: [{ gapWeight: 3, isolatedWeight: 2, dayLimit: 4, overloadWeight: 4 }],
      courses: [{ minWorkingDays: 3 }],
      events: Array.from({ length: 20 }, () => ({
        course: 0, resources: [0], weeks: 1, students: 20, allowedCells: null, rooms: null, cellCost: null, initial: null, fixed: false,
      })),
      weights: { capacityPerStudent: 1, capacityPerLesson: 0, oversizedPerLesson: 0, oversizeRatio: 0, oversizeMinEmpty: 0, minWorkingDaysWeight: 5, roomStabilityWeight: 1, movedWeight: 0 },
    };
    const before = threadNiceValues();
    const thread = startSolverThread(problem, { mode: 'GENERATE', seed: 1, timeLimitMs: 60_000 }, () => undefined, 50);
    try {
      let lowered: number[] = [];
      for (let tries = 0; tries < 200 && lowered.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        lowered = threadNiceValues().filter((nice) => nice === BACKGROUND_THREAD_NICE);
      }
      expect(before.filter((nice) => nice === BACKGROUND_THREAD_NICE)).toEqual([]);
      expect(lowered).toHaveLength(1);
      expect(readFileSync(`/proc/self/stat`, 'utf8').split(') ')[1].split(' ')[16]).toBe(String(before[0]));
    } finally {
      thread.stop();
      const result = await thread.result;
      expect(result.unplaced).toEqual([]);
    }
  });

  it('SOLVER_THREADS: searches from several seeds and keeps the best; an optimum in one thread ends them all', async () => {
    // Lessons too big for the one room: cost 0 is out of reach, so each thread runs its iterations.
    const stuck: SolverProblem = {
      days: 5,
      periodsPerDay: 4,
      roomCapacities: [10],
      resources: Array.from({ length: 4 }, () => ({ gapWeight: 1, isolatedWeight: 1, dayLimit: 0, overloadWeight: 0 })),
      courses: [{ minWorkingDays: 3 }],
      events: Array.from({ length: 16 }, (_, e) => ({
        course: 0, resources: [e % 4], weeks: 1, students: 20, allowedCells: null, rooms: null, cellCost: null, initial: null, fixed: false,
      })),
      weights: { capacityPerStudent: 1, capacityPerLesson: 0, oversizedPerLesson: 0, oversizeRatio: 0, oversizeMinEmpty: 0, minWorkingDaysWeight: 5, roomStabilityWeight: 1, movedWeight: 0 },
    };
    const options = { mode: 'GENERATE' as const, seed: 3, maxIterations: 200 };
    const one = await startSolverThread(stuck, options, () => undefined).result;
    const second = await startSolverThread(stuck, { ...options, seed: 3 + 7919 }, () => undefined).result;
    const both = await startSolverThreads(stuck, options, 2, () => undefined).result;
    expect(both.cost).toBe(Math.min(one.cost, second.cost));
    expect(both.stopReason).toBe('LIMIT');

    // Nothing costs anything: the first thread there stops the other, whose limit is an hour away.
    const free: SolverProblem = { ...stuck, roomCapacities: [30], resources: stuck.resources.map(() => ({ gapWeight: 0, isolatedWeight: 0, dayLimit: 0, overloadWeight: 0 })), courses: [{ minWorkingDays: 0 }] };
    const started = Date.now();
    const optimum = await startSolverThreads(free, { mode: 'GENERATE', seed: 1, timeLimitMs: 3_600_000 }, 3, () => undefined).result;
    expect(optimum).toMatchObject({ stopReason: 'OPTIMUM', cost: 0, unplaced: [] });
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
