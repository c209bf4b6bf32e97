import { Injectable } from '@nestjs/common';
import { bool, COUNT_ROW, int, NAMED_ROW, rowShape, RowType, text } from '../platform/database/row-shape';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { TenantDb } from '../platform/database/tenant-db';
import { referenceCountSql } from '../platform/database/usages';

defineConstraintMessages({
  uq_departments_name: 'Кафедра с таким названием уже существует',
  uq_departments_code: 'Кафедра с таким кодом уже существует',
});

const DEPARTMENT_ROW = rowShape({ id: int, name: text, code: int });
const CLASH = rowShape({ name_taken: bool, code_taken: bool });

/** A department as listed and answered: its columns without the timestamps. */
export type DepartmentRow = RowType<typeof DEPARTMENT_ROW>;
export type DepartmentRef = RowType<typeof NAMED_ROW>;

/** SQL over `departments`; the only place that reads or writes them. */
@Injectable()
export class DepartmentsRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<DepartmentRow[]> {
    return this.db.rows(DEPARTMENT_ROW, `SELECT id, name, code FROM departments ORDER BY lower(name), id`);
  }

  async findById(id: number): Promise<DepartmentRow | undefined> {
    return (await this.db.rows(DEPARTMENT_ROW, `SELECT id, name, code FROM departments WHERE id = $1`, [id]))[0];
  }

  /** The names of the departments among `ids`, by id; ids with no department are left out. */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.rows(NAMED_ROW, `SELECT id, name FROM departments WHERE id = ANY($1::int[])`, [unique]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Locks the row (FOR UPDATE) so that no assignment can start referring to it meanwhile. */
  async lockForChange(id: number): Promise<DepartmentRow | undefined> {
    return (await this.db.rows(DEPARTMENT_ROW, `SELECT id, name, code FROM departments WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  /**
   * Reads a department and holds FOR KEY SHARE until commit: a concurrent delete waits for the caller's
   * transaction, and then sees its new references.
   */
  async lockForReference(id: number): Promise<DepartmentRef | undefined> {
    const rows = await this.db.rows(NAMED_ROW, `SELECT id, name FROM departments WHERE id = $1 FOR KEY SHARE`, [id]);
    return rows[0];
  }

  /** Another department with the same name (case-insensitively) or code. */
  async findClash(name: string, code: number, exceptId?: number): Promise<{ nameTaken: boolean; codeTaken: boolean }> {
    const rows = await this.db.rows(CLASH,
      `SELECT coalesce(bool_or(lower(name) = lower($1)), false) AS name_taken,
              coalesce(bool_or(code = $2), false) AS code_taken
         FROM departments
        WHERE (lower(name) = lower($1) OR code = $2) AND id <> $3`,
      [name, code, exceptId ?? 0],
    );
    return { nameTaken: rows[0].name_taken, codeTaken: rows[0].code_taken };
  }

  async insert(name: string, code: number): Promise<DepartmentRow> {
    const rows = await this.db.rows(DEPARTMENT_ROW, `INSERT INTO departments (name, code) VALUES ($1, $2) RETURNING id, name, code`, [name, code]);
    return rows[0];
  }

  /** The changed row, or undefined when it was deleted meanwhile. */
  async update(id: number, name: string, code: number): Promise<DepartmentRow | undefined> {
    const rows = await this.db.rows(DEPARTMENT_ROW,
      `UPDATE departments SET name = $2, code = $3, updated_at = now() WHERE id = $1 RETURNING id, name, code`,
      [id, name, code],
    );
    return rows[0];
  }

  /** How many user assignments (of any period) refer to the department, as the users feature declares them. */
  async countAssignments(id: number): Promise<number> {
    const sql = referenceCountSql('department');
    if (!sql) return 0;
    const rows = await this.db.rows(COUNT_ROW, sql, [[id]]);
    return rows[0].count;
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM departments WHERE id = $1`, [id]);
  }
}
