import { dayCostOf, extraDaysCostOf, lastPeriodCostOf, roomCostOf, type Model } from './model';

/**
 * A placement under search: who holds each resource and room in each cell and week bit, and the
 * soft cost kept up to date by `place` and `unplace` alone (each touches only the event's resources,
 * days and course), so a move's delta is the cost after it minus the cost before.
 *
 * Non-fixed events are only ever placed where nothing they need is held, so an owner is exact; only
 * fixed events (placed as given) may share a slot, and they never leave.
 */
export class State {
  readonly cell: Int32Array;
  readonly room: Int32Array;
  /** Holders per (resource, cell, week bit) and the event holding it (-1 none). */
  readonly resCount: Uint16Array;
  readonly resOwner: Int32Array;
  readonly roomCount: Uint16Array;
  readonly roomOwner: Int32Array;
  /** Periods a resource holds per (resource, day, week bit), and that day's cached cost. */
  readonly dayMask: Int32Array;
  readonly dayCost: Int32Array;
  readonly courseDayCount: Int32Array;
  readonly courseDays: Int32Array;
  readonly courseRoomCount: Uint16Array | null;
  readonly courseRooms: Int32Array;
  /** Days with a lesson per (resource, week bit), kept for resources with a days-per-week term. */
  readonly weekDays: Int32Array;
  /** The sum of every soft term of the current placement. */
  cost = 0;
  placed = 0;
  moved = 0;

  constructor(readonly m: Model) {
    this.cell = new Int32Array(m.E).fill(-1);
    this.room = new Int32Array(m.E).fill(-1);
    this.resCount = new Uint16Array(m.K * m.C * m.W);
    this.resOwner = new Int32Array(m.K * m.C * m.W).fill(-1);
    this.roomCount = new Uint16Array(m.R * m.C * m.W);
    this.roomOwner = new Int32Array(m.R * m.C * m.W).fill(-1);
    this.dayMask = new Int32Array(m.K * m.D * m.W);
    this.dayCost = new Int32Array(m.K * m.D * m.W);
    this.courseDayCount = new Int32Array(m.N * m.D);
    this.courseDays = new Int32Array(m.N);
    this.courseRoomCount = m.weights.roomStabilityWeight !== 0 ? new Uint16Array(m.N * m.R) : null;
    this.courseRooms = new Int32Array(m.N);
    this.weekDays = new Int32Array(m.K * m.W);
    this.cost = State.emptyCost(m);
  }

  /** True when event e (unplaced) could take cell c and room r (-1: none) without a clash. */
  free(e: number, c: number, r: number): boolean {
    const m = this.m;
    const w = m.weeks[e];
    const W = m.W;
    for (let i = m.resStart[e], end = m.resStart[e + 1]; i < end; i++) {
      const base = (m.res[i] * m.C + c) * W;
      for (let b = 0; b < W; b++) if ((w >> b) & 1 && this.resCount[base + b] !== 0) return false;
    }
    if (r >= 0) {
      const base = (r * m.C + c) * W;
      for (let b = 0; b < W; b++) if ((w >> b) & 1 && this.roomCount[base + b] !== 0) return false;
    }
    return true;
  }

  /** True when room r is free for event e's weeks in cell c. */
  roomFree(e: number, c: number, r: number): boolean {
    const W = this.m.W;
    const w = this.m.weeks[e];
    const base = (r * this.m.C + c) * W;
    for (let b = 0; b < W; b++) if ((w >> b) & 1 && this.roomCount[base + b] !== 0) return false;
    return true;
  }

  /** True when no resource of event e is held in cell c for its weeks. */
  resourcesFree(e: number, c: number): boolean {
    const m = this.m;
    const w = m.weeks[e];
    const W = m.W;
    for (let i = m.resStart[e], end = m.resStart[e + 1]; i < end; i++) {
      const base = (m.res[i] * m.C + c) * W;
      for (let b = 0; b < W; b++) if ((w >> b) & 1 && this.resCount[base + b] !== 0) return false;
    }
    return true;
  }

  /** The first free room of event e in cell c, cheapest first; -1 when none (or -2 when it needs none). */
  firstFreeRoom(e: number, c: number): number {
    const m = this.m;
    if (!m.needsRoom[e]) return -2;
    for (let i = m.roomStart[e], end = m.roomStart[e + 1]; i < end; i++) {
      if (this.roomFree(e, c, m.rooms[i])) return m.rooms[i];
    }
    return -1;
  }

