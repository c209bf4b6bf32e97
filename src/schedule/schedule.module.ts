import { Module } from '@nestjs/common';
import { ScheduleDataModule } from './data/schedule-data.module';
import { ScheduleRulesModule } from './rules/schedule-rules.module';
import { ScheduleViewingModule } from './viewing/schedule-viewing.module';

/** Schedule rules, viewing and the shared lesson generation. */
@Module({
  imports: [ScheduleDataModule, ScheduleRulesModule, ScheduleViewingModule],
  exports: [ScheduleDataModule],
})
export class ScheduleModule {}
