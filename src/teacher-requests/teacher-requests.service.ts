import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import { AuthUser } from '../platform/auth/auth-user';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { todayInBusinessZone } from '../platform/http/dates';
import { Page, toPage } from '../platform/http/paging';
import { AccountCreation, DEPARTMENT_MISSING } from '../users';
import { ownDepartment } from '../platform/auth/department-scope';
import {
  ApproveTeacherRequest,
  RejectTeacherRequest,
  SubmitTeacherRequest,
  TeacherRequestListQuery,
  TeacherRequestPageQuery,
  TeacherRequestResponse,
  TeacherRequestStatus,
} from './dto/teacher-request.dto';
import { toTeacherRequestResponse } from './teacher-request.mapper';
import { PENDING_USERNAME_TAKEN, TeacherRequestsRepository } from './teacher-requests.repository';

export const REQUEST_NOT_FOUND = 'Заявка на создание преподавателя не найдена';
export const USERNAME_TAKEN = 'Пользователь с таким логином уже существует';

function alreadyReviewed(status: TeacherRequestStatus): ConflictError {
  const outcome = status === 'APPROVED' ? 'одобрена' : 'отклонена';
  return new ConflictError(`Заявка уже ${outcome}: рассмотреть можно только заявку в статусе PENDING`);
}

/**
 * Teacher-creation requests: a department submits one (no password), an administrator approves it,
 * which creates the teacher, or rejects it.
 */
@Injectable()
export class TeacherRequestsService {
  constructor(
    private readonly db: TenantDb,
    private readonly requests: TeacherRequestsRepository,
    private readonly accounts: AccountCreation,
    private readonly departments: Departments,
    private readonly hasher: PasswordHasher,
  ) {}

  /** A DEPARTMENT caller asks for a teacher in its own department. */
  async submit(caller: AuthUser, request: SubmitTeacherRequest): Promise<TeacherRequestResponse> {
    const departmentId = ownDepartment(caller);
    if (await this.accounts.usernameTaken(request.username)) throw new ConflictError(USERNAME_TAKEN).at('username');
    if (await this.requests.pendingWithUsername(request.username)) throw new ConflictError(PENDING_USERNAME_TAKEN).at('username');
    // uq_teacher_requests_pending_username rejects a parallel duplicate that passed the check above.
    const id = await this.requests.insert({
      username: request.username,
      fullName: request.fullName,
      jobTitle: request.jobTitle ?? '',
      comment: request.comment || null,
      departmentId,
      createdBy: caller.userId,
    });
    return this.get(id);
  }

  async listOwn(caller: AuthUser): Promise<TeacherRequestResponse[]> {
    return (await this.requests.listOfDepartment(ownDepartment(caller))).map(toTeacherRequestResponse);
  }

  async list(query: TeacherRequestListQuery): Promise<TeacherRequestResponse[]> {
    return (await this.requests.list({ status: query.status })).map(toTeacherRequestResponse);
  }

  async page(query: TeacherRequestPageQuery): Promise<Page<TeacherRequestResponse>> {
    const page = query.page ?? 0;
    const size = query.size ?? 25;
    const { rows, total } = await this.requests.page({ query: query.query || undefined, status: query.status }, page * size, size);
    return toPage(rows.map(toTeacherRequestResponse), total, page, size);
  }

  /**
   * Creates the teacher (primary department from today) and marks the request APPROVED in one
   * transaction with the request row locked, so of two parallel approvals exactly one creates a user.
   * Omitted username, fullName, jobTitle and departmentId fall back to the request's values.
   */
  async approve(caller: AuthUser, id: number, body: ApproveTeacherRequest): Promise<TeacherRequestResponse> {
    const request = await this.requests.findRow(id);
    if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
    if (request.status !== 'PENDING') throw alreadyReviewed(request.status);
    const username = body.username || request.username;
    const fullName = body.fullName || request.fullName;
    const jobTitle = body.jobTitle ?? request.jobTitle;
    const departmentId = body.departmentId ?? request.departmentId;
    if (await this.accounts.usernameTaken(username)) throw new ConflictError(USERNAME_TAKEN).at('username');
    if (await this.requests.pendingWithUsername(username, id)) throw new ConflictError(PENDING_USERNAME_TAKEN).at('username');
    if (!(await this.departments.findById(departmentId))) throw new BadRequestError(DEPARTMENT_MISSING).at('departmentId');
    // Hashing takes tens of milliseconds: do it before the transaction, not while holding locks.
    const passwordHash = await this.hasher.hash(body.password);

    await this.db.transaction(async () => {
      const locked = await this.requests.lockForReview(id);
      if (!locked) throw new NotFoundError(REQUEST_NOT_FOUND);
      if (locked.status !== 'PENDING') throw alreadyReviewed(locked.status);
      if (!(await this.departments.lockForReference(departmentId))) throw new BadRequestError(DEPARTMENT_MISSING).at('departmentId');
      // uq_users_username is the last guard against a user created meanwhile under the same login.
      const userId = await this.accounts.create({
        username,
        passwordHash,
        role: 'TEACHER',
        fullName,
        jobTitle,
        primaryDepartment: { departmentId, validFrom: todayInBusinessZone(), comment: `Создан по заявке кафедры №${id}`, createdBy: caller.userId },
      });
      await this.requests.markApproved(id, { reviewerId: caller.userId, reviewComment: body.reviewComment || null, createdUserId: userId });
    });
    return this.get(id);
  }

  async reject(caller: AuthUser, id: number, body: RejectTeacherRequest): Promise<TeacherRequestResponse> {
    if (!(await this.requests.rejectPending(id, caller.userId, body.reviewComment))) {
      const status = await this.requests.statusOf(id);
      if (!status) throw new NotFoundError(REQUEST_NOT_FOUND);
      throw alreadyReviewed(status);
    }
    return this.get(id);
  }

  private async get(id: number): Promise<TeacherRequestResponse> {
    const row = await this.requests.findRow(id);
    if (!row) throw new NotFoundError(REQUEST_NOT_FOUND);
    return toTeacherRequestResponse(row);
  }
}
