import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments';
import { AccountDirectory } from '../platform/auth/account-directory';
import { CredentialsModule } from '../platform/auth/credentials.module';
import { Passwords } from '../platform/auth/passwords';
import { AccountCreation } from './account-creation';
import { AssignmentsRepository } from './assignments.repository';
import { DepartmentMembership } from './department-membership';
import { DepartmentTeachersController } from './department-teachers.controller';
import { DepartmentTeachersService } from './department-teachers.service';
import { BootstrapAdmin } from './bootstrap-admin';
import { TeachersController } from './teachers.controller';
import { TeachersRepository } from './teachers.repository';
import { TeachersService } from './teachers.service';
import { UserAccounts } from './user-accounts';
import { UserDepartmentsController } from './user-departments.controller';
import { UserDepartmentsService } from './user-departments.service';
import { UsersController } from './users.controller';
import { UserEmailController } from './user-email.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UserNames } from './user-names';
import './references';

/**
 * Users, their department history, teacher lists and the department workspace's teachers (4.17).
 * Binds authentication's account port (and provides `Passwords`, which writes through it);
 * BootstrapAdmin serves tenancy.
 */
@Module({
  imports: [CredentialsModule, DepartmentsModule],
  // TeachersController first: its fixed paths must be matched before anything under `api/users/:id`.
  controllers: [TeachersController, UsersController, UserEmailController, UserDepartmentsController, DepartmentTeachersController],
  providers: [
    UserAccounts,
    { provide: AccountDirectory, useExisting: UserAccounts },
    Passwords,
    AccountCreation,
    DepartmentMembership,
    BootstrapAdmin,
    UsersRepository,
    AssignmentsRepository,
    TeachersRepository,
    UsersService,
    UserDepartmentsService,
    TeachersService,
    DepartmentTeachersService,
    UserNames,
  ],
  exports: [AccountDirectory, Passwords, AccountCreation, DepartmentMembership, BootstrapAdmin, UsersService, UserNames],
})
export class UsersModule {}
