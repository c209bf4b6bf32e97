/**
 * IANA time zones: which names a university may be given, and wall-clock arithmetic in one of them.
 * Only named zones are accepted (never an offset such as `+03:00`): PostgreSQL reads offsets with the
 * opposite sign, and a named zone follows its own rule changes.
 */

/** The zone of a university that names none, unless DEFAULT_TIME_ZONE says otherwise. */
export const FALLBACK_TIME_ZONE = 'Europe/Moscow';

let supported: Set<string> | undefined;

/** The canonical spelling of an IANA zone name (`asia/vladivostok` → `Asia/Vladivostok`), or undefined when it is none. */
export function canonicalTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supported.has(resolved) || resolved === 'UTC' ? resolved : undefined;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
}

/** The calendar date (`YYYY-MM-DD`) of `moment` on the walls of `timeZone`. */
export function dateIn(timeZone: string, moment: Date): string {
  return cached(dateFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(moment);
}

/** Minutes `timeZone` is ahead of UTC at `moment` ("GMT+10:00" → 600). */
export function offsetMinutes(timeZone: string, moment: Date): number {
  const format = cached(offsetFormats, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }));
  const name = format.formatToParts(moment).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The moment a wall clock in `timeZone` shows `date` `time` (`HH:MM` or `HH:MM:SS`). The offset is
 * taken at the guessed moment and once more at the corrected one, so a day with a clock change
 * places times on either side of it right.
 */
export function instantIn(timeZone: string, date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  const first = wall - offsetMinutes(timeZone, new Date(wall)) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, new Date(first)) * 60_000);
}

/** Edit distance (insertions, deletions, substitutions) between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * The IANA names closest to a mistyped one (`Europe/Moskow` → `Europe/Moscow`, …), for the refusal's
 * message. Compared without letter case, by the whole name and by its city alone, so `moskow` finds
 * it too. About 600 names of some 20 letters: well under a millisecond.
 */
export function nearestTimeZones(value: string, count = 3): string[] {
  const wanted = value.trim().toLowerCase().replaceAll(' ', '_').slice(0, 64);
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  const scored = [...supported].map((name) => {
    const lower = name.toLowerCase();
    const city = lower.slice(lower.lastIndexOf('/') + 1);
    return { name, distance: Math.min(editDistance(wanted, lower), editDistance(wanted, city) + 1) };
  });
  scored.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  return scored.slice(0, count).map((entry) => entry.name);
}
