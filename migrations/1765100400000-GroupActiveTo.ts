import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last day a study group was active (issue 53, «the archive through every reader»): archiving a
 * group from a date keeps its lessons given before that date in the workload reports and the
 * department's search, which count a group for a lesson dated while it was active. NULL: no end.
 *
 * A group archived before this column: its last active day is the day of `archived_at` in the
 * university's time zone, the same day an archive without a date records today (its rules end from
 * the next day). The zone is the one the university stored, else the service's fallback (Moscow): the
 * operator's tenant entry is not visible to a migration; at worst a group archived around midnight
 * keeps or loses that one day.
 */
export class GroupActiveTo1765100400000 implements MigrationInterface {
  name = 'GroupActiveTo1765100400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE study_groups ADD COLUMN active_to date`);
    await db.query(`
      UPDATE study_groups
         SET active_to = (archived_at AT TIME ZONE COALESCE((SELECT time_zone FROM university_settings WHERE singleton), 'Europe/Moscow'))::date
       WHERE status = 'ARCHIVED' AND archived_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE study_groups DROP COLUMN active_to`);
  }
}
