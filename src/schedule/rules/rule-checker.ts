import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ConflictError } from '../../platform/http/app-error';
import { GridSnapshot, SemesterContextFactory } from '../../schedule-engine/series-context';
import { expandRule, GeneratedLesson } from '../data/lesson-generator';
import { ScheduleDataRepository } from '../data/schedule-data.repository';
import { LoadedRule, LoadedSemester } from '../data/schedule-data.types';
import { CandidateRulesRepository } from './candidate-rules.repository';
import { irregularWeekdays, mayMeet } from './clash-prefilter';
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

  /** Rules 8–13: throws the first conflict found, earliest date first. */
  async ensureNoConflicts(manager: EntityManager, payload: RulePayload, validated: ValidatedRule, frame: SemesterFrame): Promise<void> {
    const { semester, grids } = frame;
    const { rule, facts } = validated;
    const duplicate = findDuplicateSlot(payload.slots);
    if (duplicate) throw duplicateSlotError(duplicate, facts.timeSlots.get(duplicate.repeat.timeSlotId) ?? { startTime: '', endTime: '' });

    // Only rules whose weekly slots can meet this one's are generated: that is what keeps the check fast.
    const irregular = irregularWeekdays(grids);
    const loaded = await this.candidates.load(manager, {
      versionId: rule.versionId,
      exceptRuleId: rule.id,
      slotKeys: [...new Set(rule.slots.map((slot) => `${slot.dayOfWeek}:${slot.timeSlotId}`))],
      anyTimeDays: [...new Set(rule.slots.map((slot) => slot.dayOfWeek).filter((day) => irregular.has(day)))],
      teacherIds: [...new Set(rule.slots.map((slot) => slot.teacherId))],
      classroomIds: [...new Set(rule.slots.map((slot) => slot.classroomId))],
      groupIds: rule.groupIds,
    });
    const others = loaded.filter((other) => mayMeet(rule, other, irregular));
    const groupIds = [...new Set([...rule.groupIds, ...others.flatMap((other) => other.groupIds)])];
    const context = new SemesterContextFactory(semester, grids, await this.data.calendars(groupIds, [semester.academicYearId]));
    const own = expandRule(rule, context);

    const ownClash = firstOwnClash(own);
    if (ownClash) {
      const positions = new Map(payload.slots.map((slot, index) => [rule.slots[index].id, slot.position]));
      throw ownClashError(ownClash, (slotId) => positions.get(slotId) ?? 0);
    }

    const storedClash = firstStoredClash(
      own,
      others.flatMap((other) => expandRule(other, context)),
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
