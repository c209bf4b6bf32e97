import { Injectable } from '@nestjs/common';
import { int, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

const STUDENT_GROUP = rowShape({ groupId: int, groupName: text });

/** `student_groups`: the group a student's account belongs to (at most one per user). */
@Injectable()
export class StudentGroupsRepository {
  constructor(private readonly db: TenantDb) {}

  async groupOf(userId: number): Promise<{ groupId: number; groupName: string } | undefined> {
    const rows = await this.db.rows(
      STUDENT_GROUP,
      `SELECT g.id AS "groupId", g.name AS "groupName" FROM student_groups s JOIN study_groups g ON g.id = s.group_id WHERE s.user_id = $1`,
      [userId],
    );
    return rows[0];
  }

  async set(userId: number, groupId: number): Promise<void> {
    await this.db.execute(
      `INSERT INTO student_groups (user_id, group_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET group_id = EXCLUDED.group_id, updated_at = now()`,
      [userId, groupId],
    );
  }

  async remove(userId: number): Promise<void> {
    await this.db.execute(`DELETE FROM student_groups WHERE user_id = $1`, [userId]);
  }
}
