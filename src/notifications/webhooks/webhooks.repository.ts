import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { WebhookAttemptResponse, WebhookDeliveryResponse, WebhookResponse } from './webhook.dto';

const WEBHOOK_COLUMNS = `id, url, events, description, created_at AS "createdAt"`;
/** Deliveries listed per webhook, newest first. */
const DELIVERIES_SHOWN = 100;

export interface DueDelivery {
  id: string;
  eventId: string;
  eventType: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  payload: unknown;
  occurredAt: Date;
}

@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<WebhookResponse[]> {
    return this.db.query<WebhookResponse>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`);
  }

  async create(url: string, events: string[], description: string, secret: string, createdBy: number): Promise<WebhookResponse> {
    const [row] = await this.db.query<WebhookResponse>(
      `INSERT INTO webhooks (url, events, description, secret, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${WEBHOOK_COLUMNS}`,
      [url, events, description, secret, createdBy],
    );
    return row;
  }

  async delete(id: number): Promise<WebhookResponse | undefined> {
    const [row] = await this.db.query<WebhookResponse>(`DELETE FROM webhooks WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`, [id]);
    return row;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM webhooks WHERE id = $1`, [id])).length > 0;
  }

  async deliveries(webhookId: number): Promise<WebhookDeliveryResponse[]> {
    const deliveries = await this.db.query<Omit<WebhookDeliveryResponse, 'attemptLog'>>(
      `SELECT id, event_type AS "eventType", status, attempts,
              CASE WHEN status = 'PENDING' THEN next_attempt_at END AS "nextAttemptAt", created_at AS "createdAt", delivered_at AS "deliveredAt"
         FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [webhookId, DELIVERIES_SHOWN],
    );
    const attempts = await this.db.query<WebhookAttemptResponse & { deliveryId: string }>(
      `SELECT delivery_id AS "deliveryId", attempted_at AS "attemptedAt", status_code AS "statusCode", error, duration_ms AS "durationMs"
         FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY id`,
      [deliveries.map((delivery) => delivery.id)],
    );
    return deliveries.map((delivery) => ({
      ...delivery,
      attemptLog: attempts.filter((attempt) => attempt.deliveryId === delivery.id).map(({ deliveryId: _deliveryId, ...attempt }) => attempt),
    }));
  }

  /** Deliveries of one event to every webhook that wants its type (inside the dispatcher's claim). */
  async enqueue(eventId: string, eventType: string): Promise<void> {
    await this.db.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type)
       SELECT id, $1::bigint, $2::varchar FROM webhooks WHERE $2::text = ANY(events)
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      [eventId, eventType],
    );
  }

  /** The next due delivery, locked until the transaction ends (other instances skip it). */
  async claimDue(): Promise<DueDelivery | undefined> {
    const [row] = await this.db.query<DueDelivery>(
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
    await this.db.query(
      `INSERT INTO webhook_attempts (delivery_id, status_code, error, duration_ms) VALUES ($1, $2, $3, $4)`,
      [id, attempt.statusCode, attempt.error, attempt.durationMs],
    );
    await this.db.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2::varchar,
              delivered_at = CASE WHEN $2::varchar = 'DELIVERED' THEN now() END,
              next_attempt_at = now() + make_interval(secs => $3::int)
        WHERE id = $1`,
      [id, outcome.status, outcome.retryInSeconds ?? 0],
    );
  }
}
