import { Module } from '@nestjs/common';
import { LessonGenerator } from './data/lesson-generator';
import { ScheduleDataRepository } from './data/schedule-data.repository';

/** Schedule rules, viewing and the shared lesson generation. */
@Module({
  providers: [ScheduleDataRepository, LessonGenerator],
  exports: [ScheduleDataRepository, LessonGenerator],
})
export class ScheduleModule {}
