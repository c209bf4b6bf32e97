import { Injectable } from '@nestjs/common';
import { Role, ROLES } from '../platform/auth/roles';
import { ID_ROW, oneOf, rowShape, TOTAL_ROW } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { todayInBusinessZone } from '../platform/http/dates';
import { UserSort } from './dto/user-queries.dto';
import { USER_STATUSES } from './dto/user.dto';
import { UserStatus } from './user-status';
import { SqlParams } from '../platform/database/sql';
import { BY_FULL_NAME, matchesText, USER_ROW, userSelect, UserRow } from './user-rows';

export interface UserFilter {
  query?: string;
  role?: Role;
  departmentId?: number;
  includeArchived: boolean;
}

export interface UserOrder {
  sort: UserSort;
  direction: 'asc' | 'desc';
}

const SORT_KEYS: Record<UserSort, string> = {
  fullName: 'lower(u.full_name)',
  username: 'lower(u.username)',
  role: 'u.role',
  status: 'u.status',
};

const STATUS = rowShape({ status: oneOf(...USER_STATUSES) });
const ROLE_AND_STATUS = rowShape({ role: oneOf(...ROLES), status: oneOf(...USER_STATUSES) });

export interface NewUser {
  username: string;
  passwordHash: string;
  role: Role;
  fullName: string;
  jobTitle: string;
}

/** SQL over `users` for administration; lists are one query each, pages one more for the count. */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: TenantDb) {}

  async listActive(): Promise<UserRow[]> {
    const params = new SqlParams();
    const sql = `${userSelect(params, todayInBusinessZone())} WHERE u.status = 'ACTIVE' ORDER BY ${BY_FULL_NAME}`;
    return this.db.rows(USER_ROW, sql, params.values);
  }

  async page(filter: UserFilter, order: UserOrder, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    const params = new SqlParams();
    const select = userSelect(params, todayInBusinessZone());
    const where: string[] = [];
    if (!filter.includeArchived) where.push(`u.status = 'ACTIVE'`);
    if (filter.query) where.push(matchesText(params, filter.query));
    if (filter.role) where.push(`u.role = ${params.add(filter.role)}`);
    if (filter.departmentId !== undefined) where.push(`pa.department_id = ${params.add(filter.departmentId)}`);
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const countValues = [...params.values];

    const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
    const pageSql = `${select} ${whereSql}
      ORDER BY ${SORT_KEYS[order.sort]} ${direction}, u.id ASC
      LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    const countSql = `SELECT count(*) AS total FROM (${select} ${whereSql}) AS matching`;
    const [rows, counted] = await Promise.all([
      this.db.rows(USER_ROW, pageSql, params.values),
      this.db.rows(TOTAL_ROW, countSql, countValues),
    ]);
    return { rows, total: counted[0].total };
  }

  /** False when there is no such user. */
  async setEmail(id: number, email: string | null): Promise<boolean> {
    return (await this.db.execute(`UPDATE users SET email = $2 WHERE id = $1 RETURNING id`, [id, email])) > 0;
  }

  async findRow(id: number): Promise<UserRow | undefined> {
    const params = new SqlParams();
    const sql = `${userSelect(params, todayInBusinessZone())} WHERE u.id = ${params.add(id)}`;
    return (await this.db.rows(USER_ROW, sql, params.values))[0];
  }

  /** The active teacher with this login (case-insensitive), if any. */
  async activeTeacherByUsername(username: string): Promise<UserRow | undefined> {
    const params = new SqlParams();
    const sql = `${userSelect(params, todayInBusinessZone())} WHERE lower(u.username) = lower(${params.add(username)}) AND u.role = 'TEACHER' AND u.status = 'ACTIVE'`;
    return (await this.db.rows(USER_ROW, sql, params.values))[0];
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM users WHERE lower(username) = lower($1)`, [username])) > 0;
  }

  /** Whether any account (archived ones included) has this e-mail address, whatever its case. */
  async emailTaken(email: string): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email])) > 0;
  }

  async statusOf(id: number): Promise<UserStatus | undefined> {
    const rows = await this.db.rows(STATUS, `SELECT status FROM users WHERE id = $1`, [id]);
    return rows[0]?.status;
  }

  async update(id: number, fields: { fullName: string; jobTitle: string; role: Role }): Promise<void> {
    await this.db.execute(`UPDATE users SET full_name = $2, job_title = $3, role = $4, updated_at = now() WHERE id = $1`, [id, fields.fullName, fields.jobTitle, fields.role]);
  }

  /** Locks the user row until commit: department changes of one user run one at a time. */
  async lock(id: number): Promise<{ role: Role; status: UserStatus } | undefined> {
    const rows = await this.db.rows(ROLE_AND_STATUS, `SELECT role, status FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  async insert(user: NewUser): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO users (username, password_hash, role, full_name, job_title) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [user.username, user.passwordHash, user.role, user.fullName, user.jobTitle],
    );
    return row.id;
  }

  /** Archives an active user; an archived one keeps its original archived_at. */
  async archive(id: number): Promise<void> {
    await this.db.execute(
      `UPDATE users SET status = 'ARCHIVED', archived_at = now(), updated_at = now() WHERE id = $1 AND status = 'ACTIVE'`,
      [id],
    );
  }

  async restore(id: number): Promise<void> {
    await this.db.execute(
      `UPDATE users SET status = 'ACTIVE', archived_at = NULL, updated_at = now() WHERE id = $1 AND status = 'ARCHIVED'`,
      [id],
    );
  }
}
