import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { TenantDefinition } from '../../src/platform/tenancy/tenant-definition';
import { createTestDatabase, jdbcUrl, testServer, withAdminClient } from './test-database';
import { TEST_ENV, TenantClient, TestApp } from './test-app';

export const TENANTS = '/api/database/tenants';
export const STATUS = '/api/database/status';
export const CHECK = '/api/database/test';

/** Everything Nest's console logger writes while a test file runs (to look for leaked credentials). */
export class CapturedLog {
  readonly lines: string[] = [];
  private readonly restore: (() => void)[] = [];

  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const spy = jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        this.lines.push(String(chunk));
        return true;
      });
      this.restore.push(() => spy.mockRestore());
    }
  }

  stop(): void {
    for (const restore of this.restore) restore();
  }

  get text(): string {
    return this.lines.join('');
  }
}

/** A login role with a password nobody could guess, so a leak of it is unmistakable. */
export async function createSecretRole(label: string): Promise<{ username: string; password: string }> {
  const username = `tenant_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const password = `Pw-${randomBytes(12).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE ROLE "${username}" LOGIN SUPERUSER PASSWORD '${password}'`));
  return { username, password };
}

export async function dropRole(username: string): Promise<void> {
  await withAdminClient((client) => client.query(`DROP ROLE IF EXISTS "${username}"`)).catch(() => undefined);
}

/** An empty database whose first migration must fail (a table of that name already exists). */
export async function createBrokenDatabase(label: string): Promise<string> {
  const name = `t_broken_${label}_${process.pid}_${Date.now() % 100000}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const server = testServer();
  const { Client } = await import('pg');
  const client = new Client({ ...server, database: name });
  await client.connect();
  try {
    await client.query('CREATE TABLE users (id integer)');
  } finally {
    await client.end();
  }
  return name;
}

/** Connections the service holds to a database (its pools are named `timetable:<domain>`). */
export async function serviceConnections(database: string): Promise<number> {
  return withAdminClient(async (client) => {
    const result = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'timetable:%'`,
      [database],
    );
    return result.rows[0].count;
  });
}

/**
 * Runs `action` while every client sends GET `path` one request after another; returns the statuses
 * those requests got. The load starts before the action and ends a moment after it.
 */
export async function underLoad<T>(clients: TenantClient[], path: string, action: () => Promise<T>): Promise<{ result: T; statuses: number[] }> {
  let running = true;
  const statuses: number[] = [];
  const loops = clients.map(async (client) => {
    while (running) statuses.push((await client.get(path)).status);
  });
  await sleep(150);
  try {
    const result = await action();
    await sleep(150);
    return { result, statuses };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

export interface AppOptions {
  tenants: string[];
  env?: Record<string, string>;
  extraTenants?: TenantDefinition[];
  /** Keep Nest's logger on (captured by CapturedLog). */
  log?: boolean;
}

/** Like startTestApp, with the logger on when asked (the tenant tests read the log). */
export async function startAdminApp(options: AppOptions): Promise<TestApp> {
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  const server = testServer();
  const databases: Record<string, string> = {};
  const definitions: TenantDefinition[] = [];
  for (const domain of options.tenants) {
    databases[domain] = await createTestDatabase(domain);
    definitions.push({ name: domain, domain, url: jdbcUrl(databases[domain]), username: server.user, password: server.password });
  }
  definitions.push(...(options.extraTenants ?? []));
  const app = await createApp(config, definitions, options.log ? {} : { logger: false });
  await app.init();
  return new TestApp(app, config, databases);
}
