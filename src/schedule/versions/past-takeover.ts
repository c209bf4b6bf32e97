import { Injectable } from '@nestjs/common';
import { AppError, BadRequestError } from '../../platform/http/app-error';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { expandRule, GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { hoursHistoryUntil, LESSON_KINDS, LessonKind } from '../../schedule-engine/lesson-series';
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
  /** Rules the draft had dropped, kept as rules ended the day before the date. */
  endedRules: number;
  /** One-off changes carried over (those of lessons before the date, and those from it that still match). */
  copiedOverrides: number;
  /** One-off changes from the date the office chose to drop. */
  droppedOverrides: number;
  /** With `listUnmatched`: the one-off changes that need a choice (otherwise the publication is refused with them). */
  unmatchedOverrides: UnmatchedOverride[];
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

/**
 * A draft published from a date (issue 53) takes over the past of the publication it replaces, inside
 * the publication's transaction and before its validation: every lesson before the date stays
 * exactly as the publication had it, every lesson from it follows the draft.
 *
 * Rules are matched by lineage (a draft's copy keeps its source's `lineage_rule_id`). A matched draft
 * rule with the same subject and groups gets the published rule's slot rows that began before the
 * date (capped the day before), the hour totals in force before it and the start weeks already
 * passed, so its hours count on; its own rows before the date go and those across it start on it. A
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

    // The draft's own rows before the date go; those across it start on it.
    const deleteIds: number[] = [];
    const startIds: number[] = [];
    for (const rule of drafts) {
      for (const slot of allSlots(rule)) {
        if (endOf(slot, semester) < from) deleteIds.push(slot.id);
        else if (startOf(slot, semester) < from) startIds.push(slot.id);
      }
    }

    // Each published rule's past goes into its counterpart, or into an ended copy of itself.
    const merged: { source: LoadedRule; target: LoadedRule }[] = [];
    const ended: LoadedRule[] = [];
    const fromWeek = weekNumber(semester.startDate, from);
    for (const rule of published) {
      if (!rule.slots.some((slot) => startOf(slot, semester) < from)) continue;
      const target = draftByKey.get(keyOf(rule));
      if (target && target.subjectId === rule.subjectId && sameIds(target.groupIds, rule.groupIds)) merged.push({ source: rule, target });
      else ended.push(rule);
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
    const settled = await this.settleOverrides(overrides, copyOf, targetOf, new Set(ended.map((rule) => rule.id)), published, draftId, semester, from, choices, listUnmatched);
    await this.writes.copyOverrides(draftId, settled.copies);
    return {
      copiedSlots: copies.length,
      endedRules: ended.length,
      copiedOverrides: settled.copies.length,
      droppedOverrides: settled.dropped,
      unmatchedOverrides: settled.unmatched,
    };
  }

  /**
   * Where each published one-off change goes: a lesson before the date with its copied row; one from
   * the date onto the draft's lesson on the same date and pair, or as the office chose.
   */
  private async settleOverrides(
    overrides: readonly PublishedOverride[],
    copyOf: ReadonlyMap<number, number>,
    targetOf: ReadonlyMap<number, number>,
    endedSources: ReadonlySet<number>,
    published: readonly LoadedRule[],
    draftId: number,
    semester: LoadedSemester,
    from: string,
    choices: readonly OverrideChoice[],
    listUnmatched: boolean,
  ): Promise<{ copies: { overrideId: number; slotId: number; lessonDate: string }[]; dropped: number; unmatched: UnmatchedOverride[] }> {
    const copies: { overrideId: number; slotId: number; lessonDate: string }[] = [];
    const ahead = overrides.filter((override) => override.lessonDate >= from);
    for (const override of overrides) {
      const copied = copyOf.get(override.slotId);
      if (override.lessonDate < from && copied !== undefined) copies.push({ overrideId: override.id, slotId: copied, lessonDate: override.lessonDate });
    }
    if (ahead.length === 0) return { copies, dropped: 0, unmatched: [] };

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
    let dropped = 0;
    for (const override of ahead) {
      const owner = slotOwner.get(override.slotId);
      const target = owner && !endedSources.has(owner.rule.id) ? targetOf.get(owner.rule.id) : undefined;
      const lessons = target === undefined ? [] : lessonsOf.get(target) ?? [];
      const kind = owner?.slot.lessonKind;
      const same = lessons.find((lesson) => lesson.date === override.lessonDate && lesson.lessonKind === kind && lesson.timeSlotId === owner?.slot.timeSlotId);
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
    return { copies, dropped, unmatched };
  }
}
