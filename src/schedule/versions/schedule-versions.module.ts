import { Module } from '@nestjs/common';
import { ScheduleDataModule } from '../data/schedule-data.module';
import { ScheduleRulesModule } from '../rules/schedule-rules.module';
import { ScheduleVersionsController } from './schedule-versions.controller';
import { ScheduleVersionsRepository } from './schedule-versions.repository';
import { ScheduleVersionsService } from './schedule-versions.service';
import { VersionDiffService } from './version-diff.service';
import { VersionFactsRepository } from './version-facts.repository';
import { VersionLessonsGenerator } from './version-lessons';
import { VersionPublicationService } from './version-publication.service';
import { VersionValidator } from './version-validator';

/** Schedule versions (spec 4.11): drafts and copies, bulk validation, diffs, publication, restore and history. */
@Module({
  // The rules module lends the teacher-availability port (spec 4.9 rule 13) to the re-validation.
  imports: [ScheduleDataModule, ScheduleRulesModule],
  controllers: [ScheduleVersionsController],
  providers: [
    ScheduleVersionsService,
    VersionPublicationService,
    VersionDiffService,
    VersionValidator,
    VersionLessonsGenerator,
    ScheduleVersionsRepository,
    VersionFactsRepository,
  ],
})
export class ScheduleVersionsModule {}
