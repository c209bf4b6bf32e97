import { Injectable } from '@nestjs/common';
import { bool, date, ID_ROW, int, nullable, rowShape, RowType, text, timestamp } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { MembershipPeriods } from '../platform/auth/department-scope';
import { DepartmentHistoryItem } from './dto/department-assignment.dto';

/** A link that stands in the way of a new additional one (see `blockingLink`). */
const EXISTING_LINK = rowShape({ primary: bool, validFrom: date, validTo: nullable(date) });
export type ExistingLink = RowType<typeof EXISTING_LINK>;

/** A link as stored; the department's name comes from `Departments.names` (see `toHistoryItem`). */
const HISTORY_SELECT = `
  SELECT a.id, a.user_id AS "userId", a.department_id AS "departmentId",
         a.is_primary AS "primary", a.valid_from AS "validFrom", a.valid_to AS "validTo", a.comment,
         a.created_at AS "createdAt"
    FROM user_department_assignments a`;
const HISTORY_ROW = rowShape({
  id: int,
  userId: int,
  departmentId: int,
  primary: bool,
  validFrom: date,
  validTo: nullable(date),
  comment: nullable(text),
  createdAt: timestamp,
});
export type HistoryRow = RowType<typeof HISTORY_ROW>;

const PERIOD_COLUMNS = `id, department_id AS "departmentId", valid_from AS "validFrom", valid_to AS "validTo"`;
const MEMBERSHIP_ROW = rowShape({ teacherId: int, validFrom: date, validTo: nullable(date) });
const PRIMARY_PERIOD = rowShape({ id: int, departmentId: int, validFrom: date, validTo: nullable(date) });
export type PrimaryPeriod = RowType<typeof PRIMARY_PERIOD>;

/** SQL over `user_department_assignments`: a user's links to departments over inclusive date periods. */
@Injectable()
export class AssignmentsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Every assignment (primary or additional) to the department, as parallel lists. */
  async membershipOf(departmentId: number): Promise<MembershipPeriods> {
    const rows = await this.db.rows(MEMBERSHIP_ROW,
      `SELECT user_id AS "teacherId", valid_from AS "validFrom", valid_to AS "validTo"
         FROM user_department_assignments WHERE department_id = $1 ORDER BY id`,
      [departmentId],
    );
    return { teacherIds: rows.map((row) => row.teacherId), from: rows.map((row) => row.validFrom), to: rows.map((row) => row.validTo) };
  }

  /** Whether an assignment of the user to the department overlaps the inclusive period. */
  async assignedDuring(userId: number, departmentId: number, from: string, to: string): Promise<boolean> {
    const found = await this.db.execute(
      `SELECT 1 FROM user_department_assignments
        WHERE user_id = $1 AND department_id = $2 AND valid_from <= $4::date AND (valid_to IS NULL OR valid_to >= $3::date) LIMIT 1`,
      [userId, departmentId, from, to],
    );
    return found > 0;
  }

  async insert(
    assignment: { userId: number; departmentId: number; isPrimary: boolean; validFrom: string; comment: string | null; createdBy: number },
  ): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to, comment, created_by)
       VALUES ($1, $2, $3, $4, NULL, $5, $6) RETURNING id`,
      [assignment.userId, assignment.departmentId, assignment.isPrimary, assignment.validFrom, assignment.comment, assignment.createdBy],
    );
    return row.id;
  }

  /**
   * A link of the user to the department that a new open-ended additional link from `today` would
   * duplicate: any link in effect today, or an additional one starting later (they would overlap).
   */
  async blockingLink(userId: number, departmentId: number, today: string): Promise<ExistingLink | undefined> {
    const rows = await this.db.rows(EXISTING_LINK,
      `SELECT is_primary AS "primary", valid_from AS "validFrom", valid_to AS "validTo"
         FROM user_department_assignments
        WHERE user_id = $1 AND department_id = $2
          AND (valid_to IS NULL OR valid_to >= $3::date)
          AND (valid_from <= $3::date OR NOT is_primary)
        ORDER BY valid_from, id
        LIMIT 1`,
      [userId, departmentId, today],
    );
    return rows[0];
  }

  /** The user's primary period that includes `date`, if any. */
  async primaryCovering(userId: number, date: string): Promise<PrimaryPeriod | undefined> {
    const rows = await this.db.rows(PRIMARY_PERIOD,
      `SELECT ${PERIOD_COLUMNS} FROM user_department_assignments
        WHERE user_id = $1 AND is_primary AND valid_from <= $2::date AND (valid_to IS NULL OR valid_to >= $2::date)`,
      [userId, date],
    );
    return rows[0];
  }

  /** The user's earliest primary period starting after `date` (a transfer already planned). */
  async firstPrimaryAfter(userId: number, date: string): Promise<PrimaryPeriod | undefined> {
    const rows = await this.db.rows(PRIMARY_PERIOD,
      `SELECT ${PERIOD_COLUMNS} FROM user_department_assignments
        WHERE user_id = $1 AND is_primary AND valid_from > $2::date
        ORDER BY valid_from LIMIT 1`,
      [userId, date],
    );
    return rows[0];
  }

  async close(id: number, validTo: string): Promise<void> {
    await this.db.execute(`UPDATE user_department_assignments SET valid_to = $2::date WHERE id = $1`, [id, validTo]);
  }

  history(userId: number): Promise<HistoryRow[]> {
    return this.db.rows(HISTORY_ROW, `${HISTORY_SELECT} WHERE a.user_id = $1 ORDER BY a.valid_from, a.id`, [userId]);
  }

  /** One link as a history item (read on the open transaction, so a link just written is seen). */
  async historyItem(id: number): Promise<HistoryRow | undefined> {
    const rows = await this.db.rows(HISTORY_ROW, `${HISTORY_SELECT} WHERE a.id = $1`, [id]);
    return rows[0];
  }
}

/** A stored link as the API answers it, with its department's name (the fields in the order of the answer). */
export function toHistoryItem(row: HistoryRow, departmentName: string): DepartmentHistoryItem {
  return {
    id: row.id,
    userId: row.userId,
    departmentId: row.departmentId,
    departmentName,
    primary: row.primary,
    validFrom: row.validFrom,
    validTo: row.validTo,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}
