import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../../platform/database/pg-errors';
import { Metrics } from '../../platform/metrics/metrics';
import { clock, todayInBusinessZone } from '../../platform/http/dates';
import { runInTenant } from '../../platform/tenancy/tenant-context';
import { TenantRegistry } from '../../platform/tenancy/tenant-registry';
import { NotificationDispatcher } from './dispatcher';
import { MailSender } from './mail-sender';
import { WebhookSender } from '../webhooks/webhook-sender';

/** A dispatch round takes at most this many batches, so one busy tenant does not starve the others. */
const BATCHES_PER_ROUND = 10;
/** How often a tenant's queue is counted for the metrics and the backlog warning. */
const QUEUE_COUNT_INTERVAL_MS = 10_000;
/** Undelivered work older than this is logged as a backlog. */
const BACKLOG_WARNING_SECONDS = 60;

/**
 * The background delivery of every instance: each `NOTIFY_POLL_INTERVAL_MS` it visits every live
 * tenant, fans new outbox events out to their recipients and hands due e-mail to SMTP. Everything it
 * claims is claimed with SKIP LOCKED, so instances share the work; a round never overlaps the next.
 */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Notifications');
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;
  private readonly countedAt = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRegistry,
    private readonly dispatcher: NotificationDispatcher,
    private readonly mail: MailSender,
    private readonly webhooks: WebhookSender,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.notifications.workerEnabled) return;
    this.timer = setInterval(() => void this.runRound(), this.config.notifications.pollIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round; // a round in progress finishes (its claims commit) before the pools close
  }

  /** One round over every tenant (also called by tests that do not want to wait for the timer). */
  runRound(): Promise<void> {
    if (this.round) return this.round;
    this.round = this.visitAll().finally(() => (this.round = undefined));
    return this.round;
  }

  /** Counts the tenant's queue now and then: the metrics gauges, and a warning when work is stuck. */
  private async countQueue(domain: string): Promise<void> {
    const now = Date.now();
    if (now - (this.countedAt.get(domain) ?? 0) < QUEUE_COUNT_INTERVAL_MS) return;
    this.countedAt.set(domain, now);
    const queue = await this.dispatcher.queue(this.mail.enabled);
    this.metrics.recordNotificationQueue(domain, queue);
    if (queue.oldestPendingSeconds > BACKLOG_WARNING_SECONDS) {
      this.logger.warn(
        `${domain}: notification backlog: ${queue.pendingEvents} event(s) and ${queue.pendingEmails} e-mail(s) waiting, the oldest for ${Math.round(queue.oldestPendingSeconds)} s`,
      );
    }
  }

  private async visitAll(): Promise<void> {
    for (const state of this.tenants.states()) {
      if (this.stopped) return;
      const domain = state.definition.domain;
      // A tenant whose database is down waits for its health check (which logs the outage once).
      const pool = state.live && !state.unreachable ? this.tenants.lease(domain) : undefined;
      if (!pool) continue;
      try {
        const scope = { tenantKey: domain, dataSource: pool.dataSource, databaseId: pool.databaseId, timeZone: this.tenants.timeZoneOf(domain) };
        // Bound with the tenant's zone, so "today" and the digest hours are the university's own.
        await runInTenant(scope, async () => {
          const now = clock.now();
          const today = todayInBusinessZone(now);
          for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
            if ((await this.dispatcher.dispatchBatch(today, now)) === 0) break;
          }
          await this.mail.sendDue();
          await this.webhooks.sendDue();
          await this.countQueue(domain);
        });
      } catch (error) {
        // An unreachable database is the health check's news; the next round tries again.
        this.logger.warn(`${domain}: delivery round failed (${describeDatabaseError(error)})`);
      } finally {
        pool.release();
      }
    }
  }
}
