import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a timetable optimization job ended (issue 54 §4): its time limit, no improvement for a while,
 * an optimum (every penalty 0), or a cancel. Null while it waits or runs, and for a failed job.
 */
export class OptimizationStopReason1764900000500 implements MigrationInterface {
  name = 'OptimizationStopReason1764900000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE schedule_optimization_jobs
        ADD COLUMN stop_reason varchar(16),
        ADD CONSTRAINT ck_optimization_jobs_stop_reason CHECK (stop_reason IN ('TIME_LIMIT','NO_IMPROVEMENT','OPTIMUM','CANCELLED'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE schedule_optimization_jobs DROP COLUMN stop_reason`);
  }
}
