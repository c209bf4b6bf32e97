import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { TenantRegistry } from '../tenancy/tenant-registry';
import { RequestTally } from './request-tally';

/** What the request log knows when a request ends; the labels of the request metrics. */
export interface FinishedRequest {
  method: string;
  /** The route template (`/api/users/:id`), never a raw path. */
  route: string;
  status: number;
  /** The tenant that served it, or `none` (unknown host, health probes, web pages). */
  tenant: string;
  seconds: number;
  /** The kind of database error the request ended with (see pg-errors), if any. */
  databaseError?: string;
}

export interface NotificationQueue {
  pendingEvents: number;
  pendingEmails: number;
  failedEmails: number;
  oldestPendingSeconds: number;
}

/**
 * prom-client's default process metrics (CPU, memory, heap spaces, event loop lag, handles, file
 * descriptors, version) without its GC duration histogram. That one observes every garbage
 * collection through a `PerformanceObserver`, and side by side it cost 3-4 % of the CPU of
 * `GET /api/auth/me` once a request had become cheap (issue 29; docs/decisions.md). The other
 * metrics are read when scraped. prom-client has no switch for one default metric, so its own
 * modules are registered one by one; should a later prom-client move them, all its defaults are
 * registered as before.
 */
function collectProcessMetrics(registry: Registry, prefix: string): void {
  const config = { prefix, eventLoopMonitoringPrecision: 10 }; // prom-client's own default precision (ms)
  const modules: ((registry: Registry, options: typeof config) => void)[] = [];
  try {
    for (const name of collectDefaultMetrics.metricsList) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      if (name !== 'gc') modules.push(require(`prom-client/lib/metrics/${name}`) as (typeof modules)[number]);
    }
  } catch {
    collectDefaultMetrics({ register: registry, ...config });
    return;
  }
  for (const register of modules) register(registry, config);
}

/** Latency buckets of an API that answers most reads in a few milliseconds. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LOAD_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The service's Prometheus metrics, one registry per application (tests run several in one process).
 * Labels are bounded: route templates, HTTP methods and statuses, configured tenants, fixed kinds.
 * Pool and readiness gauges are read from the tenant registry when scraped, so they cost nothing
 * between scrapes.
 */
@Injectable()
export class Metrics {
  private readonly registry = new Registry();

  /** Request count and latency, tallied in plain numbers and written out when scraped (request-tally.ts). */
  private readonly requests = new RequestTally(
    { name: 'timetable_http_requests_total', help: 'HTTP requests answered, by route template, method, status and tenant' },
    {
      name: 'timetable_http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, by route template, method, status and tenant',
    },
    REQUEST_BUCKETS,
  );

  private readonly databaseErrors = new Counter({
    name: 'timetable_database_errors_total',
    help: 'Requests that ended with a database error, by kind (unavailable, unique, foreign-key, check, exclusion, unknown)',
    labelNames: ['kind', 'tenant'] as const,
    registers: [this.registry],
  });

  private readonly loginBlocks = new Counter({
    name: 'timetable_login_throttle_blocks_total',
    help: 'Attempts refused by the login throttle (429), by tenant and kind (login, password-change)',
    labelNames: ['tenant', 'kind'] as const,
    registers: [this.registry],
  });

  private readonly snapshotLoads = new Histogram({
    name: 'timetable_schedule_snapshot_load_seconds',
    help: 'Rebuilds of the cached timetable after a change (reference data or one semester), by tenant',
    labelNames: ['tenant', 'part'] as const,
    buckets: LOAD_BUCKETS,
    registers: [this.registry],
  });

  private readonly scheduleCacheBytes = new Gauge({
    name: 'timetable_schedule_cache_bytes',
    help: 'Estimated memory of the cached timetables of all tenants, after the last eviction (SCHEDULE_CACHE_BUDGET_MB)',
    registers: [this.registry],
  });

  private readonly scheduleCacheTrims = new Counter({
    name: 'timetable_schedule_cache_trims_total',
    help: "Tenants' laid-out lessons and timetables let go of (rules kept) to stay within SCHEDULE_CACHE_BUDGET_MB",
    registers: [this.registry],
  });

  private readonly scheduleCacheEvictions = new Counter({
    name: 'timetable_schedule_cache_evictions_total',
    help: "Tenants' cached timetables dropped whole, rules too, because their loaded rules alone exceeded SCHEDULE_CACHE_BUDGET_MB",
    registers: [this.registry],
  });

  private readonly scheduleCacheUnkeptViews = new Counter({
    name: 'timetable_schedule_cache_unkept_views_total',
    help: 'Timetable views answered while the schedule cache was full: what they laid out was not kept (SCHEDULE_CACHE_BUDGET_MB)',
    registers: [this.registry],
  });

