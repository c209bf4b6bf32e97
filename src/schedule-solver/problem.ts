/**
 * The solver's contract: a timetabling problem as plain numbers, and what a run returns. Both the
 * service (a draft version's rule slots) and the ITC 2007 benchmark (courses and curricula) are
 * translated into this shape by their own adapters, so one engine serves both.
 *
 * A cell is `day * periodsPerDay + period`. Everything is indexed from 0: events, rooms, resources,
 * courses. Pure data: no framework, no database, no clock.
 */

/** One lesson to place (one rule slot in the service, one lecture in ITC 2007). */
export interface SolverEvent {
  /** The course it belongs to: room stability and minimum working days count per course. */
  course: number;
  /**
   * What cannot be in two places at once while it is held: its teacher, its groups and subgroups
   * (a whole-group lesson also holds every subgroup of the group), an ITC curriculum. Two events
   * clash when they share a resource, meet in one cell and their `weeks` intersect.
   */
  resources: readonly number[];
  /**
   * The weeks it is held as a bit mask (the service: 1 odd weeks, 2 even weeks, 3 both; ITC: 1).
   * Two events in one cell and room, or with one resource, clash only when their masks intersect.
   */
  weeks: number;
  /** Its audience, compared with a room's capacity. */
  students: number;
  /** Cells it may use (1) or not (0), length days × periodsPerDay; null: every cell. Hard. */
  allowedCells: Uint8Array | null;
  /** Rooms it may use (equipment, kind); null: any room; empty: it needs none (an online lesson). Hard. */
  rooms: readonly number[] | null;
  /**
   * Optional (added with the engine): true when the event needs a room even though `rooms` is empty,
   * i.e. no room fits it (equipment, kind); it then stays unplaced with `noRoom`. Absent: false.
   */
  needsRoom?: boolean;
  /** Soft cost of holding it in each cell (teachers' soft wishes), length days × periodsPerDay; null: none. */
  cellCost: Int32Array | null;
  /** Its current placement (REPAIR starts here and counts moves from it; a fixed event stays here). */
  initial: { cell: number; room: number } | null;
  /** Placed at `initial` and never moved (locked rules, lessons around the problem). */
  fixed: boolean;
}

/** The soft terms a resource takes part in; zero weights switch a term off. */
export interface SolverResource {
  /** Per empty period between two of its lessons on one day (service: groups 3, teachers 2). */
  gapWeight: number;
  /** Per lesson with no lesson of the resource in the period just before or after on that day (ITC curricula: 2). */
  isolatedWeight: number;
  /** Lessons a day beyond which each further one costs `overloadWeight` (0: no limit). */
  dayLimit: number;
  overloadWeight: number;
  /**
   * Optional (uneven weeks): per week bit, lessons a day beyond which each further one costs
   * `unevenWeight` (the service: a group's even share of its week plus one). Absent or 0: no such term.
   */
  evenDayLimits?: readonly number[];
  unevenWeight?: number;
  /** Optional: a teacher's day terms, reported apart from the others' (`TEACHER_GAPS`, `TEACHER_OVERLOAD`). Absent: false. */
  teacher?: boolean;
  /**
   * Optional (days per week, issue 54 §3): days of a week bit with a lesson, beyond which each
   * further day costs `extraDayWeight`. Absent or 0: no such term.
   */
  weekDayLimit?: number;
  extraDayWeight?: number;
}

export interface SolverCourse {
  /** Days its lessons should spread over; each day short costs `minWorkingDaysWeight`. 0: no such term. */
  minWorkingDays: number;
  /**
   * Optional: its events never share a cell (ITC: a course's lectures are in distinct periods), a
   * hard rule of the model itself: when its events do not all hold one resource already (their
   * teacher), the compiled model gives them one of their own. Absent: false (a rule's slots for two
   * subgroups may run side by side).
   */
  distinctPeriods?: boolean;
}

export interface SolverWeights {
  /** Per student over a room's capacity, per lesson (ITC: 1). */
  capacityPerStudent: number;
  /** Per lesson whose room is smaller than its audience (the service's CAPACITY_SHORTAGE: 10). */
  capacityPerLesson: number;
  /** Per lesson in a room at least `oversizeRatio` times its audience with `oversizeMinEmpty` seats empty. */
  oversizedPerLesson: number;
  oversizeRatio: number;
  oversizeMinEmpty: number;
  /** Per day a course's lessons fall short of its minimum working days (ITC: 5). */
  minWorkingDaysWeight: number;
  /** Per room a course uses beyond its first (ITC: 1). */
  roomStabilityWeight: number;
  /** REPAIR: per event whose cell or room differs from `initial`. */
  movedWeight: number;
  /** Optional (issue 54 §3): per event in the last period of a day. Absent: 0. */
  lastPeriodWeight?: number;
}

