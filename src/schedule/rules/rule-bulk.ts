import { Injectable } from '@nestjs/common';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { activeOnOrAfter, allSlots, LoadedRule } from '../../schedule-engine/rule-model';
import { AffectedRequestResponse, affectedRequestsField, LockedVersion, PublishedRuleChanges, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { RULE_NOT_FOUND } from './access';
import { BulkAction, RuleBulkRequest, RuleBulkResponse } from './dto/rule-bulk.dto';
import { RedundantOverrideResponse } from './dto/schedule-rule-response.dto';
import { RuleChecker, SemesterFrame } from './rule-checker';
import { RulePayload } from './rule-payload';
import { RuleSlotUsage } from './rule-slot-usage';
import { checkPlacement, checkVersion } from './rule-validation';
import { ScheduleRulesRepository } from './schedule-rules.repository';
import { RuleRequest } from './dto/schedule-rule.dto';
import { ScheduleRulesService } from './schedule-rules.service';

const REQUIRED: Partial<Record<BulkAction, { field: keyof RuleBulkRequest; message: string }>> = {
  MOVE: { field: 'targetVersionId', message: 'Выберите версию расписания, в которую перенести правила' },
  CHANGE_TEACHER: { field: 'teacherId', message: 'Выберите нового преподавателя' },
  CHANGE_CLASSROOM: { field: 'classroomId', message: 'Выберите новую аудиторию' },
};
const OTHER_SEMESTER = 'Выбранные правила относятся к разным семестрам: массовое изменение возможно только в одном семестре';
const ARCHIVED_RULE = 'правило в архиве: изменить его нельзя';
const SAME_VERSION = 'правило уже в этой версии расписания';
const MOVE_FROM_DATE = 'Перенос правил в другую версию действует на весь семестр: дата начала действия для него не указывается';
const REFERENCED = 'на его занятия ссылаются разовые изменения, заявки преподавателей или решения по отсутствиям: перенести его в другую версию нельзя';

/**
 * Issue 45 §8: several rules of one semester moved to another version, archived, or given another
 * teacher or room, in one semester write unit (one transaction under the semester's lock), so the
 * whole change passes or nothing is saved. Each rule is checked exactly as `PUT` (or `DELETE`) checks
 * it, through the same `RuleChecker`, one after the other: a rule is compared with the rules changed
 * before it in the same request, because they are already written in the open transaction.
 */
@Injectable()
export class ScheduleRuleBulk {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly rules: ScheduleRulesRepository,
    private readonly data: ScheduleDataRepository,
    private readonly checker: RuleChecker,
    private readonly slotUsage: RuleSlotUsage,
    private readonly publishedChanges: PublishedRuleChanges,
    private readonly single: ScheduleRulesService,
  ) {}

  async apply(request: RuleBulkRequest): Promise<RuleBulkResponse> {
    const required = REQUIRED[request.action];
    if (required && request[required.field] === undefined) throw new BadRequestError(required.message).at(required.field);
    const ids = [...request.ruleIds].sort((a, b) => a - b);
    const found = await Promise.all(ids.map((id) => this.rules.find(id)));
    const missing = ids.find((_, index) => !found[index]);
    if (missing !== undefined) throw new NotFoundError(`${RULE_NOT_FOUND}: №${missing}`).at('ruleIds');
    const semesterId = found[0]!.semesterId;
    if (found.some((row) => row!.semesterId !== semesterId)) throw new BadRequestError(OTHER_SEMESTER).at('ruleIds');
    const frame = await this.frame(semesterId);
    if (request.effectiveFrom !== undefined) {
      if (request.action === 'MOVE') throw new BadRequestError(MOVE_FROM_DATE).at('effectiveFrom');
      const { affected, redundant } = await this.fromDate(request, ids, semesterId);
      return {
        action: request.action,
        ruleIds: ids,
        changed: ids.length,
        ...affectedRequestsField(affected),
        ...(redundant.length > 0 ? { redundantOverrides: redundant } : {}),
      };
    }

    await this.writes.run(semesterId, async (tx) => {
      const versions = new Map<number, LockedVersion>();
      const version = async (versionId: number): Promise<LockedVersion> => {
        let locked = versions.get(versionId);
        if (!locked) versions.set(versionId, (locked = checkVersion(await tx.lockVersion(versionId), semesterId)));
        return locked;
      };
      let target: LockedVersion | undefined;
      if (request.action === 'MOVE') {
        try {
          target = await version(request.targetVersionId!);
        } catch (error) {
          throw error instanceof AppError && error.field === 'scheduleVersionId' ? error.at('targetVersionId') : error;
        }
      }
      // The publication's readers hear of what it changes for them (issue 45 §3): its touched rules before and after.
      const touched = await Promise.all([...new Set(found.map((row) => row!.versionId))].map((versionId) => version(versionId)));
      const published = [...touched, ...(target ? [target] : [])].find((locked) => locked.status === 'PUBLISHED');
      const before = published ? await this.publishedChanges.before(published, ids) : undefined;
      for (const id of ids) {
        const stored = await this.rules.lockForChange(id);
        if (!stored) throw new NotFoundError(`${RULE_NOT_FOUND}: №${id}`).at('ruleIds');
        const source = await version(stored.versionId);
        if (request.action === 'ARCHIVE') {
          if (stored.status === 'ACTIVE') await this.rules.archive(id);
          continue;
        }
        const [current] = await this.data.rules({ versionIds: [stored.versionId], ruleIds: [id] });
        let payload: RulePayload | undefined;
        try {
          if (stored.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_RULE);
          payload = changedPayload(current, request);
          const status = target ? target.status : source.status;
          if (target && target.id === stored.versionId) throw new BadRequestError(SAME_VERSION).at('targetVersionId');
          checkPlacement(payload, status);
          const validated = await this.checker.validate(payload, frame.semester, { ...current, versionId: payload.versionId });
          if (target && (await this.slotUsage.count(allSlots(current).map((slot) => slot.id))) > 0) throw new BadRequestError(REFERENCED).at('ruleIds');
          await this.checker.ensureNoConflicts(payload, validated, frame, status === 'PUBLISHED');
        } catch (error) {
          throw aboutRule(error, current, payload, request.action);
        }
        if (target) {
          await this.rules.update(id, { versionId: target.id, semesterId, subjectId: current.subjectId, hours: current.hours, startWeeks: current.startWeeks });
        } else {
          for (const slot of payload.slots) await this.rules.updateSlot(slot.id!, slot);
        }
      }
      await this.publishedChanges.record(before, ids);
    });
    return { action: request.action, ruleIds: ids, changed: ids.length };
  }

  /**
   * The change from a date (issue 53): each rule written exactly as its own PUT (or DELETE) with that
   * date, one after the other in one semester write unit (a nested unit joins it), all or nothing.
   * Answers the replacements the new placements made empty, which each rule's PUT deleted and listed.
   */
  private async fromDate(
    request: RuleBulkRequest,
    ids: readonly number[],
    semesterId: number,
  ): Promise<{ affected: AffectedRequestResponse[]; redundant: RedundantOverrideResponse[] }> {
    const from = request.effectiveFrom as string;
    const affected: AffectedRequestResponse[] = [];
    const redundant: RedundantOverrideResponse[] = [];
    await this.writes.run(semesterId, async () => {
      for (const id of ids) {
        const stored = await this.rules.lockForChange(id);
        if (!stored) throw new NotFoundError(`${RULE_NOT_FOUND}: №${id}`).at('ruleIds');
        const [current] = await this.data.rules({ versionIds: [stored.versionId], ruleIds: [id], includeArchived: true });
        try {
          if (request.action === 'ARCHIVE') {
            // Decisions sent for its one-off changes from the date (listed by a first 409) let them go with the rule's end.
            affected.push(...affectedOf(await this.single.archive(id, from, (request.overrideDecisions ?? []).length > 0)));
            continue;
          }
          if (stored.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_RULE);
          const written = await this.single.update(id, bodyFrom(current, request, from));
          affected.push(...affectedOf(written));
          redundant.push(...(('redundantOverrides' in written && written.redundantOverrides) || []));
        } catch (error) {
          throw aboutRule(error, current, undefined, request.action);
        }
      }
    });
    return { affected, redundant };
  }

  private async frame(semesterId: number): Promise<SemesterFrame> {
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new BadRequestError('Семестр не найден');
    return { semester, grids: await this.data.grids(semester.startDate, semester.endDate) };
  }
}

