import { Module } from '@nestjs/common';
import { AcademicCalendarsModule } from '../academic-calendars';
import { DepartmentsModule } from '../departments';
import { UsersModule } from '../users';
import { EducationFormsController } from './education-forms/education-forms.controller';
import { EducationFormsRepository } from './education-forms/education-forms.repository';
import { EducationFormsService } from './education-forms/education-forms.service';
import { GroupsController } from './groups/groups.controller';
import { GroupsRepository } from './groups/groups.repository';
import { GroupsService } from './groups/groups.service';
import { StudyGroups } from './groups/study-groups';
import { SpecialtiesController } from './specialties/specialties.controller';
import { SpecialtiesRepository } from './specialties/specialties.repository';
import { SpecialtiesService } from './specialties/specialties.service';
import { SubgroupUsage } from './subgroups/subgroup-usage';
import { GroupSubgroupsController, SubgroupListController } from './subgroups/subgroups.controller';
import { SubgroupsRepository } from './subgroups/subgroups.repository';
import { SubgroupsService } from './subgroups/subgroups.service';
import { StudentGroupsController } from './student-groups/student-groups.controller';
import { StudentGroupsRepository } from './student-groups/student-groups.repository';
import { StudentGroupsService } from './student-groups/student-groups.service';
import { GroupPlacement } from './student-groups/group-placement';

/**
 * Specialties and profiles, education forms, study groups and laboratory subgroups. Exports the
 * repositories that later features (calendars, schedule rules) read groups and subgroups through.
 */
@Module({
  imports: [DepartmentsModule, AcademicCalendarsModule, UsersModule],
  controllers: [SpecialtiesController, EducationFormsController, GroupsController, GroupSubgroupsController, SubgroupListController, StudentGroupsController],
  providers: [
    SpecialtiesRepository,
    SpecialtiesService,
    EducationFormsRepository,
    EducationFormsService,
    GroupsRepository,
    GroupsService,
    StudyGroups,
    SubgroupsRepository,
    SubgroupUsage,
    SubgroupsService,
    StudentGroupsRepository,
    StudentGroupsService,
    GroupPlacement,
  ],
  // The services too: the data import (issue 28) writes through them, with their own checks.
  exports: [GroupsRepository, SubgroupsRepository, SpecialtiesRepository, EducationFormsRepository, GroupsService, SubgroupsService, StudyGroups],
})
export class StudyStructureModule {}
