import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments';
import { StudyStructureModule } from '../study-structure';
import { UsersModule } from '../users';
import { ClassroomsController } from './classrooms/classrooms.controller';
import { ClassroomsRepository } from './classrooms/classrooms.repository';
import { ClassroomsService } from './classrooms/classrooms.service';
import { EquipmentController } from './equipment/equipment.controller';
import { EquipmentRepository } from './equipment/equipment.repository';
import { EquipmentService } from './equipment/equipment.service';
import { LegacyLessonsController } from './legacy-lessons/legacy-lessons.controller';
import { LegacyLessonsRepository } from './legacy-lessons/legacy-lessons.repository';
import { LegacyLessonsService } from './legacy-lessons/legacy-lessons.service';
import { DepartmentSubjectsController } from './subjects/department-subjects.controller';
import { DepartmentSubjectsService } from './subjects/department-subjects.service';
import { SubjectCommentsRepository } from './subjects/subject-comments.repository';
import { SubjectEquipmentRepository } from './subjects/subject-equipment.repository';
import { SubjectEquipmentService } from './subjects/subject-equipment.service';
import { SubjectsController } from './subjects/subjects.controller';
import { SubjectsRepository } from './subjects/subjects.repository';
import { SubjectsService } from './subjects/subjects.service';
import { TeacherSubjectsController } from './teacher-subjects/teacher-subjects.controller';
import { TeacherSubjectsRepository } from './teacher-subjects/teacher-subjects.repository';
import { TeacherSubjectsService } from './teacher-subjects/teacher-subjects.service';

/**
 * Equipment, classrooms, subjects (with the department workspace's import and comments),
 * teacher-subject links and the earlier-revision lesson endpoints. Exports the classroom and subject
 * repositories for features that refer to them (schedule rules, calendars).
 */
@Module({
  imports: [DepartmentsModule, UsersModule, StudyStructureModule],
  controllers: [
    EquipmentController,
    ClassroomsController,
    SubjectsController,
    DepartmentSubjectsController,
    TeacherSubjectsController,
    LegacyLessonsController,
  ],
  providers: [
    EquipmentRepository,
    SubjectEquipmentRepository,
    SubjectEquipmentService,
    EquipmentService,
    ClassroomsRepository,
    ClassroomsService,
    SubjectsRepository,
    SubjectCommentsRepository,
    SubjectsService,
    DepartmentSubjectsService,
    TeacherSubjectsRepository,
    TeacherSubjectsService,
    LegacyLessonsRepository,
    LegacyLessonsService,
  ],
  // The services too: the data import (issue 28) writes through them, with their own checks.
  exports: [ClassroomsRepository, SubjectsRepository, ClassroomsService, EquipmentService, DepartmentSubjectsService, TeacherSubjectsService],
})
export class ResourcesModule {}
