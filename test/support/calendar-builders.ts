import { TenantClient, TestApp } from './test-app';

/** Builders for academic years, activity codes, academic calendars and their grids. */

export interface YearRow {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/**
 * An academic year inserted directly (the academic-year API belongs to another area): 1 September of
 * `startYear` to 30 June of the next year, titled «2025-2026».
 */
export async function insertYear(t: TestApp, startYear: number, startDate = `${startYear}-09-01`): Promise<YearRow> {
  const [row] = await t.sql<YearRow>(
    'alpha',
    `INSERT INTO academic_years (title, start_date, end_date) VALUES ($1, $2, $3)
     RETURNING id, title, start_date::text AS "startDate", end_date::text AS "endDate"`,
    [`${startYear}-${startYear + 1}`, startDate, `${startYear + 1}-06-30`],
  );
  return row;
}

export async function insertActivity(t: TestApp, code: string, allowSchedule: boolean, name = `Вид ${code}`): Promise<number> {
  const [row] = await t.sql<{ id: number }>(
    'alpha',
    `INSERT INTO activity_types (code, name, allow_schedule) VALUES ($1, $2, $3) RETURNING id`,
    [code, name, allowSchedule],
  );
  return row.id;
}

export async function activityId(t: TestApp, code: string): Promise<number> {
  const [row] = await t.sql<{ id: number }>('alpha', `SELECT id FROM activity_types WHERE code = $1`, [code]);
  return row.id;
}

export interface CalendarBody {
  id: number;
  title: string;
  academicYearId: number;
  academicYearTitle: string;
  specialtyId: number;
  specialtyCode: string;
  specialtyName: string;
  specialtyProfileId: number;
  specialtyProfileName: string;
  studyFormId: number;
  studyFormName: string;
  courseCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CalendarRequestBody {
  academicYearId: number;
  specialtyId: number;
  specialtyProfileId: number;
  studyFormId: number;
  courseCount: number;
}

export async function createCalendar(client: TenantClient, body: CalendarRequestBody): Promise<CalendarBody> {
  const response = await client.post('/api/admin/academic-calendars', body);
  if (response.status !== 200) throw new Error(`createCalendar: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as CalendarBody;
}

// ---- dates, computed here independently of the service's code ----

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO day of week, Monday 1 .. Sunday 7. */
export function isoDay(date: string): number {
  return ((new Date(utc(date)).getUTCDay() + 6) % 7) + 1;
}

/** Week number counted Monday to Sunday from the week that contains `start`. */
export function weekOf(start: string, date: string): number {
  const monday = addDays(start, 1 - isoDay(start));
  return Math.floor((utc(date) - utc(monday)) / (7 * DAY_MS)) + 1;
}

export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export interface GridRow {
  calendarId: number;
  courseNumber: number;
  date: string;
  weekNumber: number;
  dayOfWeek: number;
  activityTypeId: number;
  activityCode: string;
}

/** Day rows of one course and activity over `from`..`to`, as GET answers them. */
export function gridRows(
  calendarId: number,
  yearStart: string,
  courseNumber: number,
  from: string,
  to: string,
  activity: { id: number; code: string },
): GridRow[] {
  return datesBetween(from, to).map((date) => ({
    calendarId,
    courseNumber,
    date,
    weekNumber: weekOf(yearStart, date),
    dayOfWeek: isoDay(date),
    activityTypeId: activity.id,
    activityCode: activity.code,
  }));
}
