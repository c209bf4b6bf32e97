import type { Random } from './random';
import type { State } from './state';

/** Unplaced events: a list with O(1) removal (the position of each event, -1 when not in it). */
export class EventSet {
  readonly items: Int32Array;
  readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  add(e: number): void {
    if (this.pos[e] >= 0) return;
    this.pos[e] = this.size;
    this.items[this.size++] = e;
  }

  remove(e: number): void {
    const at = this.pos[e];
    if (at < 0) return;
    const last = this.items[--this.size];
    this.items[at] = last;
    this.pos[last] = at;
    this.pos[e] = -1;
  }
}

/**
 * Greedy placement, hardest events first: each takes the free cell and room that raise the cost
 * least. Events it cannot place (or, in REPAIR, not without passing `maxMoved`) stay in `unplaced`,
 * as do the rest when `timeUp` says so (polled every 256 events).
 */
export function greedy(st: State, rng: Random, unplaced: EventSet, maxMoved: number, timeUp: () => boolean): void {
  const m = st.m;
  const order = Array.from(unplaced.items.subarray(0, unplaced.size));
  const key = new Float64Array(m.E);
  for (const e of order) {
    const cells = m.cellStart[e + 1] - m.cellStart[e];
    const rooms = m.needsRoom[e] ? m.roomStart[e + 1] - m.roomStart[e] : m.R;
    // Fewest choices first, then the events holding most resources; a random fraction breaks ties.
    key[e] = cells * Math.max(1, rooms) - (m.resStart[e + 1] - m.resStart[e]) * 0.5 + rng.float() * 0.1;
  }
  order.sort((a, b) => key[a] - key[b]);
  for (const [n, e] of order.entries()) {
    if ((n & 255) === 255 && timeUp()) return;
    let bestCell = -1;
    let bestRoom = -1;
    let bestDelta = Infinity;
    const from = m.cellStart[e];
    const count = m.cellStart[e + 1] - from;
    const offset = count > 0 ? rng.int(count) : 0;
    for (let k = 0; k < count; k++) {
      const c = m.cellList[from + ((k + offset) % count)];
      if (!st.resourcesFree(e, c)) continue;
      let r = st.firstFreeRoom(e, c);
      if (r === -1) continue;
      if (r === -2) r = -1;
      const before = st.cost;
      st.place(e, c, r);
      const delta = st.cost - before;
      const tooMany = st.moved > maxMoved;
      st.unplace(e);
      if (delta < bestDelta && !tooMany) {
        bestDelta = delta;
        bestCell = c;
        bestRoom = r;
      }
    }
    if (bestCell >= 0) {
      st.place(e, bestCell, bestRoom);
      unplaced.remove(e);
    }
  }
}

/** What placing an event in one cell would take: the events to eject (stamped) and the room. */
interface Value {
  cell: number;
  room: number;
  score: number;
}

/**
 * Iterative forward search (after Müller): an unplaced event takes the cell and room that eject the
 * fewest (and cheapest) placed events, which go back to the unplaced; recently vacated places are tabu
 * for the events ejected from them, so the search does not cycle. Stops when everything is placed or
 * `budget` iterations (or `timeUp`) run out, keeping the placement that left fewest events out.
 * Events no value can ever take (every cell blocked by fixed events) are moved to `stuck`.
 */
