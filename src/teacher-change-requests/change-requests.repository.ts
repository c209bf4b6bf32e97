import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { date, ID_ROW, int, listOf, nullable, oneOf, rowShape, RowType, text, time, timestamp } from '../platform/database/row-shape';
import { SqlParams } from '../platform/database/sql';
import { TenantDb } from '../platform/database/tenant-db';
import { teacherRecordsWhere, TeacherRecordsScope } from '../platform/auth/department-scope';
import {
  CHANGE_REQUEST_EVENTS,
  CHANGE_REQUEST_STATUSES,
  CHANGE_REQUEST_TYPES,
  ChangeAsked,
  ChangeRequestEvent,
  ChangeRequestStatus,
  DUPLICATE_PENDING_REQUEST,
} from './change-request-rules';
import { ChangeRequestEventResponse, ChangeRequestResponse } from './dto/change-request.dto';

defineConstraintMessages({
  uq_teacher_change_requests_pending: DUPLICATE_PENDING_REQUEST,
  ck_teacher_change_requests_reason: 'Укажите причину заявки',
  ck_teacher_change_requests_shape: 'Поля заявки не соответствуют её типу',
  fk_teacher_change_requests_time_slot: 'Пара (временной слот) не найдена',
  fk_teacher_change_requests_classroom: 'Аудитория не найдена',
  fk_teacher_change_requests_slot: 'Слот правила расписания не найден',
});

const SELECT = `
  SELECT r.id, r.teacher_id AS "teacherId", t.full_name AS "teacherName", r.semester_id AS "semesterId",
         r.schedule_version_id AS "scheduleVersionId", r.base_rule_slot_id AS "baseRuleSlotId", sl.rule_id AS "scheduleRuleId",
         r.lesson_date AS "lessonDate", ru.subject_id AS "subjectId", sub.name AS "subjectName",
         sl.lesson_type_id AS "lessonTypeId", lt.name AS "lessonTypeName",
         ARRAY(SELECT g.group_id FROM schedule_rule_groups g WHERE g.rule_id = sl.rule_id ORDER BY g.group_id) AS "groupIds",
         ARRAY(SELECT sg.name FROM schedule_rule_groups g JOIN study_groups sg ON sg.id = g.group_id
                WHERE g.rule_id = sl.rule_id ORDER BY g.group_id) AS "groupNames",
         r.original_time_slot_id AS "originalTimeSlotId", ots.start_time AS "originalStartTime", ots.end_time AS "originalEndTime",
         r.original_classroom_id AS "originalClassroomId", oc.name AS "originalClassroomName",
         r.request_type AS "requestType", r.target_lesson_date AS "targetLessonDate",
         r.requested_time_slot_id AS "requestedTimeSlotId", rts.start_time AS "requestedStartTime", rts.end_time AS "requestedEndTime",
         r.requested_classroom_id AS "requestedClassroomId", rc.name AS "requestedClassroomName",
         r.reason, r.status, r.applied_override_id AS "appliedOverrideId",
         r.reviewed_by AS "reviewedById", rb.full_name AS "reviewedByName", r.reviewed_at AS "reviewedAt", r.review_comment AS "reviewComment",
         r.created_at AS "createdAt", r.updated_at AS "updatedAt"
    FROM teacher_change_requests r
    JOIN users t ON t.id = r.teacher_id
    JOIN schedule_rule_slots sl ON sl.id = r.base_rule_slot_id
    JOIN schedule_rules ru ON ru.id = sl.rule_id
    JOIN subjects sub ON sub.id = ru.subject_id
    JOIN lesson_types lt ON lt.id = sl.lesson_type_id
    JOIN time_slots ots ON ots.id = r.original_time_slot_id
    JOIN classrooms oc ON oc.id = r.original_classroom_id
    LEFT JOIN time_slots rts ON rts.id = r.requested_time_slot_id
    LEFT JOIN classrooms rc ON rc.id = r.requested_classroom_id
    LEFT JOIN users rb ON rb.id = r.reviewed_by`;
