// What the academic-years section offers other sections (the academic calendars show years and codes).
export { ActivityCodes } from './activity-codes';
export { ActivityBadge, activityStyle, type ActivityType } from './activity-colour';
export { AcademicYears, type AcademicYear } from './years';
