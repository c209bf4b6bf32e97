/**
 * Users, department assignments, teacher lists and the department workspace's teachers (spec 4.3,
 * 4.17): the only way in for other features (the boundary lint refuses imports of this folder's files
 * from outside it).
 */
export { lockActiveTeacher } from './active-teacher';
export { AccountCreation } from './account-creation';
export type { NewAccount } from './account-creation';
export { BootstrapAdmin } from './bootstrap-admin';
export { DepartmentMembership } from './department-membership';
export { UsersModule } from './users.module';
export { UsersService } from './users.service';
export { CreateUserRequest } from './dto/user.dto';
export { DEPARTMENT_MISSING } from './users.service';
export { UserNames } from './user-names';
export type { UserContact } from './user-names';
export { StudentPlacement, StudentPlacementModule } from './student-placement';
export type { PlacementGroup } from './student-placement';
