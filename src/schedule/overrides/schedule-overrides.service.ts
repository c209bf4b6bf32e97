import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { OverrideRequest } from './dto/override-request.dto';
import { OverrideResponse } from './dto/override-response.dto';
import { OverrideChecker } from './override-checker';
import { checkActionMatrix, toPayload } from './override-payload';
import { OverrideReads } from './override-reads.service';
import { LESSON_SLOT_NOT_FOUND, OVERRIDE_NOT_FOUND, publishedOnly } from './override-rules';
import { formatDate } from './override-texts';
import { DUPLICATE_OVERRIDE, OverridesRepository } from './overrides.repository';

/**
 * Creating, changing and deleting one-off changes. Each is one transaction that first takes the
 * semester's advisory lock (the same as rule changes), so the checks and the write see one state and
 * two changes of one semester can never both pass a clash check; any error rolls everything back.
 */
@Injectable()
export class ScheduleOverridesService {
  constructor(
    private readonly db: TenantDb,
    private readonly overrides: OverridesRepository,
    private readonly checker: OverrideChecker,
    private readonly reads: OverrideReads,
  ) {}

  async create(caller: AuthUser, request: OverrideRequest): Promise<OverrideResponse> {
    const payload = toPayload(request);
    checkActionMatrix(payload);
    const slot = await this.overrides.lessonSlot(payload.baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    return this.inSemesterLock(slot.semesterId, async (manager) => {
      publishedOnly((await this.overrides.lockVersion(manager, slot.versionId))?.status);
      const scene = await this.checker.baseLesson(slot, payload.lessonDate);
      const existing = await this.overrides.idOfLesson(manager, payload.baseRuleSlotId, payload.lessonDate);
      if (existing !== undefined) throw new ConflictError(`${DUPLICATE_OVERRIDE} (№${existing})`);
      await this.checker.check(manager, payload, scene, 0);
      const id = await this.overrides.insert(manager, slot.versionId, payload, caller.userId);
      return this.reads.get(id);
    });
  }

  /** Replaces what the override does; the lesson it names (`baseRuleSlotId`, `lessonDate`) cannot change. */
  async update(caller: AuthUser, id: number, request: OverrideRequest): Promise<OverrideResponse> {
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
    return this.inSemesterLock(found.semesterId, async (manager) => {
      const stored = await this.overrides.lockForChange(manager, id);
      if (!stored) throw new NotFoundError(OVERRIDE_NOT_FOUND);
      publishedOnly((await this.overrides.lockVersion(manager, stored.versionId))?.status);
      const slot = await this.overrides.lessonSlot(stored.baseRuleSlotId);
      if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
      const scene = await this.checker.baseLesson(slot, stored.lessonDate);
      await this.checker.check(manager, payload, scene, id);
      await this.overrides.update(manager, id, payload, caller.userId);
      return this.reads.get(id);
    });
  }

  /**
   * Deletes the override, so the lesson of the rule's current variant returns; answers the deleted
   * entry. Refused (409) when the returning lesson would clash with a lesson moved or reassigned into
   * its place meanwhile. An override whose lesson no longer exists in the base series is simply removed.
   */
  async remove(id: number): Promise<OverrideResponse> {
    const found = await this.overrides.find(id);
    if (!found) throw new NotFoundError(OVERRIDE_NOT_FOUND);
    return this.inSemesterLock(found.semesterId, async (manager) => {
      const stored = await this.overrides.lockForChange(manager, id);
      if (!stored) throw new NotFoundError(OVERRIDE_NOT_FOUND);
      publishedOnly((await this.overrides.lockVersion(manager, stored.versionId))?.status);
      const entry = await this.reads.get(id);
      const slot = await this.overrides.lessonSlot(stored.baseRuleSlotId);
      const scene = slot && (await this.checker.baseLesson(slot, stored.lessonDate).catch(ignoreMissingLesson));
      if (scene) await this.checker.ensureNoClash(manager, scene, scene.base, id, 'Нельзя удалить изменение: восстановленное занятие пересекается');
      await this.overrides.delete(manager, id);
      return entry;
    });
  }

  /** One transaction that starts with the semester's lock; the shared loaders join it (TenantDb). */
  private inSemesterLock<T>(semesterId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager) => {
      await this.overrides.lockSemester(manager, semesterId);
      return work(manager);
    });
  }
}

/** A lesson that is gone from the base series (its rule changed or was archived) has nothing to restore. */
function ignoreMissingLesson(error: unknown): undefined {
  if (error instanceof BadRequestError) return undefined;
  throw error;
}
