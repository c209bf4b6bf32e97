import { MIGRATIONS } from '../migrations';
import { DatabaseSchema } from './platform/database/data-source';

/** Every migration of a tenant database (features write SQL through TenantDb; there are no entities). */
export const DATABASE_SCHEMA_DEFINITION: DatabaseSchema = {
  migrations: MIGRATIONS,
};
