import { Module } from '@nestjs/common';
import { ActualLessons } from './actual-lessons';
import { CandidateFinder } from './candidate-finder';
import { ClashCandidatesRepository } from './clash-candidates.repository';
import { ClashGuard } from './clash-guard';
import { EngineThread } from './engine-thread';
import { PublishedRuleChanges } from './published-rule-changes';
import { LessonChangeFactsRepository } from './lesson-change-facts.repository';
import { LessonChanges } from './lesson-changes';
import { OverrideWrites } from './override-writes';
import { Outbox } from '../../platform/outbox/outbox';
import { ScheduleDataRepository } from './schedule-data.repository';
import { ScheduleReads } from './schedule-reads';
import { SemesterSchedules } from './semester-schedules';
import { SemesterVersions } from './semester-versions';
import { SemesterWriteUnit } from './semester-write-unit';
import './schedule-references';

/**
 * The schedule core: the one way into the schedule for every schedule feature (rules, overrides,
 * versions, viewing, and later absences, change requests, quality, workload and calendar feeds).
 * Features import it through `./index.ts` only; the lint configuration enforces that. Its checks ask
 * `TeacherAvailability`, bound for the whole application by `TeacherAvailabilityModule.bind`.
 */
@Module({
  providers: [
    ScheduleDataRepository,
    ScheduleReads,
    SemesterSchedules,
    SemesterWriteUnit,
    SemesterVersions,
    ActualLessons,
    ClashCandidatesRepository,
    ClashGuard,
    LessonChangeFactsRepository,
    LessonChanges,
    CandidateFinder,
    OverrideWrites,
    Outbox,
    EngineThread,
    PublishedRuleChanges,
  ],
  exports: [Outbox, ScheduleDataRepository, ScheduleReads, SemesterSchedules, SemesterWriteUnit, SemesterVersions, ActualLessons, ClashGuard, LessonChanges, CandidateFinder, OverrideWrites, EngineThread, PublishedRuleChanges],
})
export class ScheduleCoreModule {}
