import { Injectable } from '@nestjs/common';
import { SemesterCatalog, SemesterSummary } from '../academic-years';
import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { todayInBusinessZone } from '../platform/http/dates';
import { TenantDb } from '../platform/database/tenant-db';
import { Outbox, ReviewEvent } from '../platform/outbox/outbox';
import { formatDate } from '../schedule-engine/dates';
import { DAY_NAMES, SemesterWriteUnit } from '../schedule/core';
import { BasePairs } from '../time-grid';
import { DepartmentMembership, lockActiveTeacher } from '../users';
import { PreferenceListQuery, PreferenceMetaResponse, PreferenceRequest, PreferenceResponse, PreferenceReviewRequest, PreferenceWeekRequest } from './dto/preference.dto';
import { checkPreferenceShape, PREFERENCE_NOT_FOUND, PREFERENCE_TYPE_LABELS, PREFERENCE_TYPES } from './preference-rules';
import { DUPLICATE_PREFERENCE, NewPreference, TeacherPreferencesRepository } from './teacher-preferences.repository';

const OTHER_DEPARTMENT = 'Преподаватель не относился к вашей кафедре в этом семестре';

/**
 * Teacher preferences (spec 4.14). A teacher files PENDING ones for themself; the office and the
 * department create APPROVED ones and review the waiting ones. Every write runs under the semester's
 * schedule lock: an approved hard unavailability and a rule or override that it would block are
 * never saved side by side.
 */
@Injectable()
export class TeacherPreferencesService {
  constructor(
    private readonly preferences: TeacherPreferencesRepository,
    private readonly semesters: SemesterCatalog,
    private readonly basePairs: BasePairs,
    private readonly writes: SemesterWriteUnit,
    private readonly db: TenantDb,
    private readonly outbox: Outbox,
    private readonly membership: DepartmentMembership,
  ) {}

  async describe(): Promise<PreferenceMetaResponse> {
    const today = todayInBusinessZone();
    const [semesters, timeSlots] = [await this.semesters.list(), await this.basePairs.list()];
    return {
      semesters: semesters.map((semester) => ({
        id: semester.id,
        label: semesterLabel(semester),
        academicYearId: semester.academicYearId,
        semesterType: semester.semesterType,
        startDate: semester.startDate,
        endDate: semester.endDate,
        current: semester.startDate <= today && today <= semester.endDate,
      })),
      timeSlots,
      days: DAY_NAMES.slice(1).map((name, index) => ({ dayOfWeek: index + 1, name })),
      preferenceTypes: PREFERENCE_TYPES.map((code) => ({ code, label: PREFERENCE_TYPE_LABELS[code], blocking: code === 'HARD_UNAVAILABLE' })),
    };
  }

  async list(caller: AuthUser, query: PreferenceListQuery): Promise<PreferenceResponse[]> {
    return this.preferences.list(await this.membership.recordsScope(caller), query);
  }

  async create(caller: AuthUser, request: PreferenceRequest): Promise<PreferenceResponse> {
    // An explicit null is as missing as an absent field (the optional id validator lets null through).
    const teacherId = caller.role === 'TEACHER' ? caller.userId : (request.teacherId ?? undefined);
    if (teacherId === undefined) throw new BadRequestError('Поле «teacherId» обязательно: укажите преподавателя').at('teacherId');
    const preference: NewPreference = {
      teacherId,
      semesterId: request.semesterId,
      preferenceType: request.preferenceType,
      dayOfWeek: request.dayOfWeek ?? null,
      timeSlotId: request.timeSlotId ?? null,
      preferenceDate: request.preferenceDate ?? null,
      comment: request.comment ? request.comment : null,
      status: caller.role === 'TEACHER' ? 'PENDING' : 'APPROVED',
      authorId: caller.userId,
    };
    checkPreferenceShape(preference.preferenceType, preference);
    const semester = await this.semesters.find(preference.semesterId);
    if (!semester) throw new BadRequestError(`Семестр №${preference.semesterId} не найден`).at('semesterId');
    if (preference.preferenceDate !== null && (preference.preferenceDate < semester.startDate || preference.preferenceDate > semester.endDate)) {
      throw new BadRequestError(
        `Дата ${formatDate(preference.preferenceDate)} вне семестра (${formatDate(semester.startDate)} – ${formatDate(semester.endDate)})`,
      ).at('preferenceDate');
    }
    if (preference.timeSlotId !== null && !(await this.basePairs.list()).some((pair) => pair.id === preference.timeSlotId)) {
      throw new BadRequestError(`Пара №${preference.timeSlotId} не входит в основную сетку звонков: выберите пару основной сетки`).at('timeSlotId');
    }

    return this.writes.run(semester.id, async () => {
      // The department's scope first, so nothing about another department's people (existence, name, status) leaks.
      if (caller.role === 'DEPARTMENT' && !(await this.inDepartmentDuringSemester(teacherId, ownDepartment(caller), semester.id))) {
        throw new ForbiddenError(OTHER_DEPARTMENT).at('teacherId');
      }
      await lockActiveTeacher(this.db, teacherId);
      const duplicate = await this.preferences.activeDuplicate(preference);
      if (duplicate !== undefined) throw new ConflictError(`${DUPLICATE_PREFERENCE} (№${duplicate})`);
      return this.found(await this.preferences.insert(preference));
    });
  }

