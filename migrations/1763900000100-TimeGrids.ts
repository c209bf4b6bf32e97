import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Time grids (bell schedules): the slots of each grid and the dates on which a manual grid applies.
 * The grid scopes themselves (with the seeded base and Saturday grids) come from the foundation.
 */
export class TimeGrids1763900000100 implements MigrationInterface {
  name = 'TimeGrids1763900000100';

  async up(db: QueryRunner): Promise<void> {
    // Grid names are unique case-insensitively; (id, apply_mode) is the target of the two-column
    // foreign key that lets date assignments point at manual grids only.
    await db.query(`CREATE UNIQUE INDEX uq_time_grid_scopes_name ON time_grid_scopes (lower(name))`);
    await db.query(`ALTER TABLE time_grid_scopes ADD CONSTRAINT uq_time_grid_scopes_id_mode UNIQUE (id, apply_mode)`);

    // A slot is a half-open interval [start_time, end_time) of one grid. The exclusion constraint
    // compares the intervals on a fixed day (date + time is immutable), so adjacent slots do not clash.
    await db.query(`
      CREATE TABLE time_slots (
        id            serial PRIMARY KEY,
        scope_id      integer NOT NULL,
        order_number  integer NOT NULL,
        start_time    time(0) NOT NULL,
        end_time      time(0) NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_time_slots_scope FOREIGN KEY (scope_id) REFERENCES time_grid_scopes (id),
        CONSTRAINT ck_time_slots_order_number CHECK (order_number BETWEEN 1 AND 20),
        CONSTRAINT ck_time_slots_duration CHECK (end_time - start_time >= interval '1 minute'),
        CONSTRAINT uq_time_slots_scope_order UNIQUE (scope_id, order_number),
        CONSTRAINT ex_time_slots_overlap EXCLUDE USING gist (
          scope_id WITH =,
          tsrange(DATE '2000-01-01' + start_time, DATE '2000-01-01' + end_time, '[)') WITH &&
        )
      )`);

    await db.query(`
      CREATE TABLE time_grid_date_assignments (
        id               serial PRIMARY KEY,
        assignment_date  date NOT NULL,
        scope_id         integer NOT NULL,
        scope_mode       varchar(16) NOT NULL DEFAULT 'MANUAL',
        created_at       timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_time_grid_date_assignments_date UNIQUE (assignment_date),
        CONSTRAINT ck_time_grid_date_assignments_manual CHECK (scope_mode = 'MANUAL'),
        CONSTRAINT fk_time_grid_date_assignments_scope FOREIGN KEY (scope_id, scope_mode)
          REFERENCES time_grid_scopes (id, apply_mode)
      )`);
    await db.query(`CREATE INDEX ix_time_grid_date_assignments_scope ON time_grid_date_assignments (scope_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS time_grid_date_assignments`);
    await db.query(`DROP TABLE IF EXISTS time_slots`);
    await db.query(`ALTER TABLE time_grid_scopes DROP CONSTRAINT IF EXISTS uq_time_grid_scopes_id_mode`);
    await db.query(`DROP INDEX IF EXISTS uq_time_grid_scopes_name`);
  }
}
