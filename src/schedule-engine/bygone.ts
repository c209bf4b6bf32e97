import { isoDayOfWeek } from './dates';

/**
 * What has already happened, by the wall clock of the university (`now`: `date` `YYYY-MM-DD`,
 * `time` `HH:MM`). A lesson that has begun can still be recorded as changed, but it is never offered
 * as a place to move something to.
 */
export interface WallMoment {
  date: string;
  time: string;
}

/** Whether a lesson of `date` starting at `startTime` (`HH:MM` or `HH:MM:SS`) has begun by `now`. */
export function hasBegun(date: string, startTime: string, now: WallMoment): boolean {
  return date < now.date || (date === now.date && startTime.slice(0, 5) <= now.time);
}

/**
 * Whether a pair may be offered as a new place for a lesson: it has not begun and it is no Sunday
 * (a calendar may leave Sundays open, but no office proposes one to a teacher or a group).
 */
export function offerable(date: string, startTime: string, now: WallMoment): boolean {
  return isoDayOfWeek(date) !== 7 && !hasBegun(date, startTime, now);
}

/** Whether a date may be offered at all (some of its pairs may still be ahead). */
export function offerableDate(date: string, now: WallMoment): boolean {
  return isoDayOfWeek(date) !== 7 && date >= now.date;
}
