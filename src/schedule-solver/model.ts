import type { SolverProblem, SolverResource, SolverWeights } from './problem';

/**
 * The problem compiled into flat typed arrays, so the search reads numbers by index instead of
 * walking objects. Built once per run; never changed afterwards.
 */
export interface Model {
  /** Events, cells, days, periods per day, rooms, resources, courses, week bits. */
  E: number;
  C: number;
  D: number;
  P: number;
  R: number;
  K: number;
  N: number;
  W: number;
  course: Int32Array;
  weeks: Int32Array;
  students: Int32Array;
  /** Resources of event e: res[resStart[e] .. resStart[e + 1]). */
  resStart: Int32Array;
  res: Int32Array;
  /** Allowed rooms of event e, cheapest (room cost, then capacity) first. */
  roomStart: Int32Array;
  rooms: Int32Array;
  /** 1 when the event takes a room (a non-empty or null `rooms`, or `needsRoom`). */
  needsRoom: Uint8Array;
  /** Allowed cells of event e as a list: cellList[cellStart[e] .. cellStart[e + 1]). */
  cellStart: Int32Array;
  cellList: Int32Array;
  allowed: Uint8Array;
  /** Soft cost per event and cell, or null when no event has one. */
  cellCost: Int32Array | null;
  fixed: Uint8Array;
  initCell: Int32Array;
  initRoom: Int32Array;
  roomCap: Int32Array;
  gapW: Int32Array;
  isoW: Int32Array;
  dayLimit: Int32Array;
  overW: Int32Array;
  /** Per resource and week bit (`res * W + b`): the uneven-week day limit, 0 for none. */
  evenLimit: Int32Array;
  unevenW: Int32Array;
  /** 1 when any resource has an uneven-week limit: the day cost skips the term otherwise (ITC). */
  hasUneven: number;
  minDays: Int32Array;
  /** Per resource: study days of a week bit without cost, and the cost of each further one (0: none). */
  weekDayLimit: Int32Array;
  extraDayW: Int32Array;
  /** Per event in a day's last period (0: none). */
  lastPeriodW: number;
  /** 1 when a resource has any day term (gaps, isolated lessons, overload, days per week). */
  dayTerms: Uint8Array;
  weights: SolverWeights;
  /** Bits of the periods of one day, `(1 << P) - 1`. */
  dayBits: number;
}

/** The soft cost of holding event e (with `students`) in a room of capacity `cap`. */
export function roomCostOf(weights: SolverWeights, students: number, cap: number): number {
  if (students > cap) return (students - cap) * weights.capacityPerStudent + weights.capacityPerLesson;
  if (weights.oversizedPerLesson > 0 && cap >= weights.oversizeRatio * students && cap - students >= weights.oversizeMinEmpty) {
    return weights.oversizedPerLesson;
  }
  return 0;
}

export function compile(input: SolverProblem): Model {
  let problem = input;
  problem = withCourseResources(input);
  const D = problem.days;
  const P = problem.periodsPerDay;
  if (P > 30) throw new Error('A day holds at most 30 periods');
  const C = D * P;
  const E = problem.events.length;
  const R = problem.roomCapacities.length;
  const K = problem.resources.length;
  const N = problem.courses.length;
  let allWeeks = 0;
  for (const event of problem.events) allWeeks |= event.weeks;
  const W = Math.max(1, 32 - Math.clz32(allWeeks));

  const roomCap = Int32Array.from(problem.roomCapacities);
  const byCapacity = [...Array(R).keys()].sort((a, b) => roomCap[a] - roomCap[b] || a - b);
  const course = new Int32Array(E);
  const weeks = new Int32Array(E);
  const students = new Int32Array(E);
  const resStart = new Int32Array(E + 1);
  const roomStart = new Int32Array(E + 1);
  const cellStart = new Int32Array(E + 1);
  const needsRoom = new Uint8Array(E);
  const allowed = new Uint8Array(E * C);
  const fixed = new Uint8Array(E);
  const initCell = new Int32Array(E).fill(-1);
  const initRoom = new Int32Array(E).fill(-1);
  const resList: number[] = [];
  const roomList: number[] = [];
  const cells: number[] = [];
  let cellCost: Int32Array | null = null;

  problem.events.forEach((event, e) => {
    course[e] = event.course;
    weeks[e] = event.weeks;
    students[e] = event.students;
    for (const r of new Set(event.resources)) resList.push(r);
    resStart[e + 1] = resList.length;
    const candidates = event.rooms === null ? byCapacity : event.rooms;
    const cost = (r: number): number => roomCostOf(problem.weights, event.students, roomCap[r]);
    const sorted = [...new Set(candidates)].sort((a, b) => cost(a) - cost(b) || roomCap[a] - roomCap[b] || a - b);
    roomList.push(...sorted);
    roomStart[e + 1] = roomList.length;
    needsRoom[e] = event.rooms === null || event.rooms.length > 0 || event.needsRoom === true ? 1 : 0;
    for (let c = 0; c < C; c++) {
      if (event.allowedCells === null || event.allowedCells[c]) {
        allowed[e * C + c] = 1;
        cells.push(c);
      }
    }
    cellStart[e + 1] = cells.length;
    if (event.cellCost) {
      cellCost ??= new Int32Array(E * C);
      cellCost.set(event.cellCost.subarray(0, C), e * C);
    }
    if (event.initial) {
      initCell[e] = event.initial.cell;
      initRoom[e] = event.initial.room;
    }
    fixed[e] = event.fixed && event.initial !== null ? 1 : 0;
  });

  return {
    E,
    C,
    D,
    P,
    R,
    K,
    N,
    W,
    course,
    weeks,
    students,
    resStart,
    res: Int32Array.from(resList),
    roomStart,
    rooms: Int32Array.from(roomList),
    needsRoom,
    cellStart,
    cellList: Int32Array.from(cells),
    allowed,
    cellCost,
    fixed,
    initCell,
    initRoom,
    roomCap,
    gapW: Int32Array.from(problem.resources, (r) => r.gapWeight),
    isoW: Int32Array.from(problem.resources, (r) => r.isolatedWeight),
    dayLimit: Int32Array.from(problem.resources, (r) => r.dayLimit),
    overW: Int32Array.from(problem.resources, (r) => r.overloadWeight),
    evenLimit: Int32Array.from({ length: problem.resources.length * W }, (_, i) => problem.resources[(i / W) | 0].evenDayLimits?.[i % W] ?? 0),
    unevenW: Int32Array.from(problem.resources, (r) => r.unevenWeight ?? 0),
    hasUneven: problem.resources.some((r) => (r.unevenWeight ?? 0) !== 0) ? 1 : 0,
    minDays: Int32Array.from(problem.courses, (c) => c.minWorkingDays),
    weekDayLimit: Int32Array.from(problem.resources, (r) => r.weekDayLimit ?? 0),
    extraDayW: Int32Array.from(problem.resources, (r) => ((r.weekDayLimit ?? 0) > 0 ? (r.extraDayWeight ?? 0) : 0)),
    lastPeriodW: problem.weights.lastPeriodWeight ?? 0,
    dayTerms: Uint8Array.from(problem.resources, (r) =>
      r.gapWeight !== 0 ||
      r.isolatedWeight !== 0 ||
      (r.dayLimit > 0 && r.overloadWeight !== 0) ||
      (r.unevenWeight ?? 0) !== 0 ||
      ((r.weekDayLimit ?? 0) > 0 && (r.extraDayWeight ?? 0) !== 0)
        ? 1
        : 0,
    ),
    weights: problem.weights,
    dayBits: P >= 31 ? -1 : (1 << P) - 1,
  };
}

