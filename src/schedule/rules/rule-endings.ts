import { Injectable } from '@nestjs/common';
import { AppError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { ArchivedRecord, RuleEndingResponse, RulesOfArchived } from '../../platform/rules-of-archived';
import { addDays } from '../../schedule-engine/dates';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { HOURS_PER_LESSON, LESSON_KINDS } from '../../schedule-engine/lesson-series';
import { activeOnOrAfter, allSlots, LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { AffectedRequestResponse, affectedRequestsField, PendingLessons, RuleFilter, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { RuleRequest } from './dto/schedule-rule.dto';
import { RuleChecker } from './rule-checker';
import { OpenVersion, ScheduleRulesRepository } from './schedule-rules.repository';
import { ScheduleRulesService } from './schedule-rules.service';

/** One rule's ending as planned: what `end` does and what the preview shows. */
interface PlannedEnding {
  rule: LoadedRule;
  answer: RuleEndingResponse;
  /** SLOTS: the hours of each kind from `endsFrom` the ended slots would have given (the rule's hours drop by them). */
  hoursEnded: Record<'LECTURE' | 'PRACTICE' | 'LABORATORY', number>;
  /** The hours of each kind the rule gave before `endsFrom` (what a kind left without slots keeps). */
  hoursGiven: Record<'LECTURE' | 'PRACTICE' | 'LABORATORY', number>;
}

/**
 * Archiving a group, subject, teacher or room ends the rules that use it (issue 53): in the PUBLISHED
 * version and the drafts of every semester not over yet, from `effectiveFrom` (tomorrow by default;
 * a semester not begun yet from its first day, which archives the rule whole). A group or subject ends
 * the whole rule (`DELETE ?effectiveFrom=`); a teacher or room ends only the slots that use it, with
 * the rule's hours lowered by the lessons those slots would have given, so its other slots keep exactly
 * their lessons (a rule whose every current slot uses it ends whole). The one-off changes of the lessons
 * that go are deleted with them: the preview lists them before, and the answer after.
 */
@Injectable()
export class RuleEndings implements RulesOfArchived {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly rules: ScheduleRulesRepository,
    private readonly data: ScheduleDataRepository,
    private readonly checker: RuleChecker,
    private readonly single: ScheduleRulesService,
    private readonly pending: PendingLessons,
  ) {}

  async preview(record: ArchivedRecord, effectiveFrom?: string): Promise<RuleEndingResponse[]> {
    const requested = effectiveFrom ?? addDays(todayInBusinessZone(), 1);
    const answers: RuleEndingResponse[] = [];
    for (const { semester, versions } of await this.semestersRunningOn(requested)) {
      answers.push(...(await this.plan(record, requested, semester, versions)).map((item) => item.answer));
    }
    return answers;
  }

  async end(record: ArchivedRecord, effectiveFrom?: string): Promise<RuleEndingResponse[]> {
    const requested = effectiveFrom ?? addDays(todayInBusinessZone(), 1);
    const answers: RuleEndingResponse[] = [];
    for (const { semester, versions } of await this.semestersRunningOn(requested)) {
      // Planned again under the semester's lock: what is ended is what the rules are at that moment.
      const ended = await this.writes.run(semester.id, async () => {
        const planned = await this.plan(record, requested, semester, versions);
        for (const item of planned) await this.apply(item);
        return planned.map((item) => item.answer);
      });
      answers.push(...ended);
    }
    return answers;
  }

  /** The semesters that end on or after `date`, each with its PUBLISHED and DRAFT versions. */
  private async semestersRunningOn(date: string): Promise<{ semester: LoadedSemester; versions: OpenVersion[] }[]> {
    const running: { semester: LoadedSemester; versions: OpenVersion[] }[] = [];
    for (const [semesterId, versions] of bySemester(await this.rules.openVersions())) {
      const semester = await this.data.semester(semesterId);
      if (semester && semester.endDate >= date) running.push({ semester, versions });
    }
    return running.sort((a, b) => a.semester.startDate.localeCompare(b.semester.startDate));
  }

  private async plan(record: ArchivedRecord, requested: string, semester: LoadedSemester, versions: readonly OpenVersion[]): Promise<PlannedEnding[]> {
    const semesterId = semester.id;
    const from = requested < semester.startDate ? semester.startDate : requested;
    const rules = await this.data.rules({ versionIds: versions.map((version) => version.id), ...filterOf(record) });
    const endings = rules.flatMap((rule) => {
      const open = allSlots(rule).filter((slot) => activeOnOrAfter(slot, from));
      if (open.length === 0) return [];
      const using = record.kind === 'TEACHER' ? open.filter((slot) => slot.teacherId === record.id) : record.kind === 'CLASSROOM' ? open.filter((slot) => slot.classroomId === record.id) : open;
      if (using.length === 0) return [];
      return [{ rule, whole: using.length === open.length, slotIds: using.map((slot) => slot.id) }];
    });
    if (endings.length === 0) return [];

    const layOut = await this.checker.layOutFor({ semester, grids: await this.data.grids(semester.startDate, semester.endDate) }, endings.map((item) => item.rule));
    const names = await this.data.names({ teacherIds: [], classroomIds: [], groupIds: [...new Set(endings.flatMap((item) => item.rule.groupIds))], subgroupIds: [] });
    // One statement for the one-off changes of every rule that ends (a teacher's archive ends tens of rules).
    const overridesOf = await this.rules.overridesFromRules(
      endings.map((item) => item.rule.id),
      from,
    );
    const planned: PlannedEnding[] = [];
    for (const { rule, whole, slotIds } of endings) {
      const version = versions.find((item) => item.id === rule.versionId) as OpenVersion;
      const going = new Set(slotIds);
      const laidOut = layOut(rule);
      const lessons = laidOut.filter((lesson: GeneratedLesson) => lesson.date >= from && (whole || going.has(lesson.slotId)));
      const hoursEnded = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };
      for (const lesson of lessons) hoursEnded[lesson.lessonKind] += HOURS_PER_LESSON;
      const hoursGiven = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };
      for (const lesson of laidOut) if (lesson.date < from) hoursGiven[lesson.lessonKind] += HOURS_PER_LESSON;
      const overrides = (overridesOf.get(rule.id) ?? []).filter((override) => whole || going.has(override.slotId));
      // The requests and absence decisions on the lessons that go (the kept slots keep their lessons).
      const kept = whole ? [] : [{ ...rule, slots: rule.slots.filter((slot) => !going.has(slot.id)) }];
      const affected = version.status === 'PUBLISHED' ? await this.pending.recheck({ semester, from, before: [rule], after: kept, versionId: rule.versionId }, false) : [];
      planned.push({
        rule,
        hoursEnded,
        hoursGiven,
        answer: {
          ruleId: rule.id,
          scheduleVersionId: rule.versionId,
          versionName: version.name,
          versionStatus: version.status,
          semesterId,
          subjectName: rule.subjectName,
          groupNames: rule.groupIds.map((id) => names.groups.get(id) ?? String(id)),
          endsFrom: from,
          scope: whole ? 'RULE' : 'SLOTS',
          slotIds: whole ? [] : slotIds,
          lessonsEnded: lessons.length,
          droppedOverrides: overrides.map((override) => ({ overrideId: override.id, action: override.action, lessonDate: override.lessonDate })),
          ...affectedRequestsField(affected.filter((item) => item.outcome !== 'FOLLOWED')),
        },
      });
    }
    return planned;
  }

  private async apply({ rule, answer, hoursEnded, hoursGiven }: PlannedEnding): Promise<void> {
    const settled = (written: object) => {
      const affected = 'affectedRequests' in written ? (written.affectedRequests as AffectedRequestResponse[]) : [];
      if (affected.length > 0) answer.affectedRequests = affected;
      else delete answer.affectedRequests;
    };
    if (answer.scope === 'RULE') {
      settled(await this.single.archive(rule.id, answer.endsFrom, true));
      return;
    }
    const decisions = answer.droppedOverrides.map((override) => ({ overrideId: override.overrideId, decision: 'DROP' as const }));
    const body = keptSlotsBody(rule, answer, hoursEnded, hoursGiven);
    try {
      settled(await this.single.update(rule.id, { ...body, overrideDecisions: decisions }));
    } catch (error) {
      // The kept slots' lessons do not move, so no other one-off change should be listed; if one is, it
      // goes with the ended slots' lessons rather than refusing the archive (listed in the answer).
      const unmatched = error instanceof AppError ? (error.extra?.unmatchedOverrides as { overrideId: number; action: string; lessonDate: string }[] | undefined) : undefined;
      if (!unmatched) throw error;
      answer.droppedOverrides.push(...unmatched.map(({ overrideId, action, lessonDate }) => ({ overrideId, action, lessonDate })));
      const all = [...decisions, ...unmatched.map((item) => ({ overrideId: item.overrideId, decision: 'DROP' as const }))];
      settled(await this.single.update(rule.id, { ...body, overrideDecisions: all }));
    }
  }
}

