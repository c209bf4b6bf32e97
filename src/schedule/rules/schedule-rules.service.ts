import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { comparedLesson, diffLessons } from '../../schedule-engine/lesson-diff';
import { HOURS_PER_LESSON, LESSON_KINDS } from '../../schedule-engine/lesson-series';
import { EMPTY_REPLACEMENT_REASON, isEmptyReplacement } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { AffectedRequestResponse, affectedRequestsField, LockedVersion, PendingLessons, PublishedRuleChanges, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { RULE_NOT_FOUND } from './access';
import { RuleRequest } from './dto/schedule-rule.dto';
import { RuleResponse, RuleWriteResponse } from './dto/schedule-rule-response.dto';
import { CheckedLessons, RuleChecker, SemesterFrame } from './rule-checker';
import { effectiveFromOf, PeriodPlan, planPeriods, ruleAfterPlan } from './rule-periods';
import { RulePayload, toPayload } from './rule-payload';
import { RuleSlotUsage } from './rule-slot-usage';
import { checkPlacement, checkVersion } from './rule-validation';
import { ScheduleRuleReads } from './schedule-rule-reads.service';
import { OverrideOfRule, RuleFields, ScheduleRulesRepository } from './schedule-rules.repository';

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
    private readonly pending: PendingLessons,
  ) {}

  async create(caller: AuthUser, request: RuleRequest): Promise<RuleResponse | RuleWriteResponse> {
    const payload = toPayload(request, false);
    const frame = await this.frame(payload.semesterId);
    const from = effectiveFromOf(request.effectiveFrom, frame.semester);
    return this.writes.run(payload.semesterId, async (tx) => {
      const version = checkVersion(await tx.lockVersion(payload.versionId), payload.semesterId);
      checkPlacement(payload, version.status);
      const plan = planPeriods(undefined, payload, from, frame.semester);
      const validated = await this.checker.validate(payload, frame.semester);
      validated.rule = ruleAfterPlan(validated.rule, plan, payload.hours);
      const checked = await this.checker.ensureNoConflicts(payload, validated, frame, version.status === 'PUBLISHED', plan.dated ? from : undefined);

      const before = await this.publishedChanges.before(version, [], plan.dated ? from : undefined);
      const id = await this.rules.insert(ruleFields(payload), caller.userId);
      await this.rules.replaceGroups(id, payload.groupIds);
      await this.saveSlots(id, plan);
      await this.publishedChanges.record(before, [id]);
      return this.answer(id, plan, checked, [], request.effectiveFrom !== undefined);
    });
  }

  /**
   * Replaces the rule's fields, groups and slots from `effectiveFrom` on (the semester's first day
   * when omitted: the whole rule); slots sent with their `id` keep it. From a later date, the slots
   * that began before it are closed the day before and continued by new rows, so the lessons before
   * it stay as they were (issue 53).
   */
  async update(id: number, request: RuleRequest): Promise<RuleResponse | RuleWriteResponse> {
    return this.changing(id, request, async ({ payload, version, plan, checked, current, overrides, pendingCheck }) => {
      const before = await this.publishedChanges.before(version, [id], plan.dated ? plan.from : undefined);
      await this.rules.update(id, ruleFields(payload), plan.dated ? plan.hoursHistory : null);
      await this.rules.replaceGroups(id, payload.groupIds);
      await this.rules.deleteSlots(plan.removed);
      await this.rules.closeSlots(plan.close.map((slot) => slot.id), plan.until);
      const successorIds = await this.saveSlots(id, plan);
      // Before the one-off changes are settled: a decision whose override is dropped is still in force here, so it is listed.
      const affected = await this.recheckPending(pendingCheck, id);
      await this.settleOverrides(overrides, successorIds);
      await this.publishedChanges.record(before);
      const answer = await this.answer(id, plan, checked, checked.layOut(current), request.effectiveFrom !== undefined);
      return { ...answer, ...(overrides.redundant.length > 0 ? { redundantOverrides: overrides.redundant } : {}), ...affectedRequestsField(affected) };
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
    const from = effectiveFromOf(request.effectiveFrom, frame.semester);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.rules.lockForChange(id);
      if (!stored) throw new NotFoundError(RULE_NOT_FOUND);
      const version = checkVersion(await tx.lockVersion(stored.versionId), stored.semesterId);
      if (payload.versionId !== stored.versionId || payload.semesterId !== stored.semesterId) throw new BadRequestError(MOVED_RULE);
      if (stored.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_RULE);
      checkPlacement(payload, version.status);

      const [current] = await this.data.rules({ versionIds: [stored.versionId], ruleIds: [id] });
      const plan = planPeriods(current, payload, from, frame.semester);
      // A slot continued by a new row is a new slot to the checks (the stored row keeps its past).
      const continued = new Set(plan.successors.map((item) => item.slot));
      const checkedPayload: RulePayload = { ...plan.body, slots: plan.body.slots.map((slot) => (continued.has(slot) ? { ...slot, id: undefined } : slot)) };
      const validated = await this.checker.validate(checkedPayload, frame.semester, current, plan.dated ? from : undefined);
      validated.rule = ruleAfterPlan(validated.rule, plan, payload.hours);
      if ((await this.slotUsage.count(plan.removed)) > 0) throw new BadRequestError(REFERENCED_SLOTS).at('slots');
      const published = version.status === 'PUBLISHED';
      const given = plan.dated ? await this.checker.givenBefore(current, frame, from) : undefined;
      if (given) checkFixedBefore(current, payload, given, from);
      const checked = await this.checker.ensureNoConflicts(checkedPayload, validated, frame, published, plan.dated ? from : undefined);
      // Requests and absence decisions waiting on the rule's lessons are re-checked by a change from a date of the publication (issue 53).
      const pendingCheck = published && request.effectiveFrom !== undefined ? { semester: frame.semester, from, current, versionId: version.id } : undefined;
      const overrides = published
        ? await this.withAffected(() => this.overridesToSettle(id, plan, validated.rule, checked.lessons, request), pendingCheck, [validated.rule])
        : NO_OVERRIDES;
      return write({ payload, version, plan, checked, current, overrides, pendingCheck });
    });
  }

  /**
   * Archives the rule (status ARCHIVED); archiving an archived rule changes nothing. From a date after
   * the semester's first day it ends the rule the day before instead: its past lessons stay, and the
   * one-off changes of its lessons from that date go only when `dropOverrides` says so.
   */
  async archive(id: number, effectiveFrom?: string, dropOverrides = false): Promise<RuleResponse | RuleWriteResponse> {
    const found = await this.rules.find(id);
    if (!found) throw new NotFoundError(RULE_NOT_FOUND);
    const frame = await this.frame(found.semesterId);
    const from = effectiveFromOf(effectiveFrom, frame.semester);
    return this.writes.run(found.semesterId, async (tx) => {
      const stored = await this.rules.lockForChange(id);
      if (!stored) throw new NotFoundError(RULE_NOT_FOUND);
      const version = checkVersion(await tx.lockVersion(stored.versionId), stored.semesterId);
      const [current] = stored.status === 'ACTIVE' ? await this.data.rules({ versionIds: [stored.versionId], ruleIds: [id] }) : [];
      const ending = current !== undefined && from > frame.semester.startDate;
      const pendingCheck = current && version.status === 'PUBLISHED' && effectiveFrom !== undefined ? { semester: frame.semester, from, current, versionId: version.id } : undefined;
      let affected: AffectedRequestResponse[] = [];
      const emptyPlan = planPeriods(current, { ...bodyOf(current, frame.semester), slots: [] }, from, frame.semester);
      let layOut: CheckedLessons['layOut'] | undefined;
      let lessons: GeneratedLesson[] = [];
      if (ending) {
        if ((await this.slotUsage.count(emptyPlan.removed)) > 0) throw new BadRequestError(REFERENCED_SLOTS).at('effectiveFrom');
        const overrides = await this.rules.overridesFrom(id, from);
        if (overrides.length > 0 && !dropOverrides) {
          const unmatched = unmatchedError(overrides.map((override) => unmatchedItem(override, 'правило завершается с этой даты', false)), from);
          await this.withAffected(() => Promise.reject(unmatched), pendingCheck, [ruleAfterPlan({ ...current, slots: [] }, emptyPlan, current.hours)]);
        }
        const layOutNow = await this.checker.layOutFor(frame, [current]);
        layOut = layOutNow;
        lessons = layOutNow(ruleAfterPlan({ ...current, slots: [] }, emptyPlan, current.hours));
        const before = await this.publishedChanges.before(version, [id], from);
        await this.rules.deleteOverrides(overrides.map((override) => override.id));
        await this.rules.deleteSlots(emptyPlan.removed);
        await this.rules.closeSlots(emptyPlan.close.map((slot) => slot.id), emptyPlan.until);
        // A rule with nothing before the date keeps no period at all: it is simply archived.
        if (emptyPlan.history.length + emptyPlan.close.length === 0) await this.rules.archive(id);
        else await this.rules.touch(id);
        affected = await this.recheckPending(pendingCheck, id);
        await this.publishedChanges.record(before);
      } else if (stored.status === 'ACTIVE') {
        const before = await this.publishedChanges.before(version, [id]);
        await this.rules.archive(id);
        affected = await this.recheckPending(pendingCheck, id);
        await this.publishedChanges.record(before);
      }
      const response = await this.reads.get(id);
      if (effectiveFrom === undefined) return response;
      const pastLessonsChanged = ending && layOut ? changedBeforeTomorrow(layOut(current), lessons, from) : 0;
      return { ...response, effectiveFrom: from, pastLessonsChanged, hoursNotFitted: 0, ...affectedRequestsField(affected) };
    });
  }

  /** The waiting requests and absence decisions on the rule's lessons from the date, settled against the rule as written (issue 53). */
  private async recheckPending(check: PendingRuleCheck | undefined, ruleId: number): Promise<AffectedRequestResponse[]> {
    if (!check) return [];
    const after = await this.data.rules({ versionIds: [check.versionId], ruleIds: [ruleId] });
    return this.pending.recheck({ semester: check.semester, from: check.from, before: [check.current], after, versionId: check.versionId }, true);
  }

  /**
   * Runs `settle`; when it refuses with the one-off changes that no longer match (409), the refusal
   * also lists what the change would do to the requests and absence decisions waiting on the rule's
   * lessons (`after`: the rule as the change would leave it), so the office sees it before deciding.
   */
  private async withAffected<T>(settle: () => Promise<T>, check: PendingRuleCheck | undefined, after: LoadedRule[]): Promise<T> {
    try {
      return await settle();
    } catch (error) {
      if (!check || !(error instanceof AppError) || !error.extra?.unmatchedOverrides) throw error;
      const affected = await this.pending.recheck({ semester: check.semester, from: check.from, before: [check.current], after, versionId: check.versionId }, false);
      if (affected.length === 0) throw error;
      const listed = new AppError(error.status, error.message, undefined, undefined, { ...error.extra, affectedRequests: affected });
      listed.field = error.field;
      listed.fields = error.fields;
      throw listed;
    }
  }

  /** The semester and its bell schedules, read before the transaction so it needs a single connection. */
  private async frame(semesterId: number): Promise<SemesterFrame> {
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new BadRequestError(SEMESTER_NOT_FOUND);
    return { semester, grids: await this.data.grids(semester.startDate, semester.endDate) };
  }

  /**
   * Writes the body's slots as the plan says (rows run on, continued, rewritten or added, each with
   * its period) and sets their subgroups. Answers the new row of each continued slot, by the old id.
   */
  private async saveSlots(ruleId: number, plan: PeriodPlan): Promise<Map<number, number>> {
    const pairs: { slotId: number; subgroupId: number }[] = [];
    const slotIds: number[] = [];
    const successors = new Map<number, number>();
    const start = plan.dated ? plan.from : null;
    const keep = (slotId: number, subgroupIds: readonly number[]) => {
      slotIds.push(slotId);
      for (const subgroupId of subgroupIds) pairs.push({ slotId, subgroupId });
    };
    for (const { slot, activeFrom } of plan.runOn) {
      await this.rules.updateSlot(slot.id as number, slot, { activeFrom, activeTo: null });
      keep(slot.id as number, slot.subgroupIds);
    }
    for (const { slot, continues } of plan.successors) {
      const slotId = await this.rules.insertSlot(ruleId, slot, { activeFrom: start, activeTo: null, continuesSlotId: continues });
      successors.set(continues, slotId);
      keep(slotId, slot.subgroupIds);
    }
    for (const slot of plan.rewrite) {
      await this.rules.updateSlot(slot.id as number, slot, { activeFrom: start, activeTo: null });
      keep(slot.id as number, slot.subgroupIds);
    }
    for (const slot of plan.added) keep(await this.rules.insertSlot(ruleId, slot, { activeFrom: start, activeTo: null }), slot.subgroupIds);
    await this.rules.replaceSlotSubgroups(slotIds, pairs);
    return successors;
  }

  /**
   * Invariant 3 of issue 53: the rule's one-off changes dated `from` or later whose lesson the change
   * touches. One whose lesson still exists on its date and pair follows it (to the continuing row);
   * the others need the office's decision per change (KEEP moves it to the rule's lesson of the same
   * week, DROP deletes it), or the write is refused with their list.
   */
  private async overridesToSettle(ruleId: number, plan: PeriodPlan, after: LoadedRule, lessons: readonly GeneratedLesson[], request: RuleRequest): Promise<OverridesToSettle> {
    const touched = new Map<number, number | null>(); // stored slot -> the slot its lessons from `from` come from now (null: none)
    for (const slot of plan.close) touched.set(slot.id, plan.successors.find((item) => item.continues === slot.id) ? -1 : null);
    for (const slot of plan.rewrite) touched.set(slot.id as number, slot.id as number);
    // A row that runs on keeps its place, but its lessons may end sooner or later as the hours change.
    for (const { slot } of plan.runOn) touched.set(slot.id as number, slot.id as number);
    for (const id of plan.removed) touched.set(id, null);
    if (touched.size === 0) return NO_OVERRIDES;
    const overrides = (await this.rules.overridesFrom(ruleId, plan.from)).filter((override) => touched.has(override.slotId));
    if (overrides.length === 0) return NO_OVERRIDES;

    // The checked rule names a continuing row by the negative id its body slot got.
    const successorOf = (slotId: number): number | null => {
      const target = touched.get(slotId);
      if (target !== -1) return target ?? null;
      const body = plan.successors.find((item) => item.continues === slotId)?.slot;
      return body ? after.slots.find((slot) => slot.id === -body.position)?.id ?? null : null;
    };
    const storedPair = new Map([...plan.close].map((slot) => [slot.id, slot.timeSlotId]));
    for (const slot of [...plan.rewrite, ...plan.runOn.map((item) => item.slot)]) storedPair.set(slot.id as number, slot.timeSlotId);
    const decisions = new Map((request.overrideDecisions ?? []).map((item) => [item.overrideId, item.decision]));
    const settle: OverridesToSettle = { follow: [], keep: [], drop: [], redundant: [] };
    const unmatched: UnmatchedOverride[] = [];
    for (const override of overrides) {
      const successor = successorOf(override.slotId);
      const sameDay = successor === null ? undefined : lessons.find((lesson) => lesson.slotId === successor && lesson.date === override.lessonDate);
      if (sameDay && sameDay.timeSlotId === storedPair.get(override.slotId)) {
        // A replacement the new placement already gives (same teacher, room and format) changes
        // nothing any more: dropped as redundant, and listed in the answer (issue 53).
        if (successor !== override.slotId && isEmptyReplacement(override, { teacherId: sameDay.teacherId, classroomId: sameDay.classroomId, lessonFormat: sameDay.slot.lessonFormat })) {
          settle.drop.push(override.id);
          settle.redundant.push(unmatchedItem(override, EMPTY_REPLACEMENT_REASON, false));
          continue;
        }
        if (successor !== override.slotId) settle.follow.push({ overrideId: override.id, slotId: successor as number, via: override.slotId, lessonDate: override.lessonDate });
        continue;
      }
      const week = lessons.find((lesson) => lesson.date === override.lessonDate)?.weekNumber ?? weekOfDate(lessons, override.lessonDate);
      const sameWeek = successor === null ? undefined : lessons.find((lesson) => lesson.slotId === successor && lesson.weekNumber === week);
      const why = successor === null ? 'занятия этого слота с этой даты больше нет' : sameDay ? 'занятие в этот день стоит на другой паре' : 'в этот день занятия больше нет';
      const decision = decisions.get(override.id);
      if (decision === 'DROP') settle.drop.push(override.id);
      else if (decision === 'KEEP' && sameWeek) settle.keep.push({ overrideId: override.id, slotId: sameWeek.slotId, via: override.slotId, lessonDate: sameWeek.date });
      else if (decision === 'KEEP') {
        throw new BadRequestError(`Разовое изменение №${override.id} нельзя сохранить: в эту неделю у правила нет занятия, к которому его отнести`).at('overrideDecisions');
      } else unmatched.push(unmatchedItem(override, why, sameWeek !== undefined));
    }
    if (unmatched.length > 0) throw unmatchedError(unmatched, plan.from);
    return settle;
  }

  /** Applies the overrides' settlement once the continuing rows have their ids (a negative id is a new row's). */
  private async settleOverrides(settle: OverridesToSettle, successors: ReadonlyMap<number, number>): Promise<void> {
    const moves = [...settle.follow, ...settle.keep].map(({ overrideId, slotId, via, lessonDate }) => ({
      overrideId,
      slotId: slotId > 0 ? slotId : (successors.get(via) as number),
      lessonDate,
    }));
    await this.rules.deleteOverrides(settle.drop);
    await this.rules.repointOverrides(moves.filter((move) => move.slotId !== undefined));
  }

  /** The rule as stored after the write, with what the change did to lessons given and to the hours. */
  private async answer(id: number, plan: PeriodPlan, checked: CheckedLessons, before: readonly GeneratedLesson[], dated: boolean): Promise<RuleResponse | RuleWriteResponse> {
    const response = await this.reads.get(id);
    // A spec client that names no date gets the spec's answer as it was.
    if (!dated) return response;
    return {
      ...response,
      effectiveFrom: plan.from,
      pastLessonsChanged: changedBeforeTomorrow(before, checked.lessons, plan.from),
      hoursNotFitted: hoursNotFitted(checked.lessons, checked.rule),
    };
  }
}

