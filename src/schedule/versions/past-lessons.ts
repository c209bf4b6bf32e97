import { Injectable } from '@nestjs/common';
import { comparedLesson, diffLessons } from '../../schedule-engine/lesson-diff';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { ruleLabel } from '../../schedule-engine/rule-problems';
import { ScheduleDataRepository, SemesterSchedules } from '../core';
import { VersionProblem } from './dto/version-validation.dto';
import { ScheduleVersionsRepository } from './schedule-versions.repository';

/** «07.09» */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/**
 * What publishing a draft would do to the past (issue 45 §2): the lessons before `today` that differ
 * between the draft and the semester's publication (by the versions' diff rule: generated lessons by
 * content, rules matched by lineage), one problem per rule of the draft (or of the publication, for
 * a rule the draft dropped). A lesson moved, dropped or added counts once. Nothing when the
 * semester has not begun, or the version is the publication itself. With `from` (a publication from
 * a date), only the lessons from that date count: those before it are taken over as they were.
 */
@Injectable()
export class PastLessonChanges {
  constructor(
    private readonly versions: ScheduleVersionsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly schedules: SemesterSchedules,
  ) {}

  async of(version: { id: number; semesterId: number }, today: string, from?: string): Promise<VersionProblem[]> {
    const semester = await this.data.semester(version.semesterId);
    if (!semester || today <= semester.startDate) return [];
    const published = await this.versions.publishedOf(version.semesterId);
    if (!published || published.id === version.id) return [];
    const rules = await this.data.rules({ versionIds: [version.id, published.id] });
    const lineage = await this.versions.lineageKeys([version.id, published.id]);
    const lineageOf = (ruleId: number) => lineage.get(ruleId) ?? ruleId;
    // A rule of the draft by its lineage, so a lesson the publication loses is the draft rule's doing.
    const draftRuleOf = new Map(rules.filter((rule) => rule.versionId === version.id).map((rule) => [lineageOf(rule.id), rule]));
    const { lessons } = await this.schedules.baseLessons(semester, rules);
    const past = lessons
      .filter((lesson) => lesson.date < today && (from === undefined || lesson.date >= from))
      .map((lesson) => comparedLesson(lesson, `${lineageOf(lesson.ruleId)}|${lesson.lessonKind}`));
    const diff = diffLessons(
      past.filter((item) => item.lesson.rule.versionId === version.id),
      past.filter((item) => item.lesson.rule.versionId === published.id),
    );
    const byRule = new Map<number, { rule: GeneratedLesson['rule']; dropped: boolean; added: string[]; removed: string[] }>();
    const note = (lesson: GeneratedLesson, side: 'added' | 'removed') => {
      const rule = draftRuleOf.get(lineageOf(lesson.ruleId)) ?? lesson.rule;
      const entry = byRule.get(rule.id) ?? { rule, dropped: rule.versionId !== version.id, added: [], removed: [] };
      entry[side].push(lesson.date);
      byRule.set(rule.id, entry);
    };
    for (const item of diff.added) note(item.lesson, 'added');
    for (const item of diff.removed) note(item.lesson, 'removed');
    return [...byRule.values()]
      .sort((a, b) => a.rule.id - b.rule.id)
      .map(({ rule, dropped, added, removed }) => {
        const dates = [...added, ...removed].sort();
        const count = Math.max(added.length, removed.length);
        const span = dates[0] === dates[dates.length - 1] ? dayMonth(dates[0]) : `${dayMonth(dates[0])}–${dayMonth(dates[dates.length - 1])}`;
        const what = dropped ? `${ruleLabel(rule)} опубликованной версии (в черновике его нет)` : ruleLabel(rule);
        return {
          ruleId: rule.id,
          type: 'PAST_LESSONS',
          date: dates[0],
          pastLessonCount: count,
          message: `${what}: публикация изменит уже прошедшие занятия — ${count} (${span})`,
        } satisfies VersionProblem;
      });
  }
}