  place(e: number, c: number, r: number): void {
    const m = this.m;
    const W = m.W;
    const w = m.weeks[e];
    const d = (c / m.P) | 0;
    const bit = 1 << (c - d * m.P);
    this.cell[e] = c;
    this.room[e] = r;
    this.placed++;
    let delta = 0;
    for (let i = m.resStart[e], end = m.resStart[e + 1]; i < end; i++) {
      const res = m.res[i];
      const base = (res * m.C + c) * W;
      const dayBase = (res * m.D + d) * W;
      // A resource without gap, isolation or overload weights (an ITC teacher) keeps no day masks.
      const dayTerms = m.dayTerms[res];
      for (let b = 0; b < W; b++) {
        if (((w >> b) & 1) === 0) continue;
        if (this.resCount[base + b]++ !== 0) continue;
        this.resOwner[base + b] = e;
        if (!dayTerms) continue;
        const before = this.dayMask[dayBase + b];
        const mask = before | bit;
        this.dayMask[dayBase + b] = mask;
        const cost = dayCostOf(m, res, b, mask);
        delta += cost - this.dayCost[dayBase + b];
        this.dayCost[dayBase + b] = cost;
        if (before === 0 && m.extraDayW[res] !== 0) delta += this.changeWeekDays(res, b, 1);
      }
    }
    delta += lastPeriodCostOf(m, c);
    const course = m.course[e];
    if (r >= 0) {
      const base = (r * m.C + c) * W;
      for (let b = 0; b < W; b++) {
        if (((w >> b) & 1) !== 0 && this.roomCount[base + b]++ === 0) this.roomOwner[base + b] = e;
      }
      delta += roomCostOf(m.weights, m.students[e], m.roomCap[r]);
      if (this.courseRoomCount !== null && this.courseRoomCount[course * m.R + r]++ === 0) {
        if (++this.courseRooms[course] > 1) delta += m.weights.roomStabilityWeight;
      }
    }
    if (this.courseDayCount[course * m.D + d]++ === 0) {
      const days = this.courseDays[course]++;
      if (days < m.minDays[course]) delta -= m.weights.minWorkingDaysWeight;
    }
    if (m.cellCost !== null) delta += m.cellCost[e * m.C + c];
    if (m.initCell[e] >= 0 && (c !== m.initCell[e] || r !== m.initRoom[e])) {
      this.moved++;
      delta += m.weights.movedWeight;
    }
    this.cost += delta;
  }

  unplace(e: number): void {
    const m = this.m;
    const W = m.W;
    const w = m.weeks[e];
    const c = this.cell[e];
    const r = this.room[e];
    const d = (c / m.P) | 0;
    const bit = 1 << (c - d * m.P);
    this.cell[e] = -1;
    this.room[e] = -1;
    this.placed--;
    let delta = 0;
    for (let i = m.resStart[e], end = m.resStart[e + 1]; i < end; i++) {
      const res = m.res[i];
      const base = (res * m.C + c) * W;
      const dayBase = (res * m.D + d) * W;
      // A resource without gap, isolation or overload weights (an ITC teacher) keeps no day masks.
      const dayTerms = m.dayTerms[res];
      for (let b = 0; b < W; b++) {
        if (((w >> b) & 1) === 0) continue;
        if (--this.resCount[base + b] !== 0) continue;
        this.resOwner[base + b] = -1;
        if (!dayTerms) continue;
        const mask = this.dayMask[dayBase + b] & ~bit;
        this.dayMask[dayBase + b] = mask;
        const cost = dayCostOf(m, res, b, mask);
        delta += cost - this.dayCost[dayBase + b];
        this.dayCost[dayBase + b] = cost;
        if (mask === 0 && m.extraDayW[res] !== 0) delta += this.changeWeekDays(res, b, -1);
      }
    }
    delta -= lastPeriodCostOf(m, c);
    const course = m.course[e];
    if (r >= 0) {
      const base = (r * m.C + c) * W;
      for (let b = 0; b < W; b++) {
        if (((w >> b) & 1) !== 0 && --this.roomCount[base + b] === 0) this.roomOwner[base + b] = -1;
      }
      delta -= roomCostOf(m.weights, m.students[e], m.roomCap[r]);
      if (this.courseRoomCount !== null && --this.courseRoomCount[course * m.R + r] === 0) {
        if (this.courseRooms[course]-- > 1) delta -= m.weights.roomStabilityWeight;
      }
    }
    if (--this.courseDayCount[course * m.D + d] === 0) {
      const days = --this.courseDays[course];
      if (days < m.minDays[course]) delta += m.weights.minWorkingDaysWeight;
    }
    if (m.cellCost !== null) delta -= m.cellCost[e * m.C + c];
    if (m.initCell[e] >= 0 && (c !== m.initCell[e] || r !== m.initRoom[e])) {
      this.moved--;
      delta -= m.weights.movedWeight;
    }
    this.cost += delta;
  }