/** What the checks of an update found, for its writes. */
interface CheckedUpdate {
  payload: RulePayload;
  version: LockedVersion;
  plan: PeriodPlan;
  checked: CheckedLessons;
  current: LoadedRule;
  overrides: OverridesToSettle;
  pendingCheck: PendingRuleCheck | undefined;
}

/** What re-checking the waiting requests and absence decisions of a rule needs (a change from a date of the publication). */
interface PendingRuleCheck {
  semester: LoadedSemester;
  from: string;
  current: LoadedRule;
  versionId: number;
}

/** One-off changes a change from a date moves along (`follow`, `keep`) or deletes (`drop`). */
interface OverridesToSettle {
  /** `slotId` is the lesson's slot in the checked rule (negative for a new row); `via` the stored slot it continues. */
  follow: OverrideMove[];
  keep: OverrideMove[];
  drop: number[];
  /** REPLACE changes the new placement made empty (also in `drop`), for the answer. */
  redundant: UnmatchedOverride[];
}

interface OverrideMove {
  overrideId: number;
  slotId: number;
  via: number;
  lessonDate: string;
}

const NO_OVERRIDES: OverridesToSettle = { follow: [], keep: [], drop: [], redundant: [] };

/** A one-off change that no longer matches its lesson, as the 409 lists it. */
interface UnmatchedOverride {
  overrideId: number;
  action: string;
  lessonDate: string;
  reason: string;
  keepable: boolean;
}

