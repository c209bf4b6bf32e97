import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../../platform/database/pg-errors';
import { TenantRegistry } from '../../platform/tenancy/tenant-registry';
import { TenantRounds } from '../../platform/tenancy/tenant-rounds';
import { OptimizationExecutor, RunningJob } from './optimization-executor';
import { OptimizationJobsRepository } from './optimization-jobs.repository';

export const STALE_MESSAGE = 'Экземпляр сервиса, выполнявший расчёт, перестал отвечать; расчёт прерван — запустите его заново';
export const SHUTDOWN_MESSAGE = 'Экземпляр сервиса остановлен во время расчёта; расчёт прерван — запустите его заново';

/**
 * The jobs' background side on every instance: each `OPTIMIZATION_POLL_INTERVAL_MS` it visits every
 * live tenant, fails running jobs whose instance stopped reporting (a stale heartbeat), and claims a
 * waiting job when it has room (`FOR UPDATE SKIP LOCKED`: two instances never take one job). A claimed
 * job runs in a worker thread; rounds go on meanwhile, so heartbeats and cancels keep flowing.
 */
@Injectable()
export class OptimizationRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Optimizations');
  /** This process among the instances sharing a database (shown in no answer; written to the job it runs). */
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly rounds: TenantRounds;
  private readonly running = new Set<RunningJob>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRegistry,
    private readonly jobs: OptimizationJobsRepository,
    private readonly executor: OptimizationExecutor,
  ) {
    this.rounds = new TenantRounds(tenants, (domain, holdUntil) => this.serve(domain, holdUntil), (domain, error) =>
      this.logger.warn(`${domain}: optimization round failed (${describeDatabaseError(error)})`),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.optimizations.workerEnabled) return;
    this.rounds.start(this.config.optimizations.pollIntervalMs);
  }

  /** Before the pools close: no new claims, and each running job ends as FAILED with the reason (never RUNNING forever). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.rounds.stop();
    await Promise.all([...this.running].map((job) => job.abort(SHUTDOWN_MESSAGE)));
  }

  /** One round over every tenant (also called by tests that do not want to wait for the timer). */
  runRound(): Promise<void> {
    return this.rounds.runRound();
  }

  /** A tenant's share of a round: fail the stale jobs, then claim a waiting one when this instance has room. */
  private async serve(domain: string, holdUntil: (done: Promise<unknown>) => void): Promise<void> {
    const failed = await this.jobs.failStale(this.config.optimizations.staleAfterSeconds, STALE_MESSAGE);
    if (failed > 0) this.logger.warn(`${domain}: ${failed} optimization job(s) failed: their instance stopped reporting`);
    if (this.running.size >= this.config.optimizations.concurrency || this.rounds.stopped) return;
    const claimed = await this.jobs.claim(this.instance);
    if (!claimed) return;
    // The job runs in this tenant's context and keeps its pool leased until it ends.
    const run = this.executor.start(claimed, this.instance);
    this.running.add(run);
    holdUntil(run.done);
    void run.done.finally(() => this.running.delete(run));
  }
}
