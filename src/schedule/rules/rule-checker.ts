import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ConflictError } from '../../platform/http/app-error';
import { isoDayOfWeek } from '../../platform/http/dates';
import { GridSnapshot, SemesterContextFactory } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { expandRule, GeneratedLesson } from '../data/lesson-generator';
import { ScheduleDataRepository } from '../data/schedule-data.repository';
import { LoadedRule, LoadedSemester } from '../data/schedule-data.types';
import { CandidateRulesRepository } from './candidate-rules.repository';
import { actualLessons, ChangedLesson, overridesByLesson } from '../overrides/override-application';
import { OverrideRecord } from '../overrides/override-record';
import { irregularWeekdays, mayMeet, overrideMayMeet, withLandings } from './clash-prefilter';
import { RuleFacts, RuleFactsRepository } from './rule-facts.repository';
import { toConflictRule, namedIds } from './rule-mapper';
import { RulePayload, referencedIds } from './rule-payload';
import { checkHours, validateRule } from './rule-validation';
import {
  describeMoment,
  duplicateSlotError,
  findDuplicateSlot,
  firstOwnClash,
  firstStoredClash,
  ownClashError,
  storedClashError,
} from './rule-conflicts';
import { blocks, TeacherAvailability } from './teacher-availability';

/** The semester a rule belongs to with its bell schedules, read before the transaction (the lock does not guard them). */
export interface SemesterFrame {
  semester: LoadedSemester;
  grids: GridSnapshot;
}

export interface ValidatedRule {
  /** The rule as it would be stored (new slots with negative ids). */
  rule: LoadedRule;
  facts: RuleFacts;
}

/**
 * Checks a rule body inside the transaction that holds the semester lock: first everything that makes
 * it invalid (400), then clashes of its generated lessons with each other and with the version's other
 * active rules, and approved hard unavailability of its teachers (409). Called inside the
 * semester-locked transaction: `TenantDb` makes the shared loaders read on its connection.
 */
@Injectable()
export class RuleChecker {
  constructor(
    private readonly facts: RuleFactsRepository,
    private readonly candidates: CandidateRulesRepository,
    private readonly data: ScheduleDataRepository,
    private readonly availability: TeacherAvailability,
  ) {}

  /** Rules 2–7 (rule 1, the version, is the caller's: it differs between create and update). */
  async validate(manager: EntityManager, payload: RulePayload, semester: LoadedSemester, current?: LoadedRule): Promise<ValidatedRule> {
    checkHours(payload, semester);
    const facts = await this.facts.load(manager, referencedIds(payload));
    return { rule: validateRule(payload, facts, current), facts };
  }

