import { addDays, daysBetween, isoDayOfWeek } from './dates';

/**
 * Week arithmetic shared by academic calendars (weeks of a year) and the schedule (weeks of a
 * semester). Weeks run Monday to Sunday; week 1 is the week that contains the period's start date,
 * so a period starting on a Thursday has a short first week.
 */
export type Parity = 'ODD' | 'EVEN';

/** The Monday of the week containing `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoDayOfWeek(date));
}

/** Mondays of period starts, remembered: week numbers are asked for thousands of dates of a few periods. */
const mondays = new Map<string, string>();

/** Week number of `date` counted from the week of `periodStart` (1-based; 0 or less before it). */
export function weekNumber(periodStart: string, date: string): number {
  let monday = mondays.get(periodStart);
  if (monday === undefined) {
    if (mondays.size >= 256) mondays.clear();
    monday = mondayOf(periodStart);
    mondays.set(periodStart, monday);
  }
  return Math.floor(daysBetween(monday, date) / 7) + 1;
}

export function weekParity(week: number): Parity {
  return Math.abs(week) % 2 === 1 ? 'ODD' : 'EVEN';
}

/** The Monday that starts week `week` of a period starting on `periodStart`. */
export function weekMonday(periodStart: string, week: number): string {
  return addDays(mondayOf(periodStart), (week - 1) * 7);
}

/** Whether a slot with `parity` (BOTH, ODD, EVEN) runs in week `week`. */
export function parityAccepts(parity: Parity | 'BOTH', week: number): boolean {
  return parity === 'BOTH' || parity === weekParity(week);
}

/** Every date from `start` to `end` inclusive. */
export function eachDate(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}