  /** The notification queue of each tenant as its delivery worker last counted it. */
  private readonly queues = new Map<string, NotificationQueue>();
  /** Solver jobs of each tenant as the optimization runner last counted them. */
  private readonly solverJobs = new Map<string, { waiting: number; running: number }>();

  /** False with METRICS_ENABLED=false: nothing is recorded per request and no process sampling runs. */
  readonly recording: boolean;

  constructor(tenants: TenantRegistry, @Inject(APP_CONFIG) config: AppConfig) {
    this.recording = config.metrics.enabled;
    if (this.recording) collectProcessMetrics(this.registry, 'timetable_');
    new Gauge({
      name: 'timetable_db_pool_connections',
      help: 'Connections of each tenant pool: open (total), idle, and requests waiting for one (waiting)',
      labelNames: ['tenant', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const pool of tenants.poolUsage()) {
          this.set({ tenant: pool.domain, state: 'total' }, pool.total);
          this.set({ tenant: pool.domain, state: 'idle' }, pool.idle);
          this.set({ tenant: pool.domain, state: 'waiting' }, pool.waiting);
        }
      },
    });
    new Gauge({
      name: 'timetable_db_pool_max_connections',
      help: 'The most connections one tenant pool may open now (DB_POOL_MAX, or its share of DB_POOL_TOTAL_MAX)',
      registers: [this.registry],
      collect() {
        this.set(tenants.poolMax());
      },
    });
    new Gauge({
      name: 'timetable_tenant_ready',
      help: 'Whether a tenant serves requests: migrated and its last health check succeeded (1) or not (0)',
      labelNames: ['tenant'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const state of tenants.states()) this.set({ tenant: state.definition.domain }, state.live && state.connected ? 1 : 0);
      },
    });
    const queues = this.queues;
    new Gauge({
      name: 'timetable_notification_queue',
      help: 'Notification work waiting per tenant: events not yet dispatched, e-mails due and not sent, e-mails given up',
      labelNames: ['tenant', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [tenant, queue] of queues) {
          this.set({ tenant, state: 'pending-events' }, queue.pendingEvents);
          this.set({ tenant, state: 'pending-emails' }, queue.pendingEmails);
          this.set({ tenant, state: 'failed-emails' }, queue.failedEmails);
        }
      },
    });
    const solverJobs = this.solverJobs;
    new Gauge({
      name: 'timetable_optimization_jobs',
      help:
        'Timetable solver jobs summed over the tenants, as this instance last counted them: waiting to be claimed, and running. ' +
        'Every instance counts the same databases, so take max() over instances (the solver Deployment scales on it)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        let waiting = 0;
        let running = 0;
        for (const jobs of solverJobs.values()) {
          waiting += jobs.waiting;
          running += jobs.running;
        }
        this.set({ state: 'waiting' }, waiting);
        this.set({ state: 'running' }, running);
      },
    });
    new Gauge({
      name: 'timetable_notification_oldest_pending_seconds',
      help: 'Age of the oldest undelivered notification work per tenant (an event not dispatched, or an e-mail due and not sent)',
      labelNames: ['tenant'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [tenant, queue] of queues) this.set({ tenant }, queue.oldestPendingSeconds);
      },
    });
  }

  recordNotificationQueue(tenant: string, queue: NotificationQueue): void {
    this.queues.set(tenant, queue);
  }

  recordOptimizationJobs(tenant: string, jobs: { waiting: number; running: number }): void {
    this.solverJobs.set(tenant, jobs);
  }

  observeRequest(request: FinishedRequest): void {
    this.requests.record(request.method, request.route, request.status, request.tenant, request.seconds);
    if (request.databaseError) this.databaseErrors.inc({ kind: request.databaseError, tenant: request.tenant });
  }

  loginBlocked(tenant: string, kind: 'login' | 'address' | 'password-change'): void {
    this.loginBlocks.inc({ tenant, kind });
  }

  /** The schedule cache's estimated size now, and how many tenants' caches were just dropped. */
  recordScheduleCache(bytes: number, trimmed: number, evicted: number): void {
    this.scheduleCacheBytes.set(bytes);
    if (trimmed > 0) this.scheduleCacheTrims.inc(trimmed);
    if (evicted > 0) this.scheduleCacheEvictions.inc(evicted);
  }

  /** Counts a view that laid out lessons for itself only, because the schedule cache was full. */
  recordUnkeptView(): void {
    this.scheduleCacheUnkeptViews.inc();
  }

  /** Times one load of the cached timetable. */
  async timeSnapshotLoad<T>(tenant: string, part: 'reference' | 'semester', load: () => Promise<T>): Promise<T> {
    const end = this.snapshotLoads.startTimer({ tenant, part });
    try {
      return await load();
    } finally {
      end();
    }
  }

  /** The text a Prometheus scrape reads: the registry's metrics, then the request tally's. */
  async exposition(): Promise<string> {
    return `${await this.registry.metrics()}\n${this.requests.exposition().join('\n\n')}\n`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
