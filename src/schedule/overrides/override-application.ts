import { isoDayOfWeek } from '../../platform/http/dates';
import { weekNumber, weekParity } from '../../schedule-engine/weeks';
import { GeneratedLesson } from '../data/lesson-generator';
import { OverrideChange } from './override-record';

/**
 * How one-off changes turn a base lesson into what the timetable shows. Pure, and shared by viewing
 * and the override checker, so the conflict check sees exactly the lessons viewers will see.
 */

/** How a one-off change marks the lesson it produced (spec 2, rendered lesson). */
export interface OverrideMark {
  scheduleOverrideId: number;
  overrideAction: 'MOVE' | 'REPLACE';
  originalLessonDate: string;
}

/** A base lesson, possibly changed by an override. */
export type ChangedLesson = GeneratedLesson & { override?: OverrideMark };

/** The name of a lesson of the base series: its slot and original date. */
export function lessonKey(slotId: number, date: string): string {
  return `${slotId}:${date}`;
}

/**
 * The lesson an override makes of `base` (a lesson of the base series), or undefined for CANCEL.
 * A move takes the target date (day of week, week number and parity recomputed in the semester that
 * starts on `semesterStart`) and the new pair's own times; teacher, classroom and format change where
 * the override names them. Hour accounting stays the original lesson's. Always a new object: base
 * lessons are shared and never mutated.
 */
export function applyOverride(base: GeneratedLesson, change: OverrideChange, semesterStart: string): ChangedLesson | undefined {
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

/**
 * The lessons of one date after every override: base lessons of that date without an override or
 * changed by one that keeps them there, plus lessons moved in from other dates. `overrides` are
 * looked up by lesson key; `movedIn` pairs each base lesson moved to `date` with its override.
 */
export function lessonsOnDate(
  date: string,
  baseOnDate: readonly GeneratedLesson[],
  overrides: ReadonlyMap<string, OverrideChange>,
  movedIn: readonly { base: GeneratedLesson; change: OverrideChange }[],
  semesterStart: string,
): ChangedLesson[] {
  const result: ChangedLesson[] = [];
  for (const base of baseOnDate) {
    const change = overrides.get(lessonKey(base.slotId, base.date));
    const shown = change ? applyOverride(base, change, semesterStart) : base;
    if (shown && shown.date === date) result.push(shown);
  }
  for (const { base, change } of movedIn) {
    const shown = applyOverride(base, change, semesterStart);
    if (shown && shown.date === date) result.push(shown);
  }
  return result;
}

/** Overrides by the lesson they name (`lessonKey(baseRuleSlotId, lessonDate)`). */
export function overridesByLesson<T extends OverrideChange & { baseRuleSlotId: number; lessonDate: string }>(overrides: readonly T[]): Map<string, T> {
  return new Map(overrides.map((override) => [lessonKey(override.baseRuleSlotId, override.lessonDate), override]));
}

/**
 * The lessons the timetable actually has in place of `lessons` (base lessons, of any dates): each
 * changed by its override (a moved one on its target date and pair), cancelled ones left out. The
 * whole-series counterpart of `lessonsOnDate`, in the order of `lessons`; the same array when no
 * override applies.
 */
export function actualLessons(lessons: GeneratedLesson[], overrides: ReadonlyMap<string, OverrideChange>, semesterStart: string): ChangedLesson[] {
  if (overrides.size === 0) return lessons;
  const result: ChangedLesson[] = [];
  for (const base of lessons) {
    const change = overrides.get(lessonKey(base.slotId, base.date));
    const shown = change ? applyOverride(base, change, semesterStart) : base;
    if (shown) result.push(shown);
  }
  return result;
}