/** The requests and absence decisions a rule's write from a date re-checked (issue 53). */
const affectedOf = (answer: object): AffectedRequestResponse[] => ('affectedRequests' in answer ? (answer.affectedRequests as AffectedRequestResponse[]) : []);

/** The rule's body as `PUT` would receive it with the change applied: every slot keeps its id. */
function changedPayload(rule: LoadedRule, request: RuleBulkRequest): RulePayload {
  return {
    versionId: request.action === 'MOVE' ? request.targetVersionId! : rule.versionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    hours: rule.hours,
    startWeeks: rule.startWeeks,
    groupIds: [...rule.groupIds].sort((a, b) => a - b),
    slots: allSlots(rule).map((slot, index) => ({
      position: index + 1,
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      teacherId: request.action === 'CHANGE_TEACHER' ? request.teacherId! : slot.teacherId,
      // An unplaced slot of a draft stays unplaced: a room alone would make it half-placed.
      classroomId: request.action === 'CHANGE_CLASSROOM' && slot.classroomId !== null ? request.classroomId! : slot.classroomId,
      lessonTypeId: slot.lessonTypeId,
      lessonFormat: slot.lessonFormat,
      subgroupIds: slot.subgroups.map((subgroup) => subgroup.id).sort((a, b) => a - b),
    })),
  };
}

