/**
 * The date and time on the university's walls now, for decisions that depend on the hour (a pair
 * that has begun is no longer offered). Read from the service's `clock` (tests stand it still) in the
 * time zone of the university being served.
 */
import { businessTimeZone, clock } from './dates';
import { dateIn } from './time-zones';

/** A wall-clock moment: `date` `YYYY-MM-DD` and `time` `HH:MM`. */
export interface WallClock {
  date: string;
  time: string;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeOfDay(timeZone: string, moment: Date): string {
  let format = timeFormats.get(timeZone);
  if (!format) timeFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return format.format(moment);
}

export function wallClockNow(now: Date = clock.now()): WallClock {
  const zone = businessTimeZone();
  return { date: dateIn(zone, now), time: timeOfDay(zone, now) };
}
