/**
 * The timetable export (XLSX, PDF, CSV of the viewed schedule): the only way in for other code (the
 * boundary lint refuses imports of this folder's files from outside it).
 */
export { ScheduleExportModule } from './schedule-export.module';