function unmatchedItem(override: OverrideOfRule, reason: string, keepable: boolean): UnmatchedOverride {
  return { overrideId: override.id, action: override.action, lessonDate: override.lessonDate, reason, keepable };
}

function unmatchedError(items: UnmatchedOverride[], from: string): AppError {
  const message =
    `Разовые изменения занятий с ${formatDate(from)} больше не совпадают с правилом (${items.length}): ` +
    'для каждого выберите, оставить его (KEEP) или удалить (DROP), и повторите запрос';
  return new AppError(409, message, undefined, undefined, { unmatchedOverrides: items });
}

/** The week of `date` as the series numbers weeks (from the semester's first), read off any lesson. */
function weekOfDate(lessons: readonly GeneratedLesson[], date: string): number {
  const any = lessons[0];
  if (!any) return 0;
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${any.date}T00:00:00Z`)) / 86_400_000);
  const mondayOffset = (new Date(`${any.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return any.weekNumber + Math.floor((days + mondayOffset) / 7);
}

function ruleFields(payload: RulePayload): RuleFields {
  return { versionId: payload.versionId, semesterId: payload.semesterId, subjectId: payload.subjectId, hours: payload.hours, startWeeks: payload.startWeeks };
}

const HOURS_FIELDS = { LECTURE: 'lectureAcademicHours', PRACTICE: 'practiceAcademicHours', LABORATORY: 'laboratoryAcademicHours' } as const;
const KIND_NAMES = { LECTURE: 'лекций', PRACTICE: 'практик', LABORATORY: 'лабораторных работ' } as const;

/**
 * What cannot change from a date: the subject and the groups of a rule that has lessons before it
 * (they are the rule's identity), and hours below those already given before it.
 */
function checkFixedBefore(current: LoadedRule, payload: RulePayload, given: Record<'LECTURE' | 'PRACTICE' | 'LABORATORY', number>, from: string): void {
  const anyGiven = LESSON_KINDS.some((kind) => given[kind] > 0);
  const sameGroups = current.groupIds.length === payload.groupIds.length && current.groupIds.every((id, index) => id === payload.groupIds[index]);
  const fixed = 'с даты их изменить нельзя: завершите правило с этой даты и создайте новое';
  if (anyGiven && current.subjectId !== payload.subjectId) throw new BadRequestError(`У правила уже есть занятия до ${formatDate(from)}: дисциплину ${fixed}`).at('subjectId');
  if (anyGiven && !sameGroups) throw new BadRequestError(`У правила уже есть занятия до ${formatDate(from)}: группы ${fixed}`).at('groupIds');
  for (const kind of LESSON_KINDS) {
    if (payload.hours[kind] < given[kind]) {
      throw new BadRequestError(`До ${formatDate(from)} уже проведено ${given[kind]} ч ${KIND_NAMES[kind]}: часов не может быть меньше`).at(HOURS_FIELDS[kind]);
    }
  }
}

/**
 * How many lessons dated from `from` up to today a write altered (a deliberate correction of the
 * past): a lesson moved counts once, as the validation's PAST_LESSONS counts it.
 */
function changedBeforeTomorrow(before: readonly GeneratedLesson[], after: readonly GeneratedLesson[], from: string): number {
  const tomorrow = addDays(todayInBusinessZone(), 1);
  if (from >= tomorrow) return 0;
  const window = (lessons: readonly GeneratedLesson[]) =>
    lessons.filter((lesson) => lesson.date >= from && lesson.date < tomorrow).map((lesson) => comparedLesson(lesson, lesson.lessonKind));
  const diff = diffLessons(window(after), window(before));
  return Math.max(diff.added.length, diff.removed.length);
}

/** Academic hours the series could not lay out in the semester's dates (the last lesson's remainder per kind). */
function hoursNotFitted(lessons: readonly GeneratedLesson[], rule: LoadedRule): number {
  let missing = 0;
  for (const kind of LESSON_KINDS) {
    const given = lessons.filter((lesson) => lesson.lessonKind === kind).length * HOURS_PER_LESSON;
    missing += Math.max(0, rule.hours[kind] - given);
  }
  return missing;
}

/** The stored rule as a body (for an end from a date, which keeps its fields and names no slot). */
function bodyOf(rule: LoadedRule | undefined, semester: LoadedSemester): RulePayload {
  return {
    versionId: rule?.versionId ?? 0,
    semesterId: rule?.semesterId ?? semester.id,
    subjectId: rule?.subjectId ?? 0,
    hours: rule?.hours ?? { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 },
    startWeeks: rule?.startWeeks ?? { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
    groupIds: rule?.groupIds ?? [],
    slots: [],
  };
}
