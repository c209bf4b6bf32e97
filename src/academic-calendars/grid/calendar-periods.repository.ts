import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { date, int, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { CalendarPeriod } from '../../schedule-engine/calendar-days';

defineConstraintMessages({
  ex_academic_calendar_periods_overlap: 'Периоды графика одного курса пересекаются',
  fk_academic_calendar_periods_activity: 'Вид деятельности не найден или используется в графиках учебных календарей',
  fk_academic_calendar_periods_calendar: 'Учебный календарь не найден: возможно, его только что удалили',
});

const FRAME_SELECT = `
    SELECT c.id AS "calendarId", c.course_count AS "courseCount", y.title AS "yearTitle",
           y.start_date AS "yearStart", y.end_date AS "yearEnd"
      FROM academic_calendars c JOIN academic_years y ON y.id = c.academic_year_id
     WHERE c.id = $1`;

/** A calendar with the bounds of its academic year: what a grid is checked against. */
const GRID_FRAME = rowShape({ calendarId: int, courseCount: int, yearTitle: text, yearStart: date, yearEnd: date });

const PERIOD_COLUMNS = `course_number AS "courseNumber", start_date AS "startDate", end_date AS "endDate", activity_type_id AS "activityTypeId"`;

/** The columns of `PERIOD_COLUMNS`: a `CalendarPeriod`. */
const PERIOD_FIELDS = { courseNumber: int, startDate: date, endDate: date, activityTypeId: int };
const PERIOD = rowShape(PERIOD_FIELDS);
const STORED_PERIOD = rowShape({ ...PERIOD_FIELDS, activityCode: text });
const ACTIVITY_CODE = rowShape({ id: int, code: text });

export type GridFrame = RowType<typeof GRID_FRAME>;
export type StoredPeriod = RowType<typeof STORED_PERIOD>;
export type ActivityCode = RowType<typeof ACTIVITY_CODE>;

/** SQL over `academic_calendar_periods`, the stored form of calendar grids. */
@Injectable()
export class CalendarPeriodsRepository {
  constructor(private readonly db: TenantDb) {}

  async frame(calendarId: number): Promise<GridFrame | undefined> {
    return (await this.db.rows(GRID_FRAME, FRAME_SELECT, [calendarId]))[0];
  }

  /** Locks the calendar (its changes queue here) and share-locks its year, whose dates bound the grid. */
  async lockFrame(calendarId: number): Promise<GridFrame | undefined> {
    return (await this.db.rows(GRID_FRAME, `${FRAME_SELECT} FOR UPDATE OF c FOR SHARE OF y`, [calendarId]))[0];
  }

  /** The calendar's periods with their activity codes, by course, then start. */
  list(calendarId: number): Promise<StoredPeriod[]> {
    return this.db.rows(STORED_PERIOD,
      `SELECT cp.course_number AS "courseNumber", cp.start_date AS "startDate", cp.end_date AS "endDate",
              cp.activity_type_id AS "activityTypeId", t.code AS "activityCode"
         FROM academic_calendar_periods cp JOIN activity_types t ON t.id = cp.activity_type_id
        WHERE cp.calendar_id = $1
        ORDER BY cp.course_number, cp.start_date`,
      [calendarId],
    );
  }

  /** Activity codes with any of these ids or codes, key-share-locked so that none vanishes before commit. */
  lockActivities(ids: readonly number[], codes: readonly string[]): Promise<ActivityCode[]> {
    return this.db.rows(ACTIVITY_CODE, `SELECT id, code FROM activity_types WHERE id = ANY($1::int[]) OR code = ANY($2::text[]) ORDER BY id FOR KEY SHARE`,
      [ids, codes],
    );
  }

  async insert(calendarId: number, periods: readonly CalendarPeriod[]): Promise<void> {
    if (periods.length === 0) return;
    await this.db.execute(`INSERT INTO academic_calendar_periods (calendar_id, course_number, start_date, end_date, activity_type_id)
       SELECT $1, v.course, v.start_date, v.end_date, v.activity
         FROM unnest($2::int[], $3::date[], $4::date[], $5::int[]) AS v (course, start_date, end_date, activity)`,
      [
        calendarId,
        periods.map((period) => period.courseNumber),
        periods.map((period) => period.startDate),
        periods.map((period) => period.endDate),
        periods.map((period) => period.activityTypeId),
      ],
    );
  }

  async replace(calendarId: number, periods: readonly CalendarPeriod[]): Promise<void> {
    await this.db.execute(`DELETE FROM academic_calendar_periods WHERE calendar_id = $1`, [calendarId]);
    await this.insert(calendarId, periods);
  }

  /** The first stored period of a course above `courseCount`, if any. */
  async firstAboveCourse(calendarId: number, courseCount: number): Promise<CalendarPeriod | undefined> {
    const rows = await this.db.rows(PERIOD, `SELECT ${PERIOD_COLUMNS} FROM academic_calendar_periods
        WHERE calendar_id = $1 AND course_number > $2 ORDER BY course_number, start_date LIMIT 1`,
      [calendarId, courseCount],
    );
    return rows[0];
  }

  /** The first stored period reaching outside `start`..`end`, if any. */
  async firstOutside(calendarId: number, start: string, end: string): Promise<CalendarPeriod | undefined> {
    const rows = await this.db.rows(PERIOD, `SELECT ${PERIOD_COLUMNS} FROM academic_calendar_periods
        WHERE calendar_id = $1 AND (start_date < $2 OR end_date > $3) ORDER BY course_number, start_date LIMIT 1`,
      [calendarId, start, end],
    );
    return rows[0];
  }
}
