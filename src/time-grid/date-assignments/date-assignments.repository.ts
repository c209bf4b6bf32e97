import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { date, int, rowShape, text } from '../../platform/database/row-shape';
import { SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { DateAssignmentResponse } from './dto/date-assignment.dto';

export const DATE_ALREADY_ASSIGNED = 'На эту дату уже назначена сетка';

defineConstraintMessages({
  uq_time_grid_date_assignments_date: DATE_ALREADY_ASSIGNED,
  fk_time_grid_date_assignments_scope: 'Назначить на дату можно только существующую ручную сетку',
  ck_time_grid_date_assignments_manual: 'Назначить на дату можно только ручную сетку',
});

const COLUMNS = `a.id, to_char(a.assignment_date, 'YYYY-MM-DD') AS date, a.scope_id AS "scopeId", s.name AS "scopeName"`;
const DATE_ASSIGNMENT = rowShape({ id: int, date, scopeId: int, scopeName: text });

/** SQL over `time_grid_date_assignments`: which manual grid applies on which date. */
@Injectable()
export class DateAssignmentsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Ordered by date; both bounds inclusive and optional. */
  list(startDate?: string, endDate?: string): Promise<DateAssignmentResponse[]> {
    const params = new SqlParams();
    const conditions: string[] = [];
    if (startDate !== undefined) conditions.push(`a.assignment_date >= ${params.add(startDate)}::date`);
    if (endDate !== undefined) conditions.push(`a.assignment_date <= ${params.add(endDate)}::date`);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    return this.db.rows(DATE_ASSIGNMENT,
      `SELECT ${COLUMNS} FROM time_grid_date_assignments a JOIN time_grid_scopes s ON s.id = a.scope_id ${where}
        ORDER BY a.assignment_date`,
      params.values,
    );
  }

  async findByDate(date: string): Promise<DateAssignmentResponse | undefined> {
    const [row] = await this.db.rows(DATE_ASSIGNMENT, `SELECT ${COLUMNS} FROM time_grid_date_assignments a JOIN time_grid_scopes s ON s.id = a.scope_id
        WHERE a.assignment_date = $1::date`,
      [date],
    );
    return row;
  }

  async insert(date: string, scopeId: number): Promise<DateAssignmentResponse> {
    const [row] = await this.db.rows(DATE_ASSIGNMENT, `WITH a AS (INSERT INTO time_grid_date_assignments (assignment_date, scope_id) VALUES ($1::date, $2) RETURNING *)
       SELECT ${COLUMNS} FROM a JOIN time_grid_scopes s ON s.id = a.scope_id`,
      [date, scopeId],
    );
    return row;
  }

  /** Deletes the assignment and answers it; undefined when there was none. */
  async delete(id: number): Promise<DateAssignmentResponse | undefined> {
    const [row] = await this.db.rows(DATE_ASSIGNMENT,
      `WITH a AS (DELETE FROM time_grid_date_assignments WHERE id = $1 RETURNING *)
       SELECT ${COLUMNS} FROM a JOIN time_grid_scopes s ON s.id = a.scope_id`,
      [id],
    );
    return row;
  }
}
