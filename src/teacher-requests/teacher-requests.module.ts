import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments/departments.module';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { UsersModule } from '../users/users.module';
import { DepartmentTeachersRepository } from './department-workspace/department-teachers.repository';
import { DepartmentTeachersService } from './department-workspace/department-teachers.service';
import { DepartmentWorkspaceController } from './department-workspace/department-workspace.controller';
import { TeacherRequestsController } from './teacher-requests.controller';
import { TeacherRequestsRepository } from './teacher-requests.repository';
import { TeacherRequestsService } from './teacher-requests.service';

/** Teacher-creation requests (department submits, administrator reviews) and the department workspace's teachers. */
@Module({
  imports: [UsersModule, DepartmentsModule, CredentialsModule],
  controllers: [TeacherRequestsController, DepartmentWorkspaceController],
  providers: [TeacherRequestsRepository, TeacherRequestsService, DepartmentTeachersRepository, DepartmentTeachersService],
})
export class TeacherRequestsModule {}