/** A row of `SELECT`: the requested pair, room and date are null where the request type asks none (LEFT JOINs), the review until reviewed. */
const REQUEST_ROW = rowShape({
  id: int,
  teacherId: int,
  teacherName: text,
  semesterId: int,
  scheduleVersionId: int,
  baseRuleSlotId: int,
  scheduleRuleId: int,
  lessonDate: date,
  subjectId: int,
  subjectName: text,
  lessonTypeId: int,
  lessonTypeName: text,
  groupIds: listOf(int),
  groupNames: listOf(text),
  originalTimeSlotId: int,
  originalStartTime: time,
  originalEndTime: time,
  originalClassroomId: int,
  originalClassroomName: text,
  requestType: oneOf(...CHANGE_REQUEST_TYPES),
  targetLessonDate: nullable(date),
  requestedTimeSlotId: nullable(int),
  requestedStartTime: nullable(time),
  requestedEndTime: nullable(time),
  requestedClassroomId: nullable(int),
  requestedClassroomName: nullable(text),
  reason: text,
  status: oneOf(...CHANGE_REQUEST_STATUSES),
  appliedOverrideId: nullable(int),
  reviewedById: nullable(int),
  reviewedByName: nullable(text),
  reviewedAt: nullable(timestamp),
  reviewComment: nullable(text),
  createdAt: timestamp,
  updatedAt: timestamp,
});

type RequestRow = RowType<typeof REQUEST_ROW>;

/** An event of a request's history (`actor_id` is nullable, so the actor's name too). */
const EVENT_ROW = rowShape({
  id: int,
  requestId: int,
  eventType: oneOf(...CHANGE_REQUEST_EVENTS),
  actorId: nullable(int),
  actorName: nullable(text),
  comment: nullable(text),
  createdAt: timestamp,
});

/** A waiting request as the schedule's re-check after a change from a date sees it. */
const WAITING_ROW = rowShape({ id: int, slotId: int, lessonDate: date, teacherId: int, teacherName: text });

export type WaitingRequest = RowType<typeof WAITING_ROW>;

/** A candidate room with what a teacher chooses by. */
const CLASSROOM_OPTION = rowShape({ requestedClassroomId: int, classroomName: text, capacity: int });

export type ClassroomOption = RowType<typeof CLASSROOM_OPTION>;


/** Who sees which requests: everything, one teacher's, or one department's teachers' (by assignment history on the lesson date). */

export interface NewChangeRequest extends ChangeAsked {
  teacherId: number;
  semesterId: number;
  versionId: number;
  baseRuleSlotId: number;
  lessonDate: string;
  originalTimeSlotId: number;
  originalClassroomId: number;
  reason: string;
}

/** SQL over `teacher_change_requests` and their events; writes join the caller's open transaction through `TenantDb`. */
@Injectable()
export class ChangeRequestsRepository {
  constructor(private readonly db: TenantDb) {}

  /** The journal visible to the caller, newest first, each request with its history (two queries). */
  async list(scope: TeacherRecordsScope, status: ChangeRequestStatus | undefined): Promise<ChangeRequestResponse[]> {
    const params = new SqlParams();
    const where: string[] = [];
    where.push(...teacherRecordsWhere(scope, params, { teacherId: 'r.teacher_id', from: 'r.lesson_date', to: 'r.lesson_date' }));
    if (status !== undefined) where.push(`r.status = ${params.add(status)}`);
    const rows = await this.db.rows(REQUEST_ROW,
      `${SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY r.created_at DESC, r.id DESC`,
      params.values,
    );
    return this.withHistory(rows);
  }

  /** One request with its history; with `lock`, row-locked until the open transaction ends. */
  async find(id: number, lock = false): Promise<ChangeRequestResponse | undefined> {
    const rows = await this.db.rows(REQUEST_ROW, `${SELECT} WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r' : ''}`, [id]);
    return (await this.withHistory(rows))[0];
  }


