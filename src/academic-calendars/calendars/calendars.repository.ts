import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, date, ID_ROW, int, nullable, rowShape, RowType, text, timestamp, TOTAL_ROW } from '../../platform/database/row-shape';
import { containsPattern, SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { CALENDAR_FACT_COLUMNS, CALENDAR_FACTS, CALENDAR_JOINS, CALENDAR_TITLE } from '../shared/calendar-sql';
import { CalendarFacts } from '../shared/compatibility';

export const CALENDAR_SCOPE_TAKEN = 'Календарь для этой специальности, профиля и формы обучения на этот год уже существует';

defineConstraintMessages({
  uq_academic_calendars_scope: CALENDAR_SCOPE_TAKEN,
  fk_academic_calendars_year: 'Учебный год не найден или используется учебными календарями',
  fk_academic_calendars_specialty: 'Специальность не найдена или используется учебными календарями',
  fk_academic_calendars_profile: 'Профиль не найден, не относится к специальности или используется учебными календарями',
  fk_academic_calendars_study_form: 'Форма обучения не найдена или используется учебными календарями',
});

/** The stored calendar fields a write sets. */
export interface CalendarFields {
  academicYearId: number;
  specialtyId: number;
  specialtyProfileId: number;
  studyFormId: number;
  courseCount: number;
}

export interface AcademicYearRow {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
}

/** What the referenced rows of a calendar body are (held until commit). */
export interface CalendarReferences {
  year?: AcademicYearRow;
  specialty: boolean;
  /** The specialty the profile belongs to; undefined when there is no such profile. */
  profileSpecialtyId?: number;
  studyForm: boolean;
}

export interface CalendarFilter {
  query?: string;
  academicYearId?: number;
  specialtyId?: number;
  profileId?: number;
  studyFormId?: number;
}

const CALENDAR_SELECT = `
    SELECT c.id, ${CALENDAR_TITLE} AS title, c.academic_year_id AS "academicYearId", y.title AS "academicYearTitle",
           c.specialty_id AS "specialtyId", s.code AS "specialtyCode", s.name AS "specialtyName",
           c.specialty_profile_id AS "specialtyProfileId", p.name AS "specialtyProfileName",
           c.study_form_id AS "studyFormId", f.name AS "studyFormName", c.course_count AS "courseCount",
           c.created_at AS "createdAt", c.updated_at AS "updatedAt"
      FROM academic_calendars c ${CALENDAR_JOINS}`;

const CALENDAR = rowShape({
  id: int,
  title: text,
  academicYearId: int,
  academicYearTitle: text,
  specialtyId: int,
  specialtyCode: text,
  specialtyName: text,
  specialtyProfileId: int,
  specialtyProfileName: text,
  studyFormId: int,
  studyFormName: text,
  courseCount: int,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export type CalendarRow = RowType<typeof CALENDAR>;

/** The referenced rows of a calendar body: each scalar subquery is null when its row does not exist. */
const REFERENCES = rowShape({
  yearId: nullable(int),
  yearTitle: nullable(text),
  yearStart: nullable(date),
  yearEnd: nullable(date),
  specialty: bool,
  profileSpecialtyId: nullable(int),
  studyForm: bool,
});

const ACTIVITY_FLAGS = rowShape({ id: int, allowSchedule: bool });

export type ActivityFlags = RowType<typeof ACTIVITY_FLAGS>;

/** An assignment of the calendar with the facts of its group, for re-validation. */
const ASSIGNED_GROUP = rowShape({
  groupName: text,
  academicYearId: int,
  yearTitle: text,
  yearStart: date,
  specialtyId: int,
  specialtyProfileId: int,
  educationFormId: int,
  yearStartStudy: int,
});

export type AssignedGroup = RowType<typeof ASSIGNED_GROUP>;

const HIGHEST = rowShape({ highest: int });

/** Newest year first, then by title. */
const ORDER = `y.start_date DESC, lower(${CALENDAR_TITLE}), c.id`;

/** The title from the rows a calendar body names (the same expression reads use). */
const TITLE_OF_FIELDS = `(SELECT ${CALENDAR_TITLE} FROM academic_years y, specialties s, specialty_profiles p, education_forms f
                          WHERE y.id = $1 AND s.id = $2 AND p.id = $3 AND f.id = $4)`;

function filterSql(params: SqlParams, filter: CalendarFilter): string[] {
  const where: string[] = [];
  if (filter.academicYearId !== undefined) where.push(`c.academic_year_id = ${params.add(filter.academicYearId)}`);
  if (filter.specialtyId !== undefined) where.push(`c.specialty_id = ${params.add(filter.specialtyId)}`);
  if (filter.profileId !== undefined) where.push(`c.specialty_profile_id = ${params.add(filter.profileId)}`);
  if (filter.studyFormId !== undefined) where.push(`c.study_form_id = ${params.add(filter.studyFormId)}`);
  return where;
}

function textSql(params: SqlParams, text: string): string {
  const pattern = params.add(containsPattern(text));
  return `(${CALENDAR_TITLE} ILIKE ${pattern} OR y.title ILIKE ${pattern} OR s.code ILIKE ${pattern} OR s.name ILIKE ${pattern}
           OR p.name ILIKE ${pattern} OR f.name ILIKE ${pattern})`;
}

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/** SQL over `academic_calendars` (and the assignments and subjects a calendar change must look at). */
@Injectable()
export class CalendarsRepository {
  constructor(private readonly db: TenantDb) {}

  list(filter: CalendarFilter): Promise<CalendarRow[]> {
    const params = new SqlParams();
    return this.db.rows(CALENDAR, `${CALENDAR_SELECT} ${whereOf(filterSql(params, filter))} ORDER BY ${ORDER}`, params.values);
  }

  async page(filter: CalendarFilter, offset: number, limit: number): Promise<{ rows: CalendarRow[]; total: number }> {
    const params = new SqlParams();
    const where = filterSql(params, filter);
    if (filter.query) where.push(textSql(params, filter.query));
    const whereSql = whereOf(where);
    const countValues = [...params.values];
    const pageSql = `${CALENDAR_SELECT} ${whereSql} ORDER BY ${ORDER} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    const [rows, counted] = await Promise.all([
      this.db.rows(CALENDAR, pageSql, params.values),
      this.db.rows(TOTAL_ROW, `SELECT count(*) AS total FROM academic_calendars c ${CALENDAR_JOINS} ${whereSql}`, countValues),
    ]);
    return { rows, total: counted[0].total };
  }

  /** Up to `limit` calendars matching the filters and text, plus the selected one when it matches the filters. */
  options(filter: CalendarFilter, selectedId: number | undefined, limit: number): Promise<CalendarRow[]> {
    const params = new SqlParams();
    const scope = filterSql(params, filter);
    const matching = filter.query ? [...scope, textSql(params, filter.query)] : scope;
    let sql = `(${CALENDAR_SELECT} ${whereOf(matching)} ORDER BY ${ORDER} LIMIT ${params.add(limit)})`;
    if (selectedId !== undefined) sql += ` UNION (${CALENDAR_SELECT} ${whereOf([...scope, `c.id = ${params.add(selectedId)}`])})`;
    return this.db.rows(CALENDAR,
      `SELECT found.* FROM (${sql}) AS found JOIN academic_years y ON y.id = found."academicYearId"
        ORDER BY y.start_date DESC, lower(found.title), found.id`,
      params.values,
    );
  }

  async findRow(id: number): Promise<CalendarRow | undefined> {
    return (await this.db.rows(CALENDAR, `${CALENDAR_SELECT} WHERE c.id = $1`, [id]))[0];
  }

  /** Locks the calendar until commit: changes of one calendar, its grid, subjects and assignments queue here. */
  async lockForChange(id: number): Promise<CalendarFacts | undefined> {
    return (await this.db.rows(CALENDAR_FACTS, `SELECT ${CALENDAR_FACT_COLUMNS} FROM academic_calendars c WHERE c.id = $1 FOR UPDATE`, [id]))[0];
  }

  /**
   * Checks the year, specialty, profile and form of a calendar body. The year is share-locked (its
   * dates decide the grid), the others key-share-locked, until commit.
   */
  async lockReferences(fields: CalendarFields): Promise<CalendarReferences> {
    const [row] = await this.db.rows(REFERENCES, `WITH y AS (SELECT id, title, start_date, end_date FROM academic_years WHERE id = $1 FOR SHARE),
            s AS (SELECT id FROM specialties WHERE id = $2 FOR KEY SHARE),
            p AS (SELECT specialty_id FROM specialty_profiles WHERE id = $3 FOR KEY SHARE),
            f AS (SELECT id FROM education_forms WHERE id = $4 FOR KEY SHARE)
       SELECT (SELECT id FROM y) AS "yearId", (SELECT title FROM y) AS "yearTitle",
              (SELECT start_date FROM y) AS "yearStart", (SELECT end_date FROM y) AS "yearEnd",
              EXISTS (SELECT 1 FROM s) AS specialty, (SELECT specialty_id FROM p) AS "profileSpecialtyId",
              EXISTS (SELECT 1 FROM f) AS "studyForm"`,
      [fields.academicYearId, fields.specialtyId, fields.specialtyProfileId, fields.studyFormId],
    );
    const year =
      row.yearId !== null && row.yearTitle !== null && row.yearStart !== null && row.yearEnd !== null
        ? { id: row.yearId, title: row.yearTitle, startDate: row.yearStart, endDate: row.yearEnd }
        : undefined;
    return { year, specialty: row.specialty, profileSpecialtyId: row.profileSpecialtyId ?? undefined, studyForm: row.studyForm };
  }

  /** Whether another calendar already has this year, specialty, profile and form. */
  async scopeTaken(fields: CalendarFields, exceptId = 0): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM academic_calendars
        WHERE academic_year_id = $1 AND specialty_id = $2 AND specialty_profile_id = $3 AND study_form_id = $4 AND id <> $5`,
      [fields.academicYearId, fields.specialtyId, fields.specialtyProfileId, fields.studyFormId, exceptId],
    )) > 0;
  }

  /** The activity code with this code, share-locked so that it cannot change or vanish before commit. */
  async lockActivityByCode(code: string): Promise<ActivityFlags | undefined> {
    const rows = await this.db.rows(ACTIVITY_FLAGS, `SELECT id, allow_schedule AS "allowSchedule" FROM activity_types WHERE code = $1 FOR SHARE`,
      [code],
    );
    return rows[0];
  }

  async insert(fields: CalendarFields): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO academic_calendars (academic_year_id, specialty_id, specialty_profile_id, study_form_id, course_count, title)
       VALUES ($1, $2, $3, $4, $5, ${TITLE_OF_FIELDS}) RETURNING id`,
      fieldValues(fields),
    );
    return row.id;
  }

  async update(id: number, fields: CalendarFields): Promise<void> {
    await this.db.execute(`UPDATE academic_calendars
          SET academic_year_id = $1, specialty_id = $2, specialty_profile_id = $3, study_form_id = $4, course_count = $5,
              title = ${TITLE_OF_FIELDS}, updated_at = now()
        WHERE id = $6`,
      [...fieldValues(fields), id],
    );
  }

  /** Deletes the calendar with its periods and subjects (the caller has checked that no group uses it). */
  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM academic_calendar_subjects WHERE calendar_id = $1`, [id]);
    await this.db.execute(`DELETE FROM academic_calendar_periods WHERE calendar_id = $1`, [id]);
    await this.db.execute(`DELETE FROM academic_calendars WHERE id = $1`, [id]);
  }

  // ---- what a change of the calendar must respect ----

  /** Groups the calendar is assigned to, with the facts that decide whether it still fits them. */
  assignedGroups(calendarId: number): Promise<AssignedGroup[]> {
    return this.db.rows(ASSIGNED_GROUP, `SELECT g.name AS "groupName", a.academic_year_id AS "academicYearId", y.title AS "yearTitle", y.start_date AS "yearStart",
              g.specialty_id AS "specialtyId", g.specialty_profile_id AS "specialtyProfileId",
              g.education_form_id AS "educationFormId", g.year_start_study AS "yearStartStudy"
         FROM group_calendar_assignments a
         JOIN study_groups g ON g.id = a.group_id
         JOIN academic_years y ON y.id = a.academic_year_id
        WHERE a.calendar_id = $1
        ORDER BY lower(g.name), g.id`,
      [calendarId],
    );
  }

  async assignmentCount(calendarId: number): Promise<number> {
    const [row] = await this.db.rows(TOTAL_ROW, `SELECT count(*) AS total FROM group_calendar_assignments WHERE calendar_id = $1`, [
      calendarId,
    ]);
    return row.total;
  }

  /** The highest semester any bound subject is in (0 without subjects). */
  async highestSubjectSemester(calendarId: number): Promise<number> {
    const [row] = await this.db.rows(HIGHEST, `SELECT coalesce(max(semester_number), 0) AS highest FROM academic_calendar_subjects WHERE calendar_id = $1`,
      [calendarId],
    );
    return row.highest;
  }
}

function fieldValues(fields: CalendarFields): unknown[] {
  return [fields.academicYearId, fields.specialtyId, fields.specialtyProfileId, fields.studyFormId, fields.courseCount];
}
