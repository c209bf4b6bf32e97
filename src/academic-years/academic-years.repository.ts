import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { date, int, nullable, object, rowShape, RowType, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { SEMESTER_FIELDS, SemesterRow } from './semesters.repository';
import { YearPeriod } from './periods';

defineConstraintMessages({
  uq_academic_years_title: 'Учебный год с таким названием уже существует',
  ex_academic_years_overlap: 'Учебный год пересекается с другим учебным годом',
  ck_academic_years_period: 'Дата окончания учебного года должна быть позже даты начала',
  ck_academic_years_derived: 'Название и дата окончания учебного года вычисляются из даты начала',
});

const YEAR_COLUMNS = `y.id, y.title, y.start_date AS "startDate", y.end_date AS "endDate"`;

const YEAR_FIELDS = { id: int, title: text, startDate: date, endDate: date };
const ACADEMIC_YEAR = rowShape(YEAR_FIELDS);
/** A year with one of its semesters (null for a year without any), as `listWithSemesters` reads it. */
const YEAR_WITH_SEMESTER = rowShape({ ...YEAR_FIELDS, semester: nullable(object(SEMESTER_FIELDS)) });

export type AcademicYearRow = RowType<typeof ACADEMIC_YEAR>;

export interface AcademicYearWithSemesters extends AcademicYearRow {
  semesters: SemesterRow[];
}

/** SQL over `academic_years`. Exported for features that place dates into a year (calendars, schedule). */
@Injectable()
export class AcademicYearsRepository {
  constructor(private readonly db: TenantDb) {}

  async findById(id: number): Promise<AcademicYearRow | undefined> {
    return (await this.db.rows(ACADEMIC_YEAR, `SELECT ${YEAR_COLUMNS} FROM academic_years y WHERE y.id = $1`, [id]))[0];
  }

  /** The year whose period (bounds included) contains `date`; years never overlap, so at most one. */
  async findContaining(date: string): Promise<AcademicYearRow | undefined> {
    const rows = await this.db.rows(ACADEMIC_YEAR,
      `SELECT ${YEAR_COLUMNS} FROM academic_years y WHERE y.start_date <= $1::date AND y.end_date >= $1::date`,
      [date],
    );
    return rows[0];
  }

  /** Every year, newest first, with its semesters ordered by start: one query. */
  async listWithSemesters(): Promise<AcademicYearWithSemesters[]> {
    const rows = await this.db.rows(YEAR_WITH_SEMESTER,
      `SELECT ${YEAR_COLUMNS},
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object(
                'id', s.id, 'academicYearId', s.academic_year_id, 'semesterType', s.semester_type,
                'startDate', s.start_date, 'endDate', s.end_date) END AS semester
         FROM academic_years y LEFT JOIN semesters s ON s.academic_year_id = y.id
        ORDER BY y.start_date DESC, y.id DESC, s.start_date, s.id`,
    );
    const years: AcademicYearWithSemesters[] = [];
    for (const { semester, ...year } of rows) {
      if (years.at(-1)?.id !== year.id) years.push({ ...year, semesters: [] });
      if (semester) years[years.length - 1].semesters.push(semester);
    }
    return years;
  }

  /** Locks the year until commit: its semesters change and it is deleted only under this lock. */
  async lockForChange(id: number): Promise<AcademicYearRow | undefined> {
    return (await this.db.rows(ACADEMIC_YEAR, `SELECT ${YEAR_COLUMNS} FROM academic_years y WHERE y.id = $1 FOR UPDATE`, [id]))[0];
  }

  /** Other years with the same title or an overlapping period (bounds inclusive). */
  conflicting(year: YearPeriod, exceptId = 0): Promise<AcademicYearRow[]> {
    return this.db.rows(ACADEMIC_YEAR, `SELECT ${YEAR_COLUMNS} FROM academic_years y
        WHERE y.id <> $4 AND (y.title = $1 OR (y.start_date <= $3::date AND y.end_date >= $2::date))
        ORDER BY y.start_date`,
      [year.title, year.startDate, year.endDate, exceptId],
    );
  }

  async insert(year: YearPeriod): Promise<AcademicYearRow> {
    const rows = await this.db.rows(ACADEMIC_YEAR, `INSERT INTO academic_years AS y (title, start_date, end_date) VALUES ($1, $2, $3) RETURNING ${YEAR_COLUMNS}`,
      [year.title, year.startDate, year.endDate],
    );
    return rows[0];
  }

  async updatePeriod(id: number, year: YearPeriod): Promise<AcademicYearRow> {
    const rows = await this.db.rows(ACADEMIC_YEAR, `UPDATE academic_years AS y SET title = $2, start_date = $3, end_date = $4, updated_at = now()
        WHERE y.id = $1 RETURNING ${YEAR_COLUMNS}`,
      [id, year.title, year.startDate, year.endDate],
    );
    return rows[0];
  }

  /** Deletes the year with its semesters (the caller checked usages and had the schedule drop their versions). */
  async deleteWithSemesters(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM semesters WHERE academic_year_id = $1`, [id]);
    await this.db.execute(`DELETE FROM academic_years WHERE id = $1`, [id]);
  }
}
