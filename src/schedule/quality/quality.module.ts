import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { ScheduleCoreModule, VersionScores } from '../core';
import { QualityController } from './quality.controller';
import { QualityFactsRepository } from './quality-facts.repository';
import { QualityScores } from './quality-scores';
import { QualityRecommendationsService } from './quality-recommendations.service';
import { RuleRecommendations } from './rule-recommendations';
import { QualityService } from './quality.service';
import { SolverSettingsController } from './solver-settings.controller';
import { SolverSettingsRepository } from './solver-settings.repository';

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

/**
 * Schedule quality analysis (spec 4.12): the report scores a version with the engine's quality
 * scoring over the core's actual lessons; recommendations come from the core's candidate finder, and
 * those for a whole rule are put through the core's `RuleChangeTrials`, bound by the rules feature and
 * handed in by the schedule module with `withPorts` (as the solver's jobs get their ports).
 */
@Module({})
export class ScheduleQualityModule {
  static withPorts(...bindings: ModuleImport[]): DynamicModule {
    return {
      module: ScheduleQualityModule,
      imports: [ScheduleCoreModule, ...bindings],
      controllers: [QualityController, SolverSettingsController],
      providers: [SolverSettingsRepository, QualityService, QualityRecommendationsService, RuleRecommendations, QualityFactsRepository, { provide: VersionScores, useClass: QualityScores }],
      // For the solver's jobs: their scores are the report's.
      exports: [VersionScores],
    };
  }
}
