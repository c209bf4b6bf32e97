import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from './core';
import { ScheduleOptimizationsModule } from './optimizations';
import { ScheduleOverridesModule } from './overrides/schedule-overrides.module';
import { ScheduleQualityModule } from './quality/quality.module';
import { RulesOfArchivedModule, ScheduleRulesModule } from './rules/schedule-rules.module';
import { ScheduleViewingModule } from './viewing/schedule-viewing.module';
import { ScheduleVersionsModule } from './versions/schedule-versions.module';

/** Quality gets the rules' checks of a proposed rule change through the core's port (`RuleChangeTrials`). */
const QUALITY = ScheduleQualityModule.withPorts(ScheduleRulesModule);

/**
 * The schedule: its core (the one way into lessons, clashes and schedule writes) and the features built
 * on it. Viewing is exported too: the export renders exactly the lessons the views answer.
 */
@Module({
  imports: [
    ScheduleCoreModule,
    ScheduleRulesModule,
    RulesOfArchivedModule,
    ScheduleViewingModule,
    ScheduleVersionsModule,
    ScheduleOverridesModule,
    QUALITY,
    // The solver's jobs get the quality score and the draft writer through the core's ports, bound by these two.
    ScheduleOptimizationsModule.withPorts(QUALITY, ScheduleVersionsModule),
  ],
  // Viewing for the export, the rules' service for the data import (issue 28).
  exports: [ScheduleCoreModule, ScheduleViewingModule, ScheduleRulesModule],
})
export class ScheduleModule {}
