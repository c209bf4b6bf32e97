import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../schedule/core';
import { PreferenceMetaRepository } from './preference-meta.repository';
import { TeacherPreferencesController } from './teacher-preferences.controller';
import { TeacherPreferencesRepository } from './teacher-preferences.repository';
import { TeacherPreferencesService } from './teacher-preferences.service';

/** Teacher preferences (spec 4.14); their approved hard unavailability reaches the schedule through the core's availability port. */
@Module({
  imports: [ScheduleCoreModule],
  controllers: [TeacherPreferencesController],
  providers: [TeacherPreferencesRepository, PreferenceMetaRepository, TeacherPreferencesService],
})
export class TeacherPreferencesModule {}
