/**
 * Dates at the HTTP edge: what counts as a calendar date in a request, and "today" in Europe/Moscow.
 * The arithmetic on dates is the schedule engine's (`schedule-engine/dates.ts`).
 */
export const BUSINESS_TIME_ZONE = 'Europe/Moscow';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const moscowDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function todayInBusinessZone(now: Date = new Date()): string {
  return moscowDate.format(now);
}

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
