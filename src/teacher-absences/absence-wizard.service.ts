import { Injectable } from '@nestjs/common';
import { addDays, daysBetween } from '../schedule-engine/dates';
import { ActualLesson, originalDateOf } from '../schedule-engine/override-application';
import { eachDate } from '../schedule-engine/weeks';
import { AcceptedCandidate, ActualLessons, CandidateFinder, LessonRequest, NameBook, namedLesson, ScheduleReads } from '../schedule/core';
import { AffectedLesson, AffectedLessons, ensurePlannable } from './affected-lessons';
import { AbsenceResponse, AbsenceWizardResponse, ClassroomCandidate, MoveCandidate, ReplacementCandidate, WizardItem, WizardLesson } from './dto/absence.dto';
import { createsGap, replacementScore } from './replacement-ranking';
import { AssignmentPeriod, departmentsOn, linkAllows, ReplacementFactsRepository, SubjectTeacher } from './replacement-facts.repository';

/** Move options look this many days before and after the absence (inside the semester). */
export const MOVE_SEARCH_DAYS = 14;
/** At most this many move options and classrooms per lesson, nearest and by name first. */
export const MAX_MOVE_OPTIONS = 10;
export const MAX_CLASSROOMS = 20;

/** What ranking replacement teachers needs, loaded once per wizard. */
interface RankingContext {
  absentTeacherId: number;
  links: SubjectTeacher[];
  assignments: AssignmentPeriod[];
  substitutions: Map<number, number>;
  /** Pair numbers of each teacher's lessons per date, inside the absence. */
  dayOrders: Map<string, number[]>;
}

/**
 * The replacement wizard (spec 4.13): every affected lesson with its decision in force or, while it
 * waits, its candidates — replacement teachers linked to the subject (and lesson type), moves to the
 * nearest teaching dates outside the absence, free rooms, cancellation — each already accepted by the
 * same checks override creation runs (the core's candidate finder), plus the decision log.
 */
@Injectable()
export class AbsenceWizardService {
  constructor(
    private readonly affected: AffectedLessons,
    private readonly finder: CandidateFinder,
    private readonly actual: ActualLessons,
    private readonly data: ScheduleReads,
    private readonly facts: ReplacementFactsRepository,
  ) {}

  async wizard(absence: AbsenceResponse): Promise<AbsenceWizardResponse> {
    ensurePlannable(absence);
    const scene = await this.affected.load(absence);
    const waiting = scene.lessons.filter((item) => item.decision === null);
    const ranking = await this.rankingContext(absence, scene.lessons);
    const candidates = await this.candidatesOf(waiting, absence, ranking);

    const shown = [...scene.lessons.map((item) => item.lesson), ...[...candidates.values()].flat().map((candidate) => candidate.lesson)];
    const names = await this.data.names({
      teacherIds: [],
      classroomIds: [...new Set(shown.map((lesson) => lesson.classroomId))],
      groupIds: [...new Set(shown.flatMap((lesson) => lesson.rule.groupIds))],
      subgroupIds: [...new Set(shown.flatMap((lesson) => lesson.slot.subgroups.map((subgroup) => subgroup.id)))],
    });

    const lessons: WizardItem[] = scene.lessons.map((item) => {
      const accepted = candidates.get(item) ?? [];
      return {
        lesson: toWizardLesson(item.lesson, names),
        decision: item.decision,
        replacementTeachers: this.replacements(item.lesson, accepted, ranking),
        moveOptions: moveOptions(item.lesson, accepted),
        classrooms: accepted
          .filter((candidate) => candidate.kind === 'CLASSROOM')
          .map((candidate) => ({ classroomId: candidate.lesson.classroomId, classroomName: names.classrooms.get(candidate.lesson.classroomId) ?? '' }))
          .sort((a: ClassroomCandidate, b: ClassroomCandidate) => a.classroomName.localeCompare(b.classroomName, 'ru'))
          .slice(0, MAX_CLASSROOMS),
        canCancel: item.decision === null,
      };
    });
    return { absence, lessons, remainingLessonCount: waiting.length, decisions: scene.decisions };
  }

