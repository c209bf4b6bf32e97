import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Anonymous starts of a sign-in through the university's provider are limited (issue 52 §4): each
 * stored attempt keeps when it began and the hash of the client address that began it, so the starts
 * of one address within a minute are counted, and the oldest attempts go first when a university's
 * stored attempts reach their cap. Attempts stored before this change count as begun now.
 */
export class SsoLoginStarts1764900500000 implements MigrationInterface {
  name = 'SsoLoginStarts1764900500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE sso_login_attempts
        ADD COLUMN created_at   timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN address_hash char(64)`);
    await db.query(`CREATE INDEX ix_sso_login_attempts_address ON sso_login_attempts (address_hash, created_at)`);
    await db.query(`CREATE INDEX ix_sso_login_attempts_created ON sso_login_attempts (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_sso_login_attempts_created`);
    await db.query(`DROP INDEX ix_sso_login_attempts_address`);
    await db.query(`ALTER TABLE sso_login_attempts DROP COLUMN address_hash, DROP COLUMN created_at`);
  }
}
