/** «Составить расписание»: the timetable solver's jobs (issue 43). Assembled by the schedule module. */
export { ScheduleOptimizationsModule } from './optimizations.module';
