import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { NAMED_ROW, RowType } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

defineConstraintMessages({
  uq_education_forms_name: 'Форма обучения с таким названием уже существует',
});


export type EducationFormRow = RowType<typeof NAMED_ROW>;

/** SQL over `education_forms`. */
@Injectable()
export class EducationFormsRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<EducationFormRow[]> {
    return this.db.rows(NAMED_ROW, `SELECT id, name FROM education_forms ORDER BY lower(name), id`);
  }

  async nameTaken(name: string): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM education_forms WHERE lower(name) = lower($1)`, [name])) > 0;
  }

  async insert(name: string): Promise<EducationFormRow> {
    return (await this.db.rows(NAMED_ROW, `INSERT INTO education_forms (name) VALUES ($1) RETURNING id, name`, [name]))[0];
  }

  /** Locks the form until commit: a group being saved with it meanwhile either is counted or fails. */
  async lockForChange(id: number): Promise<EducationFormRow | undefined> {
    return (await this.db.rows(NAMED_ROW, `SELECT id, name FROM education_forms WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM education_forms WHERE id = $1`, [id]);
  }
}
