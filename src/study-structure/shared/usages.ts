import { UsageSource } from '../../platform/database/usages';

/** Tables that refer to specialties, profiles and education forms (archived groups count too). */
const GROUPS: UsageSource['noun'] = ['группа', 'группы', 'групп'];
const CALENDARS: UsageSource['noun'] = ['учебный календарь', 'учебных календаря', 'учебных календарей'];

export const SPECIALTY_USAGES: readonly UsageSource[] = [
  { countSql: `SELECT count(*) FROM study_groups WHERE specialty_id = $1`, noun: GROUPS },
  { countSql: `SELECT count(*) FROM academic_calendars WHERE specialty_id = $1`, noun: CALENDARS },
];

export const PROFILE_USAGES: readonly UsageSource[] = [
  { countSql: `SELECT count(*) FROM study_groups WHERE specialty_profile_id = $1`, noun: GROUPS },
  { countSql: `SELECT count(*) FROM academic_calendars WHERE specialty_profile_id = $1`, noun: CALENDARS },
];

export const EDUCATION_FORM_USAGES: readonly UsageSource[] = [
  { countSql: `SELECT count(*) FROM study_groups WHERE education_form_id = $1`, noun: GROUPS },
  { countSql: `SELECT count(*) FROM academic_calendars WHERE study_form_id = $1`, noun: CALENDARS },
];

