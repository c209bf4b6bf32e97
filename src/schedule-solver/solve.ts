import { EventSet, forwardSearch, greedy } from './construct';
import { evaluate } from './evaluate';
import { allPlaced, anneal } from './improve';
import { compile, type Model } from './model';
import type { SolveOptions, SolverPhase, SolverProblem, SolverResult, SolverStopReason, UnplacedReason } from './problem';
import { Random } from './random';
import { State } from './state';

/** REPAIR without `maxMoved`: how many moved lessons each lesson that lost its place may cost at most. */
export const REPAIR_MOVES_PER_LOST = 3;

/** Shared by the phases: the clock, the limits and the progress reports. */
export interface Run {
  problem: SolverProblem;
  options: SolveOptions;
  start: number;
  /** Absolute `now()` by which the run ends; Infinity without a clock or limit. */
  deadline: number;
  nextProgress: number;
  /** Set when the run ends early or at its limit (`tick` sets STOPPED and LIMIT, the search the others). */
  stopReason: SolverStopReason;
  /** Reports progress when due; true when the run must stop (time, `shouldStop`). */
  tick(phase: SolverPhase, iterations: number, st: State, best: { cells: Int32Array; rooms: Int32Array } | null): boolean;
}

/**
 * Solves a problem: places fixed events as given, builds a complete placement (REPAIR: keeps every
 * event that is still valid where it was), then improves it by simulated annealing over moves that
 * keep it free of clashes. Pure: the clock, the stop signal and the progress sink come in `options`.
 */
export function solve(problem: SolverProblem, options: SolveOptions): SolverResult {
  const m = compile(problem);
  const rng = new Random(options.seed);
  const now = options.now;
  const start = now ? now() : 0;
  const deadline = now && options.timeLimitMs !== undefined ? start + options.timeLimitMs : Infinity;
  const every = options.progressEveryMs ?? 1000;
  const run: Run = {
    problem,
    options,
    start,
    deadline,
    nextProgress: start + every,
    stopReason: 'LIMIT',
    tick(phase, iterations, st, best) {
      if (options.shouldStop?.()) {
        this.stopReason = 'STOPPED';
        return true;
      }
      if (!now) return false;
      const t = now();
      if (options.onProgress && t >= this.nextProgress) {
        const report = evaluate(problem, best?.cells ?? st.cell, best?.rooms ?? st.room, options.progressLessonWeights);
        // The recount is not free on a large problem: it may take at most a fifth of the run's time.
        this.nextProgress = t + Math.max(every, 4 * (now() - t));
        options.onProgress({
          phase,
          iterations,
          elapsedMs: t - start,
          placed: report.placed,
          total: m.E,
          hardViolations: report.hardViolations,
          bestCost: report.cost,
          terms: report.terms,
        });
      }
      return t >= deadline;
    },
  };
  const repair = options.mode === 'REPAIR';
  let maxMoved = repair && options.maxMoved !== undefined ? options.maxMoved : Infinity;

  let st = new State(m);
  const unplaced = new EventSet(m.E);
  const stuck = new EventSet(m.E);
  placeStart(st, unplaced, repair);
  if (repair && options.maxMoved === undefined) {
    // REPAIR moves as few lessons as it can: without a cap of the caller's, at most three times the
    // lessons that lost their place (the rest of the timetable is not "improved" lesson by lesson).
    let lost = 0;
    for (let i = 0; i < unplaced.size; i++) if (m.initCell[unplaced.items[i]] >= 0) lost++;
    maxMoved = REPAIR_MOVES_PER_LOST * lost;
  }

  let stopped = false;
  if (unplaced.size > 0) {
    // The construction may use most of the time: a complete placement matters more than its cost.
    const constructionEnd = start + (deadline - start) * 0.8;
    const timeUp = (): boolean => (stopped = run.tick('CONSTRUCTION', 0, st, null)) || (now !== undefined && now() >= constructionEnd);
    greedy(st, rng, unplaced, maxMoved, timeUp);
    if (!stopped) {
      const best = forwardSearch(st, rng, unplaced, stuck, 5000 + 100 * m.E, timeUp, repair, maxMoved);
      if (best) st = rebuild(m, best.cells, best.rooms);
    }
  }

  let iterations = 0;
  if (!stopped && st.cost === 0 && allPlaced(st)) run.stopReason = 'OPTIMUM';
  else if (!stopped && (options.maxIterations ?? 1) > 0) {
    const result = anneal(st, rng, run, maxMoved);
    iterations = result.iterations;
    st = rebuild(m, result.cells, result.rooms);
  }

  const report = evaluate(problem, st.cell, st.room);
  if (options.onProgress && now) {
    options.onProgress({ phase: 'DONE', iterations, elapsedMs: now() - start, placed: report.placed, total: m.E, hardViolations: report.hardViolations, bestCost: report.cost, terms: report.terms });
  }
  return {
    cells: st.cell.slice(),
    rooms: st.room.slice(),
    hardViolations: report.hardViolations,
    cost: report.cost,
    terms: report.terms,
    movedEvents: report.moved,
    iterations,
    unplaced: unplacedReasons(st),
    stopReason: run.stopReason,
  };
}

