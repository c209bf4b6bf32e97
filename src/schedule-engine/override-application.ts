import { isoDayOfWeek } from './dates';
import { GeneratedLesson } from './lesson-expansion';
import { weekNumber, weekParity } from './weeks';

/**
 * How one-off changes (overrides) turn base lessons into the lessons the timetable actually has.
 * Viewing, the clash guard, the lesson-change checks and every later consumer use these functions,
 * so a check sees exactly the lessons viewers see.
 */

export const OVERRIDE_ACTIONS = ['CANCEL', 'MOVE', 'REPLACE'] as const;
export type OverrideAction = (typeof OVERRIDE_ACTIONS)[number];

/** The pair a moved lesson takes, with its own times (a slot of the target day's effective grid). */
export interface NewLessonTime {
  timeSlotId: number;
  orderNumber: number;
  startTime: string;
  endTime: string;
}

/** What an override changes; `targetLessonDate` is null when the lesson stays on its day. */
export interface OverrideChange {
  id: number;
  action: OverrideAction;
  targetLessonDate: string | null;
  newTime: NewLessonTime | null;
  newTeacherId: number | null;
  newClassroomId: number | null;
  newLessonFormat: string | null;
}

/** A stored override: the lesson it names (`baseRuleSlotId + lessonDate`) and what it does. */
export interface OverrideRecord extends OverrideChange {
  versionId: number;
  /** The rule of the base slot. */
  ruleId: number;
  baseRuleSlotId: number;
  lessonDate: string;
}

/** How a one-off change marks the lesson it produced (spec 2, rendered lesson). */
export interface OverrideMark {
  scheduleOverrideId: number;
  overrideAction: 'MOVE' | 'REPLACE';
  originalLessonDate: string;
}

/**
 * A lesson as the timetable has it: where it really is (date, effective times, teacher, room, format
 * in `slot`) and where it came from (`slotId` is the base rule slot, `override` the one-off change
 * and the original date, absent for an unchanged lesson).
 */
export type ActualLesson = GeneratedLesson & { override?: OverrideMark };

/** The name of a lesson of the base series: its slot and original date. */
export function lessonKey(slotId: number, date: string): string {
  return `${slotId}:${date}`;
}

/** The date the lesson had in the base series. */
export function originalDateOf(lesson: ActualLesson): string {
  return lesson.override?.originalLessonDate ?? lesson.date;
}

/**
 * The lesson an override makes of `base` (a lesson of the base series), or undefined for CANCEL.
 * A move takes the target date (day of week, week number and parity recomputed in the semester that
 * starts on `semesterStart`) and the new pair's own times; teacher, classroom and format change where
 * the override names them. Hour accounting stays the original lesson's. Always a new object: base
 * lessons are shared and never mutated.
 */
export function applyOverride(base: GeneratedLesson, change: OverrideChange, semesterStart: string): ActualLesson | undefined {
  if (change.action === 'CANCEL') return undefined;
  const date = change.targetLessonDate ?? base.date;
  const week = date === base.date ? base.weekNumber : weekNumber(semesterStart, date);
  const time = change.newTime;
  const format = change.newLessonFormat;
  return {
    ...base,
    date,
    dayOfWeek: isoDayOfWeek(date),
    weekNumber: week,
    parity: weekParity(week),
    timeSlotId: time ? time.timeSlotId : base.timeSlotId,
    timeSlotOrder: time ? time.orderNumber : base.timeSlotOrder,
    startTime: time ? time.startTime : base.startTime,
    endTime: time ? time.endTime : base.endTime,
    teacherId: change.newTeacherId ?? base.teacherId,
    classroomId: change.newClassroomId ?? base.classroomId,
    // Rendering reads the format from the slot: a changed format gets its own copy of the slot.
    slot: format && format !== base.slot.lessonFormat ? { ...base.slot, lessonFormat: format } : base.slot,
    override: { scheduleOverrideId: change.id, overrideAction: change.action, originalLessonDate: base.date },
  };
}

/** Overrides by the lesson they name (`lessonKey(baseRuleSlotId, lessonDate)`). */
export function overridesByLesson<T extends OverrideChange & { baseRuleSlotId: number; lessonDate: string }>(overrides: readonly T[]): Map<string, T> {
  return new Map(overrides.map((override) => [lessonKey(override.baseRuleSlotId, override.lessonDate), override]));
}

/**
 * The lessons the timetable actually has in place of `lessons` (base lessons, of any dates): each
 * changed by its override (a moved one on its target date and pair), cancelled ones left out, in the
 * order of `lessons`; the same array when no override applies.
 */
export function actualLessons(lessons: GeneratedLesson[], overrides: ReadonlyMap<string, OverrideChange>, semesterStart: string): ActualLesson[] {
  if (overrides.size === 0) return lessons;
  const result: ActualLesson[] = [];
  for (const base of lessons) {
    const change = overrides.get(lessonKey(base.slotId, base.date));
    const shown = change ? applyOverride(base, change, semesterStart) : base;
    if (shown) result.push(shown);
  }
  return result;
}

/** Lessons by date, then start time, then slot id (the base series' order, which moved lessons may break). */
export function byDateAndTime(a: ActualLesson, b: ActualLesson): number {
  return (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0) || a.slotId - b.slotId;
}

/** Why a replacement made empty by a change from a date is deleted (the rule's PUT, bulk and publication say it alike). */
export const EMPTY_REPLACEMENT_REASON = 'новое размещение уже совпадает с заменой: изменение больше ничего не меняет';

/**
 * A REPLACE whose every named change (teacher, room, format) is what the lesson's placement has
 * anyway: it changes nothing (issue 53, a change from a date can make a replacement so).
 */
export function isEmptyReplacement(
  change: { action: string; newTeacherId: number | null; newClassroomId: number | null; newLessonFormat: string | null },
  placement: { teacherId: number; classroomId: number | null; lessonFormat: string },
): boolean {
  if (change.action !== 'REPLACE') return false;
  return (
    (change.newTeacherId === null || change.newTeacherId === placement.teacherId) &&
    (change.newClassroomId === null || change.newClassroomId === placement.classroomId) &&
    (change.newLessonFormat === null || change.newLessonFormat === placement.lessonFormat)
  );
}
