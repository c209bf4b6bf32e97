import { Module } from '@nestjs/common';
import { RuleChangeTrials, ScheduleCoreModule } from '../core';
import { FreeCellFactsRepository } from './free-cell-facts.repository';
import { FreeCellsService } from './free-cells.service';
import { ScheduleRuleBatch } from './rule-batch';
import { ScheduleRuleBulk } from './rule-bulk';
import { RuleChangeTrialsOfRules } from './rule-change-trials';
import { RuleChecker } from './rule-checker';
import { RuleFactsRepository } from './rule-facts.repository';
import { RuleSlotUsage } from './rule-slot-usage';
import { ScheduleRuleReads } from './schedule-rule-reads.service';
import { ScheduleRulesController } from './schedule-rules.controller';
import { ScheduleRulesRepository } from './schedule-rules.repository';
import { ScheduleRulesService } from './schedule-rules.service';

/**
 * Schedule rules (spec 4.9): CRUD with validation and, through the schedule core, conflict checks on the
 * generated lessons. It binds the core's `RuleChangeTrials` (a proposed change put through the update's checks).
 */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [ScheduleRulesController],
  exports: [ScheduleRulesService, ScheduleRuleBatch, RuleChangeTrials],
  providers: [
    ScheduleRulesService,
    ScheduleRuleBatch,
    ScheduleRuleBulk,
    ScheduleRuleReads,
    ScheduleRulesRepository,
    RuleFactsRepository,
    RuleChecker,
    RuleSlotUsage,
    FreeCellsService,
    FreeCellFactsRepository,
    { provide: RuleChangeTrials, useClass: RuleChangeTrialsOfRules },
  ],
})
export class ScheduleRulesModule {}
