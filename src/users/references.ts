import { defineReferences } from '../platform/database/usages';

/* Where users refer to departments (issue 42): a department named by any assignment, past ones too, stays. */
defineReferences('department', [
  { sql: 'SELECT department_id AS id FROM user_department_assignments', noun: ['назначение сотрудника', 'назначения сотрудников', 'назначений сотрудников'] },
]);
