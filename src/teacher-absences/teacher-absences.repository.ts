import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { date, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp } from '../platform/database/row-shape';
import { SqlParams } from '../platform/database/sql';
import { TenantDb } from '../platform/database/tenant-db';
import { teacherRecordsWhere, TeacherRecordsScope } from '../platform/auth/department-scope';
import { AbsenceDecisionResponse, AbsenceResponse } from './dto/absence.dto';
import { ABSENCE_STATUSES, AbsenceStatus, Resolution, RESOLUTIONS } from './absence-rules';

/** The advisory lock class of one teacher's new absences (see lockTeacherAbsences). */
const TEACHER_ABSENCES_LOCK = 4931;

export const OVERLAPPING_ABSENCE = 'У преподавателя уже есть действующее отсутствие, пересекающееся с этим периодом';

defineConstraintMessages({
  ex_teacher_absences_overlap: OVERLAPPING_ABSENCE,
  ck_teacher_absences_order: 'Дата окончания отсутствия раньше даты начала',
  ck_teacher_absences_length: 'Отсутствие длится не более 120 дней',
  fk_teacher_absences_teacher: 'Преподаватель не найден',
  fk_teacher_absence_decisions_teacher: 'Преподаватель не найден',
  fk_teacher_absence_decisions_classroom: 'Аудитория не найдена',
  fk_teacher_absence_decisions_time_slot: 'Пара (временной слот) не найдена',
});

const SELECT = `
  SELECT a.id, a.teacher_id AS "teacherId", t.full_name AS "teacherName", a.start_date AS "startDate", a.end_date AS "endDate",
         (a.end_date - a.start_date + 1) AS "dayCount", a.reason, a.status,
         a.created_by AS "createdById", cb.full_name AS "createdByName", a.created_at AS "createdAt",
         a.reviewed_by AS "reviewedById", rb.full_name AS "reviewedByName", a.reviewed_at AS "reviewedAt",
         a.review_comment AS "reviewComment", a.closed_at AS "closedAt", a.resolved_at AS "resolvedAt",
         (SELECT count(*)::int FROM teacher_absence_decisions d WHERE d.absence_id = a.id) AS "decisionCount",
         a.updated_at AS "updatedAt"
    FROM teacher_absences a
    JOIN users t ON t.id = a.teacher_id
    LEFT JOIN users cb ON cb.id = a.created_by
    LEFT JOIN users rb ON rb.id = a.reviewed_by`;
/** The creator's and reviewer's names come from LEFT JOINs: null when there is none. */
const ABSENCE_ROW = rowShape({
  id: int,
  teacherId: int,
  teacherName: text,
  startDate: date,
  endDate: date,
  dayCount: int,
  reason: text,
  status: oneOf(...ABSENCE_STATUSES),
  createdById: nullable(int),
  createdByName: nullable(text),
  createdAt: timestamp,
  reviewedById: nullable(int),
  reviewedByName: nullable(text),
  reviewedAt: nullable(timestamp),
  reviewComment: nullable(text),
  closedAt: nullable(timestamp),
  resolvedAt: nullable(timestamp),
  decisionCount: int,
  updatedAt: timestamp,
});
type AbsenceRow = RowType<typeof ABSENCE_ROW>;

/** Who sees which absences: everything, one teacher's, or one department's teachers' (by history over each period). */

export interface NewAbsence {
  teacherId: number;
  startDate: string;
  endDate: string;
  reason: string;
  status: 'PENDING' | 'APPROVED';
  authorId: number;
}

export interface NewDecision {
  absenceId: number;
  baseRuleSlotId: number;
  lessonDate: string;
  resolution: Resolution;
  newTeacherId: number | null;
  targetLessonDate: string | null;
  newTimeSlotId: number | null;
  newClassroomId: number | null;
  overrideId: number | null;
  comment: string | null;
  decidedBy: number;
}

const DECISION_SELECT = `
  SELECT d.id, d.base_rule_slot_id AS "baseRuleSlotId", d.lesson_date AS "lessonDate", d.resolution,
         d.new_teacher_id AS "newTeacherId", nt.full_name AS "newTeacherName", d.target_lesson_date AS "targetLessonDate",
         d.new_time_slot_id AS "newTimeSlotId", d.new_classroom_id AS "newClassroomId", c.name AS "newClassroomName",
         d.override_id AS "scheduleOverrideId", d.comment, d.decided_by AS "decidedById", db.full_name AS "decidedByName",
         d.decided_at AS "decidedAt"
    FROM teacher_absence_decisions d
    LEFT JOIN users nt ON nt.id = d.new_teacher_id
    LEFT JOIN classrooms c ON c.id = d.new_classroom_id
    LEFT JOIN users db ON db.id = d.decided_by`;
