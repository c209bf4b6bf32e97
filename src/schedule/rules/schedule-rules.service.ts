import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { allSlots, LoadedRule } from '../../schedule-engine/rule-model';
import { LockedVersion, PublishedRuleChanges, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { RULE_NOT_FOUND } from './access';
import { RuleRequest } from './dto/schedule-rule.dto';
import { RuleResponse } from './dto/schedule-rule-response.dto';
import { RuleChecker, SemesterFrame } from './rule-checker';
import { RulePayload, toPayload } from './rule-payload';
import { RuleSlotUsage } from './rule-slot-usage';
import { checkPlacement, checkVersion } from './rule-validation';
import { ScheduleRuleReads } from './schedule-rule-reads.service';
import { RuleFields, ScheduleRulesRepository } from './schedule-rules.repository';

const SEMESTER_NOT_FOUND = 'Семестр не найден';
const ARCHIVED_RULE = 'Правило в архиве: изменить его нельзя';
const MOVED_RULE = 'Правило нельзя перенести в другую версию расписания или другой семестр';
const REFERENCED_SLOTS =
  'Нельзя удалить слоты правила, на которые ссылаются разовые изменения, заявки преподавателей или решения по отсутствиям';

/**
 * Creating, changing and archiving rules. Each change runs in the core's semester write unit (one
 * transaction under the semester's lock), so changes of one semester's schedule are checked and saved
 * one at a time and two conflicting rules can never both pass; any error rolls everything back.
 */
@Injectable()
export class ScheduleRulesService {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly rules: ScheduleRulesRepository,
    private readonly data: ScheduleDataRepository,
    private readonly checker: RuleChecker,
    private readonly slotUsage: RuleSlotUsage,
    private readonly reads: ScheduleRuleReads,
    private readonly publishedChanges: PublishedRuleChanges,
  ) {}

  async create(caller: AuthUser, request: RuleRequest): Promise<RuleResponse> {
    const payload = toPayload(request, false);
    const frame = await this.frame(payload.semesterId);
    return this.writes.run(payload.semesterId, async (tx) => {
      const version = checkVersion(await tx.lockVersion(payload.versionId), payload.semesterId);
      checkPlacement(payload, version.status);
      const validated = await this.checker.validate(payload, frame.semester);
      await this.checker.ensureNoConflicts(payload, validated, frame, version.status === 'PUBLISHED');

      const before = await this.publishedChanges.before(version, []);
      const id = await this.rules.insert(ruleFields(payload), caller.userId);
      await this.rules.replaceGroups(id, payload.groupIds);
      await this.saveSlots(id, payload);
      await this.publishedChanges.record(before, [id]);
      return this.reads.get(id);
    });
  }

  /** Replaces the rule's fields, groups and slots; slots sent with their `id` keep it. */
  async update(id: number, request: RuleRequest): Promise<RuleResponse> {
    return this.changing(id, request, async ({ payload, version, removed }) => {
      const before = await this.publishedChanges.before(version, [id]);
      await this.rules.update(id, ruleFields(payload));
      await this.rules.replaceGroups(id, payload.groupIds);
      await this.rules.deleteSlots(removed);
      await this.saveSlots(id, payload);
      await this.publishedChanges.record(before);
      return this.reads.get(id);
    });
  }

  /**
   * Everything `update` checks, in the same transaction under the same locks, and nothing written:
   * throws what `update` would throw (the quality report's rule-level recommendations ask this).
   */
  async tryUpdate(id: number, request: RuleRequest): Promise<void> {
    await this.changing(id, request, () => Promise.resolve());
  }

  /** Rules 1–13 for an update of rule `id`, then `write` with what they found, in one semester write. */
  private async changing<T>(id: number, request: RuleRequest, write: (checked: CheckedUpdate) => Promise<T>): Promise<T> {
    const payload = toPayload(request, true);
    const found = await this.rules.find(id);
    if (!found) throw new NotFoundError(RULE_NOT_FOUND);
    const frame = await this.frame(found.semesterId);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.rules.lockForChange(id);
      if (!stored) throw new NotFoundError(RULE_NOT_FOUND);
      const version = checkVersion(await tx.lockVersion(stored.versionId), stored.semesterId);
      if (payload.versionId !== stored.versionId || payload.semesterId !== stored.semesterId) throw new BadRequestError(MOVED_RULE);
      if (stored.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_RULE);
      checkPlacement(payload, version.status);

      const [current] = await this.data.rules({ versionIds: [stored.versionId], ruleIds: [id] });
      const validated = await this.checker.validate(payload, frame.semester, current);
      const removed = removedSlotIds(current, payload);
      if ((await this.slotUsage.count(removed)) > 0) throw new BadRequestError(REFERENCED_SLOTS).at('slots');
      await this.checker.ensureNoConflicts(payload, validated, frame, version.status === 'PUBLISHED');
      return write({ payload, version, removed });
    });
  }

  /** Archives the rule (status ARCHIVED); archiving an archived rule changes nothing. */
  async archive(id: number): Promise<RuleResponse> {
    const found = await this.rules.find(id);
    if (!found) throw new NotFoundError(RULE_NOT_FOUND);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.rules.lockForChange(id);
      if (!stored) throw new NotFoundError(RULE_NOT_FOUND);
      const version = checkVersion(await tx.lockVersion(stored.versionId), stored.semesterId);
      if (stored.status === 'ACTIVE') {
        const before = await this.publishedChanges.before(version, [id]);
        await this.rules.archive(id);
        await this.publishedChanges.record(before);
      }
      return this.reads.get(id);
    });
  }

  /** The semester and its bell schedules, read before the transaction so it needs a single connection. */
  private async frame(semesterId: number): Promise<SemesterFrame> {
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new BadRequestError(SEMESTER_NOT_FOUND);
    return { semester, grids: await this.data.grids(semester.startDate, semester.endDate) };
  }

  /** Updates kept slots in place, inserts new ones, and sets every slot's subgroups. */
  private async saveSlots(ruleId: number, payload: RulePayload): Promise<void> {
    const pairs: { slotId: number; subgroupId: number }[] = [];
    const slotIds: number[] = [];
    for (const slot of payload.slots) {
      let slotId = slot.id;
      if (slotId === undefined) slotId = await this.rules.insertSlot(ruleId, slot);
      else await this.rules.updateSlot(slotId, slot);
      slotIds.push(slotId);
      for (const subgroupId of slot.subgroupIds) pairs.push({ slotId, subgroupId });
    }
    await this.rules.replaceSlotSubgroups(slotIds, pairs);
  }
}

/** What the checks of an update found, for its writes. */
interface CheckedUpdate {
  payload: RulePayload;
  version: LockedVersion;
  removed: number[];
}

function ruleFields(payload: RulePayload): RuleFields {
  return { versionId: payload.versionId, semesterId: payload.semesterId, subjectId: payload.subjectId, hours: payload.hours, startWeeks: payload.startWeeks };
}

/** Rule 2: slots of the stored rule that the body no longer names are deleted. */
function removedSlotIds(current: LoadedRule, payload: RulePayload): number[] {
  const kept = new Set(payload.slots.map((slot) => slot.id));
  return allSlots(current).map((slot) => slot.id).filter((id) => !kept.has(id));
}