  /** Counts a day gained (+1) or lost (-1) by a resource's week bit; answers the days-per-week cost change. */
  private changeWeekDays(res: number, b: number, change: number): number {
    const index = res * this.m.W + b;
    const days = this.weekDays[index];
    this.weekDays[index] = days + change;
    return extraDaysCostOf(this.m, res, days + change) - extraDaysCostOf(this.m, res, days);
  }

  /** The change in moved events of the last `moveDelta` (REPAIR's bound is checked with it). */
  lastMovedDelta = 0;

  /**
   * The cost change of moving placed event e from its place to cell c1 and room r1 (-1: none), read
   * from the counters without changing them: the simulated annealing judges a move before making it.
   * The caller has checked that e's resources and the room are free there (apart from e itself).
   */
  moveDelta(e: number, c1: number, r1: number): number {
    const m = this.m;
    const W = m.W;
    const w = m.weeks[e];
    const P = m.P;
    const c0 = this.cell[e];
    const r0 = this.room[e];
    const d0 = (c0 / P) | 0;
    const d1 = (c1 / P) | 0;
    const bit0 = 1 << (c0 - d0 * P);
    const bit1 = 1 << (c1 - d1 * P);
    let delta = 0;
    if (c1 !== c0) {
      for (let i = m.resStart[e], end = m.resStart[e + 1]; i < end; i++) {
        const res = m.res[i];
        if (!m.dayTerms[res]) continue;
        const base0 = (res * m.C + c0) * W;
        const day0 = (res * m.D + d0) * W;
        const day1 = (res * m.D + d1) * W;
        for (let b = 0; b < W; b++) {
          if (((w >> b) & 1) === 0) continue;
          // Another holder (a fixed event) of the old slot keeps its bit.
          const leaves = this.resCount[base0 + b] === 1;
          if (d0 === d1) {
            const mask = ((leaves ? this.dayMask[day0 + b] & ~bit0 : this.dayMask[day0 + b]) | bit1);
            delta += dayCostOf(m, res, b, mask) - this.dayCost[day0 + b];
          } else {
            if (leaves) delta += dayCostOf(m, res, b, this.dayMask[day0 + b] & ~bit0) - this.dayCost[day0 + b];
            delta += dayCostOf(m, res, b, this.dayMask[day1 + b] | bit1) - this.dayCost[day1 + b];
            if (m.extraDayW[res] !== 0) {
              const days = this.weekDays[res * W + b];
              const after = days - (leaves && (this.dayMask[day0 + b] & ~bit0) === 0 ? 1 : 0) + (this.dayMask[day1 + b] === 0 ? 1 : 0);
              delta += extraDaysCostOf(m, res, after) - extraDaysCostOf(m, res, days);
            }
          }
        }
      }
      if (d0 !== d1) {
        const k = m.course[e];
        const min = m.minDays[k];
        if (min > 0) {
          let days = this.courseDays[k];
          if (this.courseDayCount[k * m.D + d0] === 1 && --days < min) delta += m.weights.minWorkingDaysWeight;
          if (this.courseDayCount[k * m.D + d1] === 0 && days < min) delta -= m.weights.minWorkingDaysWeight;
        }
      }
      if (m.cellCost !== null) delta += m.cellCost[e * m.C + c1] - m.cellCost[e * m.C + c0];
      delta += lastPeriodCostOf(m, c1) - lastPeriodCostOf(m, c0);
    }
    if (r1 !== r0) {
      const students = m.students[e];
      if (r1 >= 0) delta += roomCostOf(m.weights, students, m.roomCap[r1]);
      if (r0 >= 0) delta -= roomCostOf(m.weights, students, m.roomCap[r0]);
      if (this.courseRoomCount !== null) {
        const k = m.course[e];
        let rooms = this.courseRooms[k];
        if (r0 >= 0 && this.courseRoomCount[k * m.R + r0] === 1 && rooms-- > 1) delta -= m.weights.roomStabilityWeight;
        if (r1 >= 0 && this.courseRoomCount[k * m.R + r1] === 0 && ++rooms > 1) delta += m.weights.roomStabilityWeight;
      }
    }
    let movedDelta = 0;
    const ic = m.initCell[e];
    if (ic >= 0) {
      const ir = m.initRoom[e];
      movedDelta = (c1 !== ic || r1 !== ir ? 1 : 0) - (c0 !== ic || r0 !== ir ? 1 : 0);
      delta += movedDelta * m.weights.movedWeight;
    }
    this.lastMovedDelta = movedDelta;
    return delta;
  }

  /** The cost with nothing placed: every course short of all its working days. */
  static emptyCost(m: Model): number {
    let cost = 0;
    for (let k = 0; k < m.N; k++) cost += m.minDays[k] * m.weights.minWorkingDaysWeight;
    return cost;
  }
}
