import { Injectable } from '@nestjs/common';
import { AppError, BadRequestError } from '../../platform/http/app-error';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { expandRule, GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { HoursPeriod, hoursHistoryUntil, LESSON_KINDS, LessonKind } from '../../schedule-engine/lesson-series';
import { EMPTY_REPLACEMENT_REASON, isEmptyReplacement } from '../../schedule-engine/override-application';
import { allSlots, LoadedRule, LoadedSemester, RuleSlot } from '../../schedule-engine/rule-model';
import { weekNumber } from '../../schedule-engine/weeks';
import { ScheduleDataRepository, SemesterSchedules } from '../core';
import { PastTakeoverRepository, PublishedOverride, SlotCopy } from './past-takeover.repository';
import { ScheduleVersionsRepository } from './schedule-versions.repository';

/** The office's choice for a one-off change that no longer matches its lesson after the publication. */
export interface OverrideChoice {
  overrideId: number;
  decision: 'KEEP' | 'DROP';
}

/** What a publication from a date carried over from the publication it replaces. */
export interface TakeoverSummary {
  /** Slot rows of the past copied into the draft. */
  copiedSlots: number;
  /** Draft rules left exactly as published: their own rows already give the past (nothing copied). */
  unchangedRules: number;
  /** Rules the draft had dropped, kept as rules ended the day before the date. */
  endedRules: number;
  /** One-off changes carried over (those of lessons before the date, and those from it that still match). */
  copiedOverrides: number;
  /** One-off changes from the date the office chose to drop. */
  droppedOverrides: number;
  /** With `listUnmatched`: the one-off changes that need a choice (otherwise the publication is refused with them). */
  unmatchedOverrides: UnmatchedOverride[];
  /** Replacements from the date the draft's placement made empty: not carried over (`keepable` false). */
  redundantOverrides: UnmatchedOverride[];
}

/** A one-off change from the date whose lesson the published version no longer has on that date and pair. */
export interface UnmatchedOverride {
  overrideId: number;
  action: string;
  lessonDate: string;
  reason: string;
  keepable: boolean;
}

const startOf = (slot: RuleSlot, semester: LoadedSemester) => slot.activeFrom ?? semester.startDate;
const endOf = (slot: RuleSlot, semester: LoadedSemester) => slot.activeTo ?? semester.endDate;
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);
const sameHours = (a: Record<LessonKind, number>, b: Record<LessonKind, number>) => LESSON_KINDS.every((kind) => a[kind] === b[kind]);
const sameHistory = (a: readonly HoursPeriod[] | undefined, b: readonly HoursPeriod[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((period, index) => period.until === b?.[index].until && sameHours(period.hours, b[index].hours));

/**
 * When the draft rule lays out exactly the published rule's lessons (same hours and their history,
 * start weeks and slots, in the same id order, so the series breaks ties alike), the draft slot of each
 * published slot; otherwise undefined. Subject and groups are compared by the caller.
 */
export function twinSlots(published: LoadedRule, draft: LoadedRule): Map<number, number> | undefined {
  if (!sameHours(published.hours, draft.hours) || !sameHours(published.startWeeks, draft.startWeeks)) return undefined;
  if (!sameHistory(published.hoursHistory, draft.hoursHistory)) return undefined;
  const sources = allSlots(published);
  const twins = allSlots(draft);
  if (sources.length !== twins.length) return undefined;
  const position = (slots: readonly RuleSlot[], id: number | null | undefined) => (id === null || id === undefined ? -1 : slots.findIndex((slot) => slot.id === id));
  for (let index = 0; index < sources.length; index++) {
    const [a, b] = [sources[index], twins[index]];
    const same =
      a.dayOfWeek === b.dayOfWeek &&
      a.parity === b.parity &&
      a.timeSlotId === b.timeSlotId &&
      a.teacherId === b.teacherId &&
      a.classroomId === b.classroomId &&
      a.lessonTypeId === b.lessonTypeId &&
      a.lessonKind === b.lessonKind &&
      a.lessonFormat === b.lessonFormat &&
      (a.activeFrom ?? null) === (b.activeFrom ?? null) &&
      (a.activeTo ?? null) === (b.activeTo ?? null) &&
      position(sources, a.continuesSlotId) === position(twins, b.continuesSlotId) &&
      sameIds(a.subgroups.map((subgroup) => subgroup.id), b.subgroups.map((subgroup) => subgroup.id));
    if (!same) return undefined;
  }
  return new Map(sources.map((slot, index) => [slot.id, twins[index].id]));
}

/**
 * A draft published from a date (issue 53) takes over the past of the publication it replaces, inside
 * the publication's transaction and before its validation: every lesson before the date stays
 * exactly as the publication had it, every lesson from it follows the draft.
 *
 * Rules are matched by lineage (a draft's copy keeps its source's `lineage_rule_id`). A matched draft
 * rule with the same subject and groups gets the published rule's slot rows that began before the
 * date (capped the day before), the hour totals in force before it and the start weeks already
 * passed, so its hours count on; its own rows before the date go and those across it start on it.
 * A draft rule left exactly as published (`twinSlots`: most of a university's rules in a publication
 * that changes a few) already lays out the publication's lessons before the date: it is left as it
 * is, nothing copied or laid out, and its one-off changes go to its twin slots as they are. A
 * published rule the draft dropped (or whose subject or groups it changed) is copied as a rule that
 * ends the day before. One-off changes of lessons before the date are copied with their lessons;
 * those from the date follow their lesson when it still exists on that date and pair, and the others
 * need the office's choice (KEEP: onto the rule's lesson of the same week; DROP), or the publication
 * is refused with their list.
 */
@Injectable()
export class PastTakeover {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly versions: ScheduleVersionsRepository,
    private readonly writes: PastTakeoverRepository,
    private readonly schedules: SemesterSchedules,
  ) {}

  async apply(
    draftId: number,
    publishedId: number,
    semester: LoadedSemester,
    from: string,
    choices: readonly OverrideChoice[],
    listUnmatched = false,
  ): Promise<TakeoverSummary> {
    const until = addDays(from, -1);
    const rules = await this.data.rules({ versionIds: [draftId, publishedId] });
    const lineage = await this.versions.lineageKeys([draftId, publishedId]);
    const keyOf = (rule: LoadedRule) => lineage.get(rule.id) ?? rule.id;
    const drafts = rules.filter((rule) => rule.versionId === draftId);
    const published = rules.filter((rule) => rule.versionId === publishedId);
    const draftByKey = new Map(drafts.map((rule) => [keyOf(rule), rule]));

    // Each published rule's past goes into its counterpart, or into an ended copy of itself. A
    // counterpart the draft left exactly as published lays out the same lessons before the date
    // already: it keeps its rows, and the published slot's one-off changes go to its own twin slot.
    const merged: { source: LoadedRule; target: LoadedRule }[] = [];
    const ended: LoadedRule[] = [];
    const twinOf = new Map<number, number>();
    const unchanged = new Set<number>();
    const fromWeek = weekNumber(semester.startDate, from);
    for (const rule of published) {
      if (!rule.slots.some((slot) => startOf(slot, semester) < from)) continue;
      const target = draftByKey.get(keyOf(rule));
      if (!target || target.subjectId !== rule.subjectId || !sameIds(target.groupIds, rule.groupIds)) {
        ended.push(rule);
        continue;
      }
      const twins = twinSlots(rule, target);
      if (!twins) {
        merged.push({ source: rule, target });
        continue;
      }
      unchanged.add(target.id);
      for (const [source, twin] of twins) twinOf.set(source, twin);
    }

    // The draft's own rows before the date go; those across it start on it.
    const deleteIds: number[] = [];
    const startIds: number[] = [];
    for (const rule of drafts) {
      if (unchanged.has(rule.id)) continue;
      for (const slot of allSlots(rule)) {
        if (endOf(slot, semester) < from) deleteIds.push(slot.id);
        else if (startOf(slot, semester) < from) startIds.push(slot.id);
      }
    }
    const endedIds = await this.writes.copyRules(
      ended.map((rule) => rule.id),
      draftId,
    );
    const targetOf = new Map<number, number>([...merged.map(({ source, target }) => [source.id, target.id] as const), ...ended.map((rule, index) => [rule.id, endedIds[index]] as const)]);
    const copies: SlotCopy[] = [];
    for (const rule of [...merged.map((pair) => pair.source), ...ended]) {
      for (const slot of rule.slots) {
        if (startOf(slot, semester) >= from) continue;
        const last = endOf(slot, semester);
        copies.push({ sourceSlotId: slot.id, targetRuleId: targetOf.get(rule.id) as number, activeTo: last < until ? last : until });
      }
    }
    await this.writes.trimDraftSlots(deleteIds, startIds, from);
    const copyOf = await this.writes.copySlots(copies);
    await this.writes.setPast(
      merged.map(({ source, target }) => ({
        ruleId: target.id,
        hoursHistory: hoursHistoryUntil(source, target.hours, until),
        // A start week already reached before the date is the past's; a later one is the draft's.
        startWeeks: Object.fromEntries(LESSON_KINDS.map((kind) => [kind, source.startWeeks[kind] < fromWeek ? source.startWeeks[kind] : target.startWeeks[kind]])) as Record<LessonKind, number>,
      })),
    );

    const overrides = await this.writes.publishedOverrides(publishedId);
    const settled = await this.settleOverrides(overrides, copyOf, twinOf, targetOf, new Set(ended.map((rule) => rule.id)), published, draftId, semester, from, choices, listUnmatched);
    await this.writes.copyOverrides(draftId, settled.copies);
    return {
      copiedSlots: copies.length,
      unchangedRules: unchanged.size,
      endedRules: ended.length,
      copiedOverrides: settled.copies.length,
      droppedOverrides: settled.dropped,
      unmatchedOverrides: settled.unmatched,
      redundantOverrides: settled.redundant,
    };
  }

  /**
   * Where each published one-off change goes: a lesson before the date with its copied row; one from
   * the date onto the draft's lesson on the same date and pair, or as the office chose.
   */
  private async settleOverrides(
    overrides: readonly PublishedOverride[],
    copyOf: ReadonlyMap<number, number>,
    twinOf: ReadonlyMap<number, number>,
    targetOf: ReadonlyMap<number, number>,
    endedSources: ReadonlySet<number>,
    published: readonly LoadedRule[],
    draftId: number,
    semester: LoadedSemester,
    from: string,
    choices: readonly OverrideChoice[],
    listUnmatched: boolean,
  ): Promise<{ copies: { overrideId: number; slotId: number; lessonDate: string }[]; dropped: number; unmatched: UnmatchedOverride[]; redundant: UnmatchedOverride[] }> {
    const copies: { overrideId: number; slotId: number; lessonDate: string }[] = [];
    const ahead: PublishedOverride[] = [];
    for (const override of overrides) {
      // A rule the draft left as it was has every lesson the publication had, on the twin slot.
      const twin = twinOf.get(override.slotId);
      if (twin !== undefined) {
        copies.push({ overrideId: override.id, slotId: twin, lessonDate: override.lessonDate });
        continue;
      }
      const copied = copyOf.get(override.slotId);
      if (override.lessonDate >= from) ahead.push(override);
      else if (copied !== undefined) copies.push({ overrideId: override.id, slotId: copied, lessonDate: override.lessonDate });
    }
    if (ahead.length === 0) return { copies, dropped: 0, unmatched: [], redundant: [] };

    const slotOwner = new Map(published.flatMap((rule) => rule.slots.map((slot) => [slot.id, { rule, slot }] as const)));
    const targetIds = [...new Set(ahead.flatMap((override) => {
      const owner = slotOwner.get(override.slotId);
      const target = owner ? targetOf.get(owner.rule.id) : undefined;
      return owner && target !== undefined && !endedSources.has(owner.rule.id) ? [target] : [];
    }))];
    const targets = targetIds.length === 0 ? [] : await this.data.rules({ versionIds: [draftId], ruleIds: targetIds });
    const lessonsOf = new Map<number, GeneratedLesson[]>();
    if (targets.length > 0) {
      const schedule = await this.schedules.load(semester, targets);
      for (const rule of targets) lessonsOf.set(rule.id, expandRule(rule, schedule.context));
    }
    // Also the draft's own rules that a matched published rule's override may land on by lineage.
    const decided = new Map(choices.map((choice) => [choice.overrideId, choice.decision]));
    const unmatched: UnmatchedOverride[] = [];
    const redundant: UnmatchedOverride[] = [];
    let dropped = 0;
    for (const override of ahead) {
      const owner = slotOwner.get(override.slotId);
      const target = owner && !endedSources.has(owner.rule.id) ? targetOf.get(owner.rule.id) : undefined;
      const lessons = target === undefined ? [] : lessonsOf.get(target) ?? [];
      const kind = owner?.slot.lessonKind;
      const same = lessons.find((lesson) => lesson.date === override.lessonDate && lesson.lessonKind === kind && lesson.timeSlotId === owner?.slot.timeSlotId);
      if (same && owner && madeEmpty(override, owner.slot, same)) {
        redundant.push({ overrideId: override.id, action: override.action, lessonDate: override.lessonDate, reason: EMPTY_REPLACEMENT_REASON, keepable: false });
        continue;
      }
      if (same) {
        copies.push({ overrideId: override.id, slotId: same.slotId, lessonDate: same.date });
        continue;
      }
      const week = weekNumber(semester.startDate, override.lessonDate);
      const sameWeek = lessons.find((lesson) => lesson.weekNumber === week && lesson.lessonKind === kind);
      const decision = decided.get(override.id);
      if (decision === 'DROP') dropped++;
      else if (decision === 'KEEP' && sameWeek) copies.push({ overrideId: override.id, slotId: sameWeek.slotId, lessonDate: sameWeek.date });
      else if (decision === 'KEEP') {
        throw new BadRequestError(`Разовое изменение №${override.id} нельзя сохранить: в эту неделю у правила нет занятия, к которому его отнести`).at('overrideDecisions');
      } else {
        const reason = target === undefined ? 'правила этого занятия в черновике нет с этой даты' : 'в этот день и на этой паре занятия больше нет';
        unmatched.push({ overrideId: override.id, action: override.action, lessonDate: override.lessonDate, reason, keepable: sameWeek !== undefined });
      }
    }
    if (unmatched.length > 0 && !listUnmatched) {
      throw new AppError(
        409,
        `Разовые изменения занятий с ${formatDate(from)} не совпадают с публикуемой версией (${unmatched.length}): ` +
          'для каждого выберите, оставить его (KEEP) или удалить (DROP), и повторите публикацию',
        undefined,
        undefined,
        { unmatchedOverrides: unmatched },
      );
    }
    return { copies, dropped, unmatched, redundant };
  }
}

/**
 * A replacement the draft's lesson on its date and pair already gives (its teacher, room and format),
 * while the publication's lesson did not: the publication makes it empty, so it is not carried over
 * but listed, as a rule's PUT from a date deletes and lists it.
 */
function madeEmpty(override: PublishedOverride, publishedSlot: RuleSlot, draftLesson: GeneratedLesson): boolean {
  const was = { teacherId: publishedSlot.teacherId, classroomId: publishedSlot.classroomId, lessonFormat: publishedSlot.lessonFormat };
  const now = { teacherId: draftLesson.teacherId, classroomId: draftLesson.classroomId, lessonFormat: draftLesson.slot.lessonFormat };
  return isEmptyReplacement(override, now) && !isEmptyReplacement(override, was);
}
