import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../../platform/database/pg-errors';
import { runInTenant } from '../../platform/tenancy/tenant-context';
import { TenantRegistry } from '../../platform/tenancy/tenant-registry';
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
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;
  private readonly running = new Set<RunningJob>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRegistry,
    private readonly jobs: OptimizationJobsRepository,
    private readonly executor: OptimizationExecutor,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.optimizations.workerEnabled) return;
    this.timer = setInterval(() => void this.runRound(), this.config.optimizations.pollIntervalMs);
    this.timer.unref();
  }

  /** Before the pools close: no new claims, and each running job ends as FAILED with the reason (never RUNNING forever). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
    await Promise.all([...this.running].map((job) => job.abort(SHUTDOWN_MESSAGE)));
  }

  /** One round over every tenant (also called by tests that do not want to wait for the timer). */
  runRound(): Promise<void> {
    if (this.round) return this.round;
    this.round = this.visitAll().finally(() => (this.round = undefined));
    return this.round;
  }

  private async visitAll(): Promise<void> {
    for (const state of this.tenants.states()) {
      if (this.stopped) return;
      const domain = state.definition.domain;
      const pool = state.live && !state.unreachable ? this.tenants.lease(domain) : undefined;
      if (!pool) continue;
      let kept = false;
      try {
        // With the university's time zone, as a request of that university has (issue 46).
        const scope = { tenantKey: domain, dataSource: pool.dataSource, databaseId: pool.databaseId, timeZone: this.tenants.timeZoneOf(domain) };
        await runInTenant(scope, async () => {
          const failed = await this.jobs.failStale(this.config.optimizations.staleAfterSeconds, STALE_MESSAGE);
          if (failed > 0) this.logger.warn(`${domain}: ${failed} optimization job(s) failed: their instance stopped reporting`);
          if (this.running.size >= this.config.optimizations.concurrency || this.stopped) return;
          const claimed = await this.jobs.claim(this.instance);
          if (!claimed) return;
          // The job keeps the pool leased until it ends; its work runs in the tenant's context.
          kept = true;
          const run = this.executor.start(claimed, this.instance);
          this.running.add(run);
          void run.done.finally(() => {
            this.running.delete(run);
            pool.release();
          });
        });
      } catch (error) {
        this.logger.warn(`${domain}: optimization round failed (${describeDatabaseError(error)})`);
      } finally {
        if (!kept) pool.release();
      }
    }
  }
}
