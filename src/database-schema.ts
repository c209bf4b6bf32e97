import { MIGRATIONS } from '../migrations';
import { DatabaseSchema } from './platform/database/data-source';
import { Department } from './departments/department.entity';
import { DepartmentAssignment, User } from './users/user.entity';

/** Every entity and migration of a tenant database. */
export const DATABASE_SCHEMA_DEFINITION: DatabaseSchema = {
  entities: [Department, User, DepartmentAssignment],
  migrations: MIGRATIONS,
};
