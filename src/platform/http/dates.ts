/**
 * Dates at the HTTP edge: what counts as a calendar date in a request, and "today" on the walls of the
 * university being served (its tenant's time zone). The arithmetic on dates is the schedule engine's
 * (`schedule-engine/dates.ts`); zones are `time-zones.ts`.
 */
import { currentTenantOrUndefined } from '../tenancy/tenant-context';
import { dateIn, FALLBACK_TIME_ZONE } from './time-zones';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The service's clock. Everything that asks "what time is it" for a wall-clock decision reads it here,
 * so a test can stand the service at one moment (`jest.spyOn(clock, 'now')`); nothing else sets it.
 */
export const clock = {
  now: (): Date => new Date(),
};

/**
 * The time zone of the university being served: the one bound to the request or to the worker's pass
 * over a tenant. Outside any tenant (scripts, test set-up) the fallback zone.
 */
export function businessTimeZone(): string {
  return currentTenantOrUndefined()?.timeZone ?? FALLBACK_TIME_ZONE;
}

/** Today (`YYYY-MM-DD`) in the time zone of the university being served. */
export function todayInBusinessZone(now: Date = clock.now()): string {
  return dateIn(businessTimeZone(), now);
}

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
