import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { comparedLesson, diffLessons } from '../../schedule-engine/lesson-diff';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { NameBook, namedIds, ScheduleDataRepository, SemesterSchedules } from '../core';
import { VERSION_NOT_FOUND } from './access';
import { checkedEffectiveFrom } from './version-publication.service';
import { DiffLessonSummary, DiffRuleSummary, VersionDiffResponse } from './dto/version-diff.dto';
import { diffRules, LineageRule } from '../../schedule-engine/rule-diff';
import { ScheduleVersionsRepository } from './schedule-versions.repository';

/** Each lesson list of a diff holds at most this many lessons (the totals are always given). */
export const MAX_DIFF_LESSONS = 500;


/**
 * Compares a version with a base version of the same semester: rules matched by lineage, and the
 * generated lessons of both (one query for both versions' rules, one generation context).
 */
@Injectable()
export class VersionDiffService {
  constructor(
    private readonly versions: ScheduleVersionsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly schedules: SemesterSchedules,
  ) {}

  /** With `effectiveFrom`, only lessons from that date are compared (a publication from it keeps the past). */
  async diff(id: number, baseVersionId: number, effectiveFrom?: string): Promise<VersionDiffResponse> {
    const version = await this.versions.state(id);
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    const base = await this.versions.state(baseVersionId);
    if (!base) throw new BadRequestError('Базовая версия расписания не найдена');
    if (base.semesterId !== version.semesterId) throw new BadRequestError('Сравнивать можно только версии одного семестра');

    const semester = await this.data.semester(version.semesterId);
    if (!semester) throw new NotFoundError('Семестр не найден');
    const from = checkedEffectiveFrom(effectiveFrom, semester);
    const rules = await this.data.rules({ versionIds: [id, baseVersionId] });
    const lineage = await this.versions.lineageKeys([id, baseVersionId]);
    const withLineage = (versionId: number): LineageRule[] =>
      rules.filter((rule) => rule.versionId === versionId).map((rule) => ({ rule, lineageId: lineage.get(rule.id) ?? rule.id }));
    const ruleDiff = diffRules(withLineage(id), withLineage(baseVersionId));

    const { lessons } = await this.schedules.baseLessons(semester, rules);
    const compared = lessons.filter((lesson) => lesson.date >= from).map((lesson) => comparedLesson(lesson, `${lineage.get(lesson.ruleId) ?? lesson.ruleId}|${lesson.lessonKind}`));
    const lessonDiff = diffLessons(
      compared.filter((item) => item.lesson.rule.versionId === id),
      compared.filter((item) => item.lesson.rule.versionId === baseVersionId),
    );
    const added = lessonDiff.added.slice(0, MAX_DIFF_LESSONS).map((item) => item.lesson);
    const removed = lessonDiff.removed.slice(0, MAX_DIFF_LESSONS).map((item) => item.lesson);

    const mentionedRules = [...ruleDiff.added, ...ruleDiff.removed].map((entry) => entry.rule);
    const names = await this.data.names(namedIds([...mentionedRules, ...[...added, ...removed].map((lesson) => lesson.rule)]));
    const summary = (entry: LineageRule) => ruleSummary(entry, names);
    return {
      versionId: id,
      baseVersionId,
      rules: {
        added: ruleDiff.added.map(summary),
        removed: ruleDiff.removed.map(summary),
        changed: ruleDiff.changed.map((change) => ({
          ruleId: change.rule.rule.id,
          baseRuleId: change.baseRule.rule.id,
          subjectName: change.rule.rule.subjectName,
          changes: change.changes,
        })),
      },
      lessons: {
        added: added.map((lesson) => lessonSummary(lesson, names)),
        removed: removed.map((lesson) => lessonSummary(lesson, names)),
        addedCount: lessonDiff.added.length,
        removedCount: lessonDiff.removed.length,
        changedCount: lessonDiff.changedCount,
        truncated: lessonDiff.added.length > MAX_DIFF_LESSONS || lessonDiff.removed.length > MAX_DIFF_LESSONS,
      },
    };
  }
}

function ruleSummary({ rule, lineageId }: LineageRule, names: NameBook): DiffRuleSummary {
  return {
    ruleId: rule.id,
    lineageRuleId: lineageId,
    subjectId: rule.subjectId,
    subjectName: rule.subjectName,
    groupIds: rule.groupIds,
    groupNames: rule.groupIds.map((groupId) => names.groups.get(groupId) ?? ''),
    lectureAcademicHours: rule.hours.LECTURE,
    laboratoryAcademicHours: rule.hours.LABORATORY,
    practiceAcademicHours: rule.hours.PRACTICE,
    slotCount: rule.slots.length + (rule.unplaced?.length ?? 0),
    unplacedSlotCount: rule.unplaced?.length ?? 0,
  };
}

function lessonSummary(lesson: GeneratedLesson, names: NameBook): DiffLessonSummary {
  return {
    date: lesson.date,
    dayOfWeek: lesson.dayOfWeek,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    ruleId: lesson.ruleId,
    scheduleRuleSlotId: lesson.slotId,
    subjectId: lesson.rule.subjectId,
    subjectName: lesson.rule.subjectName,
    teacherId: lesson.teacherId,
    teacherName: names.teachers.get(lesson.teacherId) ?? '',
    classroomId: lesson.classroomId,
    classroomName: names.classrooms.get(lesson.classroomId) ?? '',
    lessonTypeId: lesson.slot.lessonTypeId,
    lessonTypeName: names.lessonTypes.get(lesson.slot.lessonTypeId) ?? '',
    lessonFormat: lesson.slot.lessonFormat,
    slotParity: lesson.slot.parity,
    groupIds: lesson.rule.groupIds,
    groupNames: lesson.rule.groupIds.map((groupId) => names.groups.get(groupId) ?? ''),
    subgroupIds: lesson.slot.subgroups.map((subgroup) => subgroup.id),
  };
}
