/** Times of day as the spec writes them: 'HH:MM:SS' (input also 'HH:MM'), 00:00:00..23:59:59. */
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The canonical 'HH:MM:SS' form of a valid time, or undefined when it is not one. */
export function normalizeTimeOfDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME_PATTERN.exec(value);
  if (!match) return undefined;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

export function secondsOfDay(time: string): number {
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + (seconds ?? 0);
}

/** Whole minutes from `start` to `end` (rounded down; negative when `end` is earlier). */
export function durationMinutes(start: string, end: string): number {
  return Math.floor((secondsOfDay(end) - secondsOfDay(start)) / 60);
}

/** '08:30:00' -> '08:30' for messages; seconds are kept when they matter. */
export function shortTime(time: string): string {
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}