  /**
   * The accepted variants of each waiting lesson: linked teachers, date-and-pair moves near the
   * absence, rooms. The finder checks all lessons together, in a fixed number of queries.
   */
  private async candidatesOf(waiting: readonly AffectedLesson[], absence: AbsenceResponse, ranking: RankingContext): Promise<Map<AffectedLesson, AcceptedCandidate[]>> {
    const moveDates = new Map<number, string[]>();
    const requests: LessonRequest[] = waiting.map(({ lesson, semester }) => {
      const linked = ranking.links
        .filter((link) => link.subjectId === lesson.rule.subjectId && link.teacherId !== ranking.absentTeacherId && linkAllows(link, lesson.slot.lessonTypeId))
        .map((link) => link.teacherId);
      let dates = moveDates.get(semester.id);
      if (!dates) {
        const before = eachDate(maxDate(semester.startDate, addDays(absence.startDate, -MOVE_SEARCH_DAYS)), addDays(absence.startDate, -1));
        const after = eachDate(addDays(absence.endDate, 1), minDate(semester.endDate, addDays(absence.endDate, MOVE_SEARCH_DAYS)));
        dates = [...before, ...after];
        moveDates.set(semester.id, dates);
      }
      return {
        baseRuleSlotId: lesson.slotId,
        lessonDate: originalDateOf(lesson),
        request: { TEACHER: { teacherIds: linked }, DATE_TIME: { dates }, CLASSROOM: {} },
      };
    });
    const found = await this.finder.findEach(requests);
    return new Map(waiting.map((item, index) => [item, found[index].accepted]));
  }

  private async rankingContext(absence: AbsenceResponse, lessons: readonly AffectedLesson[]): Promise<RankingContext> {
    const links = lessons.length === 0 ? [] : await this.facts.linkedTeachers([...new Set(lessons.map((item) => item.lesson.rule.subjectId))]);
    const teacherIds = [...new Set([absence.teacherId, ...links.map((link) => link.teacherId)])];
    const assignments = await this.facts.assignments(teacherIds, absence.startDate, absence.endDate);
    const versionIds = [...new Set(lessons.map((item) => item.versionId))];
    const substitutions = new Map<number, number>();
    for (const versionId of versionIds) {
      for (const [teacherId, count] of await this.facts.substitutionCounts(teacherIds, versionId)) {
        substitutions.set(teacherId, (substitutions.get(teacherId) ?? 0) + count);
      }
    }
    const dayOrders = new Map<string, number[]>();
    if (links.length > 0) {
      const busy = await this.actual.inRange({ teacherIds, startDate: absence.startDate, endDate: absence.endDate });
      for (const busyLesson of busy.flatMap((semester) => semester.lessons)) {
        const key = `${busyLesson.teacherId}:${busyLesson.date}`;
        dayOrders.set(key, [...(dayOrders.get(key) ?? []), busyLesson.timeSlotOrder]);
      }
    }
    return { absentTeacherId: absence.teacherId, links, assignments, substitutions, dayOrders };
  }

  private replacements(lesson: ActualLesson, accepted: readonly AcceptedCandidate[], ranking: RankingContext): ReplacementCandidate[] {
    const ownDepartments = departmentsOn(ranking.assignments, ranking.absentTeacherId, lesson.date);
    const names = new Map(ranking.links.map((link) => [link.teacherId, link.teacherName]));
    return accepted
      .filter((candidate) => candidate.kind === 'TEACHER')
      .map((candidate) => {
        const teacherId = candidate.lesson.teacherId;
        const facts = {
          sameDepartment: [...departmentsOn(ranking.assignments, teacherId, lesson.date)].some((id) => ownDepartments.has(id)),
          createsGap: createsGap(lesson.timeSlotOrder, ranking.dayOrders.get(`${teacherId}:${lesson.date}`) ?? []),
          substitutionCount: ranking.substitutions.get(teacherId) ?? 0,
        };
        return { teacherId, teacherName: names.get(teacherId) ?? '', ...facts, score: replacementScore(facts) };
      })
      .sort((a, b) => b.score - a.score || a.teacherName.localeCompare(b.teacherName, 'ru') || a.teacherId - b.teacherId);
  }
}

function moveOptions(lesson: ActualLesson, accepted: readonly AcceptedCandidate[]): MoveCandidate[] {
  const original = originalDateOf(lesson);
  return accepted
    .filter((candidate) => candidate.kind === 'DATE_TIME' && candidate.change.newTimeSlotId !== null)
    .map((candidate) => ({
      targetLessonDate: candidate.change.targetLessonDate,
      newTimeSlotId: candidate.lesson.timeSlotId,
      timeSlotOrder: candidate.lesson.timeSlotOrder,
      startTime: candidate.lesson.startTime,
      endTime: candidate.lesson.endTime,
      distanceDays: Math.abs(daysBetween(original, candidate.lesson.date)),
      date: candidate.lesson.date,
    }))
    .sort((a, b) => a.distanceDays - b.distanceDays || a.date.localeCompare(b.date) || a.timeSlotOrder - b.timeSlotOrder)
    .slice(0, MAX_MOVE_OPTIONS)
    .map(({ date: _date, ...option }) => option);
}

function toWizardLesson(lesson: ActualLesson, names: NameBook): WizardLesson {
  return {
    ...namedLesson(lesson, names),
    lessonDate: originalDateOf(lesson),
    date: lesson.date,
    scheduleOverrideId: lesson.override?.scheduleOverrideId ?? null,
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);