/**
 * Fixed events where they are (even when they clash: they are not the solver's to move); in REPAIR,
 * every other event with a valid place stays there, in event order. The rest wait in `unplaced`.
 */
function placeStart(st: State, unplaced: EventSet, repair: boolean): void {
  const m = st.m;
  for (let e = 0; e < m.E; e++) if (m.fixed[e]) st.place(e, m.initCell[e], m.initRoom[e]);
  for (let e = 0; e < m.E; e++) {
    if (m.fixed[e]) continue;
    const c = m.initCell[e];
    const r = m.initRoom[e];
    if (repair && c >= 0 && c < m.C && m.allowed[e * m.C + c] && roomAllowed(m, e, r) && st.free(e, c, r)) st.place(e, c, r);
    else unplaced.add(e);
  }
}

function roomAllowed(m: Model, e: number, r: number): boolean {
  if (!m.needsRoom[e]) return r === -1;
  for (let i = m.roomStart[e], end = m.roomStart[e + 1]; i < end; i++) if (m.rooms[i] === r) return true;
  return false;
}

/** A fresh state holding the given placement (fixed events included). */
export function rebuild(m: Model, cells: Int32Array, rooms: Int32Array): State {
  const st = new State(m);
  for (let e = 0; e < m.E; e++) if (m.fixed[e]) st.place(e, cells[e], rooms[e]);
  for (let e = 0; e < m.E; e++) if (!m.fixed[e] && cells[e] >= 0) st.place(e, cells[e], rooms[e]);
  return st;
}

/** Why each unplaced event found no place: every cell's first refusal, counted. */
function unplacedReasons(st: State): UnplacedReason[] {
  const m = st.m;
  const reasons: UnplacedReason[] = [];
  for (let e = 0; e < m.E; e++) {
    if (st.cell[e] >= 0) continue;
    const noRoom = m.needsRoom[e] === 1 && m.roomStart[e + 1] === m.roomStart[e];
    const reason: UnplacedReason = { event: e, resourceBusy: [], roomBusy: 0, noRoom, unavailable: 0 };
    const busy = new Map<number, { resource: number; byEvent: number; cells: number }>();
    for (let c = 0; c < m.C; c++) {
      if (!m.allowed[e * m.C + c]) {
        reason.unavailable++;
        continue;
      }
      const seen = new Set<number>();
      for (let i = m.resStart[e]; i < m.resStart[e + 1]; i++) {
        const resource = m.res[i];
        for (let b = 0; b < m.W; b++) {
          const owner = st.resOwner[(resource * m.C + c) * m.W + b];
          if (((m.weeks[e] >> b) & 1) === 0 || owner < 0) continue;
          const key = resource * m.E + owner;
          if (seen.has(key)) continue;
          seen.add(key);
          const entry = busy.get(key) ?? { resource, byEvent: owner, cells: 0 };
          entry.cells++;
          busy.set(key, entry);
        }
      }
      if (seen.size === 0 && !noRoom && st.firstFreeRoom(e, c) === -1) reason.roomBusy++;
    }
    reason.resourceBusy = [...busy.values()].sort((a, b) => b.cells - a.cells || a.resource - b.resource || a.byEvent - b.byEvent);
    reasons.push(reason);
  }
  return reasons;
}