  /**
   * Rules 8–13: throws the first conflict found, earliest date first. In a PUBLISHED version the
   * stored rules' lessons are compared as the timetable actually has them after one-off changes
   * (cancelled and moved-away lessons free their place, moved and reassigned ones take their new
   * one), and so are the rule's own lessons on update (its slots keep their ids, so its overrides
   * still name its lessons). A draft has no overrides.
   */
  async ensureNoConflicts(
    manager: EntityManager,
    payload: RulePayload,
    validated: ValidatedRule,
    frame: SemesterFrame,
    published: boolean,
  ): Promise<void> {
    const { semester, grids } = frame;
    const { rule, facts } = validated;
    const duplicate = findDuplicateSlot(payload.slots);
    if (duplicate) throw duplicateSlotError(duplicate, facts.timeSlots.get(duplicate.repeat.timeSlotId) ?? { startTime: '', endTime: '' });

    // On update in a published version the rule's own lessons may sit where its overrides put them:
    // `reach` adds those places to its slots for the candidate query and the prefilter.
    const ownOverrides = published && rule.id > 0 ? await this.candidates.overridesOf(manager, rule.versionId, [rule.id]) : [];
    const reach = withLandings(rule, ownOverrides);

    // Only rules whose weekly slots, or overrides, can meet this one's are generated: that is what keeps the check fast.
    const irregular = irregularWeekdays(grids);
    const loaded = await this.candidates.load(manager, {
      versionId: rule.versionId,
      exceptRuleId: rule.id,
      slotKeys: [...new Set(reach.slots.map((slot) => `${slot.dayOfWeek}:${slot.timeSlotId}`))],
      anyTimeDays: [...new Set(reach.slots.map((slot) => slot.dayOfWeek).filter((day) => irregular.has(day)))],
      teacherIds: [...new Set(reach.slots.map((slot) => slot.teacherId))],
      classroomIds: [...new Set(reach.slots.map((slot) => slot.classroomId))],
      groupIds: rule.groupIds,
      withOverrides: published,
      landingDates: published ? datesOnWeekdays(semester, new Set(reach.slots.map((slot) => slot.dayOfWeek))) : [],
    });
    const overridesOfRule = groupByRule(loaded.overrides);
    const others = loaded.rules.filter(
      (other) =>
        mayMeet(reach, other, irregular) ||
        (overridesOfRule.get(other.id) ?? []).some((override) => overrideMayMeet(reach, other, override, irregular)),
    );
    const groupIds = [...new Set([...rule.groupIds, ...others.flatMap((other) => other.groupIds)])];
    const context = new SemesterContextFactory(semester, grids, await this.data.calendars(groupIds, [semester.academicYearId]));
    const own = expandRule(rule, context);

    const ownClash = firstOwnClash(own);
    if (ownClash) {
      const positions = new Map(payload.slots.map((slot, index) => [rule.slots[index].id, slot.position]));
      throw ownClashError(ownClash, (slotId) => positions.get(slotId) ?? 0);
    }

    // Slot ids are unique, so one index serves the rule's own lessons and the others'.
    const byLesson = overridesByLesson([...ownOverrides, ...loaded.overrides]);
    const ownActual = ownOverrides.length > 0 ? inTimeOrder(actualLessons(own, byLesson, semester.startDate)) : own;
    const storedClash = firstStoredClash(
      ownActual,
      others.flatMap((other) => actualLessons(expandRule(other, context), byLesson, semester.startDate)),
    );
    if (storedClash) {
      const names = await this.data.names(namedIds([storedClash.existing.rule]));
      throw storedClashError(storedClash, toConflictRule(storedClash.existing.rule, names));
    }

    await this.ensureTeachersAvailable(own, facts, semester);
  }

  /** Rule 13: approved hard unavailability of a teacher blocks the rule (409). */
  private async ensureTeachersAvailable(own: GeneratedLesson[], facts: RuleFacts, semester: LoadedSemester): Promise<void> {
    const teacherIds = [...new Set(own.map((lesson) => lesson.teacherId))];
    if (teacherIds.length === 0) return;
    const blocked = await this.availability.blockedLessons(teacherIds, semester);
    if (blocked.length === 0) return;
    for (const lesson of own) {
      if (blocked.some((block) => blocks(block, lesson))) {
        const name = facts.users.get(lesson.teacherId)?.name ?? String(lesson.teacherId);
        throw new ConflictError(`Преподаватель «${name}» недоступен ${describeMoment(lesson)}: это время закрыто утверждённым ограничением`);
      }
    }
  }
}

/** The semester's dates that fall on `weekdays` (ISO 1..7). */
function datesOnWeekdays(semester: LoadedSemester, weekdays: ReadonlySet<number>): string[] {
  return eachDate(semester.startDate, semester.endDate).filter((date) => weekdays.has(isoDayOfWeek(date)));
}

function groupByRule(overrides: OverrideRecord[]): Map<number, OverrideRecord[]> {
  const byRule = new Map<number, OverrideRecord[]>();
  for (const override of overrides) {
    const list = byRule.get(override.ruleId);
    if (list) list.push(override);
    else byRule.set(override.ruleId, [override]);
  }
  return byRule;
}

/** Lessons by date, then start time, then slot id (the base series' order, which moved lessons may break). */
function inTimeOrder(lessons: ChangedLesson[]): ChangedLesson[] {
  return [...lessons].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.slotId - b.slotId);
}
