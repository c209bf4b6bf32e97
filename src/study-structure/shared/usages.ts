import { referencesTo, UsageSource } from '../../platform/database/usages';

/** What refers to specialties, profiles and education forms: groups (archived ones too), then what other features declare (calendars). */
const GROUPS: UsageSource['noun'] = ['группа', 'группы', 'групп'];

export function specialtyUsages(): UsageSource[] {
  return [{ countSql: `SELECT count(*) FROM study_groups WHERE specialty_id = $1`, noun: GROUPS }, ...referencesTo('specialty')];
}

export function profileUsages(): UsageSource[] {
  return [{ countSql: `SELECT count(*) FROM study_groups WHERE specialty_profile_id = $1`, noun: GROUPS }, ...referencesTo('specialty-profile')];
}

export function educationFormUsages(): UsageSource[] {
  return [{ countSql: `SELECT count(*) FROM study_groups WHERE education_form_id = $1`, noun: GROUPS }, ...referencesTo('education-form')];
}