/**
 * The single-rule refusal, said about the selected rule: the message names it, `ruleId` and (when the
 * refusal is about one of its slots) `slotId` say which, and `field` names the request's own property.
 */
function aboutRule(error: unknown, rule: LoadedRule, payload: RulePayload | undefined, action: BulkAction): unknown {
  if (!(error instanceof AppError)) return error;
  const message = `Правило №${rule.id} «${rule.subjectName}»: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
  const position = /^slots\[(\d+)\]/.exec(error.field ?? '');
  const slotId = position ? payload?.slots[Number(position[1])]?.id : undefined;
  const about = { ruleId: rule.id, ...(slotId !== undefined ? { slotId } : {}) };
  const field = requestField(error.field, action);
  const wrapped = error.body
    ? new AppError(error.status, message, { ...error.body, message, ...about })
    : new AppError(error.status, message, undefined, undefined, { ...error.extra, ...about });
  return wrapped.at(field);
}

/** The request's control the refusal concerns: a clash of a changed slot is the new teacher's, room's or version's. */
function requestField(field: string | undefined, action: BulkAction): string {
  if (field?.endsWith('teacherId')) return 'teacherId';
  if (field?.endsWith('classroomId')) return 'classroomId';
  if (field === 'scheduleVersionId' || field === 'targetVersionId') return 'targetVersionId';
  if (field === undefined || /^slots\[\d+\]$/.test(field)) return REQUIRED[action]?.field ?? 'ruleIds';
  return 'ruleIds';
}

/** The rule's current form from `from` as a PUT body, with the bulk change applied to every slot. */
function bodyFrom(rule: LoadedRule, request: RuleBulkRequest, from: string): RuleRequest {
  return {
    scheduleVersionId: rule.versionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    lectureAcademicHours: rule.hours.LECTURE,
    laboratoryAcademicHours: rule.hours.LABORATORY,
    practiceAcademicHours: rule.hours.PRACTICE,
    lectureStartWeek: rule.startWeeks.LECTURE,
    laboratoryStartWeek: rule.startWeeks.LABORATORY,
    practiceStartWeek: rule.startWeeks.PRACTICE,
    groupIds: rule.groupIds,
    effectiveFrom: from,
    overrideDecisions: request.overrideDecisions,
    slots: allSlots(rule)
      .filter((slot) => activeOnOrAfter(slot, from))
      .map((slot) => ({
        id: slot.id,
        dayOfWeek: slot.dayOfWeek,
        parity: slot.parity,
        timeSlotId: slot.timeSlotId,
        teacherId: request.action === 'CHANGE_TEACHER' ? (request.teacherId as number) : slot.teacherId,
        classroomId: request.action === 'CHANGE_CLASSROOM' && slot.classroomId !== null ? (request.classroomId as number) : slot.classroomId,
        lessonTypeId: slot.lessonTypeId,
        lessonFormat: slot.lessonFormat,
        subgroupIds: slot.subgroups.map((subgroup) => subgroup.id),
      })),
  };
}
