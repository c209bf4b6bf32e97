import type { GeneratedLesson } from './lesson-expansion';
import type { LoadedRule } from './rule-model';

/**
 * The difference between the generated lessons of two schedule versions. A lesson exists in both when
 * a lesson with the same normalized content (date, interval, subject, teacher, classroom, groups and
 * subgroups, lesson type, format, and its slot's weekday and parity) exists in both; lesson and slot
 * ids never take part, since a copied version has new ones.
 */

export interface DiffableLesson {
  date: string;
  startTime: string;
  endTime: string;
  subjectId: number;
  teacherId: number;
  classroomId: number;
  lessonTypeId: number;
  lessonFormat: string;
  slotDayOfWeek: number;
  slotParity: string;
  groupIds: readonly number[];
  subgroupIds: readonly number[];
  /**
   * What makes two lessons "the same lesson, changed" across versions (e.g. the rule's lineage and
   * the lesson type): an added and a removed lesson with the same series key on the same date count
   * as one changed lesson.
   */
  seriesKey: string;
}

/** A generated lesson as the diff compares it, carrying the lesson itself for the caller. */
export interface ComparedLesson extends DiffableLesson {
  lesson: GeneratedLesson;
}

/** `lesson` in the diff's terms; `seriesKey` says which added and removed lessons count as one changed lesson. */
export function comparedLesson(lesson: GeneratedLesson, seriesKey: string): ComparedLesson {
  return {
    lesson,
    date: lesson.date,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    subjectId: lesson.rule.subjectId,
    teacherId: lesson.teacherId,
    classroomId: lesson.classroomId,
    lessonTypeId: lesson.slot.lessonTypeId,
    lessonFormat: lesson.slot.lessonFormat,
    slotDayOfWeek: lesson.slot.dayOfWeek,
    slotParity: lesson.slot.parity,
    groupIds: lesson.rule.groupIds,
    subgroupIds: lesson.slot.subgroups.map((subgroup) => subgroup.id),
    seriesKey,
  };
}

export interface LessonDiff<T> {
  /** In `current` and not in `base`, by date and time. */
  added: T[];
  /** In `base` and not in `current`, by date and time. */
  removed: T[];
  /** Added lessons paired with a removed one of the same series on the same date. */
  changedCount: number;
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/** The normalized content of a lesson; equal keys mean the same lesson for a reader of the timetable. */
export function lessonKey(lesson: DiffableLesson): string {
  return [
    lesson.date,
    lesson.startTime,
    lesson.endTime,
    lesson.subjectId,
    lesson.teacherId,
    lesson.classroomId,
    sortedIds(lesson.groupIds),
    sortedIds(lesson.subgroupIds),
    lesson.lessonTypeId,
    lesson.lessonFormat,
    lesson.slotDayOfWeek,
    lesson.slotParity,
  ].join('|');
}

function countByKey<T extends DiffableLesson>(lessons: readonly T[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const lesson of lessons) {
    const key = lessonKey(lesson);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The lessons of `lessons` beyond those matched in `other` (as multisets: two equal lessons need two matches). */
function unmatched<T extends DiffableLesson>(lessons: readonly T[], other: readonly T[]): T[] {
  const available = countByKey(other);
  const left: T[] = [];
  for (const lesson of lessons) {
    const key = lessonKey(lesson);
    const count = available.get(key) ?? 0;
    if (count > 0) available.set(key, count - 1);
    else left.push(lesson);
  }
  return left.sort(
    (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0),
  );
}

function pairedCount(added: readonly DiffableLesson[], removed: readonly DiffableLesson[]): number {
  const removedBySeries = new Map<string, number>();
  for (const lesson of removed) {
    const key = `${lesson.seriesKey}|${lesson.date}`;
    removedBySeries.set(key, (removedBySeries.get(key) ?? 0) + 1);
  }
  let changed = 0;
  for (const lesson of added) {
    const key = `${lesson.seriesKey}|${lesson.date}`;
    const count = removedBySeries.get(key) ?? 0;
    if (count === 0) continue;
    removedBySeries.set(key, count - 1);
    changed++;
  }
  return changed;
}

export function diffLessons<T extends DiffableLesson>(current: readonly T[], base: readonly T[]): LessonDiff<T> {
  const added = unmatched(current, base);
  const removed = unmatched(base, current);
  return { added, removed, changedCount: pairedCount(added, removed) };
}

/**
 * The content of a rule that decides its lessons (neither ids nor the version). A rule's lessons
 * depend only on it and the semester, so two rules of one semester with equal keys generate equal
 * lessons.
 */
export function ruleContentKey(rule: LoadedRule): string {
  const slots = rule.slots
    .map((slot) =>
      [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.lessonKind, slot.lessonFormat, sortedIds(slot.subgroups.map((subgroup) => subgroup.id))].join(':'),
    )
    .sort();
  return JSON.stringify([rule.subjectId, rule.status, rule.hours, rule.startWeeks, sortedIds(rule.groupIds), slots]);
}

/**
 * The rules of two versions of one semester without the pairs of equal content, whose lessons would
 * cancel out in `diffLessons` (a multiset diff) anyway: a publication that changes a few rules of a
 * copied semester then expands those few instead of every lesson of both versions.
 */
export function rulesThatDiffer(current: readonly LoadedRule[], base: readonly LoadedRule[]): { current: LoadedRule[]; base: LoadedRule[] } {
  const unmatchedBase = new Map<string, LoadedRule[]>();
  for (const rule of base) {
    const key = ruleContentKey(rule);
    unmatchedBase.set(key, [...(unmatchedBase.get(key) ?? []), rule]);
  }
  const currentLeft: LoadedRule[] = [];
  for (const rule of current) {
    const twins = unmatchedBase.get(ruleContentKey(rule));
    if (twins && twins.length > 0) twins.pop();
    else currentLeft.push(rule);
  }
  return { current: currentLeft, base: [...unmatchedBase.values()].flat() };
}
