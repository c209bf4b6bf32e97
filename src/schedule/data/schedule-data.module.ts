import { Module } from '@nestjs/common';
import { LessonGenerator } from './lesson-generator';
import { ScheduleDataRepository } from './schedule-data.repository';

/** The batched schedule reads and the one lesson generator, shared by rules and viewing. */
@Module({
  providers: [ScheduleDataRepository, LessonGenerator],
  exports: [ScheduleDataRepository, LessonGenerator],
})
export class ScheduleDataModule {}
