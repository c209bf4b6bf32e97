import type { Random } from './random';
import type { Run } from './solve';
import type { State } from './state';

/** Temperatures of the annealing at the start and the end of the run (in cost units). */
const T_START = 4;
const T_END = 0.08;
/** Iterations between two looks at the clock and the stop signal. */
const CHECK_EVERY = 512;

/**
 * Simulated annealing (after Bellio et al.) over moves that keep the placement clash-free: move one
 * event to another cell and/or room, or swap it with the event holding one of its resources in
 * another cell. The temperature falls geometrically with the share of the budget spent (iterations
 * when `maxIterations` is given, time otherwise). Returns the best placement seen.
 */
export function anneal(st: State, rng: Random, run: Run, maxMoved: number): { iterations: number; cells: Int32Array; rooms: Int32Array } {
  const m = st.m;
  const movable: number[] = [];
  for (let e = 0; e < m.E; e++) if (!m.fixed[e] && st.cell[e] >= 0) movable.push(e);
  const bestCells = st.cell.slice();
  const bestRooms = st.room.slice();
  if (movable.length === 0) return { iterations: 0, cells: bestCells, rooms: bestRooms };
  const maxIterations = run.options.maxIterations ?? (run.deadline === Infinity ? 2000 * m.E : Infinity);
  const now = run.options.now;
  const phaseStart = now ? now() : 0;
  const span = run.deadline - phaseStart;
  let bestCost = st.cost;
  /** The current placement is the best and not yet copied (copied only before it gets worse). */
  let bestIsCurrent = true;
  let t = T_START;
  const ratio = T_END / T_START;
  const W = m.W;

  let iteration = 0;
  for (; iteration < maxIterations; iteration++) {
    if (iteration % CHECK_EVERY === 0) {
      if (run.tick('IMPROVEMENT', iteration, st, bestIsCurrent ? null : { cells: bestCells, rooms: bestRooms })) break;
      const fraction = maxIterations !== Infinity ? iteration / maxIterations : now ? Math.min(1, (now() - phaseStart) / span) : 0;
      t = T_START * Math.pow(ratio, fraction);
    }
    const e = movable[rng.int(movable.length)];
    const c0 = st.cell[e];
    const r0 = st.room[e];
    const before = st.cost;
    const movedBefore = st.moved;
    const c = m.cellList[m.cellStart[e] + rng.int(m.cellStart[e + 1] - m.cellStart[e])];
    const kind = rng.int(2);
    // The other event of a swap: the one holding a resource of e in cell c (-1 for a plain move).
    let o = -1;
    if (kind === 1 && c !== c0) {
      const from = m.resStart[e];
      const res = m.res[from + rng.int(m.resStart[e + 1] - from)];
      const lowBit = 31 - Math.clz32(m.weeks[e] & -m.weeks[e]);
      o = st.resOwner[(res * m.C + c) * W + lowBit];
      if (o >= 0 && (m.fixed[o] || !m.allowed[o * m.C + c0])) continue;
    }
    let r = -1;
    if (m.needsRoom[e]) {
      const from = m.roomStart[e];
      r = o >= 0 || rng.int(2) === 0 ? r0 : m.rooms[from + rng.int(m.roomStart[e + 1] - from)];
    }
    if (o < 0) {
      if (c === c0 && r === r0) continue;
      st.unplace(e);
      if (!st.free(e, c, r)) {
        st.place(e, c0, r0);
        continue;
      }
      st.place(e, c, r);
    } else {
      // Swap cells, each keeping its own room.
      const ro = st.room[o];
      st.unplace(e);
      st.unplace(o);
      if (!st.free(e, c, r)) {
        st.place(o, c, ro);
        st.place(e, c0, r0);
        continue;
      }
      st.place(e, c, r);
      if (!st.free(o, c0, ro)) {
        st.unplace(e);
        st.place(o, c, ro);
        st.place(e, c0, r0);
        continue;
      }
      st.place(o, c0, ro);
    }
    const delta = st.cost - before;
    const accept = (st.moved <= maxMoved || st.moved <= movedBefore) && (delta <= 0 || rng.float() < Math.exp(-delta / t));
    if (!accept) {
      if (o >= 0) {
        const ro = st.room[o];
        st.unplace(o);
        st.unplace(e);
        st.place(o, c, ro);
      } else st.unplace(e);
      st.place(e, c0, r0);
      continue;
    }
    if (st.cost < bestCost) {
      bestCost = st.cost;
      bestIsCurrent = true;
    } else if (bestIsCurrent && st.cost > bestCost) {
      // The state before this move was the best: copy it, undoing this move in the copy.
      bestCells.set(st.cell);
      bestRooms.set(st.room);
      bestCells[e] = c0;
      bestRooms[e] = r0;
      if (o >= 0) {
        bestCells[o] = c;
        bestRooms[o] = st.room[o];
      }
      bestIsCurrent = false;
    }
  }
  if (bestIsCurrent) {
    bestCells.set(st.cell);
    bestRooms.set(st.room);
  }
  return { iterations: iteration, cells: bestCells, rooms: bestRooms };
}
