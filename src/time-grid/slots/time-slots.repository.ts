import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { int, oneOf, rowShape, RowType, text, time } from '../../platform/database/row-shape';
import { SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { GRID_APPLY_MODES } from '../scopes/dto/grid-scope.dto';
import { SCOPE_ORDER } from '../scopes/grid-scopes.repository';

defineConstraintMessages({
  uq_time_slots_scope_order: 'В этой сетке уже есть пара с таким номером',
  ex_time_slots_overlap: 'Время пары пересекается с другой парой этой сетки',
  ck_time_slots_duration: 'Пара должна заканчиваться позже начала не менее чем на минуту',
  ck_time_slots_order_number: 'Номер пары должен быть от 1 до 20',
  fk_time_slots_scope: 'Сетка не найдена: возможно, её только что удалили',
});

export interface SlotFields {
  scopeId: number;
  orderNumber: number;
  startTime: string;
  endTime: string;
}

const COLUMNS = `t.id, t.order_number AS "orderNumber", t.scope_id AS "scopeId", s.name AS "scopeName",
  s.apply_mode AS "scopeApplyMode", t.start_time::text AS "startTime", t.end_time::text AS "endTime"`;
/** A slot with its grid, as stored. */
const TIME_SLOT = rowShape({
  id: int, orderNumber: int, scopeId: int, scopeName: text, scopeApplyMode: oneOf(...GRID_APPLY_MODES), startTime: time, endTime: time,
});

export type TimeSlotRow = RowType<typeof TIME_SLOT>;

/** SQL over `time_slots`. */
@Injectable()
export class TimeSlotsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Slots of one grid or of all grids, grid by grid (base, Saturday, manual by name), then by number. */
  list(scopeId?: number): Promise<TimeSlotRow[]> {
    const params = new SqlParams();
    const where = scopeId === undefined ? '' : `WHERE t.scope_id = ${params.add(scopeId)}`;
    return this.db.rows(TIME_SLOT,
      `SELECT ${COLUMNS} FROM time_slots t JOIN time_grid_scopes s ON s.id = t.scope_id ${where}
        ORDER BY ${SCOPE_ORDER}, t.order_number`,
      params.values,
    );
  }

  async findById(id: number, lock = false): Promise<TimeSlotRow | undefined> {
    const [row] = await this.db.rows(TIME_SLOT, `SELECT ${COLUMNS} FROM time_slots t JOIN time_grid_scopes s ON s.id = t.scope_id WHERE t.id = $1
       ${lock ? 'FOR UPDATE OF t' : ''}`,
      [id],
    );
    return row;
  }

  /**
   * Slots of the grid that would clash with `fields`: the same order number, or an interval that
   * overlaps the half-open [start, end) (touching ends do not count). `exceptId` is the slot itself.
   */
  clashes(fields: SlotFields, exceptId = 0): Promise<TimeSlotRow[]> {
    return this.db.rows(TIME_SLOT, `SELECT ${COLUMNS} FROM time_slots t JOIN time_grid_scopes s ON s.id = t.scope_id
        WHERE t.scope_id = $1 AND t.id <> $5
          AND (t.order_number = $2 OR (t.start_time < $4::time AND t.end_time > $3::time))
        ORDER BY t.order_number`,
      [fields.scopeId, fields.orderNumber, fields.startTime, fields.endTime, exceptId],
    );
  }

  async insert(fields: SlotFields): Promise<TimeSlotRow> {
    const [row] = await this.db.rows(TIME_SLOT, `WITH t AS (
         INSERT INTO time_slots (scope_id, order_number, start_time, end_time) VALUES ($1, $2, $3, $4) RETURNING *)
       SELECT ${COLUMNS} FROM t JOIN time_grid_scopes s ON s.id = t.scope_id`,
      [fields.scopeId, fields.orderNumber, fields.startTime, fields.endTime],
    );
    return row;
  }

  async update(id: number, fields: SlotFields): Promise<TimeSlotRow> {
    const [row] = await this.db.rows(TIME_SLOT, `WITH t AS (
         UPDATE time_slots SET scope_id = $2, order_number = $3, start_time = $4, end_time = $5, updated_at = now()
          WHERE id = $1 RETURNING *)
       SELECT ${COLUMNS} FROM t JOIN time_grid_scopes s ON s.id = t.scope_id`,
      [id, fields.scopeId, fields.orderNumber, fields.startTime, fields.endTime],
    );
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM time_slots WHERE id = $1`, [id]);
  }
}
