import { Injectable } from '@nestjs/common';
import { ROLES, Role } from '../platform/auth/roles';
import { int, nullable, oneOf, rowShape, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';

const CONTACT = rowShape({ id: int, fullName: text, email: nullable(text) });
const USER_ROLE = rowShape({ id: int, role: oneOf(...ROLES) });

/** A user as other features show or reach them: the full name, and the e-mail address if any. */
export interface UserContact {
  fullName: string;
  email: string | null;
}

/**
 * What other features may know of users they refer to (issue 42: through this index, never the
 * `users` table): names, addresses and roles of a batch of users in one query, so a list asks once.
 */
@Injectable()
export class UserNames {
  constructor(private readonly db: TenantDb) {}

  /** Every user among `ids` (archived ones too) by id; ids with no user are left out. */
  async contacts(ids: readonly number[]): Promise<Map<number, UserContact>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.rows(CONTACT, `SELECT id, full_name AS "fullName", email FROM users WHERE id = ANY($1::int[])`, [unique]);
    return new Map(rows.map((row) => [row.id, { fullName: row.fullName, email: row.email }]));
  }

  /** The full names of `ids` by id. */
  async names(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map([...(await this.contacts(ids))].map(([id, contact]) => [id, contact.fullName]));
  }

  /** The role of every user among `ids` (archived ones too) by id; ids with no user are left out. */
  async roles(ids: readonly number[]): Promise<Map<number, Role>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.rows(USER_ROLE, `SELECT id, role FROM users WHERE id = ANY($1::int[])`, [unique]);
    return new Map(rows.map((row) => [row.id, row.role]));
  }
}
