import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change notifications (issue 26). `outbox_events` is the transactional outbox: a change and its
 * event commit together, or neither does. The dispatcher turns each event into one in-app
 * notification and at most one e-mail item per recipient (unique constraints: however many instances
 * dispatch, a recipient gets an event once); the mail sender groups a recipient's due items into one
 * message. A user's e-mail address is optional.
 */
export class Notifications1764400000000 implements MigrationInterface {
  name = 'Notifications1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN email varchar(254)`);
    await db.query(`
      CREATE TABLE outbox_events (
        id            bigserial PRIMARY KEY,
        type          varchar(64) NOT NULL,
        payload       jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      )`);
    await db.query(`CREATE INDEX ix_outbox_events_pending ON outbox_events (id) WHERE dispatched_at IS NULL`);
    await db.query(`
      CREATE TABLE notification_subscriptions (
        id           serial PRIMARY KEY,
        user_id      integer NOT NULL,
        kind         varchar(16) NOT NULL,
        target_id    integer NOT NULL,
        channel      varchar(8) NOT NULL,
        mode         varchar(16) NOT NULL,
        digest_time  time,
        horizon_days integer NOT NULL DEFAULT 14,
        created_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_notification_subscriptions_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT ck_notification_subscriptions_kind CHECK (kind IN ('GROUP', 'TEACHER', 'CLASSROOM', 'MY_LESSONS')),
        CONSTRAINT ck_notification_subscriptions_channel CHECK (channel IN ('EMAIL', 'IN_APP')),
        CONSTRAINT ck_notification_subscriptions_mode CHECK (mode IN ('IMMEDIATE', 'DAILY_DIGEST')),
        CONSTRAINT ck_notification_subscriptions_digest CHECK ((mode = 'DAILY_DIGEST') = (digest_time IS NOT NULL)),
        CONSTRAINT ck_notification_subscriptions_horizon CHECK (horizon_days BETWEEN 1 AND 120),
        CONSTRAINT uq_notification_subscriptions UNIQUE (user_id, kind, target_id, channel)
      )`);
    await db.query(`CREATE INDEX ix_notification_subscriptions_target ON notification_subscriptions (kind, target_id)`);
    await db.query(`
      CREATE TABLE notifications (
        id         bigserial PRIMARY KEY,
        user_id    integer NOT NULL,
        event_id   bigint NOT NULL,
        event_type varchar(64) NOT NULL,
        title      text NOT NULL,
        body       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at    timestamptz,
        CONSTRAINT fk_notifications_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_notifications_event FOREIGN KEY (event_id) REFERENCES outbox_events (id) ON DELETE CASCADE,
        CONSTRAINT uq_notifications_event UNIQUE (user_id, event_id)
      )`);
    await db.query(`CREATE INDEX ix_notifications_user ON notifications (user_id, id DESC)`);
    await db.query(`
      CREATE TABLE email_items (
        id              bigserial PRIMARY KEY,
        user_id         integer NOT NULL,
        event_id        bigint NOT NULL,
        subscription_id integer NOT NULL,
        title           text NOT NULL,
        body            text NOT NULL,
        send_after      timestamptz NOT NULL DEFAULT now(),
        status          varchar(8) NOT NULL DEFAULT 'PENDING',
        attempts        integer NOT NULL DEFAULT 0,
        sent_at         timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_email_items_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_email_items_event FOREIGN KEY (event_id) REFERENCES outbox_events (id) ON DELETE CASCADE,
        CONSTRAINT fk_email_items_subscription FOREIGN KEY (subscription_id) REFERENCES notification_subscriptions (id) ON DELETE CASCADE,
        CONSTRAINT ck_email_items_status CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
        CONSTRAINT uq_email_items_event UNIQUE (user_id, event_id)
      )`);
    await db.query(`CREATE INDEX ix_email_items_due ON email_items (send_after) WHERE status = 'PENDING'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS email_items`);
    await db.query(`DROP TABLE IF EXISTS notifications`);
    await db.query(`DROP TABLE IF EXISTS notification_subscriptions`);
    await db.query(`DROP TABLE IF EXISTS outbox_events`);
    await db.query(`ALTER TABLE users DROP COLUMN IF EXISTS email`);
  }
}
