import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CttInstance } from '../../src/schedule-solver/itc2007';

/**
 * `npx ts-node --transpile-only scripts/solver/generate-ctt.ts [dir]`: writes the instances the ITC
 * set lacks, in its `.ctt` format so `bench-solver.ts` and `anneal-baseline.ts` read them as they are
 * (ITC2007_DIR=<dir> BENCH_ONLY=cap1,...). Deterministic: each instance comes from its own seed.
 *
 * - `capN`, room capacity dominates the cost: many large courses and only a few rooms that hold them,
 *   so most of the cost is students over a room's capacity and the search must share the large rooms
 *   well (the kind on which the engine once ended at three times a plain annealing's cost).
 * - `denseN`, dense teachers: 18 periods a day, a few teachers each over several courses of 12
 *   lectures a week (a real university's shape, where one run put two lectures of a course together).
 */

/** mulberry32: a small seeded generator, so the files never change for a seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** Curricula: each a random handful of courses, none holding two courses of one teacher twice over. */
function curricula(r: () => number, courseIds: string[], count: number, size: [number, number]): CttInstance['curricula'] {
  const list: CttInstance['curricula'] = [];
  for (let q = 0; q < count; q++) {
    const n = Math.min(courseIds.length, between(r, size[0], size[1]));
    const pool = [...courseIds];
    const chosen: string[] = [];
    for (let i = 0; i < n; i++) chosen.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
    list.push({ id: `q${q}`, courses: chosen });
  }
  return list;
}

/** Unavailability: a few closed periods per course, never so many that its lectures do not fit. */
function closures(r: () => number, inst: CttInstance, share: number): CttInstance['unavailability'] {
  const out: CttInstance['unavailability'] = [];
  for (const c of inst.courses) {
    if (r() >= share) continue;
    const n = between(r, 1, Math.max(1, Math.floor(inst.days * inst.periodsPerDay * 0.15)));
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const p = Math.floor(r() * inst.days * inst.periodsPerDay);
      if (seen.has(p)) continue;
      seen.add(p);
      out.push({ course: c.id, day: Math.floor(p / inst.periodsPerDay), period: p % inst.periodsPerDay });
    }
  }
  return out;
}

/**
 * Large courses, few large rooms: the lectures of the big courses outnumber the big rooms' periods.
 * `smallRooms` sets how full the rooms are (4: about 60 % of the room periods taken, 1: about 85 %).
 */
export function capacityInstance(seed: number, smallRooms: number): CttInstance {
  const r = rng(seed * 7919 + 1);
  const days = 5;
  const periodsPerDay = 6;
  const rooms = [
    ...Array.from({ length: 2 }, (_, i) => ({ id: `big${i}`, capacity: between(r, 220, 300) })),
    ...Array.from({ length: 3 }, (_, i) => ({ id: `mid${i}`, capacity: between(r, 90, 130) })),
    ...Array.from({ length: smallRooms }, (_, i) => ({ id: `small${i}`, capacity: between(r, 30, 50) })),
  ];
  const courses: CttInstance['courses'] = [];
  const teachers = 22;
  for (let k = 0; k < 44; k++) {
    const big = k < 20;
    const lectures = between(r, 2, 5);
    courses.push({
      id: `c${k}`,
      teacher: `t${between(r, 0, teachers - 1)}`,
      lectures,
      minWorkingDays: Math.min(lectures, between(r, 2, 4)),
      students: big ? between(r, 150, 320) : between(r, 20, 110),
    });
  }
  const inst: CttInstance = { name: `cap${seed}`, days, periodsPerDay, courses, rooms, curricula: [], unavailability: [] };
  inst.curricula = curricula(r, courses.map((c) => c.id), 16, [3, 6]);
  inst.unavailability = closures(r, inst, 0.3);
  return inst;
}

/** 18 periods a day; six teachers each over five or six courses of 12 lectures, beside ordinary courses. */
export function denseInstance(seed: number): CttInstance {
  const r = rng(seed * 104729 + 3);
  const days = 5;
  const periodsPerDay = 18;
  const rooms = Array.from({ length: 8 }, (_, i) => ({ id: `r${i}`, capacity: between(r, 40, 160) }));
  const courses: CttInstance['courses'] = [];
  let k = 0;
  for (let t = 0; t < 6; t++) {
    const n = between(r, 5, 6);
    for (let i = 0; i < n; i++) courses.push({ id: `c${k++}`, teacher: `dense${t}`, lectures: 12, minWorkingDays: 5, students: between(r, 20, 140) });
  }
  for (let i = 0; i < 40; i++) {
    const lectures = between(r, 2, 6);
    courses.push({ id: `c${k++}`, teacher: `t${between(r, 0, 29)}`, lectures, minWorkingDays: Math.min(lectures, between(r, 2, 5)), students: between(r, 15, 150) });
  }
  const inst: CttInstance = { name: `dense${seed}`, days, periodsPerDay, courses, rooms, curricula: [], unavailability: [] };
  inst.curricula = curricula(r, courses.map((c) => c.id), 30, [3, 7]);
  inst.unavailability = closures(r, inst, 0.25);
  return inst;
}

/** The instance in the competition's text format. */
export function writeCtt(inst: CttInstance): string {
  const lines = [
    `Name: ${inst.name}`,
    `Courses: ${inst.courses.length}`,
    `Rooms: ${inst.rooms.length}`,
    `Days: ${inst.days}`,
    `Periods_per_day: ${inst.periodsPerDay}`,
    `Curricula: ${inst.curricula.length}`,
    `Constraints: ${inst.unavailability.length}`,
    '',
    'COURSES:',
    ...inst.courses.map((c) => `${c.id} ${c.teacher} ${c.lectures} ${c.minWorkingDays} ${c.students}`),
    '',
    'ROOMS:',
    ...inst.rooms.map((room) => `${room.id}\t${room.capacity}`),
    '',
    'CURRICULA:',
    ...inst.curricula.map((q) => `${q.id}  ${q.courses.length} ${q.courses.join(' ')}`),
    '',
    'UNAVAILABILITY_CONSTRAINTS:',
    ...inst.unavailability.map((u) => `${u.course} ${u.day} ${u.period}`),
    '',
    'END.',
    '',
  ];
  return lines.join('\n');
}

/** The generated set: two seeds of each kind. */
export const GENERATED = [capacityInstance(1, 4), capacityInstance(2, 1), denseInstance(1), denseInstance(2)];

if (require.main === module) {
  const dir = process.argv[2] ?? join(tmpdir(), 'ctt-generated');
  mkdirSync(dir, { recursive: true });
  for (const inst of GENERATED) {
    writeFileSync(join(dir, `${inst.name}.ctt`), writeCtt(inst));
    const lectures = inst.courses.reduce((s, c) => s + c.lectures, 0);
    console.log(`${inst.name}: ${inst.courses.length} courses, ${lectures} lectures, ${inst.rooms.length} rooms, ${inst.days * inst.periodsPerDay} periods`);
  }
  console.log(`written to ${dir}`);
}
