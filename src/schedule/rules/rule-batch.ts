import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { AppError, BadRequestError, ConflictError } from '../../platform/http/app-error';
import { clashFields, firstOwnClash, Occupancy } from '../../schedule-engine/conflicts';
import { expandRule, GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { LoadedRule } from '../../schedule-engine/rule-model';
import { ClashGuard, describeMoment, namedIds, PublishedRuleChanges, reasonsText, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { RuleRequest } from './dto/schedule-rule.dto';
import { effectiveFromOf } from './rule-periods';
import { RuleFactsRepository } from './rule-facts.repository';
import { toConflictRule } from './rule-mapper';
import { CheckedRule, duplicateSlotError, findDuplicateSlot, ownClashError, ruleConflictError, storedClashError } from './rule-conflicts';
import { RulePayload, referencedIds, toPayload } from './rule-payload';
import { checkHours, checkPlacement, checkVersion, validateRule } from './rule-validation';
import { ScheduleRulesRepository } from './schedule-rules.repository';

/** What became of one body of a batch: the new rule's id, or the refusal POST would have answered. */
export type BatchOutcome = { ruleId: number } | { error: AppError };

/**
 * Many new rules of one version at once (the data import, issue 28), each checked by the same rules
 * as `POST /api/admin/schedule-rules` (4.9: 1–13) and, in addition, against the bodies accepted before
 * it in the batch. The semester is locked once, the facts, the stored lessons around all bodies and
 * the teachers' blocks are read once, and the accepted rules are written in a few bulk statements, so
 * a file of 10,000 rules costs a handful of queries instead of tens of thousands.
 */
@Injectable()
export class ScheduleRuleBatch {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly data: ScheduleDataRepository,
    private readonly facts: RuleFactsRepository,
    private readonly guard: ClashGuard,
    private readonly rules: ScheduleRulesRepository,
    private readonly publishedChanges: PublishedRuleChanges,
  ) {}

  /**
   * Creates the bodies (all of `versionId`) that pass, in order; `labels[i]` names body i in the
   * message of a later body that clashes with it (e.g. «строка 12»).
   */
  async create(caller: AuthUser, versionId: number, requests: readonly RuleRequest[], labels: readonly string[]): Promise<BatchOutcome[]> {
    if (requests.length === 0) return [];
    const payloads = requests.map((request) => toPayload(request, false));
    const semesterId = payloads[0].semesterId;
    if (payloads.some((payload) => payload.semesterId !== semesterId || payload.versionId !== versionId)) {
      throw new BadRequestError('Все правила пакета должны относиться к одной версии расписания');
    }
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new BadRequestError('Семестр не найден');
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    // Every body of a batch takes effect from the same date (an import's effectiveFrom): new rules have no lessons before it.
    const from = effectiveFromOf(requests[0].effectiveFrom, semester);
    const start = from > semester.startDate ? from : null;

    return this.writes.run(semesterId, async (tx) => {
      const version = checkVersion(await tx.lockVersion(versionId), semesterId);
      const published = version.status === 'PUBLISHED';
      const facts = await this.facts.loadMany(payloads.map(referencedIds));
      const outcomes: ({ error: AppError } | LoadedRule)[] = payloads.map((payload, index) => {
        try {
          checkPlacement(payload, version.status);
          checkHours(payload, semester);
          const rule = validateRule(payload, facts[index]);
          return start === null ? rule : { ...rule, slots: rule.slots.map((slot) => ({ ...slot, activeFrom: start })) };
        } catch (error) {
          return { error: asAppError(error) };
        }
      });
      const valid = outcomes.filter((outcome): outcome is LoadedRule => !('error' in outcome));
      // One read of the stored lessons around every body (their groups together: the prefilter only keeps more).
      const reach: LoadedRule = { ...valid[0], slots: valid.flatMap((rule) => rule.slots), groupIds: [...new Set(valid.flatMap((rule) => rule.groupIds))] };
      const stored = valid.length > 0 ? await this.guard.storedAround({ semester, grids, versionId, published, reach }) : undefined;
      const blocks = await this.guard.teacherBlocks([...new Set(valid.flatMap((rule) => rule.slots.map((slot) => slot.teacherId)))], semester, grids);
      const accepted = new AcceptedLessons();

      const results: BatchOutcome[] = [];
      const toSave: { index: number; payload: RulePayload }[] = [];
      for (const [index, outcome] of outcomes.entries()) {
        if ('error' in outcome) {
          results.push(outcome);
          continue;
        }
        try {
          const lessons = await this.check(payloads[index], outcome, facts[index].timeSlots, stored!, blocks, accepted, labels, facts[index].users);
          accepted.add(index, lessons);
          toSave.push({ index, payload: payloads[index] });
          results.push({ ruleId: 0 });
        } catch (error) {
          results.push({ error: asAppError(error) });
        }
      }
      const before = await this.publishedChanges.before(version, [], start === null ? undefined : from);
      const ids = await this.rules.insertMany(
        toSave.map(({ payload }) => ({
          fields: { versionId, semesterId, subjectId: payload.subjectId, hours: payload.hours, startWeeks: payload.startWeeks },
          groupIds: payload.groupIds,
          slots: payload.slots.map((slot) => ({ ...slot, activeFrom: start })),
        })),
        caller.userId,
      );
      toSave.forEach(({ index }, position) => (results[index] = { ruleId: ids[position] }));
      await this.publishedChanges.record(before, ids);
      return results;
    });
  }

  /** Rules 8–13 for one body, as `RuleChecker.ensureNoConflicts` checks a new rule, plus the bodies accepted before it; answers its lessons. */
  private async check(
    payload: RulePayload,
    rule: LoadedRule,
    timeSlots: Map<number, { startTime: string; endTime: string }>,
    stored: Awaited<ReturnType<ClashGuard['storedAround']>>,
    blocks: Awaited<ReturnType<ClashGuard['teacherBlocks']>>,
    accepted: AcceptedLessons,
    labels: readonly string[],
    users: Map<number, { name: string }>,
  ): Promise<GeneratedLesson[]> {
    const own = expandRule(rule, stored.schedule.context);
    const checked = new CheckedRule(rule, own, payload.slots);
    const duplicate = findDuplicateSlot(payload.slots);
    if (duplicate) throw duplicateSlotError(duplicate, timeSlots.get(duplicate.repeat.timeSlotId) ?? { startTime: '', endTime: '' }, checked);
    const ownClash = firstOwnClash(own);
    if (ownClash) throw ownClashError(ownClash, checked);
    const storedClash = stored.firstClash(own);
    if (storedClash) {
      const names = await this.data.names(namedIds([storedClash.existing.rule]));
      throw storedClashError(storedClash, toConflictRule(storedClash.existing.rule, names), checked, stored);
    }
    const earlier = accepted.firstClash(own);
    if (earlier) {
      throw ruleConflictError(
        `Пересекается с правилом (${labels[earlier.index] ?? earlier.index + 1}) из этого же списка ${describeMoment(earlier.candidate)}: ${reasonsText(earlier.fields)}`,
        earlier.fields,
        undefined,
        { field: checked.fieldOf(earlier.candidate.slotId) },
      );
    }
    const [blocked] = blocks.among(own);
    if (blocked) {
      const name = users.get(blocked.teacherId)?.name ?? String(blocked.teacherId);
      throw new ConflictError(`Преподаватель «${name}» недоступен ${describeMoment(blocked)}: это время закрыто утверждённым ограничением`).at(
        `${checked.fieldOf(blocked.slotId)}.teacherId`,
      );
    }
    return own;
  }
}

/** The lessons of the bodies accepted so far, by date and teacher, room and group, as the clash guard indexes stored ones. */
class AcceptedLessons {
  private readonly byDate = new Map<string, Map<string, { index: number; lesson: Occupancy }[]>>();

  add(index: number, lessons: readonly GeneratedLesson[]): void {
    for (const lesson of lessons) for (const key of keysOf(lesson)) this.day(lesson.date, key).push({ index, lesson });
  }

  firstClash(proposed: readonly GeneratedLesson[]): { index: number; candidate: GeneratedLesson; fields: ReturnType<typeof clashFields> } | undefined {
    for (const candidate of proposed) {
      const day = this.byDate.get(candidate.date);
      if (!day) continue;
      for (const key of keysOf(candidate)) {
        for (const { index, lesson } of day.get(key) ?? []) {
          const fields = clashFields(candidate, lesson);
          if (fields.length > 0) return { index, candidate, fields };
        }
      }
    }
    return undefined;
  }

  private day(date: string, key: string): { index: number; lesson: Occupancy }[] {
    let day = this.byDate.get(date);
    if (!day) this.byDate.set(date, (day = new Map<string, { index: number; lesson: Occupancy }[]>()));
    let list = day.get(key);
    if (!list) day.set(key, (list = []));
    return list;
  }
}

function keysOf(lesson: Occupancy): string[] {
  return [`t${lesson.teacherId}`, `c${lesson.classroomId}`, ...lesson.audience.map((member) => `g${member.groupId}`)];
}

function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  throw error;
}
