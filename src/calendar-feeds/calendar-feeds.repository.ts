import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { bool, COUNT_ROW, date, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { CalendarFeedResponse } from './dto/calendar-feed.dto';
import { FEED_KINDS, FEED_MESSAGES, FeedKind } from './feed-rules';

defineConstraintMessages({
  fk_calendar_feeds_group: FEED_MESSAGES.groupNotFound,
  fk_calendar_feeds_teacher: FEED_MESSAGES.teacherNotFound,
  fk_calendar_feeds_classroom: FEED_MESSAGES.classroomNotFound,
});

/** Serialises the creations of one owner, so the limit of active feeds holds under parallel requests. */
const FEED_OWNER_LOCK = 4916;

/** A timetable a feed may follow, as the database has it. */
const FEED_TARGET = rowShape({ name: text, archived: bool });
export type FeedTarget = RowType<typeof FEED_TARGET>;

/**
 * The target columns of a feed. The LEFT JOINs never miss: the check constraint sets exactly the
 * column of the kind, and its foreign key keeps the row.
 */
const FEED_COLUMNS = { id: int, kind: oneOf(...FEED_KINDS), targetId: int, targetName: text };

/** A live feed found by its secret: what to render, and the data stamp its ETag is made of. */
const LIVE_FEED = rowShape({ ...FEED_COLUMNS, stamp: int });
export type LiveFeed = RowType<typeof LIVE_FEED>;

/** Revisions of lessons and slots: a lesson's SEQUENCE is the sum, its LAST-MODIFIED the later moment. */
export interface Revisions {
  lessons: Map<string, { revision: number; modifiedAt: Date }>;
  slots: Map<number, { revision: number; modifiedAt: Date }>;
}

const FEED = rowShape({ ...FEED_COLUMNS, createdAt: timestamp, revokedAt: nullable(timestamp) });
type FeedRow = RowType<typeof FEED>;
/** A lesson's revision (with its date) or a slot's (the date NULL). */
const REVISION = rowShape({ slotId: int, lessonDate: nullable(date), revision: int, modifiedAt: timestamp });

const SELECT = `
  SELECT f.id, f.kind, COALESCE(f.group_id, f.teacher_id, f.classroom_id) AS "targetId",
         COALESCE(g.name, t.full_name, c.name) AS "targetName", f.created_at AS "createdAt", f.revoked_at AS "revokedAt"
    FROM calendar_feeds f
    LEFT JOIN study_groups g ON g.id = f.group_id
    LEFT JOIN users t ON t.id = f.teacher_id
    LEFT JOIN classrooms c ON c.id = f.classroom_id`;

/** SQL over `calendar_feeds` and the revision tables the migration's triggers keep. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(private readonly db: TenantDb) {}

  async target(kind: Exclude<FeedKind, 'MY_LESSONS'>, id: number): Promise<FeedTarget | undefined> {
    const sql = {
      GROUP: `SELECT name, status = 'ARCHIVED' AS archived FROM study_groups WHERE id = $1`,
      TEACHER: `SELECT full_name AS name, status = 'ARCHIVED' AS archived FROM users WHERE id = $1 AND role = 'TEACHER'`,
      CLASSROOM: `SELECT name, archived_at IS NOT NULL AS archived FROM classrooms WHERE id = $1`,
    }[kind];
    const [row] = await this.db.rows(FEED_TARGET, sql, [id]);
    return row;
  }

  /** Takes the owner's creation lock (until the open transaction ends) and counts their active feeds. */
  async lockAndCountActive(ownerId: number): Promise<number> {
    await this.db.execute(`SELECT pg_advisory_xact_lock($1, $2)`, [FEED_OWNER_LOCK, ownerId]);
    const [row] = await this.db.rows(COUNT_ROW, `SELECT count(*)::int AS count FROM calendar_feeds WHERE owner_id = $1 AND revoked_at IS NULL`, [
      ownerId,
    ]);
    return row.count;
  }

  async insert(ownerId: number, kind: FeedKind, targetId: number, secretHash: Buffer): Promise<number> {
    const column = { GROUP: 'group_id', TEACHER: 'teacher_id', MY_LESSONS: 'teacher_id', CLASSROOM: 'classroom_id' }[kind];
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO calendar_feeds (owner_id, kind, ${column}, secret_hash) VALUES ($1, $2, $3, $4) RETURNING id`,
      [ownerId, kind, targetId, secretHash],
    );
    return row.id;
  }

  /** The owner's active feeds, newest first. */
  async listActive(ownerId: number): Promise<CalendarFeedResponse[]> {
    const rows = await this.db.rows(FEED, `${SELECT} WHERE f.owner_id = $1 AND f.revoked_at IS NULL ORDER BY f.id DESC`, [ownerId]);
    return rows.map(toResponse);
  }

  async findOwn(ownerId: number, id: number): Promise<CalendarFeedResponse | undefined> {
    const [row] = await this.db.rows(FEED, `${SELECT} WHERE f.owner_id = $1 AND f.id = $2`, [ownerId, id]);
    return row && toResponse(row);
  }

  /** Revokes an own feed (a revoked one keeps its first revocation moment). */
  async revoke(ownerId: number, id: number): Promise<void> {
    await this.db.execute(`UPDATE calendar_feeds SET revoked_at = now() WHERE owner_id = $1 AND id = $2 AND revoked_at IS NULL`, [ownerId, id]);
  }

  /**
   * The feed a secret names, if it is live: not revoked and owned by an active user (archiving a user
   * silences their feeds). One query, with the schedule data stamp for the ETag.
   */
  async live(secretHash: Buffer): Promise<LiveFeed | undefined> {
    const [row] = await this.db.rows(LIVE_FEED,
      `SELECT f.id, f.kind, COALESCE(f.group_id, f.teacher_id, f.classroom_id) AS "targetId",
              COALESCE(g.name, t.full_name, c.name) AS "targetName",
              (SELECT stamp FROM schedule_data_stamp WHERE id = 1) AS stamp
         FROM calendar_feeds f
         JOIN users o ON o.id = f.owner_id AND o.status = 'ACTIVE'
         LEFT JOIN study_groups g ON g.id = f.group_id
         LEFT JOIN users t ON t.id = f.teacher_id
         LEFT JOIN classrooms c ON c.id = f.classroom_id
        WHERE f.secret_hash = $1 AND f.revoked_at IS NULL`,
      [secretHash],
    );
    return row;
  }

  /** Revisions of the given base slots' lessons and of the slots themselves (two small indexed reads in one query). */
  async revisions(slotIds: readonly number[]): Promise<Revisions> {
    const revisions: Revisions = { lessons: new Map(), slots: new Map() };
    if (slotIds.length === 0) return revisions;
    const rows = await this.db.rows(REVISION,
      `SELECT base_rule_slot_id AS "slotId", lesson_date AS "lessonDate", revision, modified_at AS "modifiedAt"
         FROM calendar_lesson_revisions WHERE base_rule_slot_id = ANY($1::int[])
       UNION ALL
       SELECT slot_id, NULL, revision, modified_at FROM calendar_slot_revisions WHERE slot_id = ANY($1::int[])`,
      [slotIds],
    );
    for (const row of rows) {
      const value = { revision: row.revision, modifiedAt: row.modifiedAt };
      if (row.lessonDate === null) revisions.slots.set(row.slotId, value);
      else revisions.lessons.set(`${row.slotId}:${row.lessonDate}`, value);
    }
    return revisions;
  }
}

function toResponse(row: FeedRow): CalendarFeedResponse {
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    targetName: row.targetName,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
