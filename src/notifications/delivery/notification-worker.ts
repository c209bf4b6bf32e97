import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../../platform/database/pg-errors';
import { Metrics } from '../../platform/metrics/metrics';
import { clock, todayInBusinessZone } from '../../platform/http/dates';
import { TenantRegistry } from '../../platform/tenancy/tenant-registry';
import { TenantRounds } from '../../platform/tenancy/tenant-rounds';
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
  private readonly rounds: TenantRounds;
  private readonly countedAt = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRegistry,
    private readonly dispatcher: NotificationDispatcher,
    private readonly mail: MailSender,
    private readonly webhooks: WebhookSender,
    private readonly metrics: Metrics,
  ) {
    this.rounds = new TenantRounds(tenants, (domain) => this.deliver(domain), (domain, error) =>
      // An unreachable database is the health check's news; the next round tries again.
      this.logger.warn(`${domain}: delivery round failed (${describeDatabaseError(error)})`),
    );
  }

  onApplicationBootstrap(): void {
    if (!this.config.notifications.workerEnabled) return;
    this.rounds.start(this.config.notifications.pollIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round over every tenant (also called by tests that do not want to wait for the timer). */
  runRound(): Promise<void> {
    return this.rounds.runRound();
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

  /** A tenant's share of a round, in its scope: so "today" and the digest hours are the university's own. */
  private async deliver(domain: string): Promise<void> {
    const now = clock.now();
    const today = todayInBusinessZone(now);
    for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
      if ((await this.dispatcher.dispatchBatch(today, now)) === 0) break;
    }
    await this.mail.sendDue();
    await this.webhooks.sendDue();
    await this.countQueue(domain);
  }
}
