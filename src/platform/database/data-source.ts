import { types } from 'pg';
import { DataSource, MixedList } from 'typeorm';
import { DatabasePoolConfig } from '../../config/app-config';
import { DeadlineClient } from './deadline-client';

// Calendar dates stay 'YYYY-MM-DD' strings end to end: a JS Date would shift them by the zone.
types.setTypeParser(types.builtins.DATE, (value) => value);
// bigint counts (COUNT(*)) fit easily in a JS number here.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

/** What a tenant database is built from: its migrations (SQL goes through TenantDb; there are no entities). */
export interface DatabaseSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export interface ConnectionTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
  ssl: boolean;
}

/**
 * A TypeORM DataSource with a bounded pg pool: a timeout for getting a connection (waiting for a free
 * one or opening one), a server-side statement timeout and a client-side read timeout slightly
 * longer. A frozen server (which never enforces its statement timeout) therefore fails a request
 * within the read timeout, and the connection it hung on is dropped (DeadlineClient). Migrations run
 * on a separate DataSource without these limits (migrations.ts).
 */
export function createTenantDataSource(
  target: ConnectionTarget,
  pool: DatabasePoolConfig,
  schema: DatabaseSchema,
  applicationName: string,
  onPoolError: (error: Error) => void,
): DataSource {
  return new DataSource({
    type: 'postgres',
    host: target.host,
    port: target.port,
    database: target.database,
    username: target.user,
    password: target.password,
    // TLS, when the URL asks for it, verifies the server's certificate and name: against the system CAs,
    // or against DB_SSL_CA_FILE alone when it is set (a university's own CA).
    ssl: target.ssl ? { rejectUnauthorized: true, ...(pool.sslCa ? { ca: pool.sslCa } : {}) } : false,
    migrations: schema.migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    installExtensions: false,
    poolErrorHandler: onPoolError,
    logging: false,
    invalidWhereValuesBehavior: { null: 'throw', undefined: 'throw' },
    poolSize: pool.maxConnections,
    connectTimeoutMS: pool.connectTimeoutMs,
    applicationName,
    extra: {
      Client: DeadlineClient,
      ...serverTimeouts(pool),
      query_timeout: pool.queryTimeoutMs ?? pool.statementTimeoutMs + 500,
      idleTimeoutMillis: pool.idleTimeoutMs,
      keepAlive: true,
    },
  });
}

/**
 * The server-side timeouts, sent as start-up parameters of each connection. PgBouncer refuses such
 * parameters and, in transaction pooling, a session SET would land on whichever server connection
 * served it: behind PgBouncer (DB_POOLER=pgbouncer) none is sent, and the database role carries the
 * same limits (ALTER ROLE … SET, docs/operations.md). The client-side read timeout stays either way.
 */
export function serverTimeouts(pool: DatabasePoolConfig): Record<string, number> {
  if (pool.pooler === 'pgbouncer') return {};
  return { statement_timeout: pool.statementTimeoutMs, idle_in_transaction_session_timeout: pool.statementTimeoutMs * 2 };
}