function filterOf(record: ArchivedRecord): Omit<RuleFilter, 'versionIds'> {
  switch (record.kind) {
    case 'GROUP':
      return { groupIds: [record.id] };
    case 'SUBJECT':
      return { subjectIds: [record.id] };
    case 'TEACHER':
      return { teacherIds: [record.id] };
    case 'CLASSROOM':
      return { classroomIds: [record.id] };
  }
}

function bySemester(versions: readonly OpenVersion[]): Map<number, OpenVersion[]> {
  const grouped = new Map<number, OpenVersion[]>();
  for (const version of versions) grouped.set(version.semesterId, [...(grouped.get(version.semesterId) ?? []), version]);
  return grouped;
}

/** The rule's current form from `endsFrom` without the ended slots, as a PUT body, its hours lowered by theirs. */
function keptSlotsBody(rule: LoadedRule, answer: RuleEndingResponse, hoursEnded: PlannedEnding['hoursEnded'], hoursGiven: PlannedEnding['hoursEnded']): RuleRequest {
  const going = new Set(answer.slotIds);
  const kept = allSlots(rule).filter((slot) => activeOnOrAfter(slot, answer.endsFrom) && !going.has(slot.id));
  // A kind left without a slot keeps exactly the hours already given (a series that ended short, or hours
  // that never fitted, would otherwise leave hours no slot can give, and the archive would be refused).
  const hours = Object.fromEntries(
    LESSON_KINDS.map((kind) => [kind, kept.some((slot) => slot.lessonKind === kind) ? rule.hours[kind] - hoursEnded[kind] : Math.min(rule.hours[kind], hoursGiven[kind])]),
  ) as PlannedEnding['hoursEnded'];
  return {
    scheduleVersionId: rule.versionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    lectureAcademicHours: hours.LECTURE,
    laboratoryAcademicHours: hours.LABORATORY,
    practiceAcademicHours: hours.PRACTICE,
    lectureStartWeek: rule.startWeeks.LECTURE,
    laboratoryStartWeek: rule.startWeeks.LABORATORY,
    practiceStartWeek: rule.startWeeks.PRACTICE,
    groupIds: rule.groupIds,
    effectiveFrom: answer.endsFrom,
    slots: kept.map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      teacherId: slot.teacherId,
      classroomId: slot.classroomId,
      lessonTypeId: slot.lessonTypeId,
      lessonFormat: slot.lessonFormat,
      subgroupIds: slot.subgroups.map((subgroup) => subgroup.id),
    })),
  };
}
