import { defineReferences } from '../../platform/database/usages';

/*
 * Where academic calendars refer to other features' rows (issue 42): those features count these
 * references before deleting or archiving a row, without naming this feature's tables.
 */
const CALENDARS = ['учебный календарь', 'учебных календаря', 'учебных календарей'] as const;

defineReferences('academic-year', [
  { sql: 'SELECT academic_year_id AS id FROM academic_calendars', noun: CALENDARS },
  {
    sql: 'SELECT academic_year_id AS id FROM group_calendar_assignments',
    noun: ['назначение календаря группе', 'назначения календарей группам', 'назначений календарей группам'],
  },
]);
// A code counts once per calendar whose grid uses it.
defineReferences('activity-type', [{ sql: 'SELECT DISTINCT activity_type_id AS id, calendar_id FROM academic_calendar_periods', noun: CALENDARS }]);
defineReferences('specialty', [{ sql: 'SELECT specialty_id AS id FROM academic_calendars', noun: CALENDARS }]);
defineReferences('specialty-profile', [{ sql: 'SELECT specialty_profile_id AS id FROM academic_calendars', noun: CALENDARS }]);
defineReferences('education-form', [{ sql: 'SELECT study_form_id AS id FROM academic_calendars', noun: CALENDARS }]);
defineReferences('subject', [
  { sql: 'SELECT subject_id AS id FROM academic_calendar_subjects', noun: ['предмет учебного календаря', 'предмета учебных календарей', 'предметов учебных календарей'] },
]);
