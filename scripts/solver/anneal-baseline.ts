import type { CttAssignment, CttInstance } from '../../src/schedule-solver/itc2007';

/**
 * A plain simulated annealing for ITC 2007 track 3, the yardstick the engine is measured against on
 * instances nobody tuned it for (issue 54 §7). Deliberately simple: every lecture sits in a (period,
 * room) slot, hard violations are a large penalty in the cost, one move (a lecture to a random slot,
 * swapping with its holder), the cost kept by adding and removing lectures, the temperature from the
 * mean rise of random moves down to a thousandth of it over the time. No construction, no Kempe chains.
 */
const HARD = 1000;

export function annealBaseline(inst: CttInstance, seconds: number, seed: number, now: () => number): CttAssignment[] {
  const D = inst.days;
  const P = inst.periodsPerDay;
  const C = D * P;
  const R = inst.rooms.length;
  const S = C * R;
  const courseIdx = new Map(inst.courses.map((c, i) => [c.id, i]));
  const teacherIdx = new Map<string, number>();
  const teacherOf = inst.courses.map((c) => teacherIdx.get(c.teacher) ?? teacherIdx.set(c.teacher, teacherIdx.size).get(c.teacher) ?? 0);
  const T = teacherIdx.size;
  const Q = inst.curricula.length;
  const curriculaOf: number[][] = inst.courses.map(() => []);
  inst.curricula.forEach((q, i) => q.courses.forEach((id) => curriculaOf[courseIdx.get(id) ?? 0].push(i)));
  const closed = new Uint8Array(inst.courses.length * C);
  for (const u of inst.unavailability) closed[(courseIdx.get(u.course) ?? 0) * C + u.day * P + u.period] = 1;
  const lectureCourse = inst.courses.flatMap((c, k) => Array.from({ length: c.lectures }, () => k));
  const L = lectureCourse.length;
  const K = inst.courses.length;

  let state = (seed * 2654435761) >>> 0 || 1;
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pick = (n: number): number => Math.floor(random() * n);

  const slotOf = new Int32Array(L).fill(-1);
  const holder = new Int32Array(S).fill(-1);
  const coursePeriod = new Uint16Array(K * C);
  const teacherPeriod = new Uint16Array(T * C);
  const curPeriod = new Uint16Array(Q * C);
  const courseDay = new Uint16Array(K * D);
  const courseDays = new Int32Array(K);
  const courseRoom = new Uint16Array(K * R);
  const courseRooms = new Int32Array(K);
  let cost = inst.courses.reduce((s, c) => s + 5 * c.minWorkingDays, 0);

  /** A curriculum's compactness on one day: 2 per lecture with no neighbour of the curriculum. */
  const dayCost = (q: number, d: number): number => {
    let sum = 0;
    const base = q * C + d * P;
    for (let p = 0; p < P; p++) {
      const n = curPeriod[base + p];
      if (n > 0 && (p === 0 || curPeriod[base + p - 1] === 0) && (p === P - 1 || curPeriod[base + p + 1] === 0)) sum += 2 * n;
    }
    return sum;
  };
  /** Adds (sign 1) or removes (sign -1) lecture l at slot s, keeping `cost` exact. */
  const touch = (l: number, s: number, sign: 1 | -1): void => {
    const k = lectureCourse[l];
    const c = (s / R) | 0;
    const r = s - c * R;
    const d = (c / P) | 0;
    const info = inst.courses[k];
    if (sign === 1) {
      slotOf[l] = s;
      holder[s] = l;
    } else {
      slotOf[l] = -1;
      holder[s] = -1;
    }
    cost += sign * (Math.max(0, info.students - inst.rooms[r].capacity) + HARD * closed[k * C + c]);
    // A clash is counted when a second holder arrives and uncounted when it leaves.
    if (sign === 1) {
      if (coursePeriod[k * C + c]++ > 0) cost += HARD;
      if (teacherPeriod[teacherOf[k] * C + c]++ > 0) cost += HARD;
    } else {
      if (--coursePeriod[k * C + c] > 0) cost -= HARD;
      if (--teacherPeriod[teacherOf[k] * C + c] > 0) cost -= HARD;
    }
    for (const q of curriculaOf[k]) {
      const before = dayCost(q, d);
      if (sign === 1 && curPeriod[q * C + c]++ > 0) cost += HARD;
      if (sign === -1 && --curPeriod[q * C + c] > 0) cost -= HARD;
      cost += dayCost(q, d) - before;
    }
    const days0 = courseDays[k];
    if (sign === 1 && courseDay[k * D + d]++ === 0) courseDays[k]++;
    if (sign === -1 && --courseDay[k * D + d] === 0) courseDays[k]--;
    cost += 5 * (Math.max(0, info.minWorkingDays - courseDays[k]) - Math.max(0, info.minWorkingDays - days0));
    const rooms0 = courseRooms[k];
    if (sign === 1 && courseRoom[k * R + r]++ === 0) courseRooms[k]++;
    if (sign === -1 && --courseRoom[k * R + r] === 0) courseRooms[k]--;
    cost += Math.max(0, courseRooms[k] - 1) - Math.max(0, rooms0 - 1);
  };

  // Start: every lecture in a random free slot.
  for (let l = 0; l < L; l++) {
    let s = pick(S);
    while (holder[s] >= 0) s = (s + 1) % S;
    touch(l, s, 1);
  }
  /** Lecture l to slot s (swapping with its holder); returns the lecture that moved the other way, or -1. */
  const move = (l: number, s: number): number => {
    const from = slotOf[l];
    const other = holder[s];
    touch(l, from, -1);
    if (other >= 0) touch(other, s, -1);
    touch(l, s, 1);
    if (other >= 0) touch(other, from, 1);
    return other;
  };

  // The temperature's scale: the mean rise of random moves, each undone.
  let rise = 0;
  let rises = 0;
  for (let i = 0; i < 2000; i++) {
    const l = pick(L);
    const from = slotOf[l];
    const s = pick(S);
    if (s === from) continue;
    const before = cost;
    move(l, s);
    if (cost > before) {
      rise += cost - before;
      rises++;
    }
    move(l, from);
  }
  const t0 = rises > 0 ? rise / rises : 1;
  const t1 = t0 / 1000;
  const start = now();
  const span = seconds * 1000;
  let bestCost = cost;
  let best = slotOf.slice();
  let t = t0;
  for (let i = 0; ; i++) {
    if ((i & 1023) === 0) {
      const f = (now() - start) / span;
      if (f >= 1) break;
      t = t0 * Math.pow(t1 / t0, f);
    }
    const l = pick(L);
    const from = slotOf[l];
    const s = pick(S);
    if (s === from) continue;
    const before = cost;
    move(l, s);
    const delta = cost - before;
    if (delta <= 0 || random() < Math.exp(-delta / t)) {
      if (cost < bestCost) {
        bestCost = cost;
        best = slotOf.slice();
      }
    } else {
      move(l, from);
    }
  }
  return Array.from(best, (s, l) => {
    const c = (s / R) | 0;
    return { course: inst.courses[lectureCourse[l]].id, room: inst.rooms[s - c * R].id, day: (c / P) | 0, period: c % P };
  });
}
