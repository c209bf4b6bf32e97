import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Role } from '../../platform/auth/roles';
import { queryRows } from '../../platform/database/query-rows';
import { HistoryRow } from '../../users/assignments.repository';
import { UserStatus } from '../../users/user.entity';

export interface ExistingLink {
  primary: boolean;
  validFrom: string;
  validTo: string | null;
}

/** SQL for linking teachers to a department with additional (non-primary) assignments. */
@Injectable()
export class DepartmentTeachersRepository {
  /** Locks the user row: department changes of one user (transfers, new links) run one at a time. */
  async lockUser(manager: EntityManager, id: number): Promise<{ role: Role; status: UserStatus } | undefined> {
    const rows = await queryRows<{ role: Role; status: UserStatus }>(manager, `SELECT role, status FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  /**
   * A link of the user to the department that a new open-ended additional link from `today` would
   * duplicate: any link in effect today, or an additional one starting later (they would overlap).
   */
  async blockingLink(manager: EntityManager, userId: number, departmentId: number, today: string): Promise<ExistingLink | undefined> {
    const rows = await queryRows<ExistingLink>(
      manager,
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

  async insertAdditional(
    manager: EntityManager,
    link: { userId: number; departmentId: number; validFrom: string; comment: string | null; createdBy: number },
  ): Promise<HistoryRow> {
    const rows = await queryRows<HistoryRow>(
      manager,
      `WITH inserted AS (
         INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to, comment, created_by)
         VALUES ($1, $2, false, $3::date, NULL, $4, $5)
         RETURNING *)
       SELECT i.id, i.user_id AS "userId", i.department_id AS "departmentId", d.name AS "departmentName",
              i.is_primary AS "primary", i.valid_from AS "validFrom", i.valid_to AS "validTo", i.comment,
              i.created_at AS "createdAt"
         FROM inserted i JOIN departments d ON d.id = i.department_id`,
      [link.userId, link.departmentId, link.validFrom, link.comment, link.createdBy],
    );
    return rows[0];
  }
}
