import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { Outbox, ReviewEvent } from '../platform/outbox/outbox';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { RoomWarnings } from '../schedule';
import { OverrideWrites, publishedOnly, ScheduleTx, SemesterWriteUnit } from '../schedule/core';
import { CHANGE_REQUEST_NOT_FOUND, changeOf } from './change-request-rules';
import { ChangeRequestsRepository } from './change-requests.repository';
import { ChangeRequestsService } from './change-requests.service';
import { ChangeRequestResponse, ChangeRequestReviewRequest, ChangeRequestReviewResponse } from './dto/change-request.dto';
import { MoveRooms } from './move-rooms';
import { RequestableLessons } from './requestable-lessons';

/**
 * Review of a waiting request by the education office (spec 4.15). Applying runs in the semester's
 * write unit (the lock every schedule write takes): the request is checked again against the
 * timetable as it is now, and the override is written in the same transaction, so what was checked
 * is what gets saved. When the timetable changed so that the request no longer fits, the answer is
 * 409 and nothing changes: the request keeps waiting and the office may reject it.
 */
@Injectable()
export class ChangeRequestReviewService {
  constructor(
    private readonly requests: ChangeRequestsRepository,
    private readonly requestService: ChangeRequestsService,
    private readonly lessons: RequestableLessons,
    private readonly writer: OverrideWrites,
    private readonly writes: SemesterWriteUnit,
    private readonly db: TenantDb,
    private readonly outbox: Outbox,
    private readonly rooms: RoomWarnings,
    private readonly moveRooms: MoveRooms,
  ) {}

  async review(caller: AuthUser, id: number, body: ChangeRequestReviewRequest): Promise<ChangeRequestReviewResponse> {
    const comment = body.comment ? body.comment : null;
    if (!body.approved && comment === null) throw new BadRequestError('Укажите причину отклонения в поле «comment»').at('comment');
    const found = await this.requestService.found(id);
    ensurePending(found);
    let warnings: ChangeRequestReviewResponse['warnings'] = [];
    let room: Pick<ChangeRequestReviewResponse, 'classroomId' | 'classroomName' | 'ownClassroom'> = { classroomId: null, classroomName: null, ownClassroom: null };
    if (body.approved) {
      await this.writes.run(found.semesterId, async (tx) => {
        const request = await this.locked(id);
        const applied = await this.apply(tx, request, caller);
        const overrideId = applied.overrideId;
        if (applied.classroomId !== null) {
          const [named] = await this.requests.classrooms([applied.classroomId]);
          room = { classroomId: applied.classroomId, classroomName: named?.classroomName ?? null, ownClassroom: applied.ownClassroom };
        }
        await this.requests.close(id, 'APPROVED', caller.userId, comment, overrideId);
        await this.requests.addEvent(id, 'APPROVED', caller.userId, comment);
        await this.tellTeacher(request, 'APPROVED', comment);
        warnings = await this.rooms.ofOverride(overrideId);
      });
    } else {
      await this.db.transaction(async () => {
        const request = await this.locked(id);
        await this.requests.close(id, 'REJECTED', caller.userId, comment);
        await this.requests.addEvent(id, 'REJECTED', caller.userId, comment);
        await this.tellTeacher(request, 'REJECTED', comment);
      });
    }
    return { ...(await this.requestService.found(id)), warnings, ...room };
  }

  /** The teacher's notification, in the decision's transaction. */
  private tellTeacher(request: ChangeRequestResponse, decision: 'APPROVED' | 'REJECTED', comment: string | null): Promise<void> {
    const [year, month, day] = request.lessonDate.split('-');
    const event: ReviewEvent = {
      teacherId: request.teacherId,
      requestId: request.id,
      decision,
      title: `Заявка №${request.id} на перенос занятия ${day}.${month}.${year} ${decision === 'APPROVED' ? 'одобрена: занятие перенесено' : 'отклонена'}`,
      comment,
    };
    return this.outbox.add('change-request.reviewed', event);
  }

  /** The request row-locked until the transaction ends, still waiting. */
  private async locked(id: number): Promise<ChangeRequestResponse> {
    const request = await this.requests.find(id, true);
    if (!request) throw new NotFoundError(CHANGE_REQUEST_NOT_FOUND);
    ensurePending(request);
    return request;
  }

  /**
   * Re-checks the request against the timetable as it is now and writes its override; any refusal
   * becomes 409. Answers the override and the room the lesson then has (none for a cancellation).
   */
  private async apply(tx: ScheduleTx, request: ChangeRequestResponse, caller: AuthUser): Promise<AppliedRequest> {
    try {
      publishedOnly((await tx.lockVersion(request.scheduleVersionId))?.status);
      const { scene } = await this.lessons.locate(request.baseRuleSlotId, request.lessonDate, request.teacherId);
      const asked = changeOf(request, request.lessonDate);
      // The request names no room (spec 4.15): a move keeps the lesson's room when it is free at the new
      // place, else gets the free fitting room chosen now, under the semester's lock (issue 55).
      const settled = asked.action === 'MOVE' ? await this.moveRooms.settle(scene, asked) : undefined;
      const change = settled?.change ?? asked;
      const write = { ...change, baseRuleSlotId: request.baseRuleSlotId, lessonDate: request.lessonDate, comment: `Заявка преподавателя №${request.id}: ${request.reason}` };
      const overrideId = await this.writer.apply(scene, write, caller.userId);
      if (change.action === 'CANCEL') return { overrideId, classroomId: null, ownClassroom: null };
      const classroomId = change.newClassroomId ?? scene.base.classroomId;
      return { overrideId, classroomId, ownClassroom: classroomId === scene.base.classroomId };
    } catch (error) {
      if (error instanceof AppError && error.status >= 400 && error.status < 500) {
        throw new ConflictError(
          `Заявку №${request.id} применить нельзя: расписание изменилось после её подачи. ${withoutFinalDot(error.message)}. ` +
            'Ничего не изменено, заявка по-прежнему ждёт решения',
        );
      }
      throw error;
    }
  }
}

interface AppliedRequest {
  overrideId: number;
  classroomId: number | null;
  ownClassroom: boolean | null;
}

function ensurePending(request: ChangeRequestResponse): void {
  if (request.status !== 'PENDING') {
    throw new ConflictError(`Заявка №${request.id} уже рассмотрена или отозвана (статус ${request.status}): рассматривать можно только ожидающие`);
  }
}

function withoutFinalDot(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