export interface SolverProblem {
  days: number;
  periodsPerDay: number;
  roomCapacities: readonly number[];
  resources: readonly SolverResource[];
  courses: readonly SolverCourse[];
  events: readonly SolverEvent[];
  weights: SolverWeights;
}

export type SolverMode = 'GENERATE' | 'REPAIR';

export interface SolveOptions {
  mode: SolverMode;
  seed: number;
  /** Stops after this many improvement iterations (deterministic for a seed). */
  maxIterations?: number;
  /** Stops after this many milliseconds of `now()`. */
  timeLimitMs?: number;
  /** REPAIR: at most this many events may differ from `initial` (default: three per event that lost its place). */
  maxMoved?: number;
  /** The clock, given from outside so the engine stays pure (e.g. `performance.now`). */
  now?: () => number;
  /** Called about every `progressEveryMs` with the state of the run. */
  onProgress?: (progress: SolverProgress) => void;
  progressEveryMs?: number;
  /** Polled between iterations: true stops the run and returns the best found. */
  shouldStop?: () => boolean;
  /** Optional: the improvement ends after this many milliseconds of `now()` without a better cost. */
  stallLimitMs?: number;
  /**
   * Optional, for the figures of `onProgress` only (issue 54 §4): how many lessons each event stands
   * for; the progress's per-lesson terms (rooms, cell costs, the last period) count each event that
   * many times, so a report that counts lessons reads them on its own scale. The search is unchanged.
   */
  progressLessonWeights?: readonly number[];
}

/**
 * Why a run ended: its time or iteration budget was spent (`LIMIT`), its best did not improve for
 * `stallLimitMs` (`NO_IMPROVEMENT`), every event is placed at cost 0 (`OPTIMUM`: nothing better
 * exists), or `shouldStop` asked (`STOPPED`).
 */
export type SolverStopReason = 'LIMIT' | 'NO_IMPROVEMENT' | 'OPTIMUM' | 'STOPPED';

export type SolverPhase = 'CONSTRUCTION' | 'IMPROVEMENT' | 'DONE';

/** A soft term's share of the cost. */
export interface SolverCostTerm {
  /** GAPS, OVERLOAD and EXTRA_DAYS are the non-teachers' (groups, curricula); a `teacher` resource's are TEACHER_GAPS, TEACHER_OVERLOAD and TEACHER_EXTRA_DAYS. */
  code:
    | 'CAPACITY'
    | 'OVERSIZED'
    | 'MIN_WORKING_DAYS'
    | 'ISOLATED'
    | 'GAPS'
    | 'TEACHER_GAPS'
    | 'OVERLOAD'
    | 'TEACHER_OVERLOAD'
    | 'ROOM_STABILITY'
    | 'CELL_COST'
    | 'MOVED'
    | 'UNEVEN'
    | 'LAST_PERIOD'
    | 'EXTRA_DAYS'
    | 'TEACHER_EXTRA_DAYS';
  value: number;
  penalty: number;
}

export interface SolverProgress {
  phase: SolverPhase;
  iterations: number;
  elapsedMs: number;
  placed: number;
  total: number;
  hardViolations: number;
  bestCost: number;
  terms: SolverCostTerm[];
}

/** Why one event could not be placed, counted over every cell it might have used. */
export interface UnplacedReason {
  event: number;
  /** Cells refused because a resource was held there, with the event holding it. */
  resourceBusy: { resource: number; byEvent: number; cells: number }[];
  /** Cells where every allowed room was taken. */
  roomBusy: number;
  /** No allowed room at all (equipment, kind). */
  noRoom: boolean;
  /** Cells closed by `allowedCells` (hard unavailability, days without lessons). */
  unavailable: number;
}

export interface SolverResult {
  /** Cell of each event, -1 when unplaced. */
  cells: Int32Array;
  /** Room of each event, -1 when unplaced or when it needs none. */
  rooms: Int32Array;
  /** Hard violations left among the placed events (0 for any result the engine returns from construction). */
  hardViolations: number;
  cost: number;
  terms: SolverCostTerm[];
  movedEvents: number;
  iterations: number;
  unplaced: UnplacedReason[];
  stopReason: SolverStopReason;
}
