import { Injectable } from '@nestjs/common';
import { VersionPublishedEvent } from '../../platform/outbox/outbox';
import { RulesChangedEvent, ScheduleReads, SemesterSchedules } from '../../schedule/core';
import { ComparedLesson, comparedLesson, diffLessons, rulesThatDiffer } from '../../schedule-engine/lesson-diff';

/** A lesson that a publication added or took away. */
export interface PublishedLesson {
  change: 'added' | 'removed';
  date: string;
  startTime: string;
  endTime: string;
  timeSlotOrder: number;
  subjectId: number;
  lessonTypeId: number;
  teacherId: number;
  classroomId: number;
  format: string;
  groupIds: readonly number[];
}

function published(item: ComparedLesson, change: PublishedLesson['change']): PublishedLesson {
  const { lesson } = item;
  return {
    change,
    date: lesson.date,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    timeSlotOrder: lesson.timeSlotOrder,
    subjectId: lesson.rule.subjectId,
    lessonTypeId: lesson.slot.lessonTypeId,
    teacherId: lesson.teacherId,
    classroomId: lesson.classroomId,
    format: lesson.slot.lessonFormat,
    groupIds: lesson.rule.groupIds,
  };
}

/**
 * The lessons a publication changed for readers: the generated lessons of the new publication against
 * those of the previous one, compared by content (the versions' diff rule, so copied rules with new
 * ids are the same lessons). One-off changes of the previous publication are not compared: they belong
 * to it and their own events told their followers.
 */
@Injectable()
export class PublicationLessons {
  constructor(
    private readonly data: ScheduleReads,
    private readonly schedules: SemesterSchedules,
  ) {}

  async of(event: VersionPublishedEvent): Promise<PublishedLesson[]> {
    const semester = await this.data.semester(event.semesterId);
    if (!semester) return [];
    const versionIds = event.previousVersionId === null ? [event.versionId] : [event.versionId, event.previousVersionId];
    const rules = await this.data.rules({ versionIds });
    // Only rules without an equal twin in the other version can change a lesson: a copied semester
    // with a few changed rules costs those few, not two whole semesters of lessons.
    const differing = rulesThatDiffer(
      rules.filter((rule) => rule.versionId === event.versionId),
      rules.filter((rule) => rule.versionId === event.previousVersionId),
    );
    const { lessons } = await this.schedules.baseLessons(semester, [...differing.current, ...differing.base]);
    const compared = lessons.map((lesson) => comparedLesson(lesson, `${lesson.rule.subjectId}|${lesson.lessonKind}`));
    const diff = diffLessons(
      compared.filter((item) => item.lesson.rule.versionId === event.versionId),
      compared.filter((item) => item.lesson.rule.versionId === event.previousVersionId),
    );
    return fromDate([...diff.removed.map((item) => published(item, 'removed')), ...diff.added.map((item) => published(item, 'added'))], event.effectiveFrom);
  }

  /**
   * The lessons a change of the publication's own rules changed (issue 45 §3): the touched rules'
   * lessons as they were against as they are, compared by content as a publication's are.
   */
  async ofRuleChange(event: RulesChangedEvent): Promise<PublishedLesson[]> {
    const semester = await this.data.semester(event.semesterId);
    if (!semester) return [];
    const series = async (rules: RulesChangedEvent['before']) =>
      (await this.schedules.baseLessons(semester, rules)).lessons.map((lesson) => comparedLesson(lesson, `${lesson.rule.subjectId}|${lesson.lessonKind}`));
    const diff = diffLessons(await series(event.after), await series(event.before));
    return fromDate([...diff.removed.map((item) => published(item, 'removed')), ...diff.added.map((item) => published(item, 'added'))], event.effectiveFrom);
  }
}

/**
 * A change from a date speaks only of lessons from that date (issue 53, invariant 4). The past is kept
 * by the change itself, so this filter only guards against a reader that would tell of it otherwise.
 */
function fromDate(lessons: PublishedLesson[], effectiveFrom: string | undefined): PublishedLesson[] {
  return effectiveFrom === undefined ? lessons : lessons.filter((lesson) => lesson.date >= effectiveFrom);
}
