import { Inject, Injectable, Logger } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { TenantDb } from '../../platform/database/tenant-db';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { InternalAddressError, ResolvedAddress, UnresolvedHostError, WebhookAddresses } from './webhook-addresses';
import { webhookSignature } from './webhook-signature';
import { DueDelivery, WebhooksRepository } from './webhooks.repository';

/** Deliveries attempted per round and tenant, and the time a round may spend on them (slow receivers). */
const DELIVERIES_PER_ROUND = 20;
const ROUND_BUDGET_MS = 15_000;
/** A receiver has this long to answer. */
const TIMEOUT_MS = 10_000;
/** Retries stop once a delivery is this old. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;

/**
 * POSTs due webhook deliveries: JSON `{id, type, occurredAt, tenant, data}` with the event, delivery,
 * timestamp and signature headers. A 2xx answer delivers; anything else (or no answer within 10 s) is
 * retried after `WEBHOOK_RETRY_BASE_SECONDS` × 2^(attempt − 1), with the same delivery id, for up to
 * 24 hours. A delivery is claimed with SKIP LOCKED for its attempt, so instances never send it twice at
 * once; a crash during an attempt leaves it due, to be sent again (at least once).
 */
@Injectable()
export class WebhookSender {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: TenantDb,
    private readonly webhooks: WebhooksRepository,
    private readonly addresses: WebhookAddresses,
  ) {}

  async sendDue(): Promise<number> {
    const deadline = Date.now() + ROUND_BUDGET_MS;
    let attempted = 0;
    while (attempted < DELIVERIES_PER_ROUND && Date.now() < deadline && (await this.sendOne())) attempted++;
    return attempted;
  }

  private sendOne(): Promise<boolean> {
    return this.db.transaction(async () => {
      const delivery = await this.webhooks.claimDue();
      if (!delivery) return false;
      const attempt = await this.post(delivery);
      const delivered = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      if (delivered) {
        await this.webhooks.recordAttempt(delivery.id, attempt, { status: 'DELIVERED' });
        return true;
      }
      const retryInSeconds = this.config.notifications.webhookRetryBaseSeconds * 2 ** delivery.attempts;
      const giveUp = new Date(delivery.createdAt).getTime() + GIVE_UP_AFTER_MS < Date.now() + retryInSeconds * 1000;
      await this.webhooks.recordAttempt(delivery.id, attempt, giveUp ? { status: 'FAILED' } : { status: 'PENDING', retryInSeconds });
      if (giveUp) this.logger.warn(`${currentTenant().tenantKey}: webhook delivery ${delivery.id} given up after 24 hours of refusals`);
      return true;
    });
  }

  private async post(delivery: DueDelivery): Promise<{ statusCode: number | null; error: string | null; durationMs: number }> {
    const body = JSON.stringify({
      id: delivery.id,
      type: delivery.eventType,
      occurredAt: new Date(delivery.occurredAt).toISOString(),
      tenant: currentTenant().tenantKey,
      data: delivery.payload,
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const started = Date.now();
    try {
      // Resolved and checked here, then connected to exactly that address (no second resolution).
      const pinned = await this.addresses.addressFor(new URL(delivery.url));
      const statusCode = await postOnce(delivery.url, pinned, body, {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'timetable-service-webhooks',
        'X-Timetable-Event': delivery.eventType,
        'X-Timetable-Delivery': delivery.id,
        'X-Timetable-Timestamp': String(timestamp),
        'X-Timetable-Signature': webhookSignature(delivery.secret, timestamp, body),
      });
      return { statusCode, error: null, durationMs: Date.now() - started };
    } catch (error) {
      // The reason in words, never the URL (it may carry a token of the receiver).
      const reason =
        error instanceof InternalAddressError
          ? 'адрес во внутренней сети: доставка запрещена'
          : error instanceof UnresolvedHostError
            ? 'имя узла не найдено'
            : error instanceof TimeoutError
              ? 'нет ответа за 10 с'
              : 'не удалось соединиться';
      return { statusCode: null, error: reason, durationMs: Date.now() - started };
    }
  }
}

class TimeoutError extends Error {}

/**
 * One POST on a connection of its own, closed after the answer (no pool keeps sockets to receivers
 * between deliveries, which are minutes apart); redirects are not followed (a redirect is not a
 * delivery, and the signed body must not be led elsewhere). The connection goes to `pinned`, the address
 * checked before; the URL's host still names the server for TLS (SNI, certificate) and `Host`.
 * Answers the status code.
 */
function postOnce(target: string, pinned: ResolvedAddress, body: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(target);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise<number>((resolve, reject) => {
    const request = send(url, { method: 'POST', agent: false, lookup, headers: { ...headers, Connection: 'close', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
      response.resume(); // the answer's body is not read, only drained
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new TimeoutError()));
    request.on('error', reject);
    request.end(body);
  });
}
