import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People whose lessons change are told without subscribing (issue 45 §3): a teacher of every change
 * to a lesson they teach or are given, a student of every change to their group's lessons. A user
 * without a row here has both channels on; the row records that they turned one off. An e-mail item
 * of such a notification names no subscription (its unsubscribe link turns the setting off instead).
 */
export class OwnLessonNotifications1764700200000 implements MigrationInterface {
  name = 'OwnLessonNotifications1764700200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notification_settings (
        user_id             integer PRIMARY KEY,
        own_lessons_in_app  boolean NOT NULL DEFAULT true,
        own_lessons_email   boolean NOT NULL DEFAULT true,
        updated_at          timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_notification_settings_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await db.query(`ALTER TABLE email_items ALTER COLUMN subscription_id DROP NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM email_items WHERE subscription_id IS NULL`);
    await db.query(`ALTER TABLE email_items ALTER COLUMN subscription_id SET NOT NULL`);
    await db.query(`DROP TABLE notification_settings`);
  }
}