/**
 * The problem with a resource of its own for each `distinctPeriods` course whose events do not all
 * hold one resource already: then no move can put two of them in one cell, whatever the rest of the
 * input says. An ITC course's lectures share their teacher, so nothing is added there (and the search
 * checks no more resources than before).
 */
function withCourseResources(problem: SolverProblem): SolverProblem {
  const byCourse = new Map<number, number[]>();
  problem.events.forEach((event, e) => {
    if (!problem.courses[event.course]?.distinctPeriods) return;
    const list = byCourse.get(event.course);
    if (list) list.push(e);
    else byCourse.set(event.course, [e]);
  });
  const added: number[] = [];
  const extra = new Map<number, number>();
  for (const [course, events] of byCourse) {
    if (events.length < 2) continue;
    let shared = new Set(problem.events[events[0]].resources);
    for (const e of events.slice(1)) shared = new Set(problem.events[e].resources.filter((r) => shared.has(r)));
    if (shared.size > 0) continue;
    extra.set(course, problem.resources.length + added.length);
    added.push(course);
  }
  if (added.length === 0) return problem;
  const quiet: SolverResource = { gapWeight: 0, isolatedWeight: 0, dayLimit: 0, overloadWeight: 0 };
  return {
    ...problem,
    resources: [...problem.resources, ...added.map(() => quiet)],
    events: problem.events.map((event) => {
      const own = extra.get(event.course);
      return own === undefined ? event : { ...event, resources: [...event.resources, own] };
    }),
  };
}

/** The cost of a resource's week bit holding `days` study days (issue 54 §3: days per week). */
export function extraDaysCostOf(m: Model, resource: number, days: number): number {
  const over = days - m.weekDayLimit[resource];
  return over > 0 ? over * m.extraDayW[resource] : 0;
}

/** The cost of holding an event in cell c for being a day's last period (issue 54 §3). */
export function lastPeriodCostOf(m: Model, c: number): number {
  return m.lastPeriodW !== 0 && c % m.P === m.P - 1 ? m.lastPeriodW : 0;
}

/** Set bits of a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The day's cost of one resource in week bit `b`, from the periods it holds (a bit mask). */
export function dayCostOf(m: Model, resource: number, b: number, mask: number): number {
  if (mask === 0) return 0;
  let cost = 0;
  const iso = m.isoW[resource];
  if (iso !== 0) cost += iso * popcount(mask & ~(mask << 1) & ~(mask >>> 1));
  const gap = m.gapW[resource];
  const count = popcount(mask);
  if (gap !== 0) {
    const first = 31 - Math.clz32(mask & -mask);
    const last = 31 - Math.clz32(mask);
    cost += gap * (last - first + 1 - count);
  }
  const limit = m.dayLimit[resource];
  if (limit > 0 && count > limit) cost += m.overW[resource] * (count - limit);
  if (m.hasUneven !== 0) {
    const even = m.evenLimit[resource * m.W + b];
    if (even > 0 && count > even) cost += m.unevenW[resource] * (count - even);
  }
  return cost;
}
