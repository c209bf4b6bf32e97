/**
 * The schedule features assembled (rules, overrides, versions, viewing, quality). Other areas reach the
 * schedule through the core (`./core`, its index) and the pure engine, and the data import creates
 * rules through the rules' service exported here.
 */
export { ScheduleModule } from './schedule.module';
// For the data import (issue 28): rules are created through the rules' own service, with every check of 4.9.
export { ScheduleRulesService } from './rules/schedule-rules.service';
export { ScheduleRuleBatch } from './rules/rule-batch';
export type { BatchOutcome } from './rules/rule-batch';
export { RuleRequest, RuleSlotRequest } from './rules/dto/schedule-rule.dto';
