import { Module } from '@nestjs/common';
import { ScheduleDataModule } from '../data/schedule-data.module';
import { CandidateRulesRepository } from './candidate-rules.repository';
import { RuleChecker } from './rule-checker';
import { RuleFactsRepository } from './rule-facts.repository';
import { RuleSlotUsage } from './rule-slot-usage';
import { ScheduleRuleReads } from './schedule-rule-reads.service';
import { ScheduleRulesController } from './schedule-rules.controller';
import { ScheduleRulesRepository } from './schedule-rules.repository';
import { ScheduleRulesService } from './schedule-rules.service';
import { NoTeacherUnavailability, TeacherAvailability } from './teacher-availability';

/** Schedule rules (spec 4.9): CRUD with validation and conflict checks on the generated lessons. */
@Module({
  imports: [ScheduleDataModule],
  controllers: [ScheduleRulesController],
  providers: [
    ScheduleRulesService,
    ScheduleRuleReads,
    ScheduleRulesRepository,
    RuleFactsRepository,
    CandidateRulesRepository,
    RuleChecker,
    RuleSlotUsage,
    // Teacher preferences (a later issue) bind the real approved HARD_UNAVAILABLE lookup here.
    { provide: TeacherAvailability, useClass: NoTeacherUnavailability },
  ],
  // Publication re-validates rules and overrides check hard unavailability with the same pieces.
  exports: [RuleChecker, TeacherAvailability],
})
export class ScheduleRulesModule {}
