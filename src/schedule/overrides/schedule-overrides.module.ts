import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../core';
import { OverrideReads } from './override-reads.service';
import { OverrideRegistryRepository } from './override-registry.repository';
import { OverridesRepository } from './overrides.repository';
import { RegistryCache } from './registry-cache';
import { RoomWarningsModule } from './room-warnings';
import { ScheduleOverridesController } from './schedule-overrides.controller';
import { LessonChangesController } from './lesson-changes.controller';
import { ScheduleOverridesService } from './schedule-overrides.service';

/**
 * One-off schedule changes (spec 4.10): move, cancel, replace of single lessons of the published
 * version, checked by the schedule core's `LessonChanges` against the base series and every other
 * lesson after all overrides. Viewing applies them from its snapshots with the engine's override
 * application.
 */
@Module({
  imports: [ScheduleCoreModule, RoomWarningsModule],
  controllers: [ScheduleOverridesController, LessonChangesController],
  providers: [ScheduleOverridesService, OverrideReads, OverridesRepository, OverrideRegistryRepository, RegistryCache],
})
export class ScheduleOverridesModule {}
