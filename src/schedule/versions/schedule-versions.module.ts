import { Module } from '@nestjs/common';
import { AcademicYearsModule } from '../../academic-years';
import { UsersModule } from '../../users';
import { ScheduleCoreModule, SolvedDrafts, VersionLocks } from '../core';
import { ScheduleVersionsController } from './schedule-versions.controller';
import { ScheduleVersionsRepository } from './schedule-versions.repository';
import { ScheduleVersionsService } from './schedule-versions.service';
import { VersionDiffService } from './version-diff.service';
import { VersionFactsRepository } from './version-facts.repository';
import { VersionPublicationService } from './version-publication.service';
import { VersionRecords } from './version-records';
import { VersionValidator } from './version-validator';
import { PastLessonChanges } from './past-lessons';
import { PastTakeover } from './past-takeover';
import { PendingOfPublication } from './pending-of-publication';
import { PastTakeoverRepository } from './past-takeover.repository';
import { VersionSolvedDrafts } from './solved-drafts';
import { VersionLocksRepository } from './version-locks.repository';
import { VersionLocksService } from './version-locks.service';

/** Schedule versions (spec 4.11): drafts and copies, bulk validation, diffs, publication, restore and history. */
@Module({
  // The core lends the base series, the semester write unit and the teacher-availability port (spec 4.9 rule 13).
  // Authors' names and the semester a draft is made for come from their owners (UserNames, SemesterCatalog).
  imports: [ScheduleCoreModule, UsersModule, AcademicYearsModule],
  controllers: [ScheduleVersionsController],
  providers: [
    ScheduleVersionsService,
    VersionPublicationService,
    VersionDiffService,
    VersionValidator,
    PastLessonChanges,
    PastTakeover,
    PendingOfPublication,
    PastTakeoverRepository,
    ScheduleVersionsRepository,
    VersionRecords,
    VersionFactsRepository,
    { provide: SolvedDrafts, useClass: VersionSolvedDrafts },
    VersionLocksRepository,
    VersionLocksService,
    { provide: VersionLocks, useExisting: VersionLocksService },
  ],
  // For the solver's jobs: their results are drafts written here, checked by this feature's validation.
  // The locks too: a job takes its source's (issue 54 §1).
  exports: [SolvedDrafts, VersionLocks],
})
export class ScheduleVersionsModule {}
