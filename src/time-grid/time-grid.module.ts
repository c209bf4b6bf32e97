import { Module } from '@nestjs/common';
import { DateAssignmentsController } from './date-assignments/date-assignments.controller';
import { DateAssignmentsRepository } from './date-assignments/date-assignments.repository';
import { DateAssignmentsService } from './date-assignments/date-assignments.service';
import { GridScopesController } from './scopes/grid-scopes.controller';
import { GridScopesRepository } from './scopes/grid-scopes.repository';
import { GridScopesService } from './scopes/grid-scopes.service';
import { SlotUsage } from './slot-usage';
import { BasePairs } from './slots/base-pairs';
import { EffectiveGridService } from './slots/effective-grid.service';
import { TimeSlotsController } from './slots/time-slots.controller';
import { TimeSlotsRepository } from './slots/time-slots.repository';
import { TimeSlotsService } from './slots/time-slots.service';

/**
 * Time grids (bell schedules): slots of the base, Saturday and manual grids, manual grids' date
 * assignments and the grid in effect on a date. Exports the slot repository and the effective-grid
 * service for the schedule (rules choose base slots; times are substituted at generation), and
 * `BasePairs`, the base grid's pairs for features that offer them.
 */
@Module({
  controllers: [GridScopesController, DateAssignmentsController, TimeSlotsController],
  providers: [
    SlotUsage,
    GridScopesRepository,
    GridScopesService,
    TimeSlotsRepository,
    TimeSlotsService,
    EffectiveGridService,
    BasePairs,
    DateAssignmentsRepository,
    DateAssignmentsService,
  ],
  exports: [TimeSlotsRepository, EffectiveGridService, BasePairs],
})
export class TimeGridModule {}