  /**
   * A teacher's week grid saved at once (issue 45 §8): each named cell gets its mark (a new one waits
   * for review, PENDING) or none; the cell's current mark is withdrawn (waiting) or cancelled
   * (approved) when it changes, and a cell whose mark stays is not touched. All or nothing, under the
   * semester's schedule lock like a single preference. Answers the teacher's preferences of the semester.
   */
  async saveWeek(caller: AuthUser, request: PreferenceWeekRequest): Promise<PreferenceResponse[]> {
    const semester = await this.semesters.find(request.semesterId);
    if (!semester) throw new BadRequestError(`Семестр №${request.semesterId} не найден`).at('semesterId');
    const pairs = new Set((await this.basePairs.list()).map((pair) => pair.id));
    const seen = new Set<string>();
    request.cells.forEach((cell, index) => {
      if (!pairs.has(cell.timeSlotId)) throw new BadRequestError(`Пара №${cell.timeSlotId} не входит в основную сетку звонков`).at(`cells[${index}].timeSlotId`);
      const key = `${cell.dayOfWeek}:${cell.timeSlotId}`;
      if (seen.has(key)) throw new BadRequestError(`Ячейка ${DAY_NAMES[cell.dayOfWeek]}, пара №${cell.timeSlotId} названа дважды`).at(`cells[${index}]`);
      seen.add(key);
    });
    const teacherId = caller.userId;
    await this.writes.run(semester.id, async () => {
      await lockActiveTeacher(this.db, teacherId);
      const current = await this.preferences.activeCells(teacherId, semester.id);
      for (const cell of request.cells) {
        const wanted = cell.preferenceType ?? null;
        const marks = current.filter((mark) => mark.dayOfWeek === cell.dayOfWeek && mark.timeSlotId === cell.timeSlotId);
        if (marks.length === 1 && marks[0].preferenceType === wanted) continue;
        if (marks.length === 0 && wanted === null) continue;
        for (const mark of marks) await this.preferences.close(mark.id, mark.status === 'PENDING' ? 'WITHDRAWN' : 'CANCELLED', teacherId);
        if (wanted === null) continue;
        await this.preferences.insert({
          teacherId,
          semesterId: semester.id,
          preferenceType: wanted,
          dayOfWeek: cell.dayOfWeek,
          timeSlotId: cell.timeSlotId,
          preferenceDate: null,
          comment: null,
          status: 'PENDING',
          authorId: teacherId,
        });
      }
    });
    return this.list(caller, { semesterId: semester.id });
  }

  /** Approves or rejects a waiting preference (a rejection needs a comment). */
  async review(caller: AuthUser, id: number, request: PreferenceReviewRequest): Promise<PreferenceResponse> {
    const comment = request.comment ? request.comment : null;
    if (!request.approved && comment === null) throw new BadRequestError('Укажите причину отклонения в поле «comment»').at('comment');
    return this.changeLocked(caller, id, async (preference) => {
      if (preference.status !== 'PENDING') {
        throw new ConflictError(`Пожелание №${id} уже рассмотрено (статус ${preference.status}): рассматривать можно только ожидающие`);
      }
      const decision = request.approved ? 'APPROVED' : 'REJECTED';
      await this.preferences.review(id, decision, comment, caller.userId);
      const event: ReviewEvent = { teacherId: preference.teacherId, requestId: id, decision, title: `Пожелание №${id} ${request.approved ? 'одобрено' : 'отклонено'}`, comment };
      await this.outbox.add('preference.reviewed', event);
    });
  }

  /** Withdraws a waiting preference (WITHDRAWN) or cancels an approved one (CANCELLED); a cancelled block lifts at once. */
  async close(caller: AuthUser, id: number): Promise<PreferenceResponse> {
    return this.changeLocked(caller, id, async (preference) => {
      if (preference.status === 'PENDING') return this.preferences.close(id, 'WITHDRAWN', caller.userId);
      if (preference.status === 'APPROVED') return this.preferences.close(id, 'CANCELLED', caller.userId);
      throw new ConflictError(`Пожелание №${id} уже закрыто (статус ${preference.status})`);
    });
  }

  /** Runs `change` on the row-locked preference under its semester's lock, after the caller's access is checked; answers the result. */
  private async changeLocked(caller: AuthUser, id: number, change: (preference: PreferenceResponse) => Promise<void>): Promise<PreferenceResponse> {
    const found = await this.preferences.find(id);
    if (!found) throw new NotFoundError(PREFERENCE_NOT_FOUND);
    await this.ensureInScope(caller, found);
    return this.writes.run(found.semesterId, async () => {
      const preference = await this.preferences.find(id, true);
      if (!preference) throw new NotFoundError(PREFERENCE_NOT_FOUND);
      await change(preference);
      return this.found(id);
    });
  }

  /** Whether the teacher belongs to the department on some day of the semester (its history is the users feature's). */
  private async inDepartmentDuringSemester(teacherId: number, departmentId: number, semesterId: number): Promise<boolean> {
    const period = await this.preferences.semesterPeriod(semesterId);
    return period !== undefined && this.membership.assignedDuring(teacherId, departmentId, period.startDate, period.endDate);
  }

  /** A teacher acts only on their own preferences, a department on its teachers' (403 otherwise). */
  private async ensureInScope(caller: AuthUser, preference: PreferenceResponse): Promise<void> {
    if (caller.role === 'TEACHER' && preference.teacherId !== caller.userId) throw new ForbiddenError('Можно работать только со своими пожеланиями');
    if (caller.role === 'DEPARTMENT' && !(await this.inDepartmentDuringSemester(preference.teacherId, ownDepartment(caller), preference.semesterId))) {
      throw new ForbiddenError(OTHER_DEPARTMENT);
    }
  }

  private async found(id: number): Promise<PreferenceResponse> {
    const preference = await this.preferences.find(id);
    if (!preference) throw new NotFoundError(PREFERENCE_NOT_FOUND);
    return preference;
  }
}


function semesterLabel(semester: SemesterSummary): string {
  return `${semester.academicYearTitle}, ${semester.semesterType === 'autumn' ? 'осенний' : 'весенний'} семестр`;
}
