import { Injectable } from '@nestjs/common';
import { int, jsonDocument, listOf, nullable, oneOf, rowShape, RowType, text, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { WebhookDeliveryResponse, WebhookResponse } from './webhook.dto';

const WEBHOOK_COLUMNS = `id, url, events, description, created_at AS "createdAt"`;
/** Deliveries listed per webhook, newest first. */
const DELIVERIES_SHOWN = 100;

const WEBHOOK = rowShape({ id: int, url: text, events: listOf(text), description: text, createdAt: timestamp });
type WebhookRow = RowType<typeof WEBHOOK>;
const DELIVERY = rowShape({
  id: text,
  eventType: text,
  status: oneOf('PENDING', 'DELIVERED', 'FAILED'),
  attempts: int,
  nextAttemptAt: nullable(timestamp),
  createdAt: timestamp,
  deliveredAt: nullable(timestamp),
});
const ATTEMPT = rowShape({ deliveryId: text, attemptedAt: timestamp, statusCode: nullable(int), error: nullable(text), durationMs: int });

/** A due delivery with what its POST needs: the webhook's address and secret, the event's payload (passed on whole). */
const DUE_DELIVERY = rowShape({
  id: text,
  eventId: int,
  eventType: text,
  attempts: int,
  createdAt: timestamp,
  url: text,
  secret: text,
  payload: jsonDocument,
  occurredAt: timestamp,
});
export type DueDelivery = RowType<typeof DUE_DELIVERY>;

@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: TenantDb) {}

  async list(): Promise<WebhookResponse[]> {
    return (await this.db.rows(WEBHOOK, `SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`)).map(toWebhook);
  }

  async create(url: string, events: string[], description: string, secret: string, createdBy: number): Promise<WebhookResponse> {
    const [row] = await this.db.rows(WEBHOOK,
      `INSERT INTO webhooks (url, events, description, secret, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${WEBHOOK_COLUMNS}`,
      [url, events, description, secret, createdBy],
    );
    return toWebhook(row);
  }

  async delete(id: number): Promise<WebhookResponse | undefined> {
    const [row] = await this.db.rows(WEBHOOK, `DELETE FROM webhooks WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`, [id]);
    return row && toWebhook(row);
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM webhooks WHERE id = $1`, [id])) > 0;
  }

  async deliveries(webhookId: number): Promise<WebhookDeliveryResponse[]> {
    const deliveries = await this.db.rows(DELIVERY,
      `SELECT id, event_type AS "eventType", status, attempts,
              CASE WHEN status = 'PENDING' THEN next_attempt_at END AS "nextAttemptAt", created_at AS "createdAt", delivered_at AS "deliveredAt"
         FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [webhookId, DELIVERIES_SHOWN],
    );
    const attempts = await this.db.rows(ATTEMPT,
      `SELECT delivery_id AS "deliveryId", attempted_at AS "attemptedAt", status_code AS "statusCode", error, duration_ms AS "durationMs"
         FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY id`,
      [deliveries.map((delivery) => delivery.id)],
    );
    return deliveries.map((delivery) => ({
      ...delivery,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(({ deliveryId: _deliveryId, ...attempt }) => ({ ...attempt, attemptedAt: attempt.attemptedAt.toISOString() })),
    }));
  }

  /** Deliveries of one event to every webhook that wants its type (inside the dispatcher's claim). */
  async enqueue(eventId: number, eventType: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type)
       SELECT id, $1::bigint, $2::varchar FROM webhooks WHERE $2::text = ANY(events)
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      [eventId, eventType],
    );
  }

  /** The next due delivery, locked until the transaction ends (other instances skip it). */
  async claimDue(): Promise<DueDelivery | undefined> {
    const [row] = await this.db.rows(DUE_DELIVERY,
      `SELECT d.id, d.event_id AS "eventId", d.event_type AS "eventType", d.attempts, d.created_at AS "createdAt",
              w.url, w.secret, e.payload, e.created_at AS "occurredAt"
         FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id
         JOIN outbox_events e ON e.id = d.event_id
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= now()
        ORDER BY d.next_attempt_at, d.id
        LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
    );
    return row;
  }

  async recordAttempt(
    id: string,
    attempt: { statusCode: number | null; error: string | null; durationMs: number },
    outcome: { status: 'DELIVERED' | 'PENDING' | 'FAILED'; retryInSeconds?: number },
  ): Promise<void> {
    await this.db.execute(
      `INSERT INTO webhook_attempts (delivery_id, status_code, error, duration_ms) VALUES ($1, $2, $3, $4)`,
      [id, attempt.statusCode, attempt.error, attempt.durationMs],
    );
    await this.db.execute(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2::varchar,
              delivered_at = CASE WHEN $2::varchar = 'DELIVERED' THEN now() END,
              next_attempt_at = now() + make_interval(secs => $3::int)
        WHERE id = $1`,
      [id, outcome.status, outcome.retryInSeconds ?? 0],
    );
  }
}

function toWebhook(row: WebhookRow): WebhookResponse {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
