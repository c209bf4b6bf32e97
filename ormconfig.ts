import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { parseDatabaseUrl } from './src/platform/tenancy/database-url';

/**
 * For the TypeORM CLI against one tenant database, e.g.
 *   DATABASE_URL=postgres://user:pass@host:5432/db npm run typeorm -- migration:show
 * The service itself migrates every tenant at start-up; this is for inspection and manual runs.
 */
const address = parseDatabaseUrl(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/tenant_localhost');

export default new DataSource({
  type: 'postgres',
  host: address.host,
  port: address.port,
  database: address.database,
  username: process.env.DATABASE_USERNAME ?? address.user,
  password: process.env.DATABASE_PASSWORD ?? address.password,
  ssl: address.ssl ? { rejectUnauthorized: false } : false,
  migrations: MIGRATIONS,
  migrationsTableName: 'schema_migrations',
  synchronize: false,
});
