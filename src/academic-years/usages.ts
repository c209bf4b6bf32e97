import { referencesTo, UsageSource } from '../platform/database/usages';

/**
 * What keeps an academic year from being deleted: anything another feature declares as referring to
 * the year (calendars, their assignments) or to its semesters (schedule versions beyond the empty
 * version 1, rules). Read when the year is deleted, after every feature has declared its references.
 */
export function academicYearUsages(): UsageSource[] {
  return [...referencesTo('semester', 'IN (SELECT id FROM semesters WHERE academic_year_id = $1)'), ...referencesTo('academic-year')];
}
