/**
 * Clash detection between concrete lessons. Two lessons clash when they fall on the same date, their
 * half-open intervals overlap (adjacent ones do not), and they share a teacher, a classroom or an
 * audience. A whole group clashes with any of its subgroups; different subgroups of one group do not.
 */
export type ConflictField = 'teacher' | 'classroom' | 'group' | 'slot';

export interface AudienceMember {
  groupId: number;
  /** null means the whole group. */
  subgroupId: number | null;
}

export interface Occupancy {
  ruleId: number;
  slotId: number;
  date: string;
  startTime: string;
  endTime: string;
  teacherId: number;
  classroomId: number;
  audience: AudienceMember[];
}

export interface Clash<T extends Occupancy = Occupancy> {
  candidate: T;
  existing: T;
  fields: ConflictField[];
}

export function intervalsOverlap(a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }): boolean {
  return a.startTime < b.endTime && b.startTime < a.endTime;
}

export function audiencesOverlap(a: AudienceMember[], b: AudienceMember[]): boolean {
  return a.some((x) =>
    b.some((y) => x.groupId === y.groupId && (x.subgroupId === null || y.subgroupId === null || x.subgroupId === y.subgroupId)),
  );
}

/** The shared resources of two lessons that overlap in time, or [] when they do not clash. */
export function clashFields(a: Occupancy, b: Occupancy): ConflictField[] {
  if (a.date !== b.date || !intervalsOverlap(a, b)) return [];
  const fields: ConflictField[] = [];
  if (a.teacherId === b.teacherId) fields.push('teacher');
  if (a.classroomId === b.classroomId) fields.push('classroom');
  if (audiencesOverlap(a.audience, b.audience)) fields.push('group');
  return fields;
}

/** Every clash between a candidate lesson and an existing one; existing lessons are indexed by date. */
export function findClashes<T extends Occupancy>(candidates: T[], existing: T[]): Clash<T>[] {
  const byDate = new Map<string, T[]>();
  for (const lesson of existing) byDate.set(lesson.date, [...(byDate.get(lesson.date) ?? []), lesson]);
  const clashes: Clash<T>[] = [];
  for (const candidate of candidates) {
    for (const other of byDate.get(candidate.date) ?? []) {
      const fields = clashFields(candidate, other);
      if (fields.length > 0) clashes.push({ candidate, existing: other, fields });
    }
  }
  return clashes;
}

/**
 * The earliest pair of lessons of one rule (of different slots) that share a teacher, a classroom or
 * an audience at overlapping times (spec 4.9 rule 8); `lessons` are in date and time order.
 */
export function firstOwnClash<T extends Occupancy>(lessons: readonly T[]): Clash<T> | undefined {
  const byDate = new Map<string, T[]>();
  for (const lesson of lessons) {
    const day = byDate.get(lesson.date);
    if (day) day.push(lesson);
    else byDate.set(lesson.date, [lesson]);
  }
  for (const day of byDate.values()) {
    for (let i = 0; i < day.length; i++) {
      for (let j = i + 1; j < day.length; j++) {
        if (day[i].slotId === day[j].slotId) continue;
        const fields = clashFields(day[i], day[j]);
        if (fields.length > 0) return { candidate: day[i], existing: day[j], fields };
      }
    }
  }
  return undefined;
}