export function forwardSearch(
  st: State,
  rng: Random,
  unplaced: EventSet,
  stuck: EventSet,
  budget: number,
  timeUp: () => boolean,
  repair: boolean,
  maxMoved: number,
): { cells: Int32Array; rooms: Int32Array } | null {
  const m = st.m;
  const stamp = new Int32Array(m.E);
  let stampId = 0;
  const ejected = new Int32Array(m.E);
  const TABU = 32;
  const tabuEvent = new Int32Array(TABU).fill(-1);
  const tabuCell = new Int32Array(TABU).fill(-1);
  let tabuAt = 0;
  let best: { cells: Int32Array; rooms: Int32Array } | null = null;
  let bestOut = unplaced.size + stuck.size;
  const value: Value = { cell: -1, room: -1, score: Infinity };
  const W = m.W;

  const atInitial = (o: number): boolean => repair && m.initCell[o] === st.cell[o] && m.initRoom[o] === st.room[o];
  /** The cost of ejecting event o: more for one often ejected, and in REPAIR for one still in its place. */
  const ejectWeight = (o: number): number => 10 + Math.min(ejected[o], 20) + (atInitial(o) ? 5 : 0);

  for (let iteration = 0; unplaced.size > 0 && iteration < budget; iteration++) {
    if ((iteration & 63) === 0 && timeUp()) break;
    const e = unplaced.items[rng.int(unplaced.size)];
    value.cell = -1;
    value.score = Infinity;
    let ties = 0;
    for (let i = m.cellStart[e], end = m.cellStart[e + 1]; i < end; i++) {
      const c = m.cellList[i];
      let tabu = false;
      for (let t = 0; t < TABU; t++) if (tabuEvent[t] === e && tabuCell[t] === c) tabu = true;
      if (tabu) continue;
      stampId++;
      let score = 0;
      let blocked = false;
      // Moves this value would add at least: e itself away from its place, each ejected event at its place.
      let moves = 0;
      const w = m.weeks[e];
      for (let j = m.resStart[e], jEnd = m.resStart[e + 1]; j < jEnd && !blocked; j++) {
        const base = (m.res[j] * m.C + c) * W;
        for (let b = 0; b < W; b++) {
          if (((w >> b) & 1) === 0 || st.resCount[base + b] === 0) continue;
          const o = st.resOwner[base + b];
          if (o < 0 || m.fixed[o] || st.resCount[base + b] > 1) {
            blocked = true;
            break;
          }
          if (stamp[o] !== stampId) {
            stamp[o] = stampId;
            score += ejectWeight(o);
            if (atInitial(o)) moves++;
          }
        }
      }
      if (blocked) continue;
      let room = -1;
      if (m.needsRoom[e]) {
        let roomScore = Infinity;
        for (let j = m.roomStart[e], jEnd = m.roomStart[e + 1]; j < jEnd; j++) {
          const r = m.rooms[j];
          let s = 0;
          const base = (r * m.C + c) * W;
          for (let b = 0; b < W; b++) {
            if (((w >> b) & 1) === 0 || st.roomCount[base + b] === 0) continue;
            const o = st.roomOwner[base + b];
            if (o < 0 || m.fixed[o] || st.roomCount[base + b] > 1) {
              s = Infinity;
              break;
            }
            if (stamp[o] !== stampId) s += ejectWeight(o);
          }
          if (s < roomScore) {
            roomScore = s;
            room = r;
            if (s === 0) break;
          }
        }
        if (room < 0) continue;
        score += roomScore;
        const base = (room * m.C + c) * W;
        for (let b = 0; b < W; b++) {
          const o = st.roomOwner[base + b];
          if (((w >> b) & 1) !== 0 && o >= 0 && stamp[o] !== stampId && atInitial(o)) moves++;
        }
      }
      if (repair && m.initCell[e] >= 0 && (c !== m.initCell[e] || room !== m.initRoom[e])) {
        score += 3;
        moves++;
      }
      if (st.moved + moves > maxMoved) continue;
      if (score < value.score) {
        value.score = score;
        value.cell = c;
        value.room = room;
        ties = 1;
      } else if (score === value.score && rng.int(++ties) === 0) {
        value.cell = c;
        value.room = room;
      }
    }
    if (value.cell < 0) {
      // Nothing free of fixed events and tabu: give up on it only when no tabu held it back.
      let anyTabu = false;
      for (let t = 0; t < TABU; t++) if (tabuEvent[t] === e) anyTabu = true;
      if (anyTabu) {
        for (let t = 0; t < TABU; t++) if (tabuEvent[t] === e) tabuEvent[t] = -1;
      } else {
        unplaced.remove(e);
        stuck.add(e);
      }
      continue;
    }
    // Eject what holds the chosen cell and room, then place.
    const c = value.cell;
    const w = m.weeks[e];
    for (let j = m.resStart[e], jEnd = m.resStart[e + 1]; j < jEnd; j++) {
      const base = (m.res[j] * m.C + c) * W;
      for (let b = 0; b < W; b++) {
        if (((w >> b) & 1) === 0 || st.resCount[base + b] === 0) continue;
        eject(st.resOwner[base + b]);
      }
    }
    if (value.room >= 0) {
      const base = (value.room * m.C + c) * W;
      for (let b = 0; b < W; b++) if (((w >> b) & 1) !== 0 && st.roomCount[base + b] !== 0) eject(st.roomOwner[base + b]);
    }
    st.place(e, c, value.room);
    unplaced.remove(e);
    const out = unplaced.size + stuck.size;
    if (out < bestOut) {
      bestOut = out;
      best = out === 0 ? null : { cells: st.cell.slice(), rooms: st.room.slice() };
    }
  }
  if (unplaced.size + stuck.size > bestOut && best) return best;
  return null;

  function eject(o: number): void {
    tabuEvent[tabuAt] = o;
    tabuCell[tabuAt] = st.cell[o];
    tabuAt = (tabuAt + 1) % TABU;
    ejected[o]++;
    st.unplace(o);
    unplaced.add(o);
  }
}
