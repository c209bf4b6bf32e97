import { Global, Module } from '@nestjs/common';
import { RulesOfArchived } from '../../platform/rules-of-archived';
import { RuleChangeTrials, ScheduleCoreModule } from '../core';
import { FreeCellFactsRepository } from './free-cell-facts.repository';
import { FreeCellsService } from './free-cells.service';
import { ScheduleRuleBatch } from './rule-batch';
import { ScheduleRuleBulk } from './rule-bulk';
import { RuleChangeTrialsOfRules } from './rule-change-trials';
import { RuleChecker } from './rule-checker';
import { RuleEndings } from './rule-endings';
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
  exports: [ScheduleRulesService, ScheduleRuleBatch, RuleChangeTrials, RuleEndings],
  providers: [
    ScheduleRulesService,
    ScheduleRuleBatch,
    ScheduleRuleBulk,
    ScheduleRuleReads,
    ScheduleRulesRepository,
    RuleFactsRepository,
    RuleChecker,
    RuleSlotUsage,
    RuleEndings,
    FreeCellsService,
    FreeCellFactsRepository,
    { provide: RuleChangeTrials, useClass: RuleChangeTrialsOfRules },
  ],
})
export class ScheduleRulesModule {}

/**
 * Binds the platform's `RulesOfArchived` port for every module (issue 53): groups, subjects, users and
 * rooms end the rules that use them when archived, without importing the schedule (which reads them).
 */
@Global()
@Module({
  imports: [ScheduleRulesModule],
  providers: [{ provide: RulesOfArchived, useExisting: RuleEndings }],
  exports: [RulesOfArchived],
})
export class RulesOfArchivedModule {}
