import { Module } from '@nestjs/common';
import { AcademicYearsModule } from '../academic-years';
import { ScheduleCoreModule } from '../schedule/core';
import { TimeGridModule } from '../time-grid';
import { UsersModule } from '../users';
import { TeacherPreferencesController } from './teacher-preferences.controller';
import { TeacherPreferencesRepository } from './teacher-preferences.repository';
import { TeacherPreferencesService } from './teacher-preferences.service';

/** Teacher preferences (spec 4.14); their approved hard unavailability reaches the schedule through the core's availability port. */
@Module({
  // Semesters and the base grid's pairs come from their owners' read ports (SemesterCatalog, BasePairs).
  imports: [ScheduleCoreModule, UsersModule, AcademicYearsModule, TimeGridModule],
  controllers: [TeacherPreferencesController],
  providers: [TeacherPreferencesRepository, TeacherPreferencesService],
})
export class TeacherPreferencesModule {}
