import type { CttAssignment, CttInstance } from './ctt';

export interface CttValidation {
  hard: { lectures: number; conflicts: number; availability: number; roomOccupancy: number; total: number };
  soft: { roomCapacity: number; minWorkingDays: number; curriculumCompactness: number; roomStability: number; total: number };
}

/**
 * Counts a solution's hard violations and soft cost straight from the competition's rules
 * (`../shared/itc2007/README.md`), from the solution lines alone: it shares nothing with the solver,
 * so the two can check each other.
 */
export function validateSolution(instance: CttInstance, lines: readonly CttAssignment[]): CttValidation {
  const P = instance.periodsPerDay;
  const course = new Map(instance.courses.map((c) => [c.id, c]));
  const capacity = new Map(instance.rooms.map((r) => [r.id, r.capacity]));
  const hard = { lectures: 0, conflicts: 0, availability: 0, roomOccupancy: 0, total: 0 };
  const soft = { roomCapacity: 0, minWorkingDays: 0, curriculumCompactness: 0, roomStability: 0, total: 0 };

  const periodsOf = new Map<string, number[]>();
  const roomsOf = new Map<string, Set<string>>();
  const inPeriod = new Map<number, string[]>();
  const roomUse = new Map<string, number>();
  for (const line of lines) {
    const c = course.get(line.course);
    const cap = capacity.get(line.room);
    if (!c || cap === undefined || line.day >= instance.days || line.period >= P) throw new Error(`Unknown course, room or time: ${line.course} ${line.room} ${line.day} ${line.period}`);
    const period = line.day * P + line.period;
    periodsOf.set(c.id, [...(periodsOf.get(c.id) ?? []), period]);
    roomsOf.set(c.id, (roomsOf.get(c.id) ?? new Set()).add(line.room));
    inPeriod.set(period, [...(inPeriod.get(period) ?? []), c.id]);
    const roomKey = `${line.room}@${period}`;
    roomUse.set(roomKey, (roomUse.get(roomKey) ?? 0) + 1);
    soft.roomCapacity += Math.max(0, c.students - cap);
  }

  // Lectures: each course exactly its number, in distinct periods.
  for (const c of instance.courses) {
    const periods = periodsOf.get(c.id) ?? [];
    hard.lectures += Math.abs(periods.length - c.lectures) + (periods.length - new Set(periods).size);
  }
  // Conflicts: a pair of courses of one teacher or one curriculum in one period.
  const together = (a: string, b: string): boolean =>
    course.get(a)?.teacher === course.get(b)?.teacher || instance.curricula.some((q) => q.courses.includes(a) && q.courses.includes(b));
  for (const ids of inPeriod.values()) {
    const distinct = [...new Set(ids)];
    for (let i = 0; i < distinct.length; i++) for (let j = i + 1; j < distinct.length; j++) if (together(distinct[i], distinct[j])) hard.conflicts++;
  }
  for (const u of instance.unavailability) {
    if ((periodsOf.get(u.course) ?? []).includes(u.day * P + u.period)) hard.availability++;
  }
  for (const count of roomUse.values()) hard.roomOccupancy += count - 1;

  for (const c of instance.courses) {
    const days = new Set((periodsOf.get(c.id) ?? []).map((p) => Math.floor(p / P))).size;
    soft.minWorkingDays += 5 * Math.max(0, c.minWorkingDays - days);
    soft.roomStability += Math.max(0, (roomsOf.get(c.id)?.size ?? 0) - 1);
  }
  // Compactness: 2 per lecture of a curriculum alone, with no neighbour of the curriculum that day.
  for (const q of instance.curricula) {
    const held = new Set(q.courses.flatMap((id) => periodsOf.get(id) ?? []));
    for (const id of q.courses) {
      for (const p of periodsOf.get(id) ?? []) {
        const before = p % P > 0 && held.has(p - 1);
        const after = p % P < P - 1 && held.has(p + 1);
        if (!before && !after) soft.curriculumCompactness += 2;
      }
    }
  }
  hard.total = hard.lectures + hard.conflicts + hard.availability + hard.roomOccupancy;
  soft.total = soft.roomCapacity + soft.minWorkingDays + soft.curriculumCompactness + soft.roomStability;
  return { hard, soft };
}
