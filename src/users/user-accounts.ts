import { Injectable } from '@nestjs/common';
import { ROLES } from '../platform/auth/roles';
import { int, nullable, oneOf, rowShape, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { todayInBusinessZone } from '../platform/http/dates';
import { AccountDirectory, UserAccount } from '../platform/auth/account-directory';
import { USER_STATUSES } from './dto/user.dto';

const ACCOUNT_SELECT = `
  SELECT u.id, u.username, u.password_hash AS "passwordHash", u.role, u.status,
         (SELECT a.department_id FROM user_department_assignments a
           WHERE a.user_id = u.id AND a.is_primary AND a.valid_from <= $1
             AND (a.valid_to IS NULL OR a.valid_to >= $1)
           ORDER BY a.valid_from DESC LIMIT 1) AS "departmentId"
    FROM users u`;
/** `departmentId` is a scalar subquery: null when no primary assignment is in effect today. */
const ACCOUNT = rowShape({
  id: int,
  username: text,
  passwordHash: text,
  role: oneOf(...ROLES),
  status: oneOf(...USER_STATUSES),
  departmentId: nullable(int),
});

/** Binds authentication's account port to the users table. */
@Injectable()
export class UserAccounts implements AccountDirectory {
  constructor(private readonly db: TenantDb) {}

  async findByUsername(username: string): Promise<UserAccount | undefined> {
    const rows = await this.db.rows(ACCOUNT, `${ACCOUNT_SELECT} WHERE lower(u.username) = lower($2)`, [
      todayInBusinessZone(),
      username,
    ]);
    return rows[0];
  }

  async findById(id: number): Promise<UserAccount | undefined> {
    const rows = await this.db.rows(ACCOUNT, `${ACCOUNT_SELECT} WHERE u.id = $2`, [todayInBusinessZone(), id]);
    return rows[0];
  }

  async setPasswordHash(userId: number, passwordHash: string, expectedHash?: string): Promise<boolean> {
    // Compare-and-set on the hash, in the caller's transaction (the ambient TenantDb joins it).
    const updated = await this.db.execute(`UPDATE users SET password_hash = $2, updated_at = now()
        WHERE id = $1 AND ($3::text IS NULL OR password_hash = $3)`,
      [userId, passwordHash, expectedHash ?? null],
    );
    return updated > 0;
  }
}
