/**
 * Tenant administration at runtime (spec 4.21): the only way in for other features (the boundary lint
 * refuses imports of this folder's files from outside it).
 */
export { TenantsModule } from './tenants.module';
