import type { SolverCostTerm, SolverProblem } from './problem';

export interface Evaluation {
  /** Clashing pairs (a shared resource or room in one cell and week), events outside their cells or rooms. */
  hardViolations: number;
  cost: number;
  terms: SolverCostTerm[];
  placed: number;
  moved: number;
}

/**
 * A plain recount of a placement from the problem itself, independent of the search's incremental
 * bookkeeping: the tests and the service use it to check what the engine reports.
 * `cells[e]` -1 is unplaced; `rooms[e]` -1 is no room. With `lessonWeights`, the per-lesson terms
 * (rooms, cell costs, the last period) count event e `lessonWeights[e]` times (a report's scale).
 */
export function evaluate(problem: SolverProblem, cells: ArrayLike<number>, rooms: ArrayLike<number>, lessonWeights?: ArrayLike<number>): Evaluation {
  const { periodsPerDay: P, weights } = problem;
  const term = {
    CAPACITY: [0, 0],
    OVERSIZED: [0, 0],
    MIN_WORKING_DAYS: [0, 0],
    ISOLATED: [0, 0],
    GAPS: [0, 0],
    TEACHER_GAPS: [0, 0],
    OVERLOAD: [0, 0],
    TEACHER_OVERLOAD: [0, 0],
    ROOM_STABILITY: [0, 0],
    CELL_COST: [0, 0],
    MOVED: [0, 0],
    UNEVEN: [0, 0],
    LAST_PERIOD: [0, 0],
    EXTRA_DAYS: [0, 0],
    TEACHER_EXTRA_DAYS: [0, 0],
  };
  const add = (code: keyof typeof term, value: number, penalty: number): void => {
    term[code][0] += value;
    term[code][1] += penalty;
  };
  let hard = 0;
  let placed = 0;
  let moved = 0;

  // Hard: pairs of events sharing a resource or a room in one cell and an intersecting week. Keys are
  // numbers: (resource or room, cell, week bit), rooms after the resources.
  const C = problem.days * P;
  const K = problem.resources.length;
  const R = problem.roomCapacities.length;
  // The first holder of each key; the later ones of a shared key (only a clash makes them) aside.
  const holder = new Map<number, number>();
  const others = new Map<number, number[]>();
  const hold = (key: number, e: number): void => {
    if (!holder.has(key)) holder.set(key, e);
    else others.set(key, [...(others.get(key) ?? []), e]);
  };
  const courseDays = problem.courses.map(() => new Set<number>());
  const courseRooms = problem.courses.map(() => new Set<number>());
  /** Periods held (a bit mask) per resource, day and week bit. */
  const periods = new Map<number, number>();
  const addLesson = (e: number, code: keyof typeof term, value: number, penalty: number): void => {
    const times = lessonWeights?.[e] ?? 1;
    add(code, value * times, penalty * times);
  };
  problem.events.forEach((event, e) => {
    const cell = cells[e];
    const room = rooms[e];
    if (cell < 0) return;
    placed++;
    if (event.allowedCells !== null && !event.allowedCells[cell]) hard++;
    const needsRoom = event.rooms === null || event.rooms.length > 0 || event.needsRoom === true;
    if (needsRoom && (room < 0 || (event.rooms !== null && !event.rooms.includes(room)))) hard++;
    if (!needsRoom && room >= 0) hard++;
    const day = Math.floor(cell / P);
    for (let bit = 0; bit < 31; bit++) {
      if (((event.weeks >> bit) & 1) === 0) continue;
      for (const [i, resource] of event.resources.entries()) {
        if (event.resources.indexOf(resource) !== i) continue;
        hold((resource * C + cell) * 32 + bit, e);
        const key = (resource * problem.days + day) * 32 + bit;
        periods.set(key, (periods.get(key) ?? 0) | (1 << cell % P));
      }
      if (room >= 0) hold(((K + room) * C + cell) * 32 + bit, e);
      // Two lectures of a course that keeps distinct periods in one cell clash, shared resource or not.
      if (problem.courses[event.course]?.distinctPeriods) hold(((K + R + event.course) * C + cell) * 32 + bit, e);
    }
    if (room >= 0) {
      const capacity = problem.roomCapacities[room];
      if (event.students > capacity) addLesson(e, 'CAPACITY', 1, (event.students - capacity) * weights.capacityPerStudent + weights.capacityPerLesson);
      else if (weights.oversizedPerLesson > 0 && capacity >= weights.oversizeRatio * event.students && capacity - event.students >= weights.oversizeMinEmpty) {
        addLesson(e, 'OVERSIZED', 1, weights.oversizedPerLesson);
      }
      courseRooms[event.course].add(room);
    }
    courseDays[event.course].add(day);
    if ((weights.lastPeriodWeight ?? 0) !== 0 && cell % P === P - 1) addLesson(e, 'LAST_PERIOD', 1, weights.lastPeriodWeight ?? 0);
    if (event.cellCost) addLesson(e, 'CELL_COST', event.cellCost[cell] === 0 ? 0 : 1, event.cellCost[cell]);
    if (event.initial && (event.initial.cell !== cell || event.initial.room !== room)) {
      moved++;
      add('MOVED', 1, weights.movedWeight);
    }
  });
  const pairs = new Set<number>();
  const E = problem.events.length;
  for (const [key, later] of others) {
    const list = [holder.get(key) as number, ...later];
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) pairs.add(Math.min(list[i], list[j]) * E + Math.max(list[i], list[j]));
  }
  hard += pairs.size;

  problem.courses.forEach((course, k) => {
    const short = Math.max(0, course.minWorkingDays - courseDays[k].size);
    add('MIN_WORKING_DAYS', short, short * weights.minWorkingDaysWeight);
    const extra = Math.max(0, courseRooms[k].size - 1);
    add('ROOM_STABILITY', extra, extra * weights.roomStabilityWeight);
  });
  for (const [key, mask] of periods) {
    const resource = problem.resources[Math.floor(key / 32 / problem.days)];
    const held: number[] = [];
    for (let p = 0; p < P; p++) if ((mask >> p) & 1) held.push(p);
    const isolated = held.filter((p) => !((mask >> (p - 1)) & 1) && !((mask >> (p + 1)) & 1)).length;
    if (resource.isolatedWeight !== 0) add('ISOLATED', isolated, isolated * resource.isolatedWeight);
    const gaps = held[held.length - 1] - held[0] + 1 - held.length;
    if (resource.gapWeight !== 0) add(resource.teacher ? 'TEACHER_GAPS' : 'GAPS', gaps, gaps * resource.gapWeight);
    const over = resource.dayLimit > 0 ? Math.max(0, held.length - resource.dayLimit) : 0;
    if (resource.overloadWeight !== 0) add(resource.teacher ? 'TEACHER_OVERLOAD' : 'OVERLOAD', over, over * resource.overloadWeight);
    const even = resource.evenDayLimits?.[key % 32] ?? 0;
    const uneven = even > 0 ? Math.max(0, held.length - even) : 0;
    if ((resource.unevenWeight ?? 0) !== 0) add('UNEVEN', uneven, uneven * (resource.unevenWeight ?? 0));
  }

  // Days per week: the days of each resource's week bit with a lesson, beyond its limit.
  const weekDays = new Map<number, number>();
  for (const key of periods.keys()) {
    const resource = Math.floor(key / 32 / problem.days);
    const weekKey = resource * 32 + (key % 32);
    weekDays.set(weekKey, (weekDays.get(weekKey) ?? 0) + 1);
  }
  for (const [weekKey, days] of weekDays) {
    const resource = problem.resources[Math.floor(weekKey / 32)];
    const limit = resource.weekDayLimit ?? 0;
    const over = limit > 0 ? Math.max(0, days - limit) : 0;
    if (limit > 0 && (resource.extraDayWeight ?? 0) !== 0) add(resource.teacher ? 'TEACHER_EXTRA_DAYS' : 'EXTRA_DAYS', over, over * (resource.extraDayWeight ?? 0));
  }

  const terms = (Object.keys(term) as (keyof typeof term)[]).map((code) => ({ code, value: term[code][0], penalty: term[code][1] }));
  return { hardViolations: hard, cost: terms.reduce((sum, t) => sum + t.penalty, 0), terms, placed, moved };
}
