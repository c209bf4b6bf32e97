import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { ID_ROW, int, nullable, oneOf, rowShape, RowType, text, timestamp, TOTAL_ROW } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { containsPattern, SqlParams } from '../platform/database/sql';
import { TEACHER_REQUEST_STATUSES, TeacherRequestStatus } from './dto/teacher-request.dto';

export const PENDING_USERNAME_TAKEN = 'Заявка на создание преподавателя с таким логином уже ожидает рассмотрения';

defineConstraintMessages({ uq_teacher_requests_pending_username: PENDING_USERNAME_TAKEN });

export interface NewTeacherRequest {
  username: string;
  fullName: string;
  jobTitle: string;
  comment: string | null;
  departmentId: number;
  createdBy: number;
}

export interface TeacherRequestFilter {
  query?: string;
  status?: TeacherRequestStatus;
}

const REQUEST_SELECT = `
  SELECT r.id, r.username, r.full_name AS "fullName", r.job_title AS "jobTitle", r.comment,
         r.department_id AS "departmentId", d.name AS "departmentName", r.status,
         r.created_at AS "createdAt", r.created_by AS "createdById", author.full_name AS "createdByName",
         r.reviewed_at AS "reviewedAt", r.reviewed_by AS "reviewedById", reviewer.full_name AS "reviewedByName",
         r.review_comment AS "reviewComment", r.created_user_id AS "createdUserId"
    FROM teacher_requests r
    JOIN departments d ON d.id = r.department_id
    JOIN users author ON author.id = r.created_by
    LEFT JOIN users reviewer ON reviewer.id = r.reviewed_by`;
const STATUS = oneOf(...TEACHER_REQUEST_STATUSES);
const TEACHER_REQUEST_ROW = rowShape({
  id: int,
  username: text,
  fullName: text,
  jobTitle: text,
  comment: nullable(text),
  departmentId: int,
  departmentName: text,
  status: STATUS,
  createdAt: timestamp,
  createdById: int,
  createdByName: text,
  reviewedAt: nullable(timestamp),
  reviewedById: nullable(int),
  reviewedByName: nullable(text),
  reviewComment: nullable(text),
  createdUserId: nullable(int),
});

export type TeacherRequestRow = RowType<typeof TEACHER_REQUEST_ROW>;

/** What approval reads from the locked request row. */
const PENDING_CHECK = rowShape({ status: STATUS, username: text, fullName: text, jobTitle: text, departmentId: int });

export type PendingCheck = RowType<typeof PENDING_CHECK>;

const STATUS_ROW = rowShape({ status: STATUS });

const NEWEST_FIRST = `r.created_at DESC, r.id DESC`;

function filterSql(params: SqlParams, filter: TeacherRequestFilter): string {
  const where: string[] = [];
  if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
  if (filter.query) {
    const pattern = params.add(containsPattern(filter.query));
    where.push(`(r.username ILIKE ${pattern} OR r.full_name ILIKE ${pattern} OR r.job_title ILIKE ${pattern} OR d.name ILIKE ${pattern})`);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** SQL over `teacher_requests`; every list is one query (plus one COUNT for a page). */
@Injectable()
export class TeacherRequestsRepository {
  constructor(private readonly db: TenantDb) {}

  list(filter: TeacherRequestFilter): Promise<TeacherRequestRow[]> {
    const params = new SqlParams();
    return this.db.rows(TEACHER_REQUEST_ROW, `${REQUEST_SELECT} ${filterSql(params, filter)} ORDER BY ${NEWEST_FIRST}`, params.values);
  }

  /** One department's requests; the department is mandatory, so the scope can never widen. */
  listOfDepartment(departmentId: number): Promise<TeacherRequestRow[]> {
    return this.db.rows(TEACHER_REQUEST_ROW, `${REQUEST_SELECT} WHERE r.department_id = $1 ORDER BY ${NEWEST_FIRST}`, [departmentId]);
  }

  async page(filter: TeacherRequestFilter, offset: number, limit: number): Promise<{ rows: TeacherRequestRow[]; total: number }> {
    const params = new SqlParams();
    const where = filterSql(params, filter);
    const countValues = [...params.values];
    const pageSql = `${REQUEST_SELECT} ${where} ORDER BY ${NEWEST_FIRST} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    const countSql = `SELECT count(*) AS total FROM teacher_requests r JOIN departments d ON d.id = r.department_id ${where}`;
    const [rows, counted] = await Promise.all([
      this.db.rows(TEACHER_REQUEST_ROW, pageSql, params.values),
      this.db.rows(TOTAL_ROW, countSql, countValues),
    ]);
    return { rows, total: counted[0].total };
  }

  async findRow(id: number): Promise<TeacherRequestRow | undefined> {
    return (await this.db.rows(TEACHER_REQUEST_ROW, `${REQUEST_SELECT} WHERE r.id = $1`, [id]))[0];
  }

  async statusOf(id: number): Promise<TeacherRequestStatus | undefined> {
    const rows = await this.db.rows(STATUS_ROW, `SELECT status FROM teacher_requests WHERE id = $1`, [id]);
    return rows[0]?.status;
  }

  /** Whether another request (not `exceptId`) with this login, case-insensitively, is still pending. */
  async pendingWithUsername(username: string, exceptId = 0): Promise<boolean> {
    const found = await this.db.execute(`SELECT 1 FROM teacher_requests WHERE status = 'PENDING' AND lower(username) = lower($1) AND id <> $2`,
      [username, exceptId],
    );
    return found > 0;
  }

  async insert(request: NewTeacherRequest): Promise<number> {
    const rows = await this.db.rows(ID_ROW,
      `INSERT INTO teacher_requests (username, full_name, job_title, comment, department_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [request.username, request.fullName, request.jobTitle, request.comment, request.departmentId, request.createdBy],
    );
    return rows[0].id;
  }

  /** Locks the request row until commit: of two parallel approvals the second waits, then sees the outcome. */
  async lockForReview(id: number): Promise<PendingCheck | undefined> {
    const rows = await this.db.rows(PENDING_CHECK, `SELECT status, username, full_name AS "fullName", job_title AS "jobTitle", department_id AS "departmentId"
         FROM teacher_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  async markApproved(
    id: number,
    review: { reviewerId: number; reviewComment: string | null; createdUserId: number },
  ): Promise<void> {
    await this.db.execute(`UPDATE teacher_requests
          SET status = 'APPROVED', reviewed_by = $2, reviewed_at = now(), review_comment = $3, created_user_id = $4
        WHERE id = $1`,
      [id, review.reviewerId, review.reviewComment, review.createdUserId],
    );
  }

  /** Rejects a pending request in one conditional statement; false when it was not pending (or is unknown). */
  async rejectPending(id: number, reviewerId: number, reviewComment: string): Promise<boolean> {
    const rejected = await this.db.execute(
      `UPDATE teacher_requests
          SET status = 'REJECTED', reviewed_by = $2, reviewed_at = now(), review_comment = $3
        WHERE id = $1 AND status = 'PENDING'
        RETURNING id`,
      [id, reviewerId, reviewComment],
    );
    return rejected > 0;
  }
}
