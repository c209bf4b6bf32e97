import { roomCostOf } from './model';
import type { Random } from './random';
import type { Run } from './solve';
import type { State } from './state';

/** The starting temperature as a share of a random move's mean rise, and the end's share of the start. */
const T_START_SHARE = 0.15;
const T_END_RATIO = 0.02;
/** Iterations between two looks at the clock and the stop signal. */
const CHECK_EVERY = 512;
/** The most events a Kempe chain may move (longer ones are refused: they rarely pay). */
const CHAIN_LIMIT = 40;

/** Every event has a cell: with cost 0 on top, nothing better exists. */
export function allPlaced(st: State): boolean {
  for (let e = 0; e < st.m.E; e++) if (st.cell[e] < 0) return false;
  return true;
}

/**
 * Simulated annealing (after Bellio et al.) over moves that keep the placement clash-free: move one
 * event to another cell and/or room, move it to another room (exchanging rooms with the holder when the
 * room is taken), a course into one room, or a Kempe chain (Lü and Hao): it goes
 * to another cell, every event there holding one of its resources comes back to its cell, and so on
 * until the two groups no longer clash. The temperature falls geometrically with the share of the
 * budget spent (iterations when `maxIterations` is given, time otherwise). Returns the best placement
 * seen.
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
  // Cost 0 with every event placed is an optimum: the search ends as soon as it gets there.
  const complete = allPlaced(st);
  const stallLimit = run.options.stallLimitMs;
  let lastBetterAt = phaseStart;
  let betterSinceCheck = false;
  /** The current placement is the best and not yet copied (copied only before it gets worse). */
  let bestIsCurrent = true;
  let t = 1;
  const W = m.W;
  const C = m.C;

  // The events a move changed, with where they were: the undo and the best copy's patch.
  const changed = new Int32Array(m.E);
  const oldCell = new Int32Array(m.E);
  const oldRoom = new Int32Array(m.E);
  let nChanged = 0;
  const inChain = new Uint8Array(m.E);
  // Each course's movable events, and which rooms each event may use.
  const courseStart = new Int32Array(m.N + 1);
  for (const e of movable) courseStart[m.course[e] + 1]++;
  for (let k = 0; k < m.N; k++) courseStart[k + 1] += courseStart[k];
  const courseEvents = new Int32Array(movable.length);
  const fill = courseStart.slice(0, m.N);
  for (const e of movable) courseEvents[fill[m.course[e]]++] = e;
  const roomOk = new Uint8Array(m.E * m.R);
  for (let e = 0; e < m.E; e++) for (let i = m.roomStart[e]; i < m.roomStart[e + 1]; i++) roomOk[e * m.R + m.rooms[i]] = 1;

  /**
   * Every movable event of e's course into room r, each in its own cell; where r is taken, its holder
   * takes the event's old room (Müller's course-room move). False (and undone) when one cannot, or
   * when the holder is of the same course (two of its lessons in one cell, odd and even weeks).
   */
  const courseRoom = (e: number, r: number): boolean => {
    const k = m.course[e];
    nChanged = 0;
    for (let i = courseStart[k]; i < courseStart[k + 1]; i++) {
      const x = courseEvents[i];
      const c = st.cell[x];
      const rx = st.room[x];
      if (rx === r || rx < 0) continue;
      if (!roomOk[x * m.R + r]) {
        undo();
        return false;
      }
      let y = -1;
      for (let b = 0; b < W; b++) {
        if (((m.weeks[x] >> b) & 1) !== 0 && st.roomCount[(r * C + c) * W + b] !== 0) {
          y = st.roomOwner[(r * C + c) * W + b];
          break;
        }
      }
      if (y >= 0) {
        if (m.fixed[y] || m.course[y] === k || m.weeks[y] !== m.weeks[x] || !roomOk[y * m.R + rx]) {
          undo();
          return false;
        }
        lift(y);
      }
      lift(x);
      if (!st.roomFree(x, c, r)) {
        undo();
        return false;
      }
      st.place(x, c, r);
      if (y >= 0) {
        if (!st.roomFree(y, c, rx)) {
          undo();
          return false;
        }
        st.place(y, c, rx);
      }
    }
    return nChanged > 0;
  };

  /**
   * Event e and the holder of room r in e's cell exchange rooms: with every room taken, the only way
   * a large class reaches a large room (the capacity-dominated instances need it most).
   */
  const roomSwap = (e: number, r: number): boolean => {
    const c = st.cell[e];
    const r0 = st.room[e];
    if (r0 < 0 || r === r0) return false;
    let y = -1;
    for (let b = 0; b < W; b++) {
      if (((m.weeks[e] >> b) & 1) !== 0 && st.roomCount[(r * C + c) * W + b] !== 0) {
        y = st.roomOwner[(r * C + c) * W + b];
        break;
      }
    }
    if (y < 0 || m.fixed[y] || m.weeks[y] !== m.weeks[e] || m.course[y] === m.course[e] || !roomOk[y * m.R + r0]) return false;
    nChanged = 0;
    lift(e);
    lift(y);
    if (!st.roomFree(e, c, r) || !st.roomFree(y, c, r0)) {
      undo();
      return false;
    }
    st.place(e, c, r);
    st.place(y, c, r0);
    return true;
  };

  /** Takes event x out, remembering where it was. */
  const lift = (x: number): void => {
    changed[nChanged] = x;
    oldCell[nChanged] = st.cell[x];
    oldRoom[nChanged++] = st.room[x];
    st.unplace(x);
  };
  /** Puts every changed event back where it was. */
  const undo = (): void => {
    for (let i = 0; i < nChanged; i++) if (st.cell[changed[i]] >= 0) st.unplace(changed[i]);
    for (let i = 0; i < nChanged; i++) st.place(changed[i], oldCell[i], oldRoom[i]);
  };
  /** Places x in cell c, in room `prefer` when free, else its cheapest free room; false when none. */
  const settle = (x: number, c: number, prefer: number): boolean => {
    if (!m.allowed[x * C + c] || !st.resourcesFree(x, c)) return false;
    let r = -1;
    if (m.needsRoom[x]) {
      r = prefer >= 0 && st.roomFree(x, c, prefer) ? prefer : st.firstFreeRoom(x, c);
      if (r < 0) return false;
    }
    st.place(x, c, r);
    return true;
  };

  /**
   * The Kempe chain of e between its cell c1 and c2, applied; false (and undone) when it meets a fixed
   * event, a closed cell, no free room, or grows past the limit.
   */
  const kempe = (e: number, c2: number): boolean => {
    const c1 = st.cell[e];
    // Collect the chain breadth first: changed[] holds it, a side per event in inChain (1: c1→c2, 2: c2→c1).
    let ok = true;
    let size = 0;
    changed[size++] = e;
    inChain[e] = 1;
    for (let head = 0; head < size && ok; head++) {
      const x = changed[head];
      const to = inChain[x] === 1 ? c2 : c1;
      const w = m.weeks[x];
      for (let i = m.resStart[x], end = m.resStart[x + 1]; i < end && ok; i++) {
        const base = (m.res[i] * C + to) * W;
        for (let b = 0; b < W; b++) {
          if (((w >> b) & 1) === 0 || st.resCount[base + b] === 0) continue;
          const y = st.resOwner[base + b];
          if (y < 0 || m.fixed[y] || size >= CHAIN_LIMIT) {
            ok = false;
            break;
          }
          if (inChain[y] === 0) {
            inChain[y] = inChain[x] === 1 ? 2 : 1;
            changed[size++] = y;
          }
        }
      }
    }
    if (ok) {
      for (let i = 0; i < size; i++) {
        const x = changed[i];
        if (!m.allowed[x * C + (inChain[x] === 1 ? c2 : c1)]) ok = false;
      }
    }
    if (!ok) {
      for (let i = 0; i < size; i++) inChain[changed[i]] = 0;
      return false;
    }
    nChanged = 0;
    for (let i = 0; i < size; i++) {
      const x = changed[i];
      inChain[x] = 0;
      changed[nChanged] = x;
      oldCell[nChanged] = st.cell[x];
      oldRoom[nChanged++] = st.room[x];
    }
    for (let i = 0; i < size; i++) st.unplace(changed[i]);
    for (let i = 0; i < size; i++) {
      const x = changed[i];
      if (!settle(x, oldCell[i] === c1 ? c2 : c1, oldRoom[i])) {
        undo();
        return false;
      }
    }
    return true;
  };

  // The scale of the costs: the mean rise of a feasible random move, sampled and undone.
  let rises = 0;
  let risen = 0;
  for (let k = 0; k < 4000 && risen < 500; k++) {
    const e = movable[rng.int(movable.length)];
    const c = m.cellList[m.cellStart[e] + rng.int(m.cellStart[e + 1] - m.cellStart[e])];
    const r = m.needsRoom[e] ? m.rooms[m.roomStart[e] + rng.int(m.roomStart[e + 1] - m.roomStart[e])] : -1;
    if (c === st.cell[e] && r === st.room[e]) continue;
    const before = st.cost;
    nChanged = 0;
    lift(e);
    if (st.free(e, c, r)) {
      st.place(e, c, r);
      if (st.cost > before) {
        rises += st.cost - before;
        risen++;
      }
    }
    undo();
  }
  const scale = risen > 0 ? rises / risen : 1;
  // The move mix follows the instance: where rooms too small make most of the starting cost (large
  // courses, few large rooms), room moves and exchanges matter more than Kempe chains.
  let roomCost = 0;
  for (const e of movable) if (st.room[e] >= 0) roomCost += roomCostOf(m.weights, m.students[e], m.roomCap[st.room[e]]);
  const roomLed = roomCost * 2 > st.cost;
  const tStart = T_START_SHARE * scale;
  t = tStart;

  let iteration = 0;
  for (; iteration < maxIterations; iteration++) {
    if (iteration % CHECK_EVERY === 0) {
      if (run.tick('IMPROVEMENT', iteration, st, bestIsCurrent ? null : { cells: bestCells, rooms: bestRooms })) break;
      if (complete && bestCost === 0) {
        run.stopReason = 'OPTIMUM';
        break;
      }
      if (now && stallLimit !== undefined) {
        const at = now();
        if (betterSinceCheck) lastBetterAt = at;
        else if (at - lastBetterAt >= stallLimit) {
          run.stopReason = 'NO_IMPROVEMENT';
          break;
        }
        betterSinceCheck = false;
      }
      const fraction = maxIterations !== Infinity ? iteration / maxIterations : now ? Math.min(1, (now() - phaseStart) / span) : 0;
      t = tStart * Math.pow(T_END_RATIO, fraction);
    }
    const e = movable[rng.int(movable.length)];
    const c0 = st.cell[e];
    const r0 = st.room[e];
    const before = st.cost;
    const movedBefore = st.moved;
    let kind = rng.int(10);
    // Where rooms too small make most of the cost, two tenths of the Kempe chains become room moves.
    if (roomLed && (kind === 7 || kind === 8)) kind = 3;
    nChanged = 0;
    /** True when the move was judged from the counters before it was made (and so already accepted). */
    let judged = false;
    if (kind < 5) {
      // Kinds 0-2: another cell, keeping the room or taking a random one; 3-4: another room in the same
      // cell (or, when it is taken, the exchange of rooms with its holder: `roomSwap`). A move to free
      // places is judged by `moveDelta` before it is made: most are refused, and a refused one costs no undo.
      let c = c0;
      let r = -1;
      if (kind < 3) {
        c = m.cellList[m.cellStart[e] + rng.int(m.cellStart[e + 1] - m.cellStart[e])];
        if (m.needsRoom[e]) r = rng.int(2) === 0 ? r0 : m.rooms[m.roomStart[e] + rng.int(m.roomStart[e + 1] - m.roomStart[e])];
      } else {
        if (!m.needsRoom[e]) continue;
        r = m.rooms[m.roomStart[e] + rng.int(m.roomStart[e + 1] - m.roomStart[e])];
      }
      if (c === c0 && r === r0) continue;
      if (c !== c0 && !st.resourcesFree(e, c)) continue;
      if (r >= 0 && !st.roomFree(e, c, r)) {
        // A room move to a taken room becomes an exchange of rooms with its holder.
        if (c !== c0 || !roomSwap(e, r)) continue;
      } else {
        const delta = st.moveDelta(e, c, r);
        const movedAfter = st.moved + st.lastMovedDelta;
        if (!((movedAfter <= maxMoved || movedAfter <= movedBefore) && (delta <= 0 || rng.float() < Math.exp(-delta / t)))) continue;
        lift(e);
        st.place(e, c, r);
        judged = true;
      }
    } else if (kind === 6) {
      if (!m.needsRoom[e]) continue;
      const r = m.rooms[m.roomStart[e] + rng.int(m.roomStart[e + 1] - m.roomStart[e])];
      if (!courseRoom(e, r)) continue;
    } else {
      const c = m.cellList[m.cellStart[e] + rng.int(m.cellStart[e + 1] - m.cellStart[e])];
      if (c === c0 || !kempe(e, c)) continue;
    }
    if (!judged) {
      const delta = st.cost - before;
      const accept = (st.moved <= maxMoved || st.moved <= movedBefore) && (delta <= 0 || rng.float() < Math.exp(-delta / t));
      if (!accept) {
        undo();
        continue;
      }
    }
    if (st.cost < bestCost) {
      bestCost = st.cost;
      bestIsCurrent = true;
      betterSinceCheck = true;
    } else if (bestIsCurrent && st.cost > bestCost) {
      // The state before this move was the best: copy it, undoing this move in the copy.
      bestCells.set(st.cell);
      bestRooms.set(st.room);
      for (let i = 0; i < nChanged; i++) {
        bestCells[changed[i]] = oldCell[i];
        bestRooms[changed[i]] = oldRoom[i];
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
