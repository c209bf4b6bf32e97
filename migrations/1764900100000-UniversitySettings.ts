import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A university's own settings, kept in its own database (issue 55): the time zone its ADMIN chose.
 * One row; a NULL zone means "the one the operator's tenant entry or DEFAULT_TIME_ZONE gives".
 * Kept here rather than in the tenant store so it survives restarts whichever store the operator uses,
 * and so changing it needs no database password.
 */
export class UniversitySettings1764900100000 implements MigrationInterface {
  name = 'UniversitySettings1764900100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE university_settings (
        singleton   boolean PRIMARY KEY DEFAULT true,
        time_zone   text,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT university_settings_singleton_check CHECK (singleton),
        CONSTRAINT university_settings_time_zone_check CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64)
      )`);
    await db.query(`INSERT INTO university_settings DEFAULT VALUES`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE university_settings`);
  }
}
