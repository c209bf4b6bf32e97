import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { NotificationQueue } from '../../platform/metrics/metrics';
import { LessonChangedEvent } from '../../platform/outbox/outbox';
import { SubscriptionsRepository } from '../subscriptions.repository';
import { ChangeNames, describeLessonChange } from './lesson-change-text';
import { deliveriesOf, nextDigestAt } from './recipients';

/** Events claimed per transaction: one publication's changes are fanned out in a few rounds. */
const BATCH = 200;

interface ClaimedEvent {
  id: string;
  type: string;
  payload: LessonChangedEvent;
}

/**
 * Turns outbox events into deliveries: per recipient one in-app notification and at most one e-mail
 * item per event. Events are claimed with FOR UPDATE SKIP LOCKED and marked dispatched in the same
 * transaction, and the unique (user, event) constraints make a repeated fan-out harmless, so any
 * number of instances may dispatch at once and a crash loses nothing (the claim rolls back).
 */
@Injectable()
export class NotificationDispatcher {
  constructor(
    private readonly db: TenantDb,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /** One round; answers how many events it dispatched. `today` is the Moscow date the horizons count from. */
  dispatchBatch(today: string, now = new Date()): Promise<number> {
    return this.db.transaction(async () => {
      const events = await this.db.query<ClaimedEvent>(
        `SELECT id, type, payload FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH],
      );
      if (events.length === 0) return 0;
      const changes = events.filter((event) => event.type === 'lesson.changed').map((event) => ({ id: event.id, change: event.payload }));
      const moments = changes.flatMap(({ change }) => [change.before, change.after]).filter((moment) => moment !== null);
      const followers = await this.subscriptions.followersOf({
        groupIds: [...new Set(changes.flatMap(({ change }) => change.groupIds))],
        teacherIds: [...new Set(moments.map((moment) => moment.teacherId))],
        classroomIds: [...new Set(moments.map((moment) => moment.classroomId))],
      });
      const inApp: { userId: number; eventId: string; title: string; body: string }[] = [];
      const mail: { userId: number; eventId: string; subscriptionId: number; title: string; body: string; sendAfter: Date }[] = [];
      if (followers.length > 0) {
        const names = await this.names(changes.map(({ change }) => change));
        for (const { id, change } of changes) {
          const deliveries = deliveriesOf(change, followers, today);
          if (deliveries.length === 0) continue;
          const text = describeLessonChange(change, names);
          const body = text.lines.join('\n');
          for (const delivery of deliveries) {
            if (delivery.inApp) inApp.push({ userId: delivery.userId, eventId: id, title: text.title, body });
            const email = delivery.email;
            if (email) {
              const sendAfter = email.mode === 'DAILY_DIGEST' && email.digestTime ? nextDigestAt(email.digestTime, now) : now;
              mail.push({ userId: delivery.userId, eventId: id, subscriptionId: email.id, title: text.title, body, sendAfter });
            }
          }
        }
      }
      if (inApp.length > 0) {
        await this.db.query(
          `INSERT INTO notifications (user_id, event_id, event_type, title, body)
           SELECT * FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[])
           ON CONFLICT (user_id, event_id) DO NOTHING`,
          [inApp.map((row) => row.userId), inApp.map((row) => row.eventId), inApp.map(() => 'lesson.changed'), inApp.map((row) => row.title), inApp.map((row) => row.body)],
        );
      }
      if (mail.length > 0) {
        await this.db.query(
          `INSERT INTO email_items (user_id, event_id, subscription_id, title, body, send_after)
           SELECT * FROM unnest($1::int[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
           ON CONFLICT (user_id, event_id) DO NOTHING`,
          [
            mail.map((row) => row.userId),
            mail.map((row) => row.eventId),
            mail.map((row) => row.subscriptionId),
            mail.map((row) => row.title),
            mail.map((row) => row.body),
            mail.map((row) => row.sendAfter.toISOString()),
          ],
        );
      }
      await this.db.query(`UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::bigint[])`, [events.map((event) => event.id)]);
      return events.length;
    });
  }

  /** What waits: undispatched events, due unsent e-mail (only when mail is configured), given-up e-mail, and the oldest wait. */
  async queue(mailEnabled: boolean): Promise<NotificationQueue> {
    const [row] = await this.db.query<NotificationQueue>(
      `SELECT (SELECT count(*)::int FROM outbox_events WHERE dispatched_at IS NULL) AS "pendingEvents",
              (SELECT count(*)::int FROM email_items WHERE status = 'PENDING' AND send_after <= now() AND $1) AS "pendingEmails",
              (SELECT count(*)::int FROM email_items WHERE status = 'FAILED') AS "failedEmails",
              COALESCE(extract(epoch FROM now() - LEAST(
                (SELECT min(created_at) FROM outbox_events WHERE dispatched_at IS NULL),
                (SELECT min(send_after) FROM email_items WHERE status = 'PENDING' AND send_after <= now() AND $1))), 0)::float AS "oldestPendingSeconds"`,
      [mailEnabled],
    );
    return row;
  }

  /** The names the texts need, one query per kind for the whole batch. */
  private async names(changes: LessonChangedEvent[]): Promise<ChangeNames> {
    const moments = changes.flatMap((change) => [change.before, change.after]).filter((moment) => moment !== null);
    const ids = (values: number[]) => [...new Set(values)];
    const named = async (sql: string, values: number[]) =>
      new Map((await this.db.query<{ id: number; name: string }>(sql, [ids(values)])).map((row) => [row.id, row.name]));
    // One after another: they share the transaction's single connection.
    const subjects = await named(`SELECT id, name FROM subjects WHERE id = ANY($1::int[])`, changes.map((change) => change.subjectId));
    const lessonTypes = await named(`SELECT id, name FROM lesson_types WHERE id = ANY($1::int[])`, changes.map((change) => change.lessonTypeId));
    const groups = await named(`SELECT id, name FROM study_groups WHERE id = ANY($1::int[])`, changes.flatMap((change) => change.groupIds));
    const people = await named(`SELECT id, full_name AS name FROM users WHERE id = ANY($1::int[])`, moments.map((moment) => moment.teacherId));
    const classrooms = await named(`SELECT id, name FROM classrooms WHERE id = ANY($1::int[])`, moments.map((moment) => moment.classroomId));
    const slots = await this.db.query<{ id: number; orderNumber: number; startTime: string; endTime: string }>(
      `SELECT id, order_number AS "orderNumber", start_time::text AS "startTime", end_time::text AS "endTime" FROM time_slots WHERE id = ANY($1::int[])`,
      [ids(moments.map((moment) => moment.timeSlotId))],
    );
    return { subjects, lessonTypes, groups, people, classrooms, timeSlots: new Map(slots.map((slot) => [slot.id, slot])) };
  }
}
