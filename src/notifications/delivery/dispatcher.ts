import { Injectable } from '@nestjs/common';
import { float, int, NAMED_ROW, rowShape, time } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { businessTimeZone, clock } from '../../platform/http/dates';
import { NotificationQueue } from '../../platform/metrics/metrics';
import { ClaimedEvent, LessonChangedEvent, Outbox, OutboxEventType, REVIEW_EVENT_TYPES, ReviewEvent, ReviewEventType, VersionPublishedEvent } from '../../platform/outbox/outbox';
import { RulesChangedEvent } from '../../schedule/core';
import { SubscriptionsRepository } from '../subscriptions.repository';
import { WebhooksRepository } from '../webhooks/webhooks.repository';
import { ChangeNames, ChangeText, describeLessonChange, describePublication } from './lesson-change-text';
import { PublicationLessons, PublishedLesson } from './publication-lessons';
import { changedLessons, deliveriesOf, Delivery, LessonFacts, nextDigestAt } from './recipients';

const isReview = (type: OutboxEventType): type is ReviewEventType => (REVIEW_EVENT_TYPES as readonly string[]).includes(type);

/** Events claimed per transaction (a publication is one event, its lessons worked out when claimed). */
const BATCH = 200;

const EMAIL_QUEUE = rowShape({ pendingEmails: int, failedEmails: int, oldestPendingSeconds: float });
const TIME_SLOT = rowShape({ id: int, orderNumber: int, startTime: time, endTime: time });

/** An event worked out: who hears of it and what to tell each of them. */
interface Fanned {
  eventId: number;
  type: OutboxEventType;
  deliveries: Delivery<LessonFacts>[];
  text: (delivery: Delivery<LessonFacts>, names: ChangeNames) => ChangeText;
}

