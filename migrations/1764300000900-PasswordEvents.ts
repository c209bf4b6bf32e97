import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail of password changes: who set whose password, when, and how (the user's own change
 * or an administrator's reset). Never the password or its hash. Users are archived, never deleted,
 * so the references stay valid; RESTRICT keeps a manual clean-up from erasing the trail silently.
 */
export class PasswordEvents1764300000900 implements MigrationInterface {
  name = 'PasswordEvents1764300000900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE password_events (
        id         serial PRIMARY KEY,
        user_id    integer NOT NULL,
        actor_id   integer NOT NULL,
        kind       varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_password_events_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT fk_password_events_actor FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE RESTRICT,
        CONSTRAINT ck_password_events_kind CHECK (kind IN ('CHANGE', 'RESET')),
        CONSTRAINT ck_password_events_change_is_own CHECK (kind <> 'CHANGE' OR actor_id = user_id)
      )`);
    await db.query(`CREATE INDEX ix_password_events_user ON password_events (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS password_events`);
  }
}
