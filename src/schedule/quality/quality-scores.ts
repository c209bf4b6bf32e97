import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { QualityFacts } from '../../schedule-engine/quality';
import { ActualLessons, EngineThread, VersionScore, VersionScores } from '../core';
import { QualityFactsRepository } from './quality-facts.repository';
import { QualityService } from './quality.service';

/**
 * The quality report's own scoring, lent to the solver's jobs (a job's score is the report's score).
 * A job scores a whole semester twice (its source and its result): the lessons are read here and laid
 * out and scored in the engine thread, by the same functions as the report, off the request loop.
 */
@Injectable()
export class QualityScores extends VersionScores {
  constructor(
    private readonly db: TenantDb,
    private readonly quality: QualityService,
    private readonly lessons: ActualLessons,
    private readonly engine: EngineThread,
    private readonly factsRepository: QualityFactsRepository,
  ) {
    super();
  }

  async score(semesterId: number, versionId: number, from?: string): Promise<VersionScore> {
    // A job scores a whole semester, out of any request: the long budget, so a loaded machine's slow reads are not cut off.
    const { inputs, facts } = await this.db.longConsistentRead(async () => {
      const version = await this.quality.versionOf({ semesterId, versionId });
      const inputs = await this.lessons.inputsOf(version.semesterId, version.versionId);
      if (!inputs) throw new Error(`semester ${semesterId} of version ${versionId} is missing`);
      return { inputs, facts: await this.factsRepository.facts(version.semesterId) };
    });
    return this.engine.run('quality', { inputs, facts, ...(from === undefined ? {} : { from }) });
  }

  facts(semesterId: number): Promise<QualityFacts> {
    return this.factsRepository.facts(semesterId);
  }
}