interface NameIds {
  subjectIds: number[];
  lessonTypeIds: number[];
  groupIds: number[];
  teacherIds: number[];
  classroomIds: number[];
  timeSlotIds: number[];
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
    private readonly outbox: Outbox,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly publications: PublicationLessons,
    private readonly webhooks: WebhooksRepository,
  ) {}

  /** One round; answers how many events it dispatched. `today` is the university's date the horizons count from. */
  dispatchBatch(today: string, now = clock.now()): Promise<number> {
    return this.db.transaction(async () => {
      const events = await this.outbox.claim(BATCH);
      if (events.length === 0) return 0;
      const fanned: Fanned[] = [];
      for (const event of events) {
        await this.webhooks.enqueue(event.id, event.type);
        if (isReview(event.type)) {
          // A decision about a teacher's own request: told to that teacher, on the page.
          const review = event.payload as ReviewEvent;
          fanned.push({
            eventId: event.id,
            type: event.type,
            deliveries: [{ userId: review.teacherId, inApp: true, lessons: [] }],
            text: () => ({ title: review.title, lines: review.comment ? [`Комментарий: ${review.comment}`] : [] }),
          });
          continue;
        }
        const lessons = await this.lessonsOf(event);
        if (lessons.length === 0) continue;
        const targets = {
          groupIds: [...new Set(lessons.flatMap((lesson) => lesson.groupIds))],
          teacherIds: [...new Set(lessons.map((lesson) => lesson.teacherId))],
          classroomIds: [...new Set(lessons.map((lesson) => lesson.classroomId))],
        };
        // Subscribers, and the people whose own lessons these are (told by default, issue 45 §3).
        const followers = [...(await this.subscriptions.followersOf(targets)), ...(await this.subscriptions.ownLessonFollowers(targets))];
        const deliveries = deliveriesOf(lessons, followers, today);
        if (deliveries.length === 0) continue;
        fanned.push({
          eventId: event.id,
          type: event.type,
          deliveries,
          text:
            event.type === 'lesson.changed'
              ? (_delivery, names) => describeLessonChange(event.payload as LessonChangedEvent, names)
              : (delivery, names) => describePublication(delivery.lessons as PublishedLesson[], names, event.type === 'rules.changed' ? 'RULES' : 'PUBLICATION'),
        });
      }
      if (fanned.length > 0) await this.store(fanned, await this.names(events, fanned), now);
      await this.outbox.markDispatched(events.map((event) => event.id));
      return events.length;
    });
  }

  /** The lessons an event is about: a one-off change's before and after, or what a publication changed. */
  private async lessonsOf(event: ClaimedEvent): Promise<LessonFacts[]> {
    if (event.type === 'lesson.changed') return changedLessons(event.payload as LessonChangedEvent);
    if (event.type === 'version.published') return this.publications.of(event.payload as VersionPublishedEvent);
    if (event.type === 'rules.changed') return this.publications.ofRuleChange(event.payload as RulesChangedEvent);
    return [];
  }

  private async store(fanned: Fanned[], names: ChangeNames, now: Date): Promise<void> {
    const inApp: { userId: number; eventId: number; type: string; title: string; body: string }[] = [];
    const mail: { userId: number; eventId: number; subscriptionId: number | null; title: string; body: string; sendAfter: Date }[] = [];
    const timeZone = businessTimeZone();
    for (const { eventId, type, deliveries, text } of fanned) {
      for (const delivery of deliveries) {
        const { title, lines } = text(delivery, names);
        const body = lines.join('\n');
        if (delivery.inApp) inApp.push({ userId: delivery.userId, eventId, type, title, body });
        const email = delivery.email;
        if (email) {
          const sendAfter = email.mode === 'DAILY_DIGEST' && email.digestTime ? nextDigestAt(email.digestTime, now, timeZone) : now;
          mail.push({ userId: delivery.userId, eventId, subscriptionId: email.ownLessons ? null : email.id, title, body, sendAfter });
        }
      }
    }
    if (inApp.length > 0) {
      await this.db.execute(
        `INSERT INTO notifications (user_id, event_id, event_type, title, body)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT (user_id, event_id) DO NOTHING`,
        [inApp.map((row) => row.userId), inApp.map((row) => row.eventId), inApp.map((row) => row.type), inApp.map((row) => row.title), inApp.map((row) => row.body)],
      );
    }
    if (mail.length > 0) {
      await this.db.execute(
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
  }

  /** What waits: undispatched events, due unsent e-mail (only when mail is configured), given-up e-mail, and the oldest wait. */
  async queue(mailEnabled: boolean): Promise<NotificationQueue> {
    const events = await this.outbox.backlog();
    const [mail] = await this.db.rows(EMAIL_QUEUE,
      `SELECT (SELECT count(*)::int FROM email_items WHERE status = 'PENDING' AND send_after <= now() AND $1) AS "pendingEmails",
              (SELECT count(*)::int FROM email_items WHERE status = 'FAILED') AS "failedEmails",
              COALESCE(extract(epoch FROM now() -
                (SELECT min(send_after) FROM email_items WHERE status = 'PENDING' AND send_after <= now() AND $1)), 0)::float AS "oldestPendingSeconds"`,
      [mailEnabled],
    );
    return { ...mail, pendingEvents: events.pending, oldestPendingSeconds: Math.max(events.oldestSeconds, mail.oldestPendingSeconds) };
  }

  /** The names the texts need, one query per kind for the whole batch. */
  private async names(events: ClaimedEvent[], fanned: Fanned[]): Promise<ChangeNames> {
    const ids: NameIds = { subjectIds: [], lessonTypeIds: [], groupIds: [], teacherIds: [], classroomIds: [], timeSlotIds: [] };
    for (const event of events) {
      if (event.type !== 'lesson.changed') continue;
      const change = event.payload as LessonChangedEvent;
      ids.subjectIds.push(change.subjectId);
      ids.lessonTypeIds.push(change.lessonTypeId);
      ids.groupIds.push(...change.groupIds);
      for (const moment of [change.before, change.after]) {
        if (!moment) continue;
        ids.teacherIds.push(moment.teacherId);
        ids.classroomIds.push(moment.classroomId);
        ids.timeSlotIds.push(moment.timeSlotId);
      }
    }
    for (const lesson of fanned.flatMap((item) => item.deliveries.flatMap((delivery) => delivery.lessons))) {
      const published = lesson as Partial<PublishedLesson>;
      if (published.subjectId !== undefined) ids.subjectIds.push(published.subjectId);
      if (published.lessonTypeId !== undefined) ids.lessonTypeIds.push(published.lessonTypeId);
      ids.groupIds.push(...lesson.groupIds);
      ids.teacherIds.push(lesson.teacherId);
      ids.classroomIds.push(lesson.classroomId);
    }
    const unique = (values: number[]) => [...new Set(values)];
    const named = async (sql: string, values: number[]) =>
      new Map((await this.db.rows(NAMED_ROW, sql, [unique(values)])).map((row) => [row.id, row.name]));
    // One after another: they share the transaction's single connection.
    const subjects = await named(`SELECT id, name FROM subjects WHERE id = ANY($1::int[])`, ids.subjectIds);
    const lessonTypes = await named(`SELECT id, name FROM lesson_types WHERE id = ANY($1::int[])`, ids.lessonTypeIds);
    const groups = await named(`SELECT id, name FROM study_groups WHERE id = ANY($1::int[])`, ids.groupIds);
    const people = await named(`SELECT id, full_name AS name FROM users WHERE id = ANY($1::int[])`, ids.teacherIds);
    const classrooms = await named(`SELECT id, name FROM classrooms WHERE id = ANY($1::int[])`, ids.classroomIds);
    const slots = await this.db.rows(TIME_SLOT,
      `SELECT id, order_number AS "orderNumber", start_time::text AS "startTime", end_time::text AS "endTime" FROM time_slots WHERE id = ANY($1::int[])`,
      [unique(ids.timeSlotIds)],
    );
    return { subjects, lessonTypes, groups, people, classrooms, timeSlots: new Map(slots.map((slot) => [slot.id, slot])) };
  }
}
