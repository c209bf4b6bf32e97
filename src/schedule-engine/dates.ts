/**
 * Calendar-date arithmetic on 'YYYY-MM-DD' strings. Dates here are days of a calendar, not moments:
 * they are computed in UTC so that no time zone or daylight-saving change can shift them.
 */

const DAY_MS = 86_400_000;
const ZERO = 48; // '0'
const DASH = 45; // '-'

/** The digit at `index` of `text`, or NaN when it is no digit. */
function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - ZERO;
  return digit >= 0 && digit <= 9 ? digit : NaN;
}

/**
 * The UTC midnight of a 'YYYY-MM-DD' date in milliseconds, NaN for anything else. Read digit by digit:
 * checking one absence wizard's changes for clashes turns tens of thousands of dates into days, and
 * splitting the text made three strings and two arrays each time (issue 29's profile of the wizard).
 */
function toUtc(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== DASH || date.charCodeAt(7) !== DASH) return NaN;
  const year = digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3);
  const month = digitAt(date, 5) * 10 + digitAt(date, 6);
  const day = digitAt(date, 8) * 10 + digitAt(date, 9);
  return Date.UTC(year, month - 1, day);
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * The 'YYYY-MM-DD' date of a UTC time in milliseconds, as `toISOString` would write it, without a Date
 * object: the civil date of a day count (the days-to-civil algorithm of H. Hinnant's date library).
 */
function fromUtc(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  if (!Number.isFinite(days) || days < -719_162 || days > 2_932_896) return new Date(ms).toISOString().slice(0, 10); // outside years 1..9999: as Date writes it (or throws)
  const shifted = days + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** ISO day of week: Monday 1 .. Sunday 7 (NaN for no date). */
export function isoDayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday (4).
  const weekday = (((Math.floor(toUtc(date) / DAY_MS) + 3) % 7) + 7) % 7; // 0 = Monday
  return weekday + 1;
}

/** «08.09.2026» */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
