import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the solver may not move (issues 53 and 54 §1). A job records the date from which it may move
 * lessons (`from_date`; lessons before it are given and stay); the draft it writes remembers that
 * date as its publication's default (`solver_from_date`). The office's locks are stored per version,
 * one row of id lists: rules, groups, teachers, rooms and departments whose rules the solver keeps
 * where they are. Only additions: no existing row changes meaning.
 */
export class SolverFromDateAndLocks1765000000000 implements MigrationInterface {
  name = 'SolverFromDateAndLocks1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE schedule_optimization_jobs ADD COLUMN from_date date, ADD COLUMN version_locks jsonb`);
    await db.query(`ALTER TABLE schedule_versions ADD COLUMN solver_from_date date`);
    await db.query(`
      CREATE TABLE schedule_version_locks (
        version_id     integer PRIMARY KEY,
        rule_ids       integer[] NOT NULL DEFAULT '{}',
        group_ids      integer[] NOT NULL DEFAULT '{}',
        teacher_ids    integer[] NOT NULL DEFAULT '{}',
        classroom_ids  integer[] NOT NULL DEFAULT '{}',
        department_ids integer[] NOT NULL DEFAULT '{}',
        updated_by     integer,
        updated_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_schedule_version_locks_version FOREIGN KEY (version_id) REFERENCES schedule_versions (id) ON DELETE CASCADE,
        CONSTRAINT fk_schedule_version_locks_updated_by FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE schedule_version_locks`);
    await db.query(`ALTER TABLE schedule_versions DROP COLUMN solver_from_date`);
    await db.query(`ALTER TABLE schedule_optimization_jobs DROP COLUMN from_date, DROP COLUMN version_locks`);
  }
}
