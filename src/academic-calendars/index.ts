/**
 * Academic calendars, their day grids and group assignments (spec 4.8): the only way in for other
 * features (the boundary lint refuses imports of this folder's files from outside it).
 */
export { AcademicCalendarsModule } from './academic-calendars.module';
export { GroupCalendarGuard } from './assignments/group-calendar-guard';
export { CalendarYears } from './calendars/calendar-years';
