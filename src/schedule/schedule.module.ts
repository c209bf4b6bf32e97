import { Module } from '@nestjs/common';
import { ScheduleDataModule } from './data/schedule-data.module';
import { ScheduleOverridesModule } from './overrides/schedule-overrides.module';
import { ScheduleRulesModule } from './rules/schedule-rules.module';
import { ScheduleViewingModule } from './viewing/schedule-viewing.module';
import { ScheduleVersionsModule } from './versions/schedule-versions.module';

/** Schedule rules, viewing and the shared lesson generation. */
@Module({
  imports: [ScheduleDataModule, ScheduleRulesModule, ScheduleViewingModule, ScheduleVersionsModule, ScheduleOverridesModule],
  exports: [ScheduleDataModule],
})
export class ScheduleModule {}
