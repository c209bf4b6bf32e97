import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, int, nullable, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

defineConstraintMessages({
  uq_activity_types_code: 'Код активности с таким обозначением уже существует',
  uq_activity_types_code_ci: 'Код активности с таким обозначением уже существует',
  ck_activity_types_code_not_blank: 'Код активности не может быть пустым',
  ck_activity_types_color: 'Цвет должен быть в формате #RRGGBB',
});

const COLUMNS = `id, code, name, allow_schedule AS "allowSchedule", color_code AS "colorCode",
  display_order AS "displayOrder", description`;

const ACTIVITY_TYPE = rowShape({
  id: int,
  code: text,
  name: text,
  allowSchedule: bool,
  colorCode: nullable(text),
  displayOrder: int,
  description: nullable(text),
});

export type ActivityTypeRow = RowType<typeof ACTIVITY_TYPE>;
export type ActivityTypeValues = Omit<ActivityTypeRow, 'id'>;

/** SQL over `activity_types`: the codes of academic-calendar days. */
@Injectable()
export class ActivityTypesRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<ActivityTypeRow[]> {
    return this.db.rows(ACTIVITY_TYPE, `SELECT ${COLUMNS} FROM activity_types ORDER BY display_order, code, id`);
  }

  async findById(id: number): Promise<ActivityTypeRow | undefined> {
    return (await this.db.rows(ACTIVITY_TYPE, `SELECT ${COLUMNS} FROM activity_types WHERE id = $1`, [id]))[0];
  }

  async codeTaken(code: string, exceptId = 0): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM activity_types WHERE lower(code) = lower($1) AND id <> $2`, [code, exceptId])) > 0;
  }

  async insert(values: ActivityTypeValues): Promise<ActivityTypeRow> {
    const rows = await this.db.rows(ACTIVITY_TYPE,
      `INSERT INTO activity_types (code, name, allow_schedule, color_code, display_order, description)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [values.code, values.name, values.allowSchedule, values.colorCode, values.displayOrder, values.description],
    );
    return rows[0];
  }

  async update(id: number, values: ActivityTypeValues): Promise<ActivityTypeRow | undefined> {
    const rows = await this.db.rows(ACTIVITY_TYPE,
      `UPDATE activity_types SET code = $2, name = $3, allow_schedule = $4, color_code = $5, display_order = $6, description = $7
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, values.code, values.name, values.allowSchedule, values.colorCode, values.displayOrder, values.description],
    );
    return rows[0];
  }

  /** Locks the code until commit, so that no calendar day starts using it meanwhile. */
  async lockForChange(id: number): Promise<ActivityTypeRow | undefined> {
    return (await this.db.rows(ACTIVITY_TYPE, `SELECT ${COLUMNS} FROM activity_types WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM activity_types WHERE id = $1`, [id]);
  }
}
