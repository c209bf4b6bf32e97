import { Module } from '@nestjs/common';
import { ScheduleCoreModule, VersionScores } from '../core';
import { QualityController } from './quality.controller';
import { QualityFactsRepository } from './quality-facts.repository';
import { QualityScores } from './quality-scores';
import { QualityRecommendationsService } from './quality-recommendations.service';
import { QualityService } from './quality.service';

/**
 * Schedule quality analysis (spec 4.12): the report scores a version with the engine's quality
 * scoring over the core's actual lessons; recommendations come from the core's candidate finder.
 */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [QualityController],
  providers: [QualityService, QualityRecommendationsService, QualityFactsRepository, { provide: VersionScores, useClass: QualityScores }],
  // For the solver's jobs: their scores are the report's.
  exports: [VersionScores],
})
export class ScheduleQualityModule {}
