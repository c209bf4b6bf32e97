import { addDays } from '../schedule-engine/dates';

/** Days before today a feed still shows, so a calendar keeps the recent past (a missed lesson, a last-minute change). */
export const FEED_PAST_DAYS = 14;
/** A feed never covers more than this many dates, whatever the semesters look like. */
export const FEED_MAX_DAYS = 400;
/** Without a current or coming semester, the feed still covers this much after today (it is then simply empty). */
const FEED_MIN_FUTURE_DAYS = 14;

export interface FeedWindow {
  startDate: string;
  endDate: string;
}

/**
 * The dates a feed covers: from two weeks before today to the end of the semester after the current
 * one (the current one and the next that has not ended, by start date), so a subscriber sees the
 * coming semester as soon as it is planned; at most FEED_MAX_DAYS dates.
 */
export function feedWindow(today: string, semesters: readonly { startDate: string; endDate: string }[]): FeedWindow {
  const startDate = addDays(today, -FEED_PAST_DAYS);
  const coming = semesters.filter((semester) => semester.endDate >= today).sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  const last = coming[Math.min(coming.length, 2) - 1];
  const fallback = addDays(today, FEED_MIN_FUTURE_DAYS);
  const endDate = last && last.endDate > fallback ? last.endDate : fallback;
  const cap = addDays(startDate, FEED_MAX_DAYS - 1);
  return { startDate, endDate: endDate < cap ? endDate : cap };
}
