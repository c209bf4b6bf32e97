import { Module } from '@nestjs/common';
import { AcademicCalendarsModule } from '../academic-calendars';
import { ScheduleCoreModule } from '../schedule/core';
import { AcademicYearsController } from './academic-years.controller';
import { AcademicYearsRepository } from './academic-years.repository';
import { AcademicYearsService } from './academic-years.service';
import { SemesterCatalog } from './semester-catalog';
import { ActivityTypesController } from './activity-types/activity-types.controller';
import { ActivityTypesRepository } from './activity-types/activity-types.repository';
import { ActivityTypesService } from './activity-types/activity-types.service';
import { SemesterListController, SemestersController } from './semesters.controller';
import { SemestersRepository } from './semesters.repository';
import { SemestersService } from './semesters.service';

/**
 * Academic years, their semesters (each created with its published version 1), the schedule's
 * semester list and the activity codes of calendar days. Exports the repositories other features
 * place dates and schedules through, and `SemesterCatalog`, the read port of features that show or
 * check semesters.
 */
@Module({
  imports: [ScheduleCoreModule, AcademicCalendarsModule],
  controllers: [AcademicYearsController, SemestersController, SemesterListController, ActivityTypesController],
  providers: [
    AcademicYearsRepository,
    AcademicYearsService,
    SemestersRepository,
    SemestersService,
    SemesterCatalog,
    ActivityTypesRepository,
    ActivityTypesService,
  ],
  exports: [AcademicYearsRepository, SemestersRepository, ActivityTypesRepository, SemesterCatalog],
})
export class AcademicYearsModule {}
