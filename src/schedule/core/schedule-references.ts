import { defineReferences } from '../../platform/database/usages';

/*
 * Where the schedule refers to other features' rows (issue 42): those features count these
 * references before deleting, moving or archiving a row, without naming the schedule's tables.
 */
const RULES = ['правило расписания', 'правила расписания', 'правил расписания'] as const;
const OVERRIDES = ['разовое изменение', 'разовых изменения', 'разовых изменений'] as const;

// A semester's empty version 1 goes with it; any later version keeps it.
defineReferences('semester', [
  { sql: 'SELECT semester_id AS id FROM schedule_versions WHERE version_number > 1', noun: ['версия расписания', 'версии расписания', 'версий расписания'] },
  { sql: 'SELECT semester_id AS id FROM schedule_rules', noun: RULES },
]);
defineReferences('subject', [{ sql: 'SELECT subject_id AS id FROM schedule_rules', noun: RULES }]);
defineReferences('subgroup', [{ sql: 'SELECT subgroup_id AS id FROM schedule_rule_slot_subgroups', noun: RULES }]);
// Rule slots name base-grid pairs; an override names a pair of the target day's grid.
defineReferences('time-slot', [
  { sql: 'SELECT time_slot_id AS id FROM schedule_rule_slots', noun: RULES },
  { sql: 'SELECT new_time_slot_id AS id FROM schedule_overrides', noun: OVERRIDES },
]);
defineReferences('rule-slot', [{ sql: 'SELECT base_rule_slot_id AS id FROM schedule_overrides', noun: OVERRIDES }]);
