import { Module } from '@nestjs/common';
import { ScheduleCoreModule } from '../schedule/core';
import { UsersModule } from '../users';
import { PreferenceMetaRepository } from './preference-meta.repository';
import { TeacherPreferencesController } from './teacher-preferences.controller';
import { TeacherPreferencesRepository } from './teacher-preferences.repository';
import { TeacherPreferencesService } from './teacher-preferences.service';

/** Teacher preferences (spec 4.14); their approved hard unavailability reaches the schedule through the core's availability port. */
@Module({
  imports: [ScheduleCoreModule, UsersModule],
  controllers: [TeacherPreferencesController],
  providers: [TeacherPreferencesRepository, PreferenceMetaRepository, TeacherPreferencesService],
})
export class TeacherPreferencesModule {}
