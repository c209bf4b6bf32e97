import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 26): other systems of the university subscribe to events. A delivery is one event
 * for one webhook (unique), with the same id on every attempt; each attempt is kept for the
 * administrator to see. Removing a webhook removes its deliveries.
 */
export class Webhooks1764400000100 implements MigrationInterface {
  name = 'Webhooks1764400000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhooks (
        id          serial PRIMARY KEY,
        url         text NOT NULL,
        events      text[] NOT NULL,
        description varchar(255) NOT NULL DEFAULT '',
        secret      varchar(64) NOT NULL,
        created_by  integer,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_webhooks_created_by FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_webhooks_events CHECK (cardinality(events) > 0)
      )`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        webhook_id      integer NOT NULL,
        event_id        bigint NOT NULL,
        event_type      varchar(64) NOT NULL,
        status          varchar(10) NOT NULL DEFAULT 'PENDING',
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at      timestamptz NOT NULL DEFAULT now(),
        delivered_at    timestamptz,
        CONSTRAINT fk_webhook_deliveries_webhook FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE,
        CONSTRAINT fk_webhook_deliveries_event FOREIGN KEY (event_id) REFERENCES outbox_events (id) ON DELETE CASCADE,
        CONSTRAINT ck_webhook_deliveries_status CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        CONSTRAINT uq_webhook_deliveries_event UNIQUE (webhook_id, event_id)
      )`);
    await db.query(`CREATE INDEX ix_webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING'`);
    await db.query(`
      CREATE TABLE webhook_attempts (
        id           bigserial PRIMARY KEY,
        delivery_id  uuid NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        status_code  integer,
        error        varchar(255),
        duration_ms  integer NOT NULL,
        CONSTRAINT fk_webhook_attempts_delivery FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX ix_webhook_attempts_delivery ON webhook_attempts (delivery_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS webhook_attempts`);
    await db.query(`DROP TABLE IF EXISTS webhook_deliveries`);
    await db.query(`DROP TABLE IF EXISTS webhooks`);
  }
}
