import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { LessonChanges } from '../schedule/core';
import { ChangeAsked, CHANGE_REQUEST_NOT_FOUND, changeOf, checkRequestShape, DUPLICATE_PENDING_REQUEST } from './change-request-rules';
import { ChangeRequestsRepository } from './change-requests.repository';
import { ChangeRequestListQuery, ChangeRequestRequest, ChangeRequestResponse } from './dto/change-request.dto';
import { ensureAhead, LESSON_ALREADY_BEGUN, RequestableLessons, TARGET_ALREADY_BEGUN } from './requestable-lessons';
import { DepartmentMembership } from '../users';
import { MoveRooms } from './move-rooms';

/** The request's names for the properties the core names as an override's (`LessonChange`). */
const REQUEST_FIELDS: Partial<Record<string, string>> = { newTimeSlotId: 'requestedTimeSlotId', newClassroomId: 'requestedClassroomId' };

/**
 * Teacher change requests (spec 4.15): the journal, submission and withdrawal. A teacher asks about
 * one of their own lessons without an override; the request is checked by the same validator as an
 * override, so what waits for review is something the office could apply right now. The partial
 * unique index keeps a second waiting request for the lesson out even when two submissions race.
 */
@Injectable()
export class ChangeRequestsService {
  constructor(
    private readonly requests: ChangeRequestsRepository,
    private readonly lessons: RequestableLessons,
    private readonly changes: LessonChanges,
    private readonly db: TenantDb,
    private readonly membership: DepartmentMembership,
    private readonly moveRooms: MoveRooms,
  ) {}

  async list(caller: AuthUser, query: ChangeRequestListQuery): Promise<ChangeRequestResponse[]> {
    return this.requests.list(await this.membership.recordsScope(caller), query.status);
  }

  async submit(caller: AuthUser, body: ChangeRequestRequest): Promise<ChangeRequestResponse> {
    const asked = askedOf(body);
    checkRequestShape(asked);
    const { slot, scene } = await this.lessons.locate(body.baseRuleSlotId, body.lessonDate, caller.userId);
    ensureAhead(scene.base, LESSON_ALREADY_BEGUN);
    const pending = await this.requests.pendingOf(body.baseRuleSlotId, body.lessonDate);
    if (pending !== undefined) throw new ConflictError(`${DUPLICATE_PENDING_REQUEST} (заявка №${pending})`);
    const change = changeOf(asked, body.lessonDate);
    let moved;
    try {
      // A move whose own room is taken there is accepted when a free fitting room is (issue 55).
      moved = change.action === 'MOVE' ? (await this.moveRooms.settle(scene, change)).lesson : (await this.changes.prepare(scene, [change], 0)).verify(change);
    } catch (error) {
      // The core names the change's properties as an override does; this request names two of them differently.
      if (error instanceof AppError && error.field) error.at(REQUEST_FIELDS[error.field] ?? error.field);
      throw error;
    }
    if (moved) ensureAhead(moved, TARGET_ALREADY_BEGUN);

    const id = await this.db.transaction(async () => {
      const created = await this.requests.insert({
        ...asked,
        targetLessonDate: change.targetLessonDate,
        teacherId: caller.userId,
        semesterId: slot.semesterId,
        versionId: slot.versionId,
        baseRuleSlotId: body.baseRuleSlotId,
        lessonDate: body.lessonDate,
        originalTimeSlotId: scene.base.timeSlotId,
        originalClassroomId: scene.base.classroomId,
        reason: body.reason,
      });
      await this.requests.addEvent(created, 'SUBMITTED', caller.userId, body.reason);
      return created;
    });
    return this.found(id);
  }

  /** The teacher takes back their waiting request: CANCELLED, the timetable untouched. */
  async withdraw(caller: AuthUser, id: number): Promise<ChangeRequestResponse> {
    await this.db.transaction(async () => {
      const request = await this.requests.find(id, true);
      if (!request) throw new NotFoundError(CHANGE_REQUEST_NOT_FOUND);
      if (request.teacherId !== caller.userId) throw new ForbiddenError('Отозвать можно только свою заявку');
      if (request.status !== 'PENDING') {
        throw new ConflictError(`Заявка №${id} уже закрыта (статус ${request.status}): отозвать можно только ожидающую рассмотрения`);
      }
      await this.requests.close(id, 'CANCELLED', null, null);
      await this.requests.addEvent(id, 'CANCELLED', caller.userId, null);
    });
    return this.found(id);
  }

  async found(id: number): Promise<ChangeRequestResponse> {
    const request = await this.requests.find(id);
    if (!request) throw new NotFoundError(CHANGE_REQUEST_NOT_FOUND);
    return request;
  }
}

function askedOf(body: ChangeRequestRequest): ChangeAsked {
  return {
    requestType: body.requestType,
    targetLessonDate: body.targetLessonDate ?? null,
    requestedTimeSlotId: body.requestedTimeSlotId ?? null,
    requestedClassroomId: body.requestedClassroomId ?? null,
  };
}

