import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { date, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, time, timestamp } from '../platform/database/row-shape';
import { SqlParams } from '../platform/database/sql';
import { TenantDb } from '../platform/database/tenant-db';
import { teacherRecordsWhere, TeacherRecordsScope } from '../platform/auth/department-scope';
import { PreferenceResponse } from './dto/preference.dto';
import { PREFERENCE_STATUSES, PREFERENCE_TYPES, PreferenceStatus, PreferenceTime, PreferenceType } from './preference-rules';

export const DUPLICATE_PREFERENCE = 'Такое пожелание преподавателя на это время уже подано или утверждено';

defineConstraintMessages({
  uq_teacher_preferences_active: DUPLICATE_PREFERENCE,
  fk_teacher_preferences_teacher: 'Преподаватель не найден',
  fk_teacher_preferences_semester: 'Семестр не найден',
  fk_teacher_preferences_time_slot: 'Пара (временной слот) не найдена',
  ck_teacher_preferences_shape: 'Укажите день недели и пару основной сетки либо целую дату',
  ck_teacher_preferences_day: 'День недели должен быть от 1 до 7',
});

/** The pair's columns are NULL for a date or a compactness wish (no time slot); the author and reviewer may be unknown. */
const PERIOD = rowShape({ startDate: date, endDate: date });
const ACTIVE_CELL = rowShape({ id: int, dayOfWeek: int, timeSlotId: int, preferenceType: oneOf(...PREFERENCE_TYPES), status: oneOf('PENDING', 'APPROVED') });
const PREFERENCE = rowShape({
  id: int,
  teacherId: int,
  teacherName: text,
  semesterId: int,
  preferenceType: oneOf(...PREFERENCE_TYPES),
  dayOfWeek: nullable(int),
  timeSlotId: nullable(int),
  timeSlotOrder: nullable(int),
  startTime: nullable(time),
  endTime: nullable(time),
  preferenceDate: nullable(date),
  comment: nullable(text),
  status: oneOf(...PREFERENCE_STATUSES),
  createdById: nullable(int),
  createdByName: nullable(text),
  createdAt: timestamp,
  reviewedById: nullable(int),
  reviewedByName: nullable(text),
  reviewedAt: nullable(timestamp),
  reviewComment: nullable(text),
  closedAt: nullable(timestamp),
  updatedAt: timestamp,
});
type PreferenceRow = RowType<typeof PREFERENCE>;

const SELECT = `
  SELECT p.id, p.teacher_id AS "teacherId", t.full_name AS "teacherName", p.semester_id AS "semesterId",
         p.preference_type AS "preferenceType", p.day_of_week AS "dayOfWeek", p.time_slot_id AS "timeSlotId",
         ts.order_number AS "timeSlotOrder", ts.start_time::text AS "startTime", ts.end_time::text AS "endTime",
         p.preference_date AS "preferenceDate", p.comment, p.status,
         p.created_by AS "createdById", cb.full_name AS "createdByName", p.created_at AS "createdAt",
         p.reviewed_by AS "reviewedById", rb.full_name AS "reviewedByName", p.reviewed_at AS "reviewedAt",
         p.review_comment AS "reviewComment", p.closed_at AS "closedAt", p.updated_at AS "updatedAt"
    FROM teacher_preferences p
    JOIN users t ON t.id = p.teacher_id
    JOIN semesters s ON s.id = p.semester_id
    LEFT JOIN time_slots ts ON ts.id = p.time_slot_id
    LEFT JOIN users cb ON cb.id = p.created_by
    LEFT JOIN users rb ON rb.id = p.reviewed_by`;

/** Who sees which preferences: everything, one teacher's, or one department's teachers' (by history over the semester). */

export interface PreferenceFilter {
  semesterId?: number;
  status?: PreferenceStatus;
}

export interface NewPreference extends PreferenceTime {
  teacherId: number;
  semesterId: number;
  preferenceType: PreferenceType;
  comment: string | null;
  status: 'PENDING' | 'APPROVED';
  authorId: number;
}

/** SQL over `teacher_preferences`; writes join the caller's open transaction through `TenantDb`. */
@Injectable()
export class TeacherPreferencesRepository {
  constructor(private readonly db: TenantDb) {}

