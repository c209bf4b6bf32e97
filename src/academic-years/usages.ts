import { UsageSource } from '../platform/database/usages';

/**
 * What keeps an academic year from being deleted: anything that refers to the year or to its
 * semesters beyond their empty version 1. Later features add their line here (schedule rules of the
 * semesters' versions, academic calendars and group calendar assignments of the year); each
 * `countSql` takes the year id as $1.
 */
export const ACADEMIC_YEAR_USAGES: readonly UsageSource[] = [
  {
    countSql: `SELECT count(*) FROM schedule_versions v JOIN semesters s ON s.id = v.semester_id
                WHERE s.academic_year_id = $1 AND v.version_number > 1`,
    noun: ['версия расписания', 'версии расписания', 'версий расписания'],
  },
  {
    countSql: `SELECT count(*) FROM academic_calendars WHERE academic_year_id = $1`,
    noun: ['учебный календарь', 'учебных календаря', 'учебных календарей'],
  },
  {
    countSql: `SELECT count(*) FROM group_calendar_assignments WHERE academic_year_id = $1`,
    noun: ['назначение календаря группе', 'назначения календарей группам', 'назначений календарей группам'],
  },
  {
    countSql: `SELECT count(*) FROM schedule_rules r JOIN semesters s ON s.id = r.semester_id WHERE s.academic_year_id = $1`,
    noun: ['правило расписания', 'правила расписания', 'правил расписания'],
  },
];
