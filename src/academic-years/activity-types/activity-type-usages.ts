import { referencesTo, UsageSource } from '../../platform/database/usages';

/** What keeps an activity code from being deleted: the calendars whose grids use it (declared by them). */
export function activityTypeUsages(): UsageSource[] {
  return referencesTo('activity-type');
}
