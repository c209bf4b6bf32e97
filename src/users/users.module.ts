import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments/departments.module';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { AssignmentsRepository } from './assignments.repository';
import { BootstrapAdmin } from './bootstrap-admin';
import { TeachersController } from './teachers.controller';
import { TeachersRepository } from './teachers.repository';
import { TeachersService } from './teachers.service';
import { UserAccounts } from './user-accounts';
import { UserDepartmentsController } from './user-departments.controller';
import { UserDepartmentsService } from './user-departments.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users, their department history and teacher lists; UserAccounts and BootstrapAdmin serve auth and tenancy. */
@Module({
  imports: [CredentialsModule, DepartmentsModule],
  // TeachersController first: its fixed paths must be matched before anything under `api/users/:id`.
  controllers: [TeachersController, UsersController, UserDepartmentsController],
  providers: [
    UserAccounts,
    BootstrapAdmin,
    UsersRepository,
    AssignmentsRepository,
    TeachersRepository,
    UsersService,
    UserDepartmentsService,
    TeachersService,
  ],
  exports: [UserAccounts, BootstrapAdmin, UsersRepository, AssignmentsRepository, TeachersRepository],
})
export class UsersModule {}
