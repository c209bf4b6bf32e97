import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, ID_ROW, int, oneOf, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { GRID_APPLY_MODES } from './dto/grid-scope.dto';

export const GRID_NAME_TAKEN = 'Сетка с таким названием уже существует';

defineConstraintMessages({
  uq_time_grid_scopes_name: GRID_NAME_TAKEN,
  uq_time_grid_scopes_automatic: 'Основная и субботняя сетки существуют в единственном экземпляре',
  ck_time_grid_scopes_name_not_blank: 'Название сетки не может быть пустым',
});

const GRID_SCOPE_FIELDS = { id: int, name: text, applyMode: oneOf(...GRID_APPLY_MODES), slotCount: int };
/** A grid (scope) with the number of its slots. */
const GRID_SCOPE = rowShape(GRID_SCOPE_FIELDS);
const CANDIDATE_SCOPE = rowShape({ ...GRID_SCOPE_FIELDS, assigned: bool });

export type GridScopeRow = RowType<typeof GRID_SCOPE>;

const COLUMNS = `s.id, s.name, s.apply_mode AS "applyMode",
  (SELECT count(*)::int FROM time_slots t WHERE t.scope_id = s.id) AS "slotCount"`;

/** Base grid first, then Saturday, then manual grids by name. */
export const SCOPE_ORDER = `CASE s.apply_mode WHEN 'DEFAULT' THEN 0 WHEN 'SATURDAY' THEN 1 ELSE 2 END, lower(s.name), s.id`;

/** SQL over `time_grid_scopes`; deleting a grid also removes its slots and date assignments. */
@Injectable()
export class GridScopesRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<GridScopeRow[]> {
    return this.db.rows(GRID_SCOPE, `SELECT ${COLUMNS} FROM time_grid_scopes s ORDER BY ${SCOPE_ORDER}`);
  }

  async findById(id: number): Promise<GridScopeRow | undefined> {
    const [row] = await this.db.rows(GRID_SCOPE, `SELECT ${COLUMNS} FROM time_grid_scopes s WHERE s.id = $1`, [id]);
    return row;
  }

  /**
   * Locks grids FOR UPDATE in id order (no deadlocks between two moves): every change of a grid's
   * slots holds its lock, so checks for clashes inside the grid see a settled set of slots.
   */
  async lockForChange(ids: readonly number[]): Promise<Map<number, GridScopeRow>> {
    const rows = await this.db.rows(GRID_SCOPE, `SELECT ${COLUMNS} FROM time_grid_scopes s WHERE s.id = ANY($1::int[]) ORDER BY s.id FOR UPDATE`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Reads a grid and holds FOR KEY SHARE until commit, so it cannot be deleted meanwhile. */
  async lockForReference(id: number): Promise<GridScopeRow | undefined> {
    const [row] = await this.db.rows(GRID_SCOPE, `SELECT ${COLUMNS} FROM time_grid_scopes s WHERE s.id = $1 FOR KEY SHARE`, [id]);
    return row;
  }

  /**
   * The grids that can apply on `date`: the base and Saturday grids and the manual grid assigned to
   * the date, if any (`assigned` true), each with its slot count. One query.
   */
  candidatesOn(date: string): Promise<RowType<typeof CANDIDATE_SCOPE>[]> {
    return this.db.rows(CANDIDATE_SCOPE,
      `WITH assigned AS (SELECT scope_id FROM time_grid_date_assignments WHERE assignment_date = $1)
       SELECT ${COLUMNS}, s.id IN (SELECT scope_id FROM assigned) AS assigned
         FROM time_grid_scopes s
        WHERE s.apply_mode <> 'MANUAL' OR s.id IN (SELECT scope_id FROM assigned)`,
      [date],
    );
  }

  async nameTaken(name: string, exceptId = 0): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM time_grid_scopes WHERE lower(name) = lower($1) AND id <> $2`, [name, exceptId])) > 0;
  }

  async insertManual(name: string): Promise<GridScopeRow> {
    const [row] = await this.db.rows(GRID_SCOPE,
      `INSERT INTO time_grid_scopes (name, apply_mode) VALUES ($1, 'MANUAL')
       RETURNING id, name, apply_mode AS "applyMode", 0 AS "slotCount"`,
      [name],
    );
    return row;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.execute(`UPDATE time_grid_scopes SET name = $2 WHERE id = $1`, [id, name]);
  }

  /** Ids of the grid's slots (to check the schedule's references before the grid goes). */
  async slotIds(id: number): Promise<number[]> {
    const rows = await this.db.rows(ID_ROW, `SELECT id FROM time_slots WHERE scope_id = $1`, [id]);
    return rows.map((row) => row.id);
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM time_grid_date_assignments WHERE scope_id = $1`, [id]);
    await this.db.execute(`DELETE FROM time_slots WHERE scope_id = $1`, [id]);
    await this.db.execute(`DELETE FROM time_grid_scopes WHERE id = $1`, [id]);
  }
}
