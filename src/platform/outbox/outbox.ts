import { Injectable } from '@nestjs/common';
import { float, int, jsonDocument, oneOf, rowShape, RowType } from '../database/row-shape';
import { TenantDb } from '../database/tenant-db';

/** Events other parts of the system react to (the notifications). */
export type OutboxEventType = 'lesson.changed' | 'version.published' | 'rules.changed' | ReviewEventType;

/** Decisions about one teacher's own request, told to that teacher. */
export type ReviewEventType = 'change-request.reviewed' | 'preference.reviewed' | 'absence.reviewed' | 'absence.resolved';
export const REVIEW_EVENT_TYPES: readonly ReviewEventType[] = ['change-request.reviewed', 'preference.reviewed', 'absence.reviewed', 'absence.resolved'];

/** An event as its reader claims it; the payload is typed where it is read, by the event's type. */
const CLAIMED_EVENT = rowShape({
  id: int,
  type: oneOf<OutboxEventType>('lesson.changed', 'version.published', 'rules.changed', ...REVIEW_EVENT_TYPES),
  payload: jsonDocument,
});
export type ClaimedEvent = RowType<typeof CLAIMED_EVENT>;
const BACKLOG = rowShape({ pending: int, oldestSeconds: float });

/**
 * The transactional outbox of a tenant database: an event is written with the change that causes it,
 * in the same transaction (TenantDb joins the open one), so a refused or rolled-back change leaves no
 * event and a committed one never loses its event. Readers claim events with FOR UPDATE SKIP LOCKED.
 */
@Injectable()
export class Outbox {
  constructor(private readonly db: TenantDb) {}

  async add(type: OutboxEventType, payload: object): Promise<void> {
    await this.db.execute(`INSERT INTO outbox_events (type, payload) VALUES ($1, $2)`, [type, JSON.stringify(payload)]);
  }

  /** Up to `limit` undispatched events, oldest first, locked until the caller's transaction ends (other readers skip them). */
  claim(limit: number): Promise<ClaimedEvent[]> {
    return this.db.rows(CLAIMED_EVENT,
      `SELECT id, type, payload FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  /** Marks claimed events done, in the transaction that claimed them. */
  async markDispatched(ids: readonly number[]): Promise<void> {
    await this.db.execute(`UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** How many events wait, and for how many seconds the oldest has (0 when none). */
  async backlog(): Promise<RowType<typeof BACKLOG>> {
    const [row] = await this.db.rows(BACKLOG,
      `SELECT count(*)::int AS pending, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float AS "oldestSeconds"
         FROM outbox_events WHERE dispatched_at IS NULL`,
    );
    return row;
  }
}

/** Where a lesson is at one moment; null in an event means the lesson does not take place (cancelled). */
export interface LessonMoment {
  date: string;
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  format: string;
}

/** The payload of `lesson.changed`: one lesson of one rule slot, before and after a one-off change. */
export interface LessonChangedEvent {
  overrideId: number;
  operation: 'created' | 'updated' | 'deleted';
  semesterId: number;
  ruleId: number;
  baseRuleSlotId: number;
  /** The original date that names the lesson. */
  lessonDate: string;
  subjectId: number;
  lessonTypeId: number;
  groupIds: number[];
  subgroupIds: number[];
  before: LessonMoment | null;
  after: LessonMoment | null;
}

/**
 * The payload of `version.published`: a version became the semester's publication (published or
 * restored) in place of `previousVersionId`. The lessons that differ are worked out by the delivery
 * in the background, so the publication answers as fast as without followers.
 */
export interface VersionPublishedEvent {
  semesterId: number;
  versionId: number;
  previousVersionId: number | null;
  /** A publication from a date (issue 53): the lessons before it stayed as the previous publication had them. */
  effectiveFrom?: string;
}

/** The payload of a review event: whose request, what was decided, in words a person reads. */
export interface ReviewEvent {
  teacherId: number;
  requestId: number;
  decision: 'APPROVED' | 'REJECTED' | 'RESOLVED';
  /** «Заявка №5 на перенос занятия 08.09 одобрена» */
  title: string;
  comment: string | null;
}
