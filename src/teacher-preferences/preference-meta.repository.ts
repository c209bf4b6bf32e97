import { Injectable } from '@nestjs/common';
import { date, int, oneOf, rowShape, RowType, text, time } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { PreferencePair } from './dto/preference.dto';

const SEMESTER = rowShape({ id: int, academicYearId: int, academicYearTitle: text, semesterType: oneOf('autumn', 'spring'), startDate: date, endDate: date });
export type SemesterRow = RowType<typeof SEMESTER>;
const PAIR = rowShape({ id: int, orderNumber: int, startTime: time, endTime: time });

const SEMESTER_SELECT = `
  SELECT s.id, s.academic_year_id AS "academicYearId", y.title AS "academicYearTitle", s.semester_type AS "semesterType",
         s.start_date AS "startDate", s.end_date AS "endDate"
    FROM semesters s JOIN academic_years y ON y.id = s.academic_year_id`;

/** The reference data a preference needs: semesters and the base grid's pairs. */
@Injectable()
export class PreferenceMetaRepository {
  constructor(private readonly db: TenantDb) {}

  semesters(): Promise<SemesterRow[]> {
    return this.db.rows(SEMESTER, `${SEMESTER_SELECT} ORDER BY s.start_date DESC`);
  }

  async semester(id: number): Promise<SemesterRow | undefined> {
    const [row] = await this.db.rows(SEMESTER, `${SEMESTER_SELECT} WHERE s.id = $1`, [id]);
    return row;
  }

  basePairs(): Promise<PreferencePair[]> {
    return this.db.rows(PAIR,
      `SELECT ts.id, ts.order_number AS "orderNumber", ts.start_time::text AS "startTime", ts.end_time::text AS "endTime"
         FROM time_slots ts JOIN time_grid_scopes sc ON sc.id = ts.scope_id
        WHERE sc.apply_mode = 'DEFAULT'
        ORDER BY ts.order_number`,
    );
  }
}
