import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { TenantDb } from '../platform/database/tenant-db';
import { Outbox, ReviewEvent } from '../platform/outbox/outbox';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { formatDate } from '../schedule-engine/dates';
import { ScheduleReads, SemesterWriteUnit } from '../schedule/core';
import { DepartmentMembership, lockActiveTeacher } from '../users';
import { ABSENCE_NOT_FOUND, checkAbsencePeriod } from './absence-rules';
import { AbsenceListQuery, AbsenceRequest, AbsenceResponse, AbsenceReviewRequest } from './dto/absence.dto';
import { NewAbsence, OVERLAPPING_ABSENCE, TeacherAbsencesRepository } from './teacher-absences.repository';

const OTHER_DEPARTMENT = 'Преподаватель не закреплён за вашей кафедрой в период отсутствия';

/**
 * Teacher absences (spec 4.13): filing, review and cancellation. A teacher files PENDING ones for
 * themself; the office and the department create APPROVED ones. Writes that make an absence approved
 * hold the schedule locks of the semesters it touches, so an override checked against the teacher's
 * availability and the approval never pass side by side; the exclusion constraint keeps two
 * overlapping active absences out even when two requests race.
 */
@Injectable()
export class TeacherAbsencesService {
  constructor(
    private readonly absences: TeacherAbsencesRepository,
    private readonly data: ScheduleReads,
    private readonly writes: SemesterWriteUnit,
    private readonly db: TenantDb,
    private readonly outbox: Outbox,
    private readonly membership: DepartmentMembership,
  ) {}

  async list(caller: AuthUser, query: AbsenceListQuery): Promise<AbsenceResponse[]> {
    return this.absences.list(await this.membership.recordsScope(caller), query.status);
  }

  async create(caller: AuthUser, request: AbsenceRequest): Promise<AbsenceResponse> {
    const teacherId = caller.role === 'TEACHER' ? caller.userId : request.teacherId;
    if (teacherId === undefined || teacherId === null) throw new BadRequestError('Поле «teacherId» обязательно: укажите преподавателя').at('teacherId');
    checkAbsencePeriod(request.startDate, request.endDate);
    const absence: NewAbsence = {
      teacherId,
      startDate: request.startDate,
      endDate: request.endDate,
      reason: request.reason,
      status: caller.role === 'TEACHER' ? 'PENDING' : 'APPROVED',
      authorId: caller.userId,
    };
    return this.underScheduleLocks(absence.startDate, absence.endDate, async () => {
      // The department's scope first, so nothing about another department's people (existence, name, status) leaks.
      if (caller.role === 'DEPARTMENT' && !(await this.membership.assignedDuring(teacherId, ownDepartment(caller), absence.startDate, absence.endDate))) {
        throw new ForbiddenError(OTHER_DEPARTMENT).at('teacherId');
      }
      await lockActiveTeacher(this.db, teacherId);
      await this.absences.lockTeacherAbsences(teacherId);
      const overlapping = await this.absences.overlapping(teacherId, absence.startDate, absence.endDate);
      if (overlapping) {
        throw new ConflictError(
          `${OVERLAPPING_ABSENCE}: №${overlapping.id}, ${formatDate(overlapping.startDate)} – ${formatDate(overlapping.endDate)} (${overlapping.status})`,
        ).at('startDate');
      }
      return this.found(await this.absences.insert(absence));
    });
  }

  /** Approves or rejects a waiting absence (a rejection needs a comment). */
  async review(caller: AuthUser, id: number, request: AbsenceReviewRequest): Promise<AbsenceResponse> {
    const comment = request.comment ? request.comment : null;
    if (!request.approved && comment === null) throw new BadRequestError('Укажите причину отклонения в поле «comment»').at('comment');
    return this.changeLocked(caller, id, async (absence) => {
      if (absence.status !== 'PENDING') {
        throw new ConflictError(`Отсутствие №${id} уже рассмотрено (статус ${absence.status}): рассматривать можно только ожидающие`);
      }
      const decision = request.approved ? 'APPROVED' : 'REJECTED';
      await this.absences.review(id, decision, comment, caller.userId);
      const period = `${formatDay(absence.startDate)}–${formatDay(absence.endDate)}`;
      const event: ReviewEvent = { teacherId: absence.teacherId, requestId: id, decision, title: `Отсутствие №${id} (${period}) ${request.approved ? 'одобрено' : 'отклонено'}`, comment };
      await this.outbox.add('absence.reviewed', event);
    });
  }

  /**
   * Cancels a waiting absence, or an approved one nobody has started to resolve (CANCELLED). Once a
   * decision is logged the absence stays: its overrides are part of the timetable.
   */
  async cancel(caller: AuthUser, id: number): Promise<AbsenceResponse> {
    return this.changeLocked(caller, id, async (absence) => {
      if (absence.status === 'PENDING' || (absence.status === 'APPROVED' && absence.decisionCount === 0)) {
        return this.absences.cancel(id, caller.userId);
      }
      if (absence.status === 'APPROVED' || absence.status === 'RESOLVED') {
        throw new ConflictError(
          `Отсутствие №${id} уже обрабатывается (решений: ${absence.decisionCount}): отменить можно только ожидающее или ещё не обработанное`,
        );
      }
      throw new ConflictError(`Отсутствие №${id} уже закрыто (статус ${absence.status})`);
    });
  }

  /** The absence the caller may plan around (the wizard and resolution). */
  async plannable(id: number): Promise<AbsenceResponse> {
    const absence = await this.absences.find(id);
    if (!absence) throw new NotFoundError(ABSENCE_NOT_FOUND);
    return absence;
  }

  /** Runs `work` in one transaction holding the schedule locks of every semester the period touches. */
  async underScheduleLocks<T>(startDate: string, endDate: string, work: () => Promise<T>): Promise<T> {
    const semesters = await this.data.semestersOverlapping(startDate, endDate);
    return this.writes.runAcross(
      semesters.map((semester) => semester.id),
      work,
    );
  }

  /** Runs `change` on the row-locked absence under its semesters' locks, after the caller's scope is checked; answers the result. */
  private async changeLocked(caller: AuthUser, id: number, change: (absence: AbsenceResponse) => Promise<void>): Promise<AbsenceResponse> {
    const found = await this.absences.find(id);
    if (!found) throw new NotFoundError(ABSENCE_NOT_FOUND);
    await this.ensureInScope(caller, found);
    return this.underScheduleLocks(found.startDate, found.endDate, async () => {
      const absence = await this.absences.find(id, true);
      if (!absence) throw new NotFoundError(ABSENCE_NOT_FOUND);
      await change(absence);
      return this.found(id);
    });
  }

  /** A teacher acts only on their own absences, a department on its teachers' (403 otherwise). */
  private async ensureInScope(caller: AuthUser, absence: AbsenceResponse): Promise<void> {
    if (caller.role === 'TEACHER' && absence.teacherId !== caller.userId) throw new ForbiddenError('Можно работать только со своими отсутствиями');
    if (caller.role === 'DEPARTMENT' && !(await this.membership.assignedDuring(absence.teacherId, ownDepartment(caller), absence.startDate, absence.endDate))) {
      throw new ForbiddenError(OTHER_DEPARTMENT);
    }
  }

  private async found(id: number): Promise<AbsenceResponse> {
    const absence = await this.absences.find(id);
    if (!absence) throw new NotFoundError(ABSENCE_NOT_FOUND);
    return absence;
  }
}

/** «08.09» */
function formatDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
}