  /** The waiting request of a lesson, if any. */
  async pendingOf(baseRuleSlotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW,
      `SELECT id FROM teacher_change_requests WHERE base_rule_slot_id = $1 AND lesson_date = $2 AND status = 'PENDING'`,
      [baseRuleSlotId, lessonDate],
    );
    return row?.id;
  }

  /** The waiting requests about lessons of the rows `slotIds` dated `from` or later, row-locked until the transaction ends. */
  async waitingOn(slotIds: readonly number[], from: string): Promise<WaitingRequest[]> {
    return this.db.rows(WAITING_ROW,
      `SELECT r.id, r.base_rule_slot_id AS "slotId", r.lesson_date AS "lessonDate", r.teacher_id AS "teacherId", u.full_name AS "teacherName"
         FROM teacher_change_requests r JOIN users u ON u.id = r.teacher_id
        WHERE r.status = 'PENDING' AND r.base_rule_slot_id = ANY($1::int[]) AND r.lesson_date >= $2
        ORDER BY r.id FOR UPDATE OF r`,
      [slotIds, from],
    );
  }

  /** A waiting request follows its lesson to the row (and version, and room) that gives it now. */
  async repoint(moves: readonly { id: number; slotId: number; versionId: number; classroomId: number }[]): Promise<void> {
    if (moves.length === 0) return;
    await this.db.execute(
      `UPDATE teacher_change_requests r
          SET base_rule_slot_id = m.slot_id, schedule_version_id = m.version_id, original_classroom_id = m.classroom_id, updated_at = now()
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS m(id, slot_id, version_id, classroom_id)
        WHERE r.id = m.id`,
      [moves.map((move) => move.id), moves.map((move) => move.slotId), moves.map((move) => move.versionId), moves.map((move) => move.classroomId)],
    );
  }

  /** Rejects a waiting request without a reviewer: the schedule changed under it (the comment says how). */
  async rejectBySchedule(id: number, comment: string): Promise<void> {
    await this.db.execute(
      `UPDATE teacher_change_requests SET status = 'REJECTED', reviewed_by = NULL, reviewed_at = now(), review_comment = $2, updated_at = now()
        WHERE id = $1 AND status = 'PENDING'`,
      [id, comment],
    );
    await this.db.execute(`INSERT INTO teacher_change_request_events (request_id, event_type, actor_id, comment) VALUES ($1, 'REJECTED', NULL, $2)`, [id, comment]);
  }

  /** Rooms offered as candidates, with what a teacher chooses by. */
  async classrooms(ids: readonly number[]): Promise<ClassroomOption[]> {
    if (ids.length === 0) return [];
    return this.db.rows(CLASSROOM_OPTION, `SELECT id AS "requestedClassroomId", name AS "classroomName", capacity FROM classrooms WHERE id = ANY($1::int[])`, [ids]);
  }

  async insert(request: NewChangeRequest): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO teacher_change_requests (teacher_id, semester_id, schedule_version_id, base_rule_slot_id, lesson_date, request_type,
                                            target_lesson_date, requested_time_slot_id, requested_classroom_id, original_time_slot_id,
                                            original_classroom_id, reason, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING') RETURNING id`,
      [
        request.teacherId,
        request.semesterId,
        request.versionId,
        request.baseRuleSlotId,
        request.lessonDate,
        request.requestType,
        request.targetLessonDate,
        request.requestedTimeSlotId,
        request.requestedClassroomId,
        request.originalTimeSlotId,
        request.originalClassroomId,
        request.reason,
      ],
    );
    return row.id;
  }

  /** Closes a waiting request: applied (with its override), rejected (with the comment) or withdrawn. */
  async close(id: number, status: Exclude<ChangeRequestStatus, 'PENDING'>, reviewerId: number | null, comment: string | null, overrideId: number | null = null) {
    await this.db.execute(
      `UPDATE teacher_change_requests
          SET status = $2, reviewed_by = $3, reviewed_at = CASE WHEN $3::int IS NULL THEN NULL ELSE now() END, review_comment = $4,
              applied_override_id = $5, updated_at = now()
        WHERE id = $1`,
      [id, status, reviewerId, comment, overrideId],
    );
  }

  async addEvent(requestId: number, eventType: ChangeRequestEvent, actorId: number, comment: string | null): Promise<void> {
    await this.db.execute(`INSERT INTO teacher_change_request_events (request_id, event_type, actor_id, comment) VALUES ($1, $2, $3, $4)`, [
      requestId,
      eventType,
      actorId,
      comment,
    ]);
  }

  private async withHistory(rows: RequestRow[]): Promise<ChangeRequestResponse[]> {
    if (rows.length === 0) return [];
    const events = await this.db.rows(EVENT_ROW,
      `SELECT e.id, e.request_id AS "requestId", e.event_type AS "eventType", e.actor_id AS "actorId", u.full_name AS "actorName",
              e.comment, e.created_at AS "createdAt"
         FROM teacher_change_request_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.request_id = ANY($1::int[])
        ORDER BY e.id`,
      [rows.map((row) => row.id)],
    );
    const history = new Map<number, ChangeRequestEventResponse[]>();
    for (const { requestId, createdAt, ...event } of events) {
      history.set(requestId, [...(history.get(requestId) ?? []), { ...event, createdAt: createdAt.toISOString() }]);
    }
    return rows.map((row) => ({
      ...row,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      history: history.get(row.id) ?? [],
    }));
  }
}
