import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { UsersModule } from '../users';
import { DepartmentTeacherRequestsController } from './department-teacher-requests.controller';
import { TeacherRequestsController } from './teacher-requests.controller';
import { TeacherRequestsRepository } from './teacher-requests.repository';
import { TeacherRequestsService } from './teacher-requests.service';

/** Teacher-creation requests: a department submits (4.17), the administrator reviews (4.4). */
@Module({
  imports: [UsersModule, DepartmentsModule, CredentialsModule],
  controllers: [TeacherRequestsController, DepartmentTeacherRequestsController],
  providers: [TeacherRequestsRepository, TeacherRequestsService],
  // The data import (issue 28) submits a department's requests through the service.
  exports: [TeacherRequestsService],
})
export class TeacherRequestsModule {}
