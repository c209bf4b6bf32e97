import { MIGRATIONS } from '../migrations';
import { DatabaseSchema } from './platform/database/data-source';
import { Department } from './departments';
import { RESOURCES_ENTITIES } from './resources';
import { STUDY_STRUCTURE_ENTITIES } from './study-structure';
import { TEACHER_REQUESTS_ENTITIES } from './teacher-requests';
import { DepartmentAssignment, User } from './users';

/** Every entity and migration of a tenant database. */
export const DATABASE_SCHEMA_DEFINITION: DatabaseSchema = {
  entities: [Department, User, DepartmentAssignment, ...STUDY_STRUCTURE_ENTITIES, ...RESOURCES_ENTITIES, ...TEACHER_REQUESTS_ENTITIES],
  migrations: MIGRATIONS,
};