  async list(scope: TeacherRecordsScope, filter: PreferenceFilter): Promise<PreferenceResponse[]> {
    const params = new SqlParams();
    const where: string[] = [...teacherRecordsWhere(scope, params, { teacherId: 'p.teacher_id', from: 's.start_date', to: 's.end_date' })];
    if (filter.semesterId !== undefined) where.push(`p.semester_id = ${params.add(filter.semesterId)}`);
    if (filter.status !== undefined) where.push(`p.status = ${params.add(filter.status)}`);
    const rows = await this.db.rows(PREFERENCE,
      `${SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY s.start_date DESC, lower(t.full_name), p.teacher_id, p.preference_date NULLS FIRST, p.day_of_week, ts.order_number, p.id`,
      params.values,
    );
    return rows.map(toResponse);
  }

  /** One preference; with `lock`, row-locked until the open transaction ends. */
  async find(id: number, lock = false): Promise<PreferenceResponse | undefined> {
    const [row] = await this.db.rows(PREFERENCE, `${SELECT} WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`, [id]);
    return row && toResponse(row);
  }

  /** The semester's inclusive period, or undefined when there is none. */
  async semesterPeriod(semesterId: number): Promise<{ startDate: string; endDate: string } | undefined> {
    const [row] = await this.db.rows(PERIOD, `SELECT start_date AS "startDate", end_date AS "endDate" FROM semesters WHERE id = $1`, [semesterId]);
    return row;
  }

  /** An active (waiting or approved) preference the new one would duplicate. */
  /** The teacher's waiting and approved marks of weekday pairs in a semester (the week grid's cells). */
  async activeCells(teacherId: number, semesterId: number): Promise<RowType<typeof ACTIVE_CELL>[]> {
    return this.db.rows(ACTIVE_CELL,
      `SELECT id, day_of_week AS "dayOfWeek", time_slot_id AS "timeSlotId", preference_type AS "preferenceType", status
         FROM teacher_preferences
        WHERE teacher_id = $1 AND semester_id = $2 AND status IN ('PENDING','APPROVED')
          AND day_of_week IS NOT NULL AND time_slot_id IS NOT NULL AND preference_date IS NULL`,
      [teacherId, semesterId],
    );
  }

  async activeDuplicate(preference: NewPreference): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW,
      `SELECT id FROM teacher_preferences
        WHERE teacher_id = $1 AND semester_id = $2 AND preference_type = $3 AND status IN ('PENDING','APPROVED')
          AND day_of_week IS NOT DISTINCT FROM $4 AND time_slot_id IS NOT DISTINCT FROM $5 AND preference_date IS NOT DISTINCT FROM $6::date`,
      [preference.teacherId, preference.semesterId, preference.preferenceType, preference.dayOfWeek, preference.timeSlotId, preference.preferenceDate],
    );
    return row?.id;
  }

  /** Stores a preference; one created APPROVED counts as reviewed by its author. */
  async insert(preference: NewPreference): Promise<number> {
    const [row] = await this.db.rows(ID_ROW,
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, preference_date, comment, status,
                                        created_by, reviewed_by, reviewed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10::int IS NULL THEN NULL ELSE now() END)
       RETURNING id`,
      [
        preference.teacherId,
        preference.semesterId,
        preference.preferenceType,
        preference.dayOfWeek,
        preference.timeSlotId,
        preference.preferenceDate,
        preference.comment,
        preference.status,
        preference.authorId,
        preference.status === 'APPROVED' ? preference.authorId : null,
      ],
    );
    return row.id;
  }

  async review(id: number, status: 'APPROVED' | 'REJECTED', comment: string | null, reviewerId: number): Promise<void> {
    await this.db.execute(
      `UPDATE teacher_preferences SET status = $2, review_comment = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now() WHERE id = $1`,
      [id, status, comment, reviewerId],
    );
  }

  async close(id: number, status: 'WITHDRAWN' | 'CANCELLED', closedBy: number): Promise<void> {
    await this.db.execute(`UPDATE teacher_preferences SET status = $2, closed_by = $3, closed_at = now(), updated_at = now() WHERE id = $1`, [
      id,
      status,
      closedBy,
    ]);
  }
}

function toResponse(row: PreferenceRow): PreferenceResponse {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
