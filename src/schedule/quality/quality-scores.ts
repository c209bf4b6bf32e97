import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { QualityFacts } from '../../schedule-engine/quality';
import { VersionScore, VersionScores } from '../core';
import { QualityFactsRepository } from './quality-facts.repository';
import { QualityService } from './quality.service';

/** The quality report's own scoring, lent to the solver's jobs (a job's score is the report's score). */
@Injectable()
export class QualityScores extends VersionScores {
  constructor(
    private readonly db: TenantDb,
    private readonly quality: QualityService,
    private readonly factsRepository: QualityFactsRepository,
  ) {
    super();
  }

  async score(semesterId: number, versionId: number): Promise<VersionScore> {
    // A job scores a whole semester, out of any request: the long budget, so a loaded machine's slow analysis is not cut off.
    return this.db.longConsistentRead(async () => {
      const version = await this.quality.versionOf({ semesterId, versionId });
      const { analysis } = await this.quality.analyse(version);
      return { score: analysis.score, rawPenalty: analysis.rawPenalty, lessonCount: analysis.lessonCount, metrics: analysis.metrics };
    });
  }

  facts(semesterId: number): Promise<QualityFacts> {
    return this.factsRepository.facts(semesterId);
  }
}
