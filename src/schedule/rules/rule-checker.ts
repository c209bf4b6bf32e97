import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../platform/http/app-error';
import { withLandings } from '../../schedule-engine/clash-prefilter';
import { firstOwnClash } from '../../schedule-engine/conflicts';
import { expandRule, GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { actualLessons, byDateAndTime, overridesByLesson } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { GridSnapshot } from '../../schedule-engine/series-context';
import { ClashGuard, describeMoment, namedIds, ScheduleDataRepository, SemesterSchedules } from '../core';
import { addDays } from '../../schedule-engine/dates';
import { HOURS_PER_LESSON, LessonKind } from '../../schedule-engine/lesson-series';
import { RuleFacts, RuleFactsRepository } from './rule-facts.repository';
import { toConflictRule } from './rule-mapper';
import { RulePayload, referencedIds } from './rule-payload';
import { CheckedRule, duplicateSlotError, findDuplicateSlot, ownClashError, storedClashError } from './rule-conflicts';
import { checkHours, validateRule } from './rule-validation';

/** The semester a rule belongs to with its bell schedules, read before the transaction (the lock does not guard them). */
export interface SemesterFrame {
  semester: LoadedSemester;
  grids: GridSnapshot;
}

/** The checked rule's whole base series, and the same layout for another form of it (the stored one). */
export interface CheckedLessons {
  /** The rule as checked (its history, closed periods and new form). */
  rule: LoadedRule;
  lessons: GeneratedLesson[];
  layOut(rule: LoadedRule): GeneratedLesson[];
}

export interface ValidatedRule {
  /** The rule as it would be stored (new slots with negative ids). */
  rule: LoadedRule;
  facts: RuleFacts;
}

/**
 * Checks a rule body inside the semester write unit: first everything that makes it invalid (400),
 * then clashes of its generated lessons with each other and, through the core's clash guard, with the
 * version's other active rules, and approved hard unavailability of its teachers (409).
 */
@Injectable()
export class RuleChecker {
  constructor(
    private readonly facts: RuleFactsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly guard: ClashGuard,
    private readonly schedules: SemesterSchedules,
  ) {}

  /** Lays out the given rules' series on the semester's grids and their groups' calendars. */
  async layOutFor(frame: SemesterFrame, rules: readonly LoadedRule[]): Promise<(rule: LoadedRule) => GeneratedLesson[]> {
    const schedule = await this.schedules.load(frame.semester, rules, { grids: frame.grids });
    return (rule) => expandRule(rule, schedule.context);
  }

  /** The academic hours of each kind the stored rule gave before `from`. */
  async givenBefore(current: LoadedRule, frame: SemesterFrame, from: string): Promise<Record<LessonKind, number>> {
    const schedule = await this.schedules.load(frame.semester, [current], { grids: frame.grids });
    const given: Record<LessonKind, number> = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };
    for (const lesson of expandRule(current, schedule.context, addDays(from, -1))) given[lesson.lessonKind] += HOURS_PER_LESSON;
    return given;
  }

  /** Rules 2–7 (rule 1, the version, is the caller's: it differs between create and update). */
  async validate(payload: RulePayload, semester: LoadedSemester, current?: LoadedRule, from?: string): Promise<ValidatedRule> {
    checkHours(payload, semester);
    const facts = await this.facts.load(referencedIds(payload));
    return { rule: validateRule(payload, facts, current, from), facts };
  }

  /**
   * Rules 8–13: throws the first conflict found, earliest date first. In a PUBLISHED version the
   * stored rules' lessons are compared as the timetable actually has them after one-off changes
   * (cancelled and moved-away lessons free their place, moved and reassigned ones take their new
   * one), and so are the rule's own lessons on update (its slots keep their ids, so its overrides
   * still name its lessons). A draft has no overrides.
   */
  /**
   * With `from` (a change from a date), only the rule's lessons from that date on are compared with the
   * others: the lessons before it are the past, as it was. Answers the rule's whole base series.
   */
  async ensureNoConflicts(payload: RulePayload, validated: ValidatedRule, frame: SemesterFrame, published: boolean, from?: string): Promise<CheckedLessons> {
    const { semester, grids } = frame;
    const { rule, facts } = validated;
    // On update in a published version the rule's own lessons may sit where its overrides put them:
    // the reach adds those places to its slots, so the guard looks there too.
    const ownOverrides = published && rule.id > 0 ? await this.data.overrides(rule.versionId, [rule.id]) : [];
    const stored = await this.guard.storedAround({
      semester,
      grids,
      versionId: rule.versionId,
      published,
      reach: withLandings(rule, ownOverrides),
      exceptRuleId: rule.id,
    });
    const own = expandRule(rule, stored.schedule.context);

    // The duplicate is found on the body alone; its lessons only tell the weeks in which it repeats.
    const duplicate = findDuplicateSlot(payload.slots);
    if (duplicate) {
      throw duplicateSlotError(duplicate, facts.timeSlots.get(duplicate.repeat.timeSlotId) ?? { startTime: '', endTime: '' }, new CheckedRule(rule, own, payload.slots));
    }
    const ownClash = firstOwnClash(own);
    if (ownClash) throw ownClashError(ownClash, new CheckedRule(rule, own, payload.slots));

    const ahead = from === undefined ? own : own.filter((lesson) => lesson.date >= from);
    const ownActual = ownOverrides.length > 0 ? actualLessons(ahead, overridesByLesson(ownOverrides), semester.startDate).sort(byDateAndTime) : ahead;
    const storedClash = stored.firstClash(ownActual);
    if (storedClash) {
      const names = await this.data.names(namedIds([storedClash.existing.rule]));
      throw storedClashError(storedClash, toConflictRule(storedClash.existing.rule, names), new CheckedRule(rule, ownActual, payload.slots), stored);
    }

    // Rule 13: approved hard unavailability of a teacher blocks the rule (409), where its lessons really are.
    const [blocked] = await this.guard.unavailable(ownActual, semester, grids);
    if (blocked) {
      const name = facts.users.get(blocked.teacherId)?.name ?? String(blocked.teacherId);
      throw new ConflictError(`Преподаватель «${name}» недоступен ${describeMoment(blocked)}: это время закрыто утверждённым ограничением`).at(
        `${new CheckedRule(rule, own, payload.slots).fieldOf(blocked.slotId)}.teacherId`,
      );
    }
    return { rule, lessons: own, layOut: (other) => expandRule(other, stored.schedule.context) };
  }
}
