import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A university's own rules of a good timetable (issue 54 §3): the weight of each penalty of the
 * quality report, the day limits, and what the solver treats as hard. One row per university
 * database; `settings` holds only what the office changed (the defaults live in the code, so a
 * later default reaches every university that did not choose otherwise).
 */
export class SolverSettings1765000400000 implements MigrationInterface {
  name = 'SolverSettings1765000400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedule_solver_settings (
        singleton   boolean PRIMARY KEY DEFAULT true,
        settings    jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_by  integer REFERENCES users(id) ON DELETE SET NULL,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT schedule_solver_settings_singleton_check CHECK (singleton),
        CONSTRAINT schedule_solver_settings_object_check CHECK (jsonb_typeof(settings) = 'object')
      )`);
    await db.query(`INSERT INTO schedule_solver_settings DEFAULT VALUES`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE schedule_solver_settings`);
  }
}
