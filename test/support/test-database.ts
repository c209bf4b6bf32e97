import { Client } from 'pg';

/** Where the test PostgreSQL is: set by global-setup (embedded) or TEST_DATABASE_URL. */
export interface TestServer {
  host: string;
  port: number;
  user: string;
  password: string;
}

export const TEMPLATE_DATABASE = 'timetable_test_template';

export function testServer(): TestServer {
  const raw = process.env.TIMETABLE_TEST_SERVER;
  if (!raw) throw new Error('The test PostgreSQL is not started: run the e2e tests through jest (global-setup)');
  return JSON.parse(raw) as TestServer;
}

export async function withAdminClient<T>(work: (client: Client) => Promise<T>, server = testServer()): Promise<T> {
  const client = new Client({ ...server, database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let counter = 0;

/** A fresh, already-migrated database cloned from the template; returns its name. */
export async function createTestDatabase(label: string): Promise<string> {
  counter++;
  const name = `t_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${counter}_${Date.now() % 100000}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`));
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export function jdbcUrl(database: string, server = testServer()): string {
  return `jdbc:postgresql://${server.host}:${server.port}/${database}`;
}
