import { Injectable } from '@nestjs/common';
import { ID_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/**
 * What other features may know of study groups they refer to (issue 42: through this index, never
 * the `study_groups` table): which of a batch of ids name a group, in one query.
 */
@Injectable()
export class StudyGroups {
  constructor(private readonly db: TenantDb) {}

  /** The ids among `ids` that name a group (archived ones too). */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = await this.db.rows(ID_ROW, `SELECT id FROM study_groups WHERE id = ANY($1::int[])`, [unique]);
    return new Set(rows.map((row) => row.id));
  }
}