const DECISION_ROW = rowShape({
  id: int,
  baseRuleSlotId: int,
  lessonDate: date,
  resolution: oneOf(...RESOLUTIONS),
  newTeacherId: nullable(int),
  newTeacherName: nullable(text),
  targetLessonDate: nullable(date),
  newTimeSlotId: nullable(int),
  newClassroomId: nullable(int),
  newClassroomName: nullable(text),
  scheduleOverrideId: nullable(int),
  comment: nullable(text),
  decidedById: nullable(int),
  decidedByName: nullable(text),
  decidedAt: timestamp,
});

/** A decision in force as the schedule's re-check after a change from a date sees it. */
const WAITING_DECISION = rowShape({ id: int, slotId: int, lessonDate: date, teacherId: int, teacherName: text });

export type WaitingDecision = RowType<typeof WAITING_DECISION>;

/** SQL over `teacher_absences` and their decision log; writes join the caller's open transaction through `TenantDb`. */
@Injectable()
export class TeacherAbsencesRepository {
  constructor(private readonly db: TenantDb) {}

  async list(scope: TeacherRecordsScope, status: AbsenceStatus | undefined): Promise<AbsenceResponse[]> {
    const params = new SqlParams();
    const where: string[] = [];
    where.push(...teacherRecordsWhere(scope, params, { teacherId: 'a.teacher_id', from: 'a.start_date', to: 'a.end_date' }));
    if (status !== undefined) where.push(`a.status = ${params.add(status)}`);
    const rows = await this.db.rows(ABSENCE_ROW,
      `${SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.start_date DESC, lower(t.full_name), a.id`,
      params.values,
    );
    return rows.map(toResponse);
  }

  /** One absence; with `lock`, row-locked until the open transaction ends. */
  async find(id: number, lock = false): Promise<AbsenceResponse | undefined> {
    const [row] = await this.db.rows(ABSENCE_ROW, `${SELECT} WHERE a.id = $1 ${lock ? 'FOR UPDATE OF a' : ''}`, [id]);
    return row && toResponse(row);
  }

  /**
   * Serialises new absences of one teacher until the open transaction ends, so two parallel requests
   * never both pass the overlap check. The exclusion constraint alone keeps the table right, but two
   * inserts racing into it can deadlock, and the loser would get the generic conflict message instead
   * of the overlap it ran into.
   */
  async lockTeacherAbsences(teacherId: number): Promise<void> {
    await this.db.execute(`SELECT pg_advisory_xact_lock($1, $2)`, [TEACHER_ABSENCES_LOCK, teacherId]);
  }

  /** An active (waiting, approved or resolved) absence of the teacher overlapping the period. */
  async overlapping(teacherId: number, startDate: string, endDate: string): Promise<AbsenceResponse | undefined> {
    const [row] = await this.db.rows(ABSENCE_ROW,
      `${SELECT} WHERE a.teacher_id = $1 AND a.status IN ('PENDING','APPROVED','RESOLVED') AND a.start_date <= $3::date AND a.end_date >= $2::date
        ORDER BY a.start_date LIMIT 1`,
      [teacherId, startDate, endDate],
    );
    return row && toResponse(row);
  }

