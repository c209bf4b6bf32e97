import { Module } from '@nestjs/common';
import { CalendarAssignmentsController } from './assignments/calendar-assignments.controller';
import { CalendarAssignmentsRepository } from './assignments/calendar-assignments.repository';
import { CalendarAssignmentsService } from './assignments/calendar-assignments.service';
import { GroupCalendarGuard } from './assignments/group-calendar-guard';
import { CalendarsController } from './calendars/calendars.controller';
import { CalendarsRepository } from './calendars/calendars.repository';
import { CalendarsService } from './calendars/calendars.service';
import { CalendarYears } from './calendars/calendar-years';
import { CalendarGridController } from './grid/calendar-grid.controller';
import { CalendarGridService } from './grid/calendar-grid.service';
import { CalendarPeriodsRepository } from './grid/calendar-periods.repository';
import { CalendarSubjectsController } from './subjects/calendar-subjects.controller';
import { CalendarSubjectsRepository } from './subjects/calendar-subjects.repository';
import { CalendarSubjectsService } from './subjects/calendar-subjects.service';
import './shared/references';

/**
 * Academic calendars with their day grids and subjects, and the calendar assignments of groups.
 * Imports no feature module (it reads groups, years and subjects with its own SQL), so that
 * StudyStructureModule can import it for `GroupCalendarGuard` without a cycle.
 */
@Module({
  controllers: [CalendarsController, CalendarGridController, CalendarSubjectsController, CalendarAssignmentsController],
  providers: [
    CalendarsRepository,
    CalendarsService,
    CalendarPeriodsRepository,
    CalendarGridService,
    CalendarSubjectsRepository,
    CalendarSubjectsService,
    CalendarAssignmentsRepository,
    CalendarAssignmentsService,
    GroupCalendarGuard,
    CalendarYears,
  ],
  exports: [GroupCalendarGuard, CalendarYears],
})
export class AcademicCalendarsModule {}
