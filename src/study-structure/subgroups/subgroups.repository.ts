import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { ID_ROW, int, rowShape, RowType, text, TOTAL_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { SqlParams } from '../../platform/database/sql';
import { PlannedSubgroup } from './division';

defineConstraintMessages({
  uq_subgroups_name: 'В группе уже есть подгруппа с таким названием',
  fk_subgroups_group: 'Группа не найдена',
});

const SUBGROUP_SELECT = `
  SELECT sg.id, sg.group_id AS "groupId", g.name AS "groupName", sg.name, sg.student_capacity AS "studentCapacity"
    FROM subgroups sg
    JOIN study_groups g ON g.id = sg.group_id`;
const SUBGROUP_ROW = rowShape({ id: int, groupId: int, groupName: text, name: text, studentCapacity: int });

export type SubgroupRow = RowType<typeof SUBGROUP_ROW>;

const BY_GROUP_AND_NAME = `lower(g.name), g.id, lower(sg.name), sg.id`;

/** SQL over `subgroups`. Changes run inside the transaction that holds the group's row lock. */
@Injectable()
export class SubgroupsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Subgroups of the given groups (all when undefined), optionally only of one department's groups. */
  list(groupIds: number[] | undefined, departmentId: number | undefined): Promise<SubgroupRow[]> {
    const params = new SqlParams();
    const where: string[] = [];
    if (groupIds !== undefined) where.push(`sg.group_id = ANY(${params.add(groupIds)}::int[])`);
    if (departmentId !== undefined) where.push(`g.department_id = ${params.add(departmentId)}`);
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return this.db.rows(SUBGROUP_ROW, `${SUBGROUP_SELECT} ${whereSql} ORDER BY ${BY_GROUP_AND_NAME}`, params.values);
  }

  async ofGroup(groupId: number): Promise<SubgroupRow[]> {
    const sql = `${SUBGROUP_SELECT} WHERE sg.group_id = $1 ORDER BY ${BY_GROUP_AND_NAME}`;
    return this.db.rows(SUBGROUP_ROW, sql, [groupId]);
  }

  async find(groupId: number, id: number): Promise<SubgroupRow | undefined> {
    return (await this.db.rows(SUBGROUP_ROW, `${SUBGROUP_SELECT} WHERE sg.id = $1 AND sg.group_id = $2`, [id, groupId]))[0];
  }

  /** Total capacity of the group's subgroups, leaving one out (when updating or deleting it). */
  async totalCapacity(groupId: number, exceptId = 0): Promise<number> {
    const rows = await this.db.rows(TOTAL_ROW, `SELECT coalesce(sum(student_capacity), 0)::int AS total FROM subgroups WHERE group_id = $1 AND id <> $2`,
      [groupId, exceptId],
    );
    return rows[0].total;
  }

  async nameTaken(groupId: number, name: string, exceptId = 0): Promise<boolean> {
    const found = await this.db.execute(`SELECT 1 FROM subgroups WHERE group_id = $1 AND lower(name) = lower($2) AND id <> $3`, [
      groupId,
      name,
      exceptId,
    ]);
    return found > 0;
  }

  async insert(groupId: number, subgroup: PlannedSubgroup): Promise<number> {
    const rows = await this.db.rows(ID_ROW, `INSERT INTO subgroups (group_id, name, student_capacity) VALUES ($1, $2, $3) RETURNING id`,
      [groupId, subgroup.name, subgroup.studentCapacity],
    );
    return rows[0].id;
  }

  async update(id: number, subgroup: PlannedSubgroup): Promise<void> {
    await this.db.execute(`UPDATE subgroups SET name = $2, student_capacity = $3, updated_at = now() WHERE id = $1`, [
      id,
      subgroup.name,
      subgroup.studentCapacity,
    ]);
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.execute(`DELETE FROM subgroups WHERE id = ANY($1::int[])`, [ids]);
  }
}
