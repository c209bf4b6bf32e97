import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { formatDate } from '../../schedule-engine/dates';
import { DUPLICATE_OVERRIDE, LESSON_SLOT_NOT_FOUND, LessonChanges, OverrideWrites, publishedOnly, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { OverrideRequest } from './dto/override-request.dto';
import { OverrideResponse } from './dto/override-response.dto';
import { OverrideWriteResponse } from './dto/room-warning.dto';
import { checkActionMatrix, toPayload } from './override-payload';
import { OverrideReads } from './override-reads.service';
import { OVERRIDE_NOT_FOUND } from './override-rules';
import { OverridesRepository } from './overrides.repository';
import { RoomWarnings } from './room-warnings';

/**
 * Creating, changing and deleting one-off changes. Each runs in the core's semester write unit (the
 * same lock as rule changes), so the checks and the write see one state and two changes of one
 * semester can never both pass a clash check; any error rolls everything back. The checks are the
 * core's `LessonChanges`, which the candidate finder shares.
 */
@Injectable()
export class ScheduleOverridesService {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly data: ScheduleDataRepository,
    private readonly overrides: OverridesRepository,
    private readonly writer: OverrideWrites,
    private readonly changes: LessonChanges,
    private readonly reads: OverrideReads,
    private readonly rooms: RoomWarnings,
  ) {}

  async create(caller: AuthUser, request: OverrideRequest): Promise<OverrideWriteResponse> {
    const payload = toPayload(request);
    checkActionMatrix(payload);
    const slot = await this.data.lessonSlot(payload.baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    return this.writes.run(slot.semesterId, async (tx) => {
      publishedOnly((await tx.lockVersion(slot.versionId))?.status);
      const scene = await this.changes.locate(slot, payload.lessonDate);
      const existing = await this.writer.idOfLesson(payload.baseRuleSlotId, payload.lessonDate);
      if (existing !== undefined) throw new ConflictError(`${DUPLICATE_OVERRIDE} (№${existing})`);
      return this.answer(await this.writer.apply(scene, payload, caller.userId));
    });
  }

  /** Replaces what the override does; the lesson it names (`baseRuleSlotId`, `lessonDate`) cannot change. */
  async update(caller: AuthUser, id: number, request: OverrideRequest): Promise<OverrideWriteResponse> {
    const found = await this.overrides.find(id);
    if (!found) throw new NotFoundError(OVERRIDE_NOT_FOUND);
    const payload = toPayload(request);
    if (payload.baseRuleSlotId !== found.baseRuleSlotId || payload.lessonDate !== found.lessonDate) {
      throw new BadRequestError(
        `Изменение относится к занятию слота №${found.baseRuleSlotId} ${formatDate(found.lessonDate)}: ` +
          'слот и исходную дату менять нельзя — удалите изменение и создайте новое',
      );
    }
    checkActionMatrix(payload);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.overrides.lockForChange(id);
      if (!stored) throw new NotFoundError(OVERRIDE_NOT_FOUND);
      publishedOnly((await tx.lockVersion(stored.versionId))?.status);
      const slot = await this.data.lessonSlot(stored.baseRuleSlotId);
      if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
      const scene = await this.changes.locate(slot, stored.lessonDate);
      await this.writer.apply(scene, payload, caller.userId, id);
      return this.answer(id);
    });
  }

  /** The saved change with the warnings about its room (seats, equipment), read in the write's transaction. */
  private async answer(id: number): Promise<OverrideWriteResponse> {
    return { ...(await this.reads.get(id)), warnings: await this.rooms.ofOverride(id) };
  }

  /**
   * Deletes the override, so the lesson of the rule's current variant returns; answers the deleted
   * entry. Refused (409) when the returning lesson would clash with a lesson moved or reassigned into
   * its place meanwhile. An override whose lesson no longer exists in the base series is simply removed.
   */
  async remove(id: number): Promise<OverrideResponse> {
    const found = await this.overrides.find(id);
    if (!found) throw new NotFoundError(OVERRIDE_NOT_FOUND);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.overrides.lockForChange(id);
      if (!stored) throw new NotFoundError(OVERRIDE_NOT_FOUND);
      publishedOnly((await tx.lockVersion(stored.versionId))?.status);
      const entry = await this.reads.get(id);
      const slot = await this.data.lessonSlot(stored.baseRuleSlotId);
      const scene = slot && (await this.changes.locate(slot, stored.lessonDate).catch(ignoreMissingLesson));
      if (scene) await this.changes.ensureRestorable(scene, id);
      await this.writer.delete(id, scene || undefined);
      return entry;
    });
  }
}

/** A lesson that is gone from the base series (its rule changed or was archived) has nothing to restore. */
function ignoreMissingLesson(error: unknown): undefined {
  if (error instanceof BadRequestError) return undefined;
  throw error;
}
