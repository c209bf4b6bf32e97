import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A student's own group (issue 45 §6): the group a student's account belongs to, so the student's page
 * opens on it on any device instead of a choice remembered by one browser. At most one per user; a
 * group with students cannot be deleted (groups are archived, not deleted), and a user's row goes with
 * the user.
 */
export class StudentGroups1764700300000 implements MigrationInterface {
  name = 'StudentGroups1764700300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE student_groups (
        user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        group_id   integer NOT NULL REFERENCES study_groups (id),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX ix_student_groups_group ON student_groups (group_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE student_groups`);
  }
}
