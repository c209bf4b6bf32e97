// Calendar dates as `YYYY-MM-DD` strings, computed in UTC so the browser's own time zone never shifts
// a day; "today" and the moments shown are on the walls of the university's time zone, which the API
// tells (`timeZone` of GET /api/auth/me, set by the shell before any section renders).

const DAY_MS = 86_400_000;

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const SHORT_DAY_NAMES = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/** ISO day of week 1..7 as «Пн»…«Вс» (a day tab's visible word). */
export function shortDayName(dayOfWeek: number): string {
  const name = SHORT_DAY_NAMES[dayOfWeek - 1] ?? '';
  return name.charAt(0).toLocaleUpperCase('ru') + name.slice(1);
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

// The service's default until the API has answered; no section renders before it has.
let universityZone = 'Europe/Moscow';
let zoneDate: Intl.DateTimeFormat | null = null;
let zoneMoment: Intl.DateTimeFormat | null = null;

/** Called by the shell with the zone the API tells. */
export function setUniversityTimeZone(timeZone: string): void {
  if (timeZone === universityZone) return;
  universityZone = timeZone;
  zoneDate = zoneMoment = null;
}

/** The university's IANA time zone, for the few places that format a moment themselves. */
export const universityTimeZone = (): string => universityZone;

export function isDate(text: unknown): text is string {
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/** Today at the university (`YYYY-MM-DD`), whatever zone the browser is in. */
export function todayAtUniversity(): string {
  zoneDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: universityZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return zoneDate.format(new Date());
}

/** A moment of the API (ISO, UTC) on the university's clock: «07.09.2026, 08:30». */
export function formatMoment(moment: string): string {
  zoneMoment ??= new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: universityZone });
  return zoneMoment.format(new Date(moment));
}

let zoneTime: { zone: string; format: Intl.DateTimeFormat } | null = null;

/** Whether a lesson of `date` starting at `startTime` has begun by the university's clock. */
export function hasBegun(date: string, startTime: string): boolean {
  const today = todayAtUniversity();
  if (zoneTime?.zone !== universityZone) zoneTime = { zone: universityZone, format: new Intl.DateTimeFormat('en-GB', { timeZone: universityZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) };
  return date < today || (date === today && startTime.slice(0, 5) <= zoneTime.format.format(new Date()));
}

/** Asked once before a change of a lesson that has already taken place (the office records it after the fact). */
export const PAST_CHANGE_QUESTION = 'Занятие уже прошло: записать изменение задним числом?';

const toTime = (date: string): number => Date.parse(`${date}T00:00:00Z`);

export function plusDays(date: string, days: number): string {
  return new Date(toTime(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO day of week: 1 Monday … 7 Sunday. */
export function isoDay(date: string): number {
  return ((new Date(toTime(date)).getUTCDay() + 6) % 7) + 1;
}

export function mondayOf(date: string): string {
  return plusDays(date, 1 - isoDay(date));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** «7 сентября» */
export const formatDayMonth = (date: string): string => dayMonth.format(new Date(toTime(date)));

/** «7 сентября 2026 г.» */
export const formatLongDate = (date: string): string => dayMonthYear.format(new Date(toTime(date)));

/** «08.09 (вт)» */
export function formatShortDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)} (${SHORT_DAY_NAMES[isoDay(date) - 1]})`;
}

/** `08:30:00` -> `08:30` */
export const formatTime = (time: string | null | undefined): string => (typeof time === 'string' ? time.slice(0, 5) : '');

/** «Сентябрь 2026 г.» (the month of `date`, capitalised as a heading) */
export function formatMonthYear(date: string): string {
  const text = monthYear.format(new Date(toTime(date)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
