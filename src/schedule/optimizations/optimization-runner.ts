import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../../platform/database/pg-errors';
import { Metrics } from '../../platform/metrics/metrics';
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
 * job runs in a worker thread; rounds go on meanwhile, so heartbeats and cancels keep flowing. An
 * instance with OPTIMIZATION_WORKER_ENABLED=false claims nothing and fails nothing: its timer runs
 * only rounds that count the jobs waiting and running for `/metrics` (the solver workers are scaled
 * on that count, so the request instances report it even while no worker runs).
 */
@Injectable()
export class OptimizationRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Optimizations');
  /** This process among the instances sharing a database (shown in no answer; written to the job it runs). */
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly rounds: TenantRounds;
  /** The rounds of an instance that runs no jobs: they only count them for `/metrics`. */
  private readonly counting: TenantRounds;
  private readonly running = new Set<RunningJob>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRegistry,
    private readonly jobs: OptimizationJobsRepository,
    private readonly executor: OptimizationExecutor,
    private readonly metrics: Metrics,
  ) {
    const failed = (domain: string, error: unknown) => this.logger.warn(`${domain}: optimization round failed (${describeDatabaseError(error)})`);
    this.rounds = new TenantRounds(tenants, (domain, holdUntil) => this.serve(domain, holdUntil), failed);
    this.counting = new TenantRounds(tenants, (domain) => this.count(domain), failed);
  }

  onApplicationBootstrap(): void {
    const { workerEnabled, pollIntervalMs, countIntervalMs } = this.config.optimizations;
    if (workerEnabled) this.rounds.start(pollIntervalMs);
    else if (countIntervalMs > 0 && this.metrics.recording) this.counting.start(countIntervalMs);
  }

  /** Before the pools close: no new claims, and each running job ends as FAILED with the reason (never RUNNING forever). */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.rounds.stop(), this.counting.stop()]);
    await Promise.all([...this.running].map((job) => job.abort(SHUTDOWN_MESSAGE)));
  }

  /** One full round over every tenant, whatever OPTIMIZATION_WORKER_ENABLED says (tests drive the runner so, without its timer). */
  runRound(): Promise<void> {
    return this.rounds.runRound();
  }

  /** The tenant's jobs waiting and running, for the gauge the solver workers are scaled on. */
  private async count(domain: string): Promise<void> {
    if (this.metrics.recording) this.metrics.recordOptimizationJobs(domain, await this.jobs.activeCounts());
  }

  /** A tenant's share of a round: fail the stale jobs, then claim a waiting one when this instance has room. */
  private async serve(domain: string, holdUntil: (done: Promise<unknown>) => void): Promise<void> {
    await this.count(domain);
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
