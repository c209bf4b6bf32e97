import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { NotFoundError } from '../../platform/http/app-error';
import { ActualLesson } from '../../schedule-engine/override-application';
import { analyseQuality, QualityAnalysis, QualityFacts } from '../../schedule-engine/quality';
import { problemsByRule, truncateProblems } from '../../schedule-engine/quality-problems';
import { ActualLessons } from '../core';
import { QualityQuery, QualityReportResponse } from './dto/quality.dto';
import { AnalysedVersion, QualityFactsRepository } from './quality-facts.repository';

export const SEMESTER_NOT_FOUND = 'Семестр не найден';

/** A version analysed over its whole semester, with the facts the scoring used. */
export interface VersionAnalysis {
  version: AnalysedVersion;
  facts: QualityFacts;
  analysis: QualityAnalysis<ActualLesson>;
}

/**
 * The quality report (spec 4.12): a published version over its actual lessons (one-off changes
 * applied), a draft or archived version over its own rules as they are — the core's `ActualLessons`
 * makes that distinction. Everything is read in one REPEATABLE READ transaction so lessons, sizes and
 * wishes come from one committed state.
 */
@Injectable()
export class QualityService {
  constructor(
    private readonly db: TenantDb,
    private readonly facts: QualityFactsRepository,
    private readonly lessons: ActualLessons,
  ) {}

  async report(query: QualityQuery): Promise<QualityReportResponse> {
    const { version, analysis } = await this.db.consistentRead(async () => this.analyse(await this.versionOf(query)));
    const published = version.status === 'PUBLISHED';
    const { problems, totalProblemCount, problemsTruncated } = truncateProblems(problemsByRule(analysis.penalties));
    return {
      semesterId: version.semesterId,
      semesterLabel: version.semesterLabel,
      scheduleVersionId: version.versionId,
      scheduleVersionNumber: version.versionNumber,
      scheduleVersionName: version.versionName,
      scheduleVersionStatus: version.status,
      score: analysis.score,
      rawPenalty: analysis.rawPenalty,
      lessonCount: analysis.lessonCount,
      totalProblemCount,
      problemsTruncated,
      metrics: analysis.metrics,
      problems: problems.map((problem) => ({
        id: `RULE:${problem.scheduleRuleId}`,
        type: problem.type,
        severity: problem.severity,
        title: problem.title,
        description: problem.description,
        penalty: problem.penalty,
        scheduleRuleId: problem.scheduleRuleId,
        affectedLessonCount: problem.affectedLessonCount,
        problemTypes: problem.problemTypes,
        issueLabels: problem.issueLabels,
        scheduleRuleSlotId: problem.lesson.slotId,
        lessonDate: problem.lesson.override?.originalLessonDate ?? problem.lesson.date,
        // Recommendations exist only for lessons of the publication that no one-off change pins.
        optimizable: published && !problem.lesson.override,
      })),
    };
  }

  /** The version named by the query (by default the publication); 404 when the semester or the version is not there. */
  async versionOf(query: QualityQuery): Promise<AnalysedVersion> {
    const { semesterExists, version } = await this.facts.version(query.semesterId, query.versionId);
    if (!semesterExists) throw new NotFoundError(SEMESTER_NOT_FOUND);
    if (!version) {
      throw new NotFoundError(
        query.versionId === undefined
          ? 'У семестра нет опубликованной версии расписания'
          : `Версия расписания №${query.versionId} не найдена в семестре №${query.semesterId}`,
      );
    }
    return version;
  }

  /** Every lesson of the version over the whole semester, scored. */
  async analyse(version: AnalysedVersion): Promise<VersionAnalysis> {
    const loaded = await this.lessons.ofSemester(version.semesterId, {}, version.versionId);
    const facts = await this.facts.facts(version.semesterId);
    return { version, facts, analysis: analyseQuality(loaded?.lessons ?? [], facts) };
  }
}
