import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { date, int, oneOf, rowShape, RowType, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { SEMESTER_TYPES, SemesterPeriod, SemesterType } from './periods';

defineConstraintMessages({
  uq_semesters_year_type: 'В учебном году уже есть семестр этого типа',
  ex_semesters_overlap: 'Семестр пересекается с другим семестром учебного года',
  ck_semesters_period: 'Дата окончания семестра не может быть раньше даты начала',
  ck_semesters_type: 'Тип семестра должен быть autumn или spring',
  fk_semesters_year: 'Учебный год не найден или удалён',
});

const COLUMNS = `s.id, s.academic_year_id AS "academicYearId", s.semester_type AS "semesterType",
  s.start_date AS "startDate", s.end_date AS "endDate"`;

/** The columns of `COLUMNS`; also the fields of a semester read as JSON with its year. */
export const SEMESTER_FIELDS = { id: int, academicYearId: int, semesterType: oneOf(...SEMESTER_TYPES), startDate: date, endDate: date };
const SEMESTER = rowShape(SEMESTER_FIELDS);
const SEMESTER_LIST_ITEM = rowShape({ ...SEMESTER_FIELDS, academicYearTitle: text });

const WITH_YEAR = `SELECT ${COLUMNS}, y.title AS "academicYearTitle" FROM semesters s JOIN academic_years y ON y.id = s.academic_year_id`;

export type SemesterRow = RowType<typeof SEMESTER>;
export type SemesterListRow = RowType<typeof SEMESTER_LIST_ITEM>;

/** SQL over `semesters`. */
@Injectable()
export class SemestersRepository {
  constructor(private readonly db: TenantDb) {}

  async findById(id: number): Promise<SemesterRow | undefined> {
    return (await this.db.rows(SEMESTER, `SELECT ${COLUMNS} FROM semesters s WHERE s.id = $1`, [id]))[0];
  }

  ofYear(yearId: number): Promise<SemesterRow[]> {
    return this.db.rows(SEMESTER, `SELECT ${COLUMNS} FROM semesters s WHERE s.academic_year_id = $1 ORDER BY s.start_date, s.id`, [yearId]);
  }

  /** The semesters of a year, locked until commit (the caller holds the year's lock as well). */
  lockOfYear(yearId: number): Promise<SemesterRow[]> {
    return this.db.rows(SEMESTER, `SELECT ${COLUMNS} FROM semesters s WHERE s.academic_year_id = $1 ORDER BY s.start_date, s.id FOR UPDATE`,
      [yearId],
    );
  }

  /** Every semester of every year, newest first, with its year's title. */
  listAll(): Promise<SemesterListRow[]> {
    return this.db.rows(SEMESTER_LIST_ITEM, `${WITH_YEAR} ORDER BY s.start_date DESC, s.id DESC`);
  }

  /** One semester with its year's title. */
  async findWithYear(id: number): Promise<SemesterListRow | undefined> {
    return (await this.db.rows(SEMESTER_LIST_ITEM, `${WITH_YEAR} WHERE s.id = $1`, [id]))[0];
  }

  async insert(yearId: number, semester: SemesterPeriod): Promise<SemesterRow> {
    const [row] = await this.db.rows(SEMESTER, `INSERT INTO semesters AS s (academic_year_id, semester_type, start_date, end_date) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [yearId, semester.semesterType, semester.startDate, semester.endDate],
    );
    return row;
  }

  async update(id: number, semesterType: SemesterType, startDate: string, endDate: string): Promise<SemesterRow> {
    const rows = await this.db.rows(SEMESTER, `UPDATE semesters AS s SET semester_type = $2, start_date = $3, end_date = $4, updated_at = now()
        WHERE s.id = $1 RETURNING ${COLUMNS}`,
      [id, semesterType, startDate, endDate],
    );
    return rows[0];
  }
}
