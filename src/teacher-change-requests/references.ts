import { defineReferences } from '../platform/database/usages';

/* Where change requests refer to the schedule's rule slots (issue 42): a rule keeps a referred slot. */
defineReferences('rule-slot', [
  { sql: 'SELECT base_rule_slot_id AS id FROM teacher_change_requests', noun: ['заявка на изменение', 'заявки на изменение', 'заявок на изменение'] },
]);
