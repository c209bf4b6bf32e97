import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../core';
import { LessonPipeline } from './pipeline/lesson-pipeline';
import { OverrideStep } from './pipeline/override-step';
import { DepartmentScheduleController, LessonTypesController, ScheduleViewingController } from './schedule-viewing.controller';
import { ScheduleViewingService } from './schedule-viewing.service';
import { SnapshotLoader } from './snapshot/snapshot-loader';
import { ViewingDataRepository } from './snapshot/viewing-data.repository';
import { ViewingSnapshotCache } from './snapshot/viewing-snapshot.cache';
import { VersionLessonsController } from './version-lessons.controller';
import { VersionLessonsService } from './version-lessons.service';
import { ViewingHttpCache } from './viewing-http-cache';

/**
 * Schedule viewing (GET /api/schedule, /api/schedule/search, /api/lesson-types,
 * /api/department/schedule, and any version's lessons at
 * /api/edu-office/schedule/versions/{id}/lessons) over per-tenant snapshots validated by the schedule data stamp.
 */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [ScheduleViewingController, LessonTypesController, DepartmentScheduleController, VersionLessonsController],
  providers: [
    ViewingDataRepository,
    SnapshotLoader,
    ViewingSnapshotCache,
    ViewingHttpCache,
    OverrideStep,
    LessonPipeline,
    ScheduleViewingService,
    VersionLessonsService,
  ],
  exports: [ViewingSnapshotCache, LessonPipeline, ScheduleViewingService],
})
export class ScheduleViewingModule {}
