import { performance } from 'node:perf_hooks';
import { solve, type SolverEvent, type SolverProblem } from '../../src/schedule-solver';
import { Random } from '../../src/schedule-solver/random';

/**
 * A synthetic problem of the service's size (27,000 events, 3,000 resources, 300 rooms, 6 days of 8
 * periods, week masks 1/2/3): how long the construction takes and what the run reaches.
 * `npx ts-node --transpile-only scripts/solver/large-problem.ts [seconds]`
 */
function largeProblem(seed: number): SolverProblem {
  const rng = new Random(seed);
  const days = 6;
  const periodsPerDay = 8;
  const groups = 1500;
  const teachers = 1500;
  const rooms = 300;
  const events: SolverEvent[] = [];
  for (let e = 0; e < 27000; e++) {
    const group = rng.int(groups);
    const teacher = groups + rng.int(teachers);
    const roll = rng.int(4);
    const roomList = rng.int(10) < 6 ? Array.from({ length: 40 }, () => rng.int(rooms)) : [];
    events.push({
      course: Math.floor(e / 3),
      resources: [group, teacher],
      weeks: roll === 0 ? 1 : roll === 1 ? 2 : 3,
      students: 10 + rng.int(60),
      allowedCells: null,
      rooms: roomList,
      cellCost: null,
      initial: null,
      fixed: false,
    });
  }
  return {
    days,
    periodsPerDay,
    roomCapacities: Array.from({ length: rooms }, () => 20 + rng.int(100)),
    resources: Array.from({ length: groups + teachers }, (_, k) => ({ gapWeight: k < groups ? 3 : 2, isolatedWeight: 0, dayLimit: 4, overloadWeight: 5 })),
    courses: Array.from({ length: 9000 }, () => ({ minWorkingDays: 0 })),
    events,
    weights: { capacityPerStudent: 0, capacityPerLesson: 10, oversizedPerLesson: 1, oversizeRatio: 2, oversizeMinEmpty: 20, minWorkingDaysWeight: 0, roomStabilityWeight: 0, movedWeight: 0 },
  };
}

const seconds = Number(process.argv[2] ?? 20);
const problem = largeProblem(1);
const t0 = performance.now();
let constructed = -1;
const result = solve(problem, {
  mode: 'GENERATE',
  seed: 1,
  timeLimitMs: seconds * 1000,
  now: () => performance.now(),
  progressEveryMs: 2000,
  onProgress: (p) => {
    if (p.phase === 'IMPROVEMENT' && constructed < 0) constructed = p.elapsedMs;
    console.log(`${p.phase} ${(p.elapsedMs / 1000).toFixed(1)} s: placed ${p.placed}/${p.total}, hard ${p.hardViolations}, cost ${p.bestCost}, iterations ${p.iterations}`);
  },
});
const used = process.memoryUsage();
console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s: unplaced ${result.unplaced.length}, hard ${result.hardViolations}, cost ${result.cost}, iterations ${result.iterations}, heap ${(used.heapUsed / 1e6).toFixed(0)} MB, rss ${(used.rss / 1e6).toFixed(0)} MB`);
