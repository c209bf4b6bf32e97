import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments';
import { ResourcesModule } from '../resources';
import { ScheduleModule } from '../schedule';
import { StudyStructureModule } from '../study-structure';
import { TeacherRequestsModule } from '../teacher-requests';
import { UsersModule } from '../users';
import { DataImportController } from './data-import.controller';
import { IMPORT_KIND_LIST } from './import-kind';
import { ImportRunner } from './import-runner';
import { ClassroomsKind } from './kinds/classrooms.kind';
import { DepartmentsKind } from './kinds/departments.kind';
import { GroupsKind } from './kinds/groups.kind';
import { RulesKind } from './kinds/rules.kind';
import { SubjectsKind } from './kinds/subjects.kind';
import { TeacherSubjectsKind } from './kinds/teacher-subjects.kind';
import { UsersKind } from './kinds/users.kind';
import { ImportLookups } from './lookups.repository';

const KINDS = [DepartmentsKind, UsersKind, GroupsKind, ClassroomsKind, SubjectsKind, TeacherSubjectsKind, RulesKind];

/** Import of a university's spreadsheets (issue 28): each kind writes through its feature's own service. */
@Module({
  imports: [DepartmentsModule, UsersModule, TeacherRequestsModule, StudyStructureModule, ResourcesModule, ScheduleModule],
  controllers: [DataImportController],
  providers: [
    ImportLookups,
    ImportRunner,
    ...KINDS,
    { provide: IMPORT_KIND_LIST, useFactory: (...kinds: unknown[]) => kinds, inject: KINDS },
  ],
})
export class DataImportModule {}
