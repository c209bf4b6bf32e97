import { defineReferences } from '../platform/database/usages';

/* Where absence decisions refer to the schedule's rule slots (issue 42): a rule keeps a referred slot. */
defineReferences('rule-slot', [
  { sql: 'SELECT base_rule_slot_id AS id FROM teacher_absence_decisions', noun: ['решение по отсутствию', 'решения по отсутствиям', 'решений по отсутствиям'] },
]);
