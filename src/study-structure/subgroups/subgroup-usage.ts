import { Injectable } from '@nestjs/common';
import { ID_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { referredAmongSql } from '../../platform/database/usages';

/** Where the schedule refers to subgroups, as it declares its `subgroup` references; every subgroup deletion honours them. */
@Injectable()
export class SubgroupUsage {
  constructor(private readonly db: TenantDb) {}

  /** The ids among `subgroupIds` that the schedule uses. */
  async usedAmong(subgroupIds: number[]): Promise<Set<number>> {
    const sql = referredAmongSql('subgroup');
    if (!sql || subgroupIds.length === 0) return new Set();
    const rows = await this.db.rows(ID_ROW, sql, [subgroupIds]);
    return new Set(rows.map((row) => row.id));
  }
}
