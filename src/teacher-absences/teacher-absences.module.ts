import { Module } from '@nestjs/common';
import { RoomWarningsModule } from '../schedule';
import { ScheduleCoreModule } from '../schedule/core';
import { UsersModule } from '../users';
import { AbsenceResolutionService } from './absence-resolution.service';
import { AbsenceWizardService } from './absence-wizard.service';
import { AffectedLessons } from './affected-lessons';
import { ReplacementFactsRepository } from './replacement-facts.repository';
import { TeacherAbsencesController } from './teacher-absences.controller';
import { TeacherAbsencesRepository } from './teacher-absences.repository';
import { TeacherAbsencesService } from './teacher-absences.service';
import './references';

/** Teacher absences (spec 4.13) with the replacement wizard; resolutions become ordinary overrides through the schedule core. */
@Module({
  imports: [ScheduleCoreModule, UsersModule, RoomWarningsModule],
  controllers: [TeacherAbsencesController],
  providers: [TeacherAbsencesRepository, TeacherAbsencesService, AffectedLessons, ReplacementFactsRepository, AbsenceWizardService, AbsenceResolutionService],
})
export class TeacherAbsencesModule {}
