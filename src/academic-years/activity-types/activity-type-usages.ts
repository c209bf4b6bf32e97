import { UsageSource } from '../../platform/database/usages';

/** What keeps an activity code from being deleted; each `countSql` takes the code's id as $1. */
export const ACTIVITY_TYPE_USAGES: readonly UsageSource[] = [
  {
    countSql: `SELECT count(DISTINCT calendar_id) FROM academic_calendar_periods WHERE activity_type_id = $1`,
    noun: ['учебный календарь', 'учебных календаря', 'учебных календарей'],
  },
];
