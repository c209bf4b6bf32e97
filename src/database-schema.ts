import { MIGRATIONS } from '../migrations';
import { DatabaseSchema } from './platform/database/data-source';
import { Department } from './departments/department.entity';
import { RESOURCES_ENTITIES } from './resources/entities';
import { STUDY_STRUCTURE_ENTITIES } from './study-structure/entities';
import { TEACHER_REQUESTS_ENTITIES } from './teacher-requests/entities';
import { DepartmentAssignment, User } from './users/user.entity';

/** Every entity and migration of a tenant database. */
export const DATABASE_SCHEMA_DEFINITION: DatabaseSchema = {
  entities: [Department, User, DepartmentAssignment, ...STUDY_STRUCTURE_ENTITIES, ...RESOURCES_ENTITIES, ...TEACHER_REQUESTS_ENTITIES],
  migrations: MIGRATIONS,
};
