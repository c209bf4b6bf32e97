import { Injectable } from '@nestjs/common';
import { TenantDb } from '../platform/database/tenant-db';
import { businessTimeZone, todayInBusinessZone } from '../platform/http/dates';
import { SqlParams } from '../platform/database/sql';
import { BY_FULL_NAME, linkedToDepartment, matchesText, USER_ROW, userSelect, UserRow } from './user-rows';

export interface TeacherOptionsFilter {
  query?: string;
  /** Teachers linked to this department today; undefined means every department. */
  departmentId?: number;
  selectedId?: number;
  limit: number;
}

/** Read queries for teacher pickers and department teacher lists; one query per call. */
@Injectable()
export class TeachersRepository {
  constructor(private readonly db: TenantDb) {}

  /** Active teachers, optionally only those linked to a department today. */
  async active(departmentId?: number): Promise<UserRow[]> {
    const today = todayInBusinessZone();
    const params = new SqlParams();
    const select = userSelect(params, today);
    const where = [`u.role = 'TEACHER'`, `u.status = 'ACTIVE'`];
    if (departmentId !== undefined) where.push(linkedToDepartment(params, departmentId, today));
    return this.db.rows(USER_ROW, `${select} WHERE ${where.join(' AND ')} ORDER BY ${BY_FULL_NAME}`, params.values);
  }

  /**
   * Up to `limit` matching teachers, plus the selected one when it is an active teacher in the same
   * department scope (so a picker can always show its current value). Sorted by full name.
   */
  async options(filter: TeacherOptionsFilter): Promise<UserRow[]> {
    const today = todayInBusinessZone();
    const params = new SqlParams();
    const select = userSelect(params, today);
    const scope = [`u.role = 'TEACHER'`, `u.status = 'ACTIVE'`];
    if (filter.departmentId !== undefined) scope.push(linkedToDepartment(params, filter.departmentId, today));
    const scopeSql = scope.join(' AND ');
    const matching = filter.query ? `${scopeSql} AND ${matchesText(params, filter.query)}` : scopeSql;

    let sql = `(${select} WHERE ${matching} ORDER BY ${BY_FULL_NAME} LIMIT ${params.add(filter.limit)})`;
    if (filter.selectedId !== undefined) {
      sql += ` UNION (${select} WHERE ${scopeSql} AND u.id = ${params.add(filter.selectedId)})`;
    }
    return this.db.rows(USER_ROW, `SELECT * FROM (${sql}) AS found ORDER BY lower(found."fullName"), found.id`, params.values);
  }

  /**
   * Teachers whose assignment to the department covered `date`, including those archived later
   * (archived on a date after `date` in the university's time zone).
   */
  async onDate(departmentId: number, date: string): Promise<UserRow[]> {
    const params = new SqlParams();
    const select = userSelect(params, todayInBusinessZone());
    const day = params.add(date);
    const zone = params.add(businessTimeZone());
    const sql = `${select}
      WHERE u.role = 'TEACHER'
        AND (u.status = 'ACTIVE' OR (u.archived_at AT TIME ZONE ${zone}::text)::date > ${day}::date)
        AND ${linkedToDepartment(params, departmentId, date)}
      ORDER BY ${BY_FULL_NAME}`;
    return this.db.rows(USER_ROW, sql, params.values);
  }
}
