import { Injectable } from '@nestjs/common';
import { bool, date, float, ID_ROW, int, jsonDocument, listOf, nullable, oneOf, rowShape, RowType, text, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { HeldRules, VERSION_STATUSES } from '../core';
import {
  OPTIMIZATION_MODES,
  OPTIMIZATION_PHASES,
  OPTIMIZATION_STATUSES,
  OPTIMIZATION_STOP_REASONS,
  OptimizationMode,
  OptimizationPenalty,
  OptimizationPhase,
  OptimizationStopReason,
  UnplacedReportDto,
} from './dto/optimization.dto';

const JOB_COLUMNS = `j.id, j.semester_id AS "semesterId", j.source_version_id AS "versionId", j.mode, j.status, j.phase,
  j.time_limit_seconds AS "timeLimitSeconds", j.seed, j.max_moved_lessons AS "maxMovedLessons", j.locked_rule_ids AS "lockedRuleIds",
  to_char(j.from_date, 'YYYY-MM-DD') AS "fromDate", j.version_locks AS "versionLocks",
  j.total_slots AS "totalSlots", j.placed_slots AS "placedSlots", j.hard_violations AS "hardViolations", j.moved_lessons AS "movedLessons",
  j.initial_score AS "initialScore", j.best_score AS "bestScore", j.penalties, j.unplaced, j.result_version_id AS "resultVersionId",
  j.message, j.stop_reason AS "stopReason", j.cancel_requested AS "cancelRequested", j.owner_instance AS "ownerInstance", j.created_by AS "createdBy",
  j.created_at AS "createdAt", j.started_at AS "startedAt", j.finished_at AS "finishedAt",
  EXTRACT(EPOCH FROM (COALESCE(j.finished_at, now()) - COALESCE(j.started_at, now())))::float8 AS "elapsedSeconds"`;

const JOB = rowShape({
  id: int,
  semesterId: int,
  versionId: int,
  mode: oneOf(...OPTIMIZATION_MODES),
  status: oneOf(...OPTIMIZATION_STATUSES),
  phase: oneOf(...OPTIMIZATION_PHASES),
  timeLimitSeconds: int,
  seed: int,
  maxMovedLessons: nullable(int),
  lockedRuleIds: listOf(int),
  fromDate: nullable(date),
  versionLocks: nullable(jsonDocument),
  totalSlots: int,
  placedSlots: int,
  hardViolations: int,
  movedLessons: int,
  initialScore: nullable(float),
  bestScore: nullable(float),
  penalties: jsonDocument,
  unplaced: jsonDocument,
  resultVersionId: nullable(int),
  message: nullable(text),
  stopReason: nullable(oneOf(...OPTIMIZATION_STOP_REASONS)),
  cancelRequested: bool,
  ownerInstance: nullable(text),
  createdBy: nullable(int),
  createdAt: timestamp,
  startedAt: nullable(timestamp),
  finishedAt: nullable(timestamp),
  elapsedSeconds: float,
});

export type JobRow = RowType<typeof JOB>;

const SOURCE_VERSION = rowShape({ id: int, semesterId: int, versionNumber: int, name: text, status: oneOf(...VERSION_STATUSES) });
export type SourceVersion = RowType<typeof SOURCE_VERSION>;

const CANCEL_ROW = rowShape({ cancelRequested: bool });
const COUNTS_ROW = rowShape({ waiting: int, running: int });

export interface NewJob {
  semesterId: number;
  versionId: number;
  mode: OptimizationMode;
  timeLimitSeconds: number;
  seed: number;
  maxMovedLessons: number | null;
  lockedRuleIds: number[];
  /** The first day the job may change (issue 53). */
  fromDate: string;
  /** The source's stored locks when the job was queued, with the rules they held (issue 54 §1). */
  versionLocks: HeldRules;
  createdBy: number;
}

export interface JobProgress {
  phase: OptimizationPhase;
  totalSlots: number;
  placedSlots: number;
  hardViolations: number;
  movedLessons: number;
  bestScore: number | null;
  penalties: OptimizationPenalty[];
}

export interface JobOutcome extends JobProgress {
  status: 'SUCCEEDED' | 'CANCELLED' | 'FAILED';
  resultVersionId: number | null;
  unplaced: UnplacedReportDto;
  message: string;
  stopReason: OptimizationStopReason;
}

/** The only SQL of the jobs table: requests insert and read, the runner claims, reports and finishes. */
@Injectable()
export class OptimizationJobsRepository {
  constructor(private readonly db: TenantDb) {}

  async insert(job: NewJob): Promise<number> {
    const [row] = await this.db.rows(
      ID_ROW,
      `INSERT INTO schedule_optimization_jobs (semester_id, source_version_id, mode, time_limit_seconds, seed, max_moved_lessons, locked_rule_ids, created_by, from_date, version_locks)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [job.semesterId, job.versionId, job.mode, job.timeLimitSeconds, job.seed, job.maxMovedLessons, job.lockedRuleIds, job.createdBy, job.fromDate, JSON.stringify(job.versionLocks)],
    );
    return row.id;
  }

  async get(id: number): Promise<JobRow | undefined> {
    return (await this.db.rows(JOB, `SELECT ${JOB_COLUMNS} FROM schedule_optimization_jobs j WHERE j.id = $1`, [id]))[0];
  }

  ofVersion(versionId: number): Promise<JobRow[]> {
    return this.db.rows(JOB, `SELECT ${JOB_COLUMNS} FROM schedule_optimization_jobs j WHERE j.source_version_id = $1 ORDER BY j.id DESC LIMIT 100`, [versionId]);
  }

  /** The semester's job waiting or running, if any. */
  async activeOfSemester(semesterId: number): Promise<JobRow | undefined> {
    return (await this.db.rows(JOB, `SELECT ${JOB_COLUMNS} FROM schedule_optimization_jobs j WHERE j.semester_id = $1 AND j.status IN ('QUEUED','RUNNING')`, [semesterId]))[0];
  }

  /** A waiting job is cancelled at once; a running one is asked to stop (its instance keeps the best found). Answers whether anything changed. */
  async requestCancel(id: number): Promise<boolean> {
    const queued = await this.db.execute(
      `UPDATE schedule_optimization_jobs SET status = 'CANCELLED', phase = 'DONE', finished_at = now(), stop_reason = 'CANCELLED', message = 'Отменено до начала расчёта'
        WHERE id = $1 AND status = 'QUEUED'`,
      [id],
    );
    if (queued > 0) return true;
    return (await this.db.execute(`UPDATE schedule_optimization_jobs SET cancel_requested = true WHERE id = $1 AND status = 'RUNNING'`, [id])) > 0;
  }

  // ---- the runner ----

  /** Fails the running jobs whose instance stopped reporting; answers how many. */
  failStale(staleSeconds: number, message: string): Promise<number> {
    return this.db.execute(
      `UPDATE schedule_optimization_jobs SET status = 'FAILED', phase = 'DONE', finished_at = now(), message = $2
        WHERE status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $1)`,
      [staleSeconds, message],
    );
  }

  /** Takes the oldest waiting job for this instance; two instances never take the same one. */
  async claim(instance: string): Promise<JobRow | undefined> {
    const [claimed] = await this.db.rows(
      ID_ROW,
      `UPDATE schedule_optimization_jobs SET status = 'RUNNING', phase = 'LOADING', owner_instance = $1, heartbeat_at = now(), started_at = now()
        WHERE id = (SELECT id FROM schedule_optimization_jobs WHERE status = 'QUEUED' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [instance],
    );
    return claimed ? this.get(claimed.id) : undefined;
  }

  /** Writes progress and the heartbeat of a job this instance runs; answers whether a stop was asked, or undefined when the job is no longer this instance's. */
  async report(id: number, instance: string, progress: Partial<JobProgress> & { initialScore?: number | null }): Promise<boolean | undefined> {
    const [row] = await this.db.rows(
      CANCEL_ROW,
      `UPDATE schedule_optimization_jobs
          SET heartbeat_at = now(),
              phase = COALESCE($3, phase), total_slots = COALESCE($4, total_slots), placed_slots = COALESCE($5, placed_slots),
              hard_violations = COALESCE($6, hard_violations), moved_lessons = COALESCE($7, moved_lessons),
              best_score = COALESCE($8, best_score), penalties = COALESCE($9::jsonb, penalties), initial_score = COALESCE($10, initial_score)
        WHERE id = $1 AND owner_instance = $2 AND status = 'RUNNING'
        RETURNING cancel_requested AS "cancelRequested"`,
      [
        id,
        instance,
        progress.phase ?? null,
        progress.totalSlots ?? null,
        progress.placedSlots ?? null,
        progress.hardViolations ?? null,
        progress.movedLessons ?? null,
        progress.bestScore ?? null,
        progress.penalties ? JSON.stringify(progress.penalties) : null,
        progress.initialScore ?? null,
      ],
    );
    return row?.cancelRequested;
  }

  /** The end of a run this instance still owns; answers whether it was written. */
  async finish(id: number, instance: string, outcome: JobOutcome): Promise<boolean> {
    const written = await this.db.execute(
      `UPDATE schedule_optimization_jobs
          SET status = $3, phase = 'DONE', finished_at = now(), heartbeat_at = now(), total_slots = $4, placed_slots = $5,
              hard_violations = $6, moved_lessons = $7, best_score = $8, penalties = $9::jsonb, unplaced = $10::jsonb,
              result_version_id = $11, message = $12, stop_reason = $13
        WHERE id = $1 AND owner_instance = $2 AND status = 'RUNNING'`,
      [
        id,
        instance,
        outcome.status,
        outcome.totalSlots,
        outcome.placedSlots,
        outcome.hardViolations,
        outcome.movedLessons,
        outcome.bestScore,
        JSON.stringify(outcome.penalties),
        JSON.stringify(outcome.unplaced),
        outcome.resultVersionId,
        outcome.message,
        outcome.stopReason,
      ],
    );
    return written > 0;
  }

  /** Fails a job this instance owns (an error while running), keeping what it reported. */
  async fail(id: number, instance: string, message: string): Promise<void> {
    await this.db.execute(
      `UPDATE schedule_optimization_jobs SET status = 'FAILED', phase = 'DONE', finished_at = now(), message = $3
        WHERE id = $1 AND owner_instance = $2 AND status = 'RUNNING'`,
      [id, instance, message],
    );
  }

  /** Jobs waiting and running now (the metrics' gauge; one query over the partial index of active jobs). */
  async activeCounts(): Promise<{ waiting: number; running: number }> {
    const [row] = await this.db.rows(
      COUNTS_ROW,
      `SELECT count(*) FILTER (WHERE status = 'QUEUED')::int AS waiting, count(*) FILTER (WHERE status = 'RUNNING')::int AS running
         FROM schedule_optimization_jobs WHERE status IN ('QUEUED','RUNNING')`,
    );
    return row;
  }

  /** Whether any job waits (one cheap query a round, so idle tenants cost little). */
  async anyWaiting(): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM schedule_optimization_jobs WHERE status IN ('QUEUED','RUNNING') LIMIT 1`)) > 0;
  }

  /** The version a job starts from (read only: the versions feature owns it). */
  async version(id: number): Promise<SourceVersion | undefined> {
    return (await this.db.rows(SOURCE_VERSION, `SELECT id, semester_id AS "semesterId", version_number AS "versionNumber", name, status FROM schedule_versions WHERE id = $1`, [id]))[0];
  }

  /** A slot's rule is of the version, for the check of locked rules: answers the ids among `ruleIds` that are not the version's active rules. */
  async foreignRules(versionId: number, ruleIds: number[]): Promise<number[]> {
    if (ruleIds.length === 0) return [];
    const rows = await this.db.rows(
      ID_ROW,
      `SELECT u.id FROM unnest($2::int[]) AS u(id)
        WHERE NOT EXISTS (SELECT 1 FROM schedule_rules r WHERE r.id = u.id AND r.schedule_version_id = $1 AND r.status = 'ACTIVE')
        ORDER BY u.id`,
      [versionId, ruleIds],
    );
    return rows.map((row) => row.id);
  }
}
