import { clashFields, ConflictField, Occupancy } from './conflicts';

/**
 * Every clash among the lessons of a whole schedule version, reported once per pair of rules.
 *
 * Two lessons can clash only on the same date and only when they share a teacher, a classroom or a
 * group, so lessons are put into buckets by (date, teacher), (date, classroom) and (date, group) and
 * compared only inside a bucket, in start-time order, stopping at the first lesson that starts after
 * the current one ends. A version of thousands of rules therefore costs about one sort per bucket
 * instead of comparing every lesson with every other.
 */

/** A pair of rules whose lessons clash somewhere in the semester. */
export interface RuleClash<T extends Occupancy = Occupancy> {
  /** The lower rule id of the pair; equal to `otherRuleId` when two slots of one rule clash. */
  ruleId: number;
  otherRuleId: number;
  /** Every shared resource over all clashing lessons of the pair: teacher, classroom, group (in this order). */
  fields: ConflictField[];
  /** The earliest clashing lessons: `first` belongs to `ruleId`, `second` to `otherRuleId`. */
  first: T;
  second: T;
  /** How many pairs of lessons of the two rules clash. */
  lessonPairCount: number;
}

const FIELD_ORDER: readonly ConflictField[] = ['teacher', 'classroom', 'group', 'slot'];

function byStart(a: Occupancy, b: Occupancy): number {
  return a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0;
}

/** Lesson a before lesson b in the rule pair: lower rule id, then lower slot id. */
function ordered<T extends Occupancy>(a: T, b: T): [T, T] {
  return a.ruleId < b.ruleId || (a.ruleId === b.ruleId && a.slotId < b.slotId) ? [a, b] : [b, a];
}

function earlier(a: Occupancy, b: Occupancy): boolean {
  return a.date < b.date || (a.date === b.date && a.startTime < b.startTime);
}

function push<K, T>(map: Map<K, T[]>, key: K, lesson: T): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(lesson);
  else map.set(key, [lesson]);
}

/** The buckets of one date's lessons: by teacher, by classroom and by group (numeric keys, no strings built). */
function bucketsOfDay<T extends Occupancy>(day: readonly T[]): T[][] {
  const byTeacher = new Map<number, T[]>();
  const byClassroom = new Map<number, T[]>();
  const byGroup = new Map<number, T[]>();
  for (const lesson of day) {
    push(byTeacher, lesson.teacherId, lesson);
    push(byClassroom, lesson.classroomId, lesson);
    const { audience } = lesson;
    for (let index = 0; index < audience.length; index++) {
      const groupId = audience[index].groupId;
      // A group listed twice in one audience (two of its subgroups) goes into its bucket once.
      if (audience.findIndex((member) => member.groupId === groupId) === index) push(byGroup, groupId, lesson);
    }
  }
  return [...byTeacher.values(), ...byClassroom.values(), ...byGroup.values()];
}

function byDate<T extends Occupancy>(lessons: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const lesson of lessons) push(days, lesson.date, lesson);
  return days;
}

/** Every clashing rule pair of `lessons` (each lesson named by `slotId + date`), earliest clash first. */
export function findAllClashes<T extends Occupancy>(lessons: readonly T[]): RuleClash<T>[] {
  const pairs = new Map<string, RuleClash<T>>();
  // A lesson pair sharing a teacher and a room meets in two buckets; count it once.
  const seenLessonPairs = new Set<string>();

  for (const day of byDate(lessons).values()) {
    if (day.length < 2) continue;
    for (const bucket of bucketsOfDay(day)) {
      if (bucket.length < 2) continue;
      bucket.sort(byStart);
      for (let i = 0; i < bucket.length; i++) {
        const current = bucket[i];
        for (let j = i + 1; j < bucket.length && bucket[j].startTime < current.endTime; j++) {
          const [a, b] = ordered(current, bucket[j]);
          if (a.slotId === b.slotId) continue;
          const fields = clashFields(a, b);
          if (fields.length === 0) continue; // e.g. different subgroups of one group
          const lessonPair = `${a.slotId}:${b.slotId}:${a.date}`;
          if (seenLessonPairs.has(lessonPair)) continue;
          seenLessonPairs.add(lessonPair);
          record(pairs, a, b, fields);
        }
      }
    }
  }

  return [...pairs.values()].sort(
    (x, y) =>
      (x.first.date < y.first.date ? -1 : x.first.date > y.first.date ? 1 : 0) ||
      byStart(x.first, y.first) ||
      x.ruleId - y.ruleId ||
      x.otherRuleId - y.otherRuleId,
  );
}

function record<T extends Occupancy>(pairs: Map<string, RuleClash<T>>, a: T, b: T, fields: ConflictField[]): void {
  const key = `${a.ruleId}:${b.ruleId}`;
  const known = pairs.get(key);
  if (!known) {
    pairs.set(key, { ruleId: a.ruleId, otherRuleId: b.ruleId, fields, first: a, second: b, lessonPairCount: 1 });
    return;
  }
  known.lessonPairCount++;
  known.fields = FIELD_ORDER.filter((field) => known.fields.includes(field) || fields.includes(field));
  if (earlier(a, known.first)) {
    known.first = a;
    known.second = b;
  }
}
