import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The login throttle against password spraying (issue 46 §4): per client address, the distinct
 * usernames whose sign-in failed from it within the window (a hash of each, never the name: people
 * type passwords into the name field), and the address's block. Times are the database's clock. A
 * window's and a block's rows are deleted once they expire; the indexes serve those deletions.
 */
export class LoginAddressThrottle1764700000000 implements MigrationInterface {
  name = 'LoginAddressThrottle1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE login_address_failures (
        address        varchar(64) NOT NULL,
        username_hash  bytea NOT NULL,
        failed_at      timestamptz NOT NULL,
        PRIMARY KEY (address, username_hash)
      )`);
    await db.query(`CREATE INDEX ix_login_address_failures_failed_at ON login_address_failures (failed_at)`);
    await db.query(`
      CREATE TABLE login_address_blocks (
        address        varchar(64) PRIMARY KEY,
        blocked_until  timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX ix_login_address_blocks_until ON login_address_blocks (blocked_until)`);
    await db.query(`CREATE INDEX ix_login_throttle_last_failure ON login_throttle (last_failure_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS ix_login_throttle_last_failure`);
    await db.query(`DROP TABLE IF EXISTS login_address_blocks`);
    await db.query(`DROP TABLE IF EXISTS login_address_failures`);
  }
}
