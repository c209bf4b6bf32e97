import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { NotFoundError } from '../../platform/http/app-error';
import { wallClockNow } from '../../platform/http/wall-clock';
import { hasBegun } from '../../schedule-engine/bygone';
import { ActualLesson } from '../../schedule-engine/override-application';
import { analyseQuality, QualityAnalysis, QualityFacts, SCORE_EXPLANATION } from '../../schedule-engine/quality';
import { problemsByRule, truncateProblems } from '../../schedule-engine/quality-problems';
import { ActualLessons } from '../core';
import { QualityQuery, QualityReportResponse } from './dto/quality.dto';
import { AnalysedVersion, QualityFactsRepository } from './quality-facts.repository';

export const SEMESTER_NOT_FOUND = 'Семестр не найден';

/** Versions whose totals are remembered per tenant database. */
const REMEMBERED_VERSIONS = 16;

/** A version's lesson count and raw penalty, with the data state they were computed on. */
interface VersionTotals {
  fingerprint: string;
  lessonCount: number;
  rawPenalty: number;
}

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
  /**
   * The totals of the last analysis of each version, per tenant pool: a recommendation's score change
   * needs the whole version's lesson count and penalty, which only a whole analysis gives.
   */
  private readonly totalsByPool = new WeakMap<object, Map<number, VersionTotals>>();

  constructor(
    private readonly db: TenantDb,
    private readonly facts: QualityFactsRepository,
    private readonly lessons: ActualLessons,
  ) {}

  async report(query: QualityQuery): Promise<QualityReportResponse> {
    const { version, analysis, unplacedSlotCount } = await this.db.consistentRead(async () => {
      const analysed = await this.analyse(await this.versionOf(query));
      return { ...analysed, unplacedSlotCount: await this.facts.unplacedSlotCount(analysed.version.versionId) };
    });
    const published = version.status === 'PUBLISHED';
    const now = wallClockNow();
    const ahead = (lesson: ActualLesson) => !hasBegun(lesson.date, lesson.startTime, now);
    const { problems, totalProblemCount, problemsTruncated } = truncateProblems(problemsByRule(analysis.penalties, ahead));
    return {
      semesterId: version.semesterId,
      semesterLabel: version.semesterLabel,
      scheduleVersionId: version.versionId,
      scheduleVersionNumber: version.versionNumber,
      scheduleVersionName: version.versionName,
      scheduleVersionStatus: version.status,
      score: analysis.score,
      scoreExplanation: SCORE_EXPLANATION,
      rawPenalty: analysis.rawPenalty,
      lessonCount: analysis.lessonCount,
      unplacedSlotCount,
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
        // Recommendations exist only for lessons of the publication still ahead that no one-off change pins.
        optimizable: published && !problem.lesson.override && ahead(problem.lesson),
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

  /** Every lesson of the version over the whole semester, scored (call inside a consistent read). */
  async analyse(version: AnalysedVersion): Promise<VersionAnalysis> {
    const fingerprint = await this.facts.fingerprint(version.semesterId);
    const loaded = await this.lessons.ofSemester(version.semesterId, {}, version.versionId);
    const facts = await this.facts.facts(version.semesterId);
    const analysis = analyseQuality(loaded?.lessons ?? [], facts);
    this.remember(version.versionId, { fingerprint, lessonCount: analysis.lessonCount, rawPenalty: analysis.rawPenalty });
    return { version, facts, analysis };
  }

  /**
   * The version's lesson count and raw penalty: those of its last analysis while nothing they depend
   * on has changed since (one query to check), else a fresh whole analysis.
   */
  async totals(version: AnalysedVersion): Promise<{ lessonCount: number; rawPenalty: number }> {
    const remembered = this.totalsByPool.get(this.db.dataSource)?.get(version.versionId);
    if (remembered && remembered.fingerprint === (await this.facts.fingerprint(version.semesterId))) return remembered;
    return (await this.db.consistentRead(() => this.analyse(version))).analysis;
  }

  private remember(versionId: number, totals: VersionTotals): void {
    const pool = this.db.dataSource;
    let versions = this.totalsByPool.get(pool);
    if (!versions) this.totalsByPool.set(pool, (versions = new Map<number, VersionTotals>()));
    versions.delete(versionId);
    versions.set(versionId, totals);
    if (versions.size > REMEMBERED_VERSIONS) versions.delete(versions.keys().next().value as number);
  }
}
