import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Timetable optimization jobs (issue 43): «Составить расписание» and «Исправить расписание» run as
 * jobs in the tenant's database, so every instance sees them and exactly one runs each. A semester
 * has at most one job waiting or running: the partial unique index is the last guard when two
 * offices press the button at the same moment. The running instance writes its progress and a
 * heartbeat; a job whose heartbeat stops is failed by any other instance.
 */
export class OptimizationJobs1764600000100 implements MigrationInterface {
  name = 'OptimizationJobs1764600000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedule_optimization_jobs (
        id                 serial PRIMARY KEY,
        semester_id        integer NOT NULL,
        source_version_id  integer NOT NULL,
        mode               varchar(8) NOT NULL,
        status             varchar(10) NOT NULL DEFAULT 'QUEUED',
        phase              varchar(16) NOT NULL DEFAULT 'QUEUED',
        time_limit_seconds integer NOT NULL,
        seed               integer NOT NULL,
        max_moved_lessons  integer,
        locked_rule_ids    integer[] NOT NULL DEFAULT '{}',
        total_slots        integer NOT NULL DEFAULT 0,
        placed_slots       integer NOT NULL DEFAULT 0,
        hard_violations    integer NOT NULL DEFAULT 0,
        moved_lessons      integer NOT NULL DEFAULT 0,
        initial_score      double precision,
        best_score         double precision,
        penalties          jsonb NOT NULL DEFAULT '[]',
        unplaced           jsonb NOT NULL DEFAULT '{"slots": [], "topBlockers": []}',
        result_version_id  integer,
        message            text,
        cancel_requested   boolean NOT NULL DEFAULT false,
        owner_instance     varchar(128),
        heartbeat_at       timestamptz,
        created_by         integer,
        created_at         timestamptz NOT NULL DEFAULT now(),
        started_at         timestamptz,
        finished_at        timestamptz,
        CONSTRAINT fk_optimization_jobs_semester FOREIGN KEY (semester_id) REFERENCES semesters (id) ON DELETE CASCADE,
        CONSTRAINT fk_optimization_jobs_source FOREIGN KEY (source_version_id) REFERENCES schedule_versions (id) ON DELETE CASCADE,
        CONSTRAINT fk_optimization_jobs_result FOREIGN KEY (result_version_id) REFERENCES schedule_versions (id) ON DELETE SET NULL,
        CONSTRAINT fk_optimization_jobs_created_by FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_optimization_jobs_mode CHECK (mode IN ('GENERATE','REPAIR')),
        CONSTRAINT ck_optimization_jobs_status CHECK (status IN ('QUEUED','RUNNING','SUCCEEDED','CANCELLED','FAILED')),
        CONSTRAINT ck_optimization_jobs_time_limit CHECK (time_limit_seconds BETWEEN 5 AND 3600),
        CONSTRAINT ck_optimization_jobs_max_moved CHECK (max_moved_lessons IS NULL OR max_moved_lessons >= 0)
      )`);
    // One waiting or running job per semester, whichever instance or request inserts it.
    await db.query(`CREATE UNIQUE INDEX uq_optimization_jobs_active ON schedule_optimization_jobs (semester_id) WHERE status IN ('QUEUED','RUNNING')`);
    await db.query(`CREATE INDEX ix_optimization_jobs_version ON schedule_optimization_jobs (source_version_id, id DESC)`);
    await db.query(`CREATE INDEX ix_optimization_jobs_waiting ON schedule_optimization_jobs (id) WHERE status IN ('QUEUED','RUNNING')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE schedule_optimization_jobs`);
  }
}
