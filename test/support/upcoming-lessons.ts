import { todayInBusinessZone } from '../../src/platform/http/dates';

/**
 * Dates for tests of things that look ahead from today (notification horizons): a Monday at least a
 * week ahead such that the following `weeks` weeks lie in one semester of the academic year starting
 * `startYear` (standardSemesters: autumn 1 Sep – 31 Dec, spring 9 Feb – 30 Jun) and within 120 days.
 */
export function upcomingSemesterMonday(weeks: number): { startYear: number; spring: boolean; date: string } {
  const today = todayInBusinessZone();
  for (let offset = 7; offset + 7 * weeks <= 120; offset++) {
    const date = plusDays(today, offset);
    const last = plusDays(date, 7 * weeks - 1);
    if (isoWeekday(date) !== 1) continue;
    const [year] = date.split('-').map(Number);
    if (date >= `${year}-09-01` && last <= `${year}-12-31`) return { startYear: year, spring: false, date };
    if (date >= `${year}-02-09` && last <= `${year}-06-30`) return { startYear: year - 1, spring: true, date };
  }
  throw new Error(`no ${weeks} semester weeks start within the coming 120 days`);
}

export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
