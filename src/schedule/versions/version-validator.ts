import { Injectable } from '@nestjs/common';
import { RuleClash } from '../../schedule-engine/all-clashes';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { LoadedRule } from '../../schedule-engine/rule-model';
import { referencedIds, ruleLabel, ruleProblems, VersionFacts } from '../../schedule-engine/rule-problems';
import { weekNumber } from '../../schedule-engine/weeks';
import { ClashGuard, describeMoment, reasonsText, ScheduleDataRepository } from '../core';
import { VersionProblem, VersionValidationResponse } from './dto/version-validation.dto';
import { VersionFactsRepository } from './version-facts.repository';

/** The validation answer lists at most this many problems (the total is always given). */
export const MAX_LISTED_PROBLEMS = 500;

/**
 * Full validation of a version's active rules, in bulk: one query for the rules, one for what they
 * refer to, three for the semester's grids and calendars, one for the teachers' blocked times; the
 * base series laid out and every clash found with the engine's bucketed search by the core's
 * `ClashGuard.checkVersion` (in the engine thread for a large version). Used by GET validate and,
 * inside the locked transaction, by publication and restore (TenantDb makes these reads join it).
 */
@Injectable()
export class VersionValidator {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly facts: VersionFactsRepository,
    private readonly guard: ClashGuard,
  ) {}

  /**
   * With `from` (a publication from a date, issue 53), a teacher's unavailability over lessons already
   * given before it is not a problem of this change: those lessons stay as they were whatever is published.
   */
  async validate(version: { id: number; semesterId: number }, from?: string): Promise<VersionValidationResponse> {
    const semester = await this.data.semester(version.semesterId);
    if (!semester) throw new Error(`semester ${version.semesterId} of version ${version.id} is missing`);
    const rules = await this.data.rules({ versionIds: [version.id] });
    const facts = await this.facts.load(referencedIds(rules));
    const weeks = weekNumber(semester.startDate, semester.endDate);

    const problems: VersionProblem[] = rules.flatMap((rule) => ruleProblems(rule, facts, weeks));
    const checked = await this.guard.checkVersion(semester, rules);
    problems.push(...checked.clashes.map(clashProblem));
    problems.push(...unavailableTeachers(from === undefined ? checked.unavailable : checked.unavailable.filter((lesson) => lesson.date >= from), facts));

    return {
      versionId: version.id,
      valid: problems.length === 0,
      ruleCount: rules.length,
      checkedLessonCount: checked.checkedLessonCount,
      problemCount: problems.length,
      unplacedSlotCount: problems.filter((problem) => problem.type === 'UNPLACED').length,
      pastLessonCount: 0,
      problemsTruncated: problems.length > MAX_LISTED_PROBLEMS,
      problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    };
  }
}

/** Spec 4.9 rule 13 over the whole version: the first lesson of each rule at a time its teacher cannot teach. */
function unavailableTeachers(blocked: readonly GeneratedLesson[], facts: VersionFacts): VersionProblem[] {
  const reported = new Set<number>();
  const problems: VersionProblem[] = [];
  for (const lesson of blocked) {
    if (reported.has(lesson.ruleId)) continue;
    reported.add(lesson.ruleId);
    const teacher = facts.users.get(lesson.teacherId)?.name ?? String(lesson.teacherId);
    problems.push({
      ruleId: lesson.ruleId,
      type: 'CONFLICT',
      fields: ['teacher'],
      date: lesson.date,
      startTime: lesson.startTime,
      message: `${ruleLabel(lesson.rule)}: преподаватель «${teacher}» недоступен ${describeMoment(lesson)} (утверждённое ограничение)`,
    });
  }
  return problems;
}

function clashProblem(clash: RuleClash<GeneratedLesson>): VersionProblem {
  const { first, second } = clash;
  const reasons = reasonsText(clash.fields);
  const more = clash.lessonPairCount > 1 ? ` (всего пересечений: ${clash.lessonPairCount})` : '';
  const own = clash.ruleId === clash.otherRuleId;
  const who = own ? `${slotsLabel(first.rule, first.slotId, second.slotId)}` : `${ruleLabel(first.rule)} и правило №${second.rule.id} «${second.rule.subjectName}»`;
  const problem: VersionProblem = {
    ruleId: clash.ruleId,
    type: 'CONFLICT',
    fields: clash.fields,
    date: first.date,
    startTime: first.startTime,
    message: `${who} пересекаются ${describeMoment(first)}: ${reasons}${more}`,
  };
  if (!own) problem.otherRuleId = clash.otherRuleId;
  return problem;
}

/** «Слоты 1 и 2 правила №12 «Физика»» */
function slotsLabel(rule: LoadedRule, slotId: number, otherSlotId: number): string {
  const position = (id: number) => rule.slots.findIndex((slot) => slot.id === id) + 1;
  return `Слоты ${position(slotId)} и ${position(otherSlotId)} правила №${rule.id} «${rule.subjectName}»`;
}
