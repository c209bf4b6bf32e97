import { evaluate, solve, type SolverEvent, type SolverProblem, type SolveOptions } from '.';

const quiet = { gapWeight: 0, isolatedWeight: 0, dayLimit: 0, overloadWeight: 0 };
const noWeights = {
  capacityPerStudent: 0,
  capacityPerLesson: 0,
  oversizedPerLesson: 0,
  oversizeRatio: 0,
  oversizeMinEmpty: 0,
  minWorkingDaysWeight: 0,
  roomStabilityWeight: 0,
  movedWeight: 0,
};
const event = (fields: Partial<SolverEvent>): SolverEvent => ({
  course: 0,
  resources: [],
  weeks: 1,
  students: 10,
  allowedCells: null,
  rooms: null,
  cellCost: null,
  initial: null,
  fixed: false,
  ...fields,
});
const run: SolveOptions = { mode: 'GENERATE', seed: 1, maxIterations: 20000 };

describe('solve', () => {
  it('finds the optimum of a small problem where compactness and working days pull apart', () => {
    // Two lessons of one course and one group: one day costs 5 (a working day short), two days cost
    // 2 + 2 (each lesson alone that day); the small room costs 10 students over. Optimum: 4.
    const problem: SolverProblem = {
      days: 2,
      periodsPerDay: 2,
      roomCapacities: [10, 30],
      resources: [{ ...quiet, isolatedWeight: 2 }],
      courses: [{ minWorkingDays: 2 }],
      events: [event({ resources: [0], students: 20 }), event({ resources: [0], students: 20 })],
      weights: { ...noWeights, capacityPerStudent: 1, minWorkingDaysWeight: 5, roomStabilityWeight: 1 },
    };
    const result = solve(problem, run);
    expect(result.unplaced).toEqual([]);
    expect(result.hardViolations).toBe(0);
    expect(result.cost).toBe(4);
    expect(Math.floor(result.cells[0] / 2)).not.toBe(Math.floor(result.cells[1] / 2));
    expect([...result.rooms]).toEqual([1, 1]);
    expect(evaluate(problem, result.cells, result.rooms).cost).toBe(4);
  });

  it("spreads a group's week evenly when each pair beyond the even share costs more than a cheaper day saves", () => {
    // One group, four lessons, two days of four periods; the second day's cells cost 1 each (a wish).
    // Even share 2 a day: four on the first day cost 2 x 5, three and one 5 + 1, two and two 2 + 0 = 2.
    const cellCost = new Int32Array(8);
    for (let cell = 4; cell < 8; cell++) cellCost[cell] = 1;
    const problem: SolverProblem = {
      days: 2,
      periodsPerDay: 4,
      roomCapacities: [],
      resources: [{ ...quiet, evenDayLimits: [2], unevenWeight: 5 }],
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: 4 }, () => event({ resources: [0], rooms: [], cellCost })),
      weights: noWeights,
    };
    const result = solve(problem, run);
    expect(result.cost).toBe(2);
    expect([...result.cells].map((cell) => Math.floor(cell / 4)).sort()).toEqual([0, 0, 1, 1]);
    expect(evaluate(problem, result.cells, result.rooms).terms.find((term) => term.code === 'UNEVEN')).toEqual({ code: 'UNEVEN', value: 0, penalty: 0 });
    // Without the term the cheaper first day takes all four.
    const free = solve({ ...problem, resources: [quiet] }, run);
    expect([...free.cells].every((cell) => cell < 4)).toBe(true);
  });

  it('closes gaps and keeps a day under its limit for a teacher, and honours soft cell wishes', () => {
    // One teacher, four lessons, one day of four periods and a second day; limit 2 a day.
    const cellCost = new Int32Array(8);
    cellCost[0] = 7; // the first period of the first day is unwanted
    const problem: SolverProblem = {
      days: 2,
      periodsPerDay: 4,
      roomCapacities: [],
      resources: [{ gapWeight: 3, isolatedWeight: 0, dayLimit: 2, overloadWeight: 4 }],
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: 4 }, () => event({ resources: [0], rooms: [], cellCost })),
      weights: noWeights,
    };
    const result = solve(problem, run);
    expect(result.cost).toBe(0);
    expect([...result.rooms]).toEqual([-1, -1, -1, -1]);
    const check = evaluate(problem, result.cells, result.rooms);
    expect(check.hardViolations).toBe(0);
    expect([...result.cells]).not.toContain(0);
  });

  it('lets lessons of odd and even weeks share a teacher and a room in one cell', () => {
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 1,
      roomCapacities: [30],
      resources: [quiet],
      courses: [{ minWorkingDays: 0 }],
      events: [event({ resources: [0], weeks: 1 }), event({ resources: [0], weeks: 2 })],
      weights: noWeights,
    };
    const result = solve(problem, run);
    expect(result.unplaced).toEqual([]);
    expect([...result.cells]).toEqual([0, 0]);
    expect(result.hardViolations).toBe(0);
  });

  it('reports what it cannot place, with the reasons counted over every cell', () => {
    // One day of two periods. Teacher 0 holds three lessons: one cannot fit. Lesson 3 is closed
    // everywhere, lesson 4 needs a room none fits, lessons 5 and 6 (other teachers) fight for room 0
    // in the one cell they may use.
    const onlyFirst = Uint8Array.from([1, 0]);
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 2,
      roomCapacities: [30],
      resources: [quiet, quiet, quiet, quiet],
      courses: [{ minWorkingDays: 0 }],
      events: [
        event({ resources: [0], rooms: [] }),
        event({ resources: [0], rooms: [] }),
        event({ resources: [0], rooms: [] }),
        event({ resources: [1], allowedCells: Uint8Array.from([0, 0]) }),
        event({ resources: [1], rooms: [], needsRoom: true }),
        event({ resources: [2], allowedCells: onlyFirst, rooms: [0] }),
        event({ resources: [3], allowedCells: onlyFirst, rooms: [0] }),
      ],
      weights: noWeights,
    };
    const result = solve(problem, run);
    expect(result.hardViolations).toBe(0);
    const byEvent = new Map(result.unplaced.map((u) => [u.event, u]));
    expect([...byEvent.keys()].sort()).toHaveLength(4);
    const teacherOut = result.unplaced.find((u) => u.event <= 2);
    expect(teacherOut?.resourceBusy).toHaveLength(2);
    expect(teacherOut?.resourceBusy.every((b) => b.resource === 0 && b.cells === 1 && b.byEvent <= 2 && b.byEvent !== teacherOut.event)).toBe(true);
    expect(byEvent.get(3)).toEqual({ event: 3, resourceBusy: [], roomBusy: 0, noRoom: false, unavailable: 2 });
    expect(byEvent.get(4)).toMatchObject({ noRoom: true, unavailable: 0 });
    const roomOut = result.unplaced.find((u) => u.event === 5 || u.event === 6);
    expect(roomOut).toEqual({ event: roomOut?.event, resourceBusy: [], roomBusy: 1, noRoom: false, unavailable: 1 });
  });

  it('keeps fixed events where they are and places the rest around them', () => {
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 3,
      roomCapacities: [30],
      resources: [quiet],
      courses: [{ minWorkingDays: 0 }],
      events: [event({ resources: [0], initial: { cell: 1, room: 0 }, fixed: true }), event({ resources: [0] }), event({ resources: [0] })],
      weights: noWeights,
    };
    const result = solve(problem, run);
    expect(result.cells[0]).toBe(1);
    expect([...result.cells].sort()).toEqual([0, 1, 2]);
  });

  it('repairs a clash moving as few lessons as allowed, and never more than maxMoved', () => {
    // Ten lessons of one group in periods 0..9 of a day of twelve, except that lesson 9 was put on
    // top of lesson 0. Period 9 is closed to lesson 9 only. Best repair: one move, lesson 0 into
    // period 9 (no gap), rather than lesson 9 into 10 (a gap) or shifting many.
    const E = 10;
    const closed = Uint8Array.from({ length: 12 }, (_, c) => (c === 9 ? 0 : 1));
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 12,
      roomCapacities: [30],
      resources: [{ ...quiet, gapWeight: 1 }],
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: E }, (_, e) => event({ resources: [0], initial: { cell: e === 9 ? 0 : e, room: 0 }, allowedCells: e === 9 ? closed : null })),
      weights: { ...noWeights, movedWeight: 100 },
    };
    const before = evaluate(problem, Int32Array.from({ length: E }, (_, e) => (e === 9 ? 0 : e)), new Int32Array(E));
    expect(before.hardViolations).toBe(1);
    const result = solve(problem, { mode: 'REPAIR', seed: 3, maxIterations: 20000, maxMoved: 1 });
    expect(result.hardViolations).toBe(0);
    expect(result.unplaced).toEqual([]);
    expect(result.movedEvents).toBe(1);
    expect(result.cost).toBe(100);
    expect([...result.cells]).toEqual([9, 1, 2, 3, 4, 5, 6, 7, 8, 0]);

    // With no move allowed the clash cannot be repaired: the lesson is left out, not forced in.
    const frozen = solve(problem, { mode: 'REPAIR', seed: 3, maxIterations: 20000, maxMoved: 0 });
    expect(frozen.movedEvents).toBe(0);
    expect(frozen.hardViolations).toBe(0);
    expect(frozen.unplaced.map((u) => u.event)).toEqual([9]);
  });

  it('REPAIR without maxMoved moves at most three lessons per lesson that lost its place, however much moving more would gain', () => {
    // Ten lessons of ten teachers sit in cell 0, which costs each 20 (a wish): moving any pays. One of
    // them is now closed out of cell 0 (a new hard unavailability): one lesson lost its place.
    const cellCost = Int32Array.from({ length: 4 }, (_, c) => (c === 0 ? 20 : 0));
    const closed = Uint8Array.from([0, 1, 1, 1]);
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 4,
      roomCapacities: [],
      resources: Array.from({ length: 10 }, () => quiet),
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: 10 }, (_, e) =>
        event({ resources: [e], rooms: [], cellCost, initial: { cell: 0, room: -1 }, allowedCells: e === 0 ? closed : null }),
      ),
      weights: { ...noWeights, movedWeight: 10 },
    };
    const result = solve(problem, { mode: 'REPAIR', seed: 1, maxIterations: 20000 });
    expect(result.unplaced).toEqual([]);
    expect(result.cells[0]).not.toBe(0);
    expect(result.movedEvents).toBeLessThanOrEqual(3);
    // Asked for more, it takes it: every lesson leaves the costly cell.
    expect(solve(problem, { mode: 'REPAIR', seed: 1, maxIterations: 20000, maxMoved: 10 }).movedEvents).toBe(10);
  });

  it('gives the same result for the same seed and iteration count', () => {
    const problem: SolverProblem = {
      days: 5,
      periodsPerDay: 4,
      roomCapacities: [20, 40, 60],
      resources: Array.from({ length: 6 }, (_, k) => ({ ...quiet, isolatedWeight: k % 2 ? 2 : 0, gapWeight: k % 3 })),
      courses: Array.from({ length: 8 }, () => ({ minWorkingDays: 3 })),
      events: Array.from({ length: 30 }, (_, e) => event({ course: e % 8, resources: [e % 6, (e * 7) % 6], students: 10 + ((e * 13) % 50) })),
      weights: { ...noWeights, capacityPerStudent: 1, minWorkingDaysWeight: 5, roomStabilityWeight: 1 },
    };
    const a = solve(problem, { mode: 'GENERATE', seed: 42, maxIterations: 5000 });
    const b = solve(problem, { mode: 'GENERATE', seed: 42, maxIterations: 5000 });
    expect([...a.cells]).toEqual([...b.cells]);
    expect([...a.rooms]).toEqual([...b.rooms]);
    expect(a.cost).toBe(b.cost);
    expect(a.cost).toBe(evaluate(problem, a.cells, a.rooms).cost);
  });

  it('never leaves a clash or a forbidden room, with odd/even weeks, room lists per lesson and closed cells', () => {
    // Lessons of one course may use different rooms (the course-room move must respect each one's
    // list) and may share a cell (other resources, or odd and even weeks).
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      let x = seed;
      const next = (n: number): number => {
        x = (x * 1103515245 + 12345) % 2147483648;
        return x % n;
      };
      const problem: SolverProblem = {
        days: 3,
        periodsPerDay: 4,
        roomCapacities: [10, 20, 30, 40, 50],
        resources: Array.from({ length: 8 }, (_, k) => ({ gapWeight: k % 2, isolatedWeight: k % 3, dayLimit: 2, overloadWeight: 3 })),
        courses: Array.from({ length: 6 }, () => ({ minWorkingDays: 2 })),
        events: Array.from({ length: 40 }, (_, e) =>
          event({
            course: e % 6,
            resources: [next(8), next(8)],
            weeks: 1 + next(3),
            students: 5 + next(45),
            rooms: next(5) === 0 ? [] : [next(5), next(5), next(5)],
            allowedCells: Uint8Array.from({ length: 12 }, () => (next(6) === 0 ? 0 : 1)),
          }),
        ),
        weights: { ...noWeights, capacityPerStudent: 1, capacityPerLesson: 2, oversizedPerLesson: 1, oversizeRatio: 2, oversizeMinEmpty: 10, minWorkingDaysWeight: 5, roomStabilityWeight: 1 },
      };
      const result = solve(problem, { mode: 'GENERATE', seed, maxIterations: 30000 });
      const check = evaluate(problem, result.cells, result.rooms);
      expect(check.hardViolations).toBe(0);
      expect(result.cost).toBe(check.cost);
      expect(check.placed + result.unplaced.length).toBe(40);
    }
  });

  it('keeps its books straight when lessons of one course share a cell (the course-room move)', () => {
    // Three lessons of one course with different teachers share each cell; rooms differ in size.
    // Moving the course into one room meets its own lessons holding that room.
    const problem: SolverProblem = {
      days: 1,
      periodsPerDay: 2,
      roomCapacities: [10, 20, 30, 40],
      resources: Array.from({ length: 6 }, () => quiet),
      courses: [{ minWorkingDays: 0 }, { minWorkingDays: 0 }],
      events: Array.from({ length: 8 }, (_, e) => event({ course: e % 2, resources: [e % 6], students: 5 + 7 * e })),
      weights: { ...noWeights, capacityPerStudent: 1, roomStabilityWeight: 3 },
    };
    for (const seed of [1, 2, 3, 4]) {
      const result = solve(problem, { mode: 'GENERATE', seed, maxIterations: 50000 });
      const check = evaluate(problem, result.cells, result.rooms);
      expect(check.hardViolations).toBe(0);
      expect(result.unplaced).toEqual([]);
    }
  });

  it('reports progress on the given clock and stops when asked, keeping what it found', () => {
    // Every lesson is too big for the one room, so cost 0 (an optimum, which would end the run) is out of reach.
    const problem: SolverProblem = {
      days: 5,
      periodsPerDay: 4,
      roomCapacities: [5],
      resources: Array.from({ length: 4 }, () => ({ ...quiet, gapWeight: 1 })),
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: 20 }, (_, e) => event({ resources: [e % 4] })),
      weights: { ...noWeights, capacityPerLesson: 1 },
    };
    let clock = 0;
    let polls = 0;
    const phases: string[] = [];
    const result = solve(problem, {
      mode: 'GENERATE',
      seed: 1,
      timeLimitMs: 1e9,
      now: () => (clock += 10),
      progressEveryMs: 100,
      onProgress: (p) => phases.push(p.phase),
      shouldStop: () => ++polls > 50,
    });
    expect(result.unplaced).toEqual([]);
    expect(result.hardViolations).toBe(0);
    expect(result.iterations).toBeGreaterThan(0);
    expect(result.iterations).toBeLessThanOrEqual(50 * 512);
    expect(phases).toContain('IMPROVEMENT');
    expect(phases[phases.length - 1]).toBe('DONE');
    expect(result.stopReason).toBe('STOPPED');
  });

  it('says why it ended: the limit, an optimum found, or no improvement for the stall limit', () => {
    // Gaps can be closed (cost 0): the search stops there, long before its limit.
    const solvable: SolverProblem = {
      days: 5,
      periodsPerDay: 4,
      roomCapacities: [30, 30],
      resources: Array.from({ length: 4 }, () => ({ ...quiet, gapWeight: 1 })),
      courses: [{ minWorkingDays: 0 }],
      events: Array.from({ length: 20 }, (_, e) => event({ resources: [e % 4] })),
      weights: noWeights,
    };
    let clock = 0;
    const optimum = solve(solvable, { mode: 'GENERATE', seed: 1, timeLimitMs: 1e9, now: () => (clock += 1) });
    expect(optimum).toMatchObject({ stopReason: 'OPTIMUM', cost: 0, unplaced: [] });
    expect(clock).toBeLessThan(1e9);

    // Every lesson in the small room costs: 0 cannot be reached, so only a limit or the stall limit ends a run.
    const stuck: SolverProblem = { ...solvable, roomCapacities: [5], weights: { ...noWeights, capacityPerLesson: 1 } };
    expect(solve(stuck, { mode: 'GENERATE', seed: 1, maxIterations: 10 }).stopReason).toBe('LIMIT');
    clock = 0;
    const stalled = solve(stuck, { mode: 'GENERATE', seed: 1, timeLimitMs: 1e9, stallLimitMs: 300, now: () => (clock += 1) });
    expect(stalled.stopReason).toBe('NO_IMPROVEMENT');
    expect(stalled.cost).toBe(20);
    expect(clock).toBeLessThan(1e5);
    clock = 0;
    expect(solve(stuck, { mode: 'GENERATE', seed: 1, timeLimitMs: 1000, now: () => (clock += 1) }).stopReason).toBe('LIMIT');
  });
});
