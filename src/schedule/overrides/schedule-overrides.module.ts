import { Module } from '@nestjs/common';
import { ScheduleDataModule } from '../data/schedule-data.module';
import { ScheduleRulesModule } from '../rules/schedule-rules.module';
import { OverrideChecker } from './override-checker';
import { OverrideReads } from './override-reads.service';
import { OverrideRegistryRepository } from './override-registry.repository';
import { OverridesRepository } from './overrides.repository';
import { ScheduleOverridesController } from './schedule-overrides.controller';
import { ScheduleOverridesService } from './schedule-overrides.service';

/**
 * One-off schedule changes (spec 4.10): move, cancel, replace of single lessons of the published
 * version, checked against the base series and every other lesson after all overrides. Viewing
 * applies them from its snapshots (see viewing/pipeline/override-step.ts).
 */
@Module({
  // The rules module lends the TeacherAvailability port (approved hard unavailability).
  imports: [ScheduleDataModule, ScheduleRulesModule],
  controllers: [ScheduleOverridesController],
  providers: [ScheduleOverridesService, OverrideReads, OverrideChecker, OverridesRepository, OverrideRegistryRepository],
  // Teacher absences and change requests will create ordinary overrides through the same checks.
  exports: [ScheduleOverridesService, OverrideChecker],
})
export class ScheduleOverridesModule {}