  /** Stores an absence; one created APPROVED counts as reviewed by its author. */
  async insert(absence: NewAbsence): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO teacher_absences (teacher_id, start_date, end_date, reason, status, created_by, reviewed_by, reviewed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::int IS NULL THEN NULL ELSE now() END)
       RETURNING id`,
      [absence.teacherId, absence.startDate, absence.endDate, absence.reason, absence.status, absence.authorId, approvedBy(absence)],
    );
    return row.id;
  }

  async review(id: number, status: 'APPROVED' | 'REJECTED', comment: string | null, reviewerId: number): Promise<void> {
    await this.db.execute(
      `UPDATE teacher_absences SET status = $2, review_comment = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now() WHERE id = $1`,
      [id, status, comment, reviewerId],
    );
  }

  async cancel(id: number, closedBy: number): Promise<void> {
    await this.db.execute(`UPDATE teacher_absences SET status = 'CANCELLED', closed_by = $2, closed_at = now(), updated_at = now() WHERE id = $1`, [
      id,
      closedBy,
    ]);
  }

  async markResolved(id: number): Promise<void> {
    await this.db.execute(`UPDATE teacher_absences SET status = 'RESOLVED', resolved_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  async decisions(absenceId: number): Promise<AbsenceDecisionResponse[]> {
    const rows = await this.db.rows(DECISION_ROW, `${DECISION_SELECT} WHERE d.absence_id = $1 ORDER BY d.id`, [
      absenceId,
    ]);
    return rows.map((row) => ({ ...row, decidedAt: row.decidedAt.toISOString() }));
  }

  /**
   * The decisions in force (a REJECT, or one whose override exists, and the last of its lesson) of
   * approved or resolved absences about lessons of the rows `slotIds` dated `from` or later, locked.
   */
  async decisionsInForceOn(slotIds: readonly number[], from: string): Promise<WaitingDecision[]> {
    return this.db.rows(WAITING_DECISION,
      `SELECT d.id, d.base_rule_slot_id AS "slotId", d.lesson_date AS "lessonDate", a.teacher_id AS "teacherId", u.full_name AS "teacherName"
         FROM teacher_absence_decisions d
         JOIN teacher_absences a ON a.id = d.absence_id
         JOIN users u ON u.id = a.teacher_id
        WHERE d.base_rule_slot_id = ANY($1::int[]) AND d.lesson_date >= $2 AND a.status IN ('APPROVED', 'RESOLVED')
          AND (d.resolution = 'REJECT' OR d.override_id IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM teacher_absence_decisions later
                           WHERE later.absence_id = d.absence_id AND later.base_rule_slot_id = d.base_rule_slot_id
                             AND later.lesson_date = d.lesson_date AND later.id > d.id)
        ORDER BY d.id FOR UPDATE OF d`,
      [slotIds, from],
    );
  }

  /** Decisions follow their lesson to the row that gives it now. */
  async repointDecisions(moves: readonly { id: number; slotId: number }[]): Promise<void> {
    if (moves.length === 0) return;
    await this.db.execute(
      `UPDATE teacher_absence_decisions d SET base_rule_slot_id = m.slot_id FROM unnest($1::int[], $2::int[]) AS m(id, slot_id) WHERE d.id = m.id`,
      [moves.map((move) => move.id), moves.map((move) => move.slotId)],
    );
  }

  /**
   * Removes decisions whose lesson is gone, so their absences' lessons are decided again: a resolved
   * absence they belonged to waits for decisions again (APPROVED).
   */
  async removeDecisions(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.db.rows(ID_ROW, `DELETE FROM teacher_absence_decisions WHERE id = ANY($1::int[]) RETURNING absence_id AS id`, [ids]);
    await this.db.execute(`UPDATE teacher_absences SET status = 'APPROVED', resolved_at = NULL, updated_at = now() WHERE id = ANY($1::int[]) AND status = 'RESOLVED'`, [
      [...new Set(rows.map((row) => row.id))],
    ]);
  }

  async insertDecisions(decisions: readonly NewDecision[]): Promise<number[]> {
    const ids: number[] = [];
    for (const decision of decisions) {
      const [row] = await this.db.rows(ID_ROW,
        `INSERT INTO teacher_absence_decisions (absence_id, base_rule_slot_id, lesson_date, resolution, new_teacher_id, target_lesson_date,
                                                new_time_slot_id, new_classroom_id, override_id, comment, decided_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          decision.absenceId,
          decision.baseRuleSlotId,
          decision.lessonDate,
          decision.resolution,
          decision.newTeacherId,
          decision.targetLessonDate,
          decision.newTimeSlotId,
          decision.newClassroomId,
          decision.overrideId,
          decision.comment,
          decision.decidedBy,
        ],
      );
      ids.push(row.id);
    }
    return ids;
  }
}

/** An absence created APPROVED counts as reviewed by its author. */
function approvedBy(absence: NewAbsence): number | null {
  return absence.status === 'APPROVED' ? absence.authorId : null;
}

function toResponse(row: AbsenceRow): AbsenceResponse {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
