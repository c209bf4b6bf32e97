import { Injectable } from '@nestjs/common';
import { int, rowShape, RowType, time } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

const BASE_PAIR = rowShape({ id: int, orderNumber: int, startTime: time, endTime: time });

/** A pair of the base grid: its slot id, number and times (`HH:MM:SS`). */
export type BasePair = RowType<typeof BASE_PAIR>;

/**
 * What other features may know of the bell schedule's base grid (issue 42: through this index, never
 * the `time_slots` table): its pairs, in one query.
 */
@Injectable()
export class BasePairs {
  constructor(private readonly db: TenantDb) {}

  /** The pairs of the base grid (the DEFAULT scope), by number. */
  list(): Promise<BasePair[]> {
    return this.db.rows(BASE_PAIR,
      `SELECT ts.id, ts.order_number AS "orderNumber", ts.start_time::text AS "startTime", ts.end_time::text AS "endTime"
         FROM time_slots ts JOIN time_grid_scopes sc ON sc.id = ts.scope_id
        WHERE sc.apply_mode = 'DEFAULT'
        ORDER BY ts.order_number`,
    );
  }
}
