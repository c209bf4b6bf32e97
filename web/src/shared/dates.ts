// Calendar dates as `YYYY-MM-DD` strings, computed in UTC so the browser's own time zone never shifts
// a day; "today" is today in Europe/Moscow, the service's business zone.

const DAY_MS = 86_400_000;

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const SHORT_DAY_NAMES = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

export function isDate(text: unknown): text is string {
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

export function todayInMoscow(): string {
  return moscowDate.format(new Date());
}

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
