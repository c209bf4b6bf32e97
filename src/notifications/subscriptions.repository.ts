import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { bool, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { CHANNELS, MODES, NotificationResponse, SUBSCRIPTION_KINDS, SubscriptionResponse } from './dto/subscription.dto';

export const DUPLICATE_SUBSCRIPTION = 'Такая подписка уже есть: удалите её, чтобы изменить режим или горизонт';

defineConstraintMessages({
  uq_notification_subscriptions: DUPLICATE_SUBSCRIPTION,
  fk_notification_subscriptions_user: 'Пользователь не найден',
});

const SUBSCRIPTION_SELECT = `
  SELECT s.id, s.kind, s.target_id AS "targetId", s.channel, s.mode, to_char(s.digest_time, 'HH24:MI') AS "digestTime",
         s.horizon_days AS "horizonDays", s.created_at AS "createdAt",
         COALESCE(g.name, t.full_name, c.name, '') AS "targetName"
    FROM notification_subscriptions s
    LEFT JOIN study_groups g ON s.kind = 'GROUP' AND g.id = s.target_id
    LEFT JOIN users t ON s.kind IN ('TEACHER', 'MY_LESSONS') AND t.id = s.target_id
    LEFT JOIN classrooms c ON s.kind = 'CLASSROOM' AND c.id = s.target_id`;

const SUBSCRIPTION_FIELDS = {
  id: int,
  kind: oneOf(...SUBSCRIPTION_KINDS),
  targetId: int,
  channel: oneOf(...CHANNELS),
  mode: oneOf(...MODES),
  /** `HH:MM` Moscow time, digest only. */
  digestTime: nullable(text),
  horizonDays: int,
};
const SUBSCRIPTION = rowShape({ ...SUBSCRIPTION_FIELDS, createdAt: timestamp, targetName: text });
type SubscriptionRow = RowType<typeof SUBSCRIPTION>;

const FOLLOWER = rowShape({ ...SUBSCRIPTION_FIELDS, userId: int });
/**
 * A subscription as delivery sees it. `ownLessons`: not a stored subscription but the default of
 * issue 45 §3 (a teacher's own lessons, a student's group); its `id` is 0 and names nothing.
 */
export type Follower = RowType<typeof FOLLOWER> & { ownLessons?: true };

const OWN_LESSONS_RECIPIENT = rowShape({ userId: int, kind: oneOf('MY_LESSONS', 'GROUP'), targetId: int, inApp: bool, email: bool });
const SETTINGS = rowShape({ ownLessonsInApp: bool, ownLessonsEmail: bool, hasEmail: bool });
export type NotificationSettings = RowType<typeof SETTINGS>;

/** How far ahead the own-lessons default looks: every lesson from today on (a semester is shorter). */
export const OWN_LESSONS_HORIZON_DAYS = 366;

const NOTIFICATION = rowShape({ id: int, eventType: text, title: text, body: text, createdAt: timestamp, readAt: nullable(timestamp) });
type NotificationRow = RowType<typeof NOTIFICATION>;
const COUNTS = rowShape({ total: int, unread: int });

export interface NewSubscription {
  userId: number;
  kind: string;
  targetId: number;
  channel: string;
  mode: string;
  digestTime: string | null;
  horizonDays: number;
}

/** A user's subscriptions and notifications; the followers of timetables for delivery. */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly db: TenantDb) {}

  async create(subscription: NewSubscription): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO notification_subscriptions (user_id, kind, target_id, channel, mode, digest_time, horizon_days)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [subscription.userId, subscription.kind, subscription.targetId, subscription.channel, subscription.mode, subscription.digestTime, subscription.horizonDays],
    );
    return row.id;
  }

  async own(userId: number, id?: number): Promise<SubscriptionResponse[]> {
    const rows = await this.db.rows(SUBSCRIPTION,
      `${SUBSCRIPTION_SELECT} WHERE s.user_id = $1 AND ($2::int IS NULL OR s.id = $2) ORDER BY s.id`,
      [userId, id ?? null],
    );
    return rows.map(toSubscription);
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM notification_subscriptions WHERE id = $1`, [id])) > 0;
  }

  /** Deletes a subscription; `userId` limits it to its owner (undefined: any, for the unsubscribe link). */
  async delete(id: number, userId?: number): Promise<SubscriptionResponse | undefined> {
    const [found] = await this.db.rows(SUBSCRIPTION, `${SUBSCRIPTION_SELECT} WHERE s.id = $1 AND ($2::int IS NULL OR s.user_id = $2)`, [id, userId ?? null]);
    if (!found) return undefined;
    await this.db.execute(`DELETE FROM notification_subscriptions WHERE id = $1`, [id]);
    return toSubscription(found);
  }

  /** Active users' subscriptions to any of these groups, teachers or classrooms (by e-mail only where they have an address). */
  followersOf(targets: { groupIds: number[]; teacherIds: number[]; classroomIds: number[] }): Promise<Follower[]> {
    return this.db.rows(FOLLOWER,
      `SELECT s.id, s.user_id AS "userId", s.kind, s.target_id AS "targetId", s.channel, s.mode,
              to_char(s.digest_time, 'HH24:MI') AS "digestTime", s.horizon_days AS "horizonDays"
         FROM notification_subscriptions s
         JOIN users u ON u.id = s.user_id AND u.status = 'ACTIVE'
        -- An e-mail subscription of a user without an address delivers nothing (no item to fail later).
        WHERE (s.channel = 'IN_APP' OR u.email IS NOT NULL)
          AND ((s.kind = 'GROUP' AND s.target_id = ANY($1::int[]))
           OR (s.kind IN ('TEACHER', 'MY_LESSONS') AND s.target_id = ANY($2::int[]))
           OR (s.kind = 'CLASSROOM' AND s.target_id = ANY($3::int[])))`,
      [targets.groupIds, targets.teacherIds, targets.classroomIds],
    );
  }

  /**
   * The people told of changes to their own lessons without subscribing: the active teachers among
   * `teacherIds` (they teach the lesson or are given it) and the active students of `groupIds`, each
   * on the channels their setting leaves on (no row: both), by e-mail only with an address.
   */
  async ownLessonFollowers(targets: { groupIds: number[]; teacherIds: number[] }): Promise<Follower[]> {
    const rows = await this.db.rows(OWN_LESSONS_RECIPIENT,
      `WITH own AS (
         SELECT u.id AS user_id, 'MY_LESSONS' AS kind, u.id AS target_id FROM users u
          WHERE u.id = ANY($1::int[]) AND u.role = 'TEACHER'
         UNION ALL
         SELECT sg.user_id, 'GROUP', sg.group_id FROM student_groups sg JOIN users u ON u.id = sg.user_id
          WHERE sg.group_id = ANY($2::int[]) AND u.role = 'STUDENT')
       SELECT own.user_id AS "userId", own.kind, own.target_id AS "targetId",
              COALESCE(ns.own_lessons_in_app, true) AS "inApp",
              COALESCE(ns.own_lessons_email, true) AND u.email IS NOT NULL AS email
         FROM own JOIN users u ON u.id = own.user_id AND u.status = 'ACTIVE'
         LEFT JOIN notification_settings ns ON ns.user_id = own.user_id`,
      [targets.teacherIds, targets.groupIds],
    );
    const followers: Follower[] = [];
    for (const row of rows) {
      const own = { id: 0, userId: row.userId, kind: row.kind, targetId: row.targetId, mode: 'IMMEDIATE', digestTime: null, horizonDays: OWN_LESSONS_HORIZON_DAYS, ownLessons: true } as const;
      if (row.inApp) followers.push({ ...own, channel: 'IN_APP' });
      if (row.email) followers.push({ ...own, channel: 'EMAIL' });
    }
    return followers;
  }

  async settings(userId: number): Promise<NotificationSettings> {
    const [row] = await this.db.rows(SETTINGS,
      `SELECT COALESCE(ns.own_lessons_in_app, true) AS "ownLessonsInApp", COALESCE(ns.own_lessons_email, true) AS "ownLessonsEmail",
              u.email IS NOT NULL AS "hasEmail"
         FROM users u LEFT JOIN notification_settings ns ON ns.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    return row;
  }

  async saveSettings(userId: number, settings: { ownLessonsInApp: boolean; ownLessonsEmail: boolean }): Promise<void> {
    await this.db.execute(
      `INSERT INTO notification_settings (user_id, own_lessons_in_app, own_lessons_email) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET own_lessons_in_app = EXCLUDED.own_lessons_in_app, own_lessons_email = EXCLUDED.own_lessons_email, updated_at = now()`,
      [userId, settings.ownLessonsInApp, settings.ownLessonsEmail],
    );
  }

  /** Whether own-lesson e-mails are on for this user (false for no such user): an unsubscribe link of them still works. */
  async ownLessonEmailsOn(userId: number): Promise<boolean> {
    return (await this.settings(userId))?.ownLessonsEmail ?? false;
  }

  /**
   * The e-mail link of an own-lessons message: turns those e-mails off in one statement (two clicks at
   * once: one wins); false when they were off already.
   */
  async stopOwnLessonEmails(userId: number): Promise<boolean> {
    if (!(await this.settings(userId))) return false;
    const changed = await this.db.execute(
      `INSERT INTO notification_settings (user_id, own_lessons_in_app, own_lessons_email) VALUES ($1, true, false)
       ON CONFLICT (user_id) DO UPDATE SET own_lessons_email = false, updated_at = now() WHERE notification_settings.own_lessons_email`,
      [userId],
    );
    return changed > 0;
  }

  async inbox(userId: number, page: number, size: number): Promise<{ items: NotificationResponse[]; total: number; unread: number }> {
    const items = await this.db.rows(NOTIFICATION,
      `SELECT id::int AS id, event_type AS "eventType", title, body, created_at AS "createdAt", read_at AS "readAt"
         FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, size, page * size],
    );
    const [counts] = await this.db.rows(COUNTS,
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications WHERE user_id = $1`,
      [userId],
    );
    return { items: items.map(toNotification), ...counts };
  }

  /** Marks an own notification read (once; reading again keeps the first time). */
  async markRead(userId: number, id: number): Promise<NotificationResponse | undefined> {
    const [row] = await this.db.rows(NOTIFICATION,
      `UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2
       RETURNING id::int AS id, event_type AS "eventType", title, body, created_at AS "createdAt", read_at AS "readAt"`,
      [id, userId],
    );
    return row && toNotification(row);
  }
}

function toSubscription(row: SubscriptionRow): SubscriptionResponse {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function toNotification(row: NotificationRow): NotificationResponse {
  return { ...row, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}
