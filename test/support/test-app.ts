import 'reflect-metadata';
import { INestApplication, LoggerService } from '@nestjs/common';
import { Server } from 'node:http';
import request from 'supertest';
import { Pool } from 'pg';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { TenantDefinition } from '../../src/platform/tenancy/tenant-definition';
import { createTestDatabase, dropTestDatabase, jdbcUrl, testServer } from './test-database';

export const ADMIN = { username: 'admin', password: 'admin12345' };

export interface StartOptions {
  /** Tenant domains to create, each with a fresh database cloned from the migrated template. */
  tenants?: string[];
  /** The IANA time zone of some of `tenants` (the others follow DEFAULT_TIME_ZONE). */
  timeZones?: Record<string, string>;
  /** Extra tenants pointing anywhere (for unreachable-database scenarios). */
  extraTenants?: TenantDefinition[];
  env?: Record<string, string>;
  /** Where the application logs (silent by default). */
  logger?: LoggerService;
}

export class TestApp {
  constructor(
    readonly app: INestApplication,
    readonly config: AppConfig,
    /** domain -> database name */
    readonly databases: Record<string, string>,
  ) {}

  get server(): Server {
    return this.app.getHttpServer() as Server;
  }

  /** Points PUBLIC_URL at the address a test serves on (known only once it listens), e.g. `http://{domain}.localhost:40123`. */
  setPublicUrl(publicUrl: string): void {
    this.config.publicUrl = publicUrl;
  }

  /** An HTTP client for one tenant (Host `<tenant>.timetable.test`), optionally with a bearer token. */
  as(tenant: string, token?: string): TenantClient {
    return new TenantClient(this.server, `${tenant}.timetable.test`, token);
  }

  /** The tests' own connections, a small pool per tenant database, opened at the first `sql` call. */
  private readonly pools = new Map<string, Pool>();

  /** Runs SQL directly against a tenant database (to check that nothing changed, or to prepare data). */
  async sql<T = Record<string, unknown>>(tenant: string, text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.poolOf(tenant).query(text, params)).rows as T[];
  }

  /**
   * A file makes hundreds of `sql` calls: one connection each made PostgreSQL start a backend (and
   * load a fresh database's catalog) hundreds of times a file. A connection that fails a query is
   * dropped by the pool, so an aborted transaction never reaches the next call.
   */
  private poolOf(tenant: string): Pool {
    let pool = this.pools.get(tenant);
    if (!pool) {
      pool = new Pool({ ...testServer(), database: this.databases[tenant], max: 4, idleTimeoutMillis: 5_000, application_name: 'timetable-tests' });
      pool.on('error', () => undefined); // an idle connection ended by the server (a test's drop or terminate)
      this.pools.set(tenant, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    await this.app.close();
    await Promise.all([...this.pools.values()].map((pool) => pool.end()));
    this.pools.clear();
    for (const database of Object.values(this.databases)) await dropTestDatabase(database);
  }
}

export class TenantClient {
  constructor(
    private readonly server: Server,
    readonly host: string,
    readonly token?: string,
  ) {}

  withToken(token: string): TenantClient {
    return new TenantClient(this.server, this.host, token);
  }

  private prepare(test: request.Test): request.Test {
    test.set('Host', this.host);
    if (this.token) test.set('Authorization', `Bearer ${this.token}`);
    return test;
  }

  get(path: string) {
    return this.prepare(request(this.server).get(path));
  }
  head(path: string) {
    return this.prepare(request(this.server).head(path));
  }
  post(path: string, body?: unknown) {
    const test = this.prepare(request(this.server).post(path));
    return body === undefined ? test : test.send(body as object);
  }
  put(path: string, body?: unknown) {
    const test = this.prepare(request(this.server).put(path));
    return body === undefined ? test : test.send(body as object);
  }
  delete(path: string, body?: unknown) {
    const test = this.prepare(request(this.server).delete(path));
    return body === undefined ? test : test.send(body as object);
  }

  /** Logs in and returns a client carrying the access token. */
  async login(username: string, password: string): Promise<TenantClient> {
    const response = await this.post('/api/auth/login', { username, password });
    if (response.status !== 200) throw new Error(`login of ${username} failed with ${response.status}`);
    return this.withToken(response.body.token as string);
  }
}

export const TEST_ENV: Record<string, string> = {
  DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  HEALTH_CHECK_INTERVAL_MS: '250',
  HEALTH_CHECK_TIMEOUT_MS: '1000',
  HEALTH_STALE_AFTER_MS: '3000',
  TENANT_RETRY_INTERVAL_MS: '300',
  DB_CONNECT_TIMEOUT_MS: '2000',
  // Generous for a busy shared test machine; the production defaults are tested in hung-database.e2e-spec.
  DB_STATEMENT_TIMEOUT_MS: '15000',
  DB_POOL_MAX: '5',
  // Building the OpenAPI document costs about a third of an app's start-up; openapi.e2e-spec turns it on.
  SWAGGER_ENABLED: 'false',
  // Tests change schedule data by SQL behind the application's back and expect the next view to show
  // it; the bounded staleness of production (250 ms) is tested on its own in schedule-etag.e2e-spec.
  SCHEDULE_STAMP_MAX_AGE_MS: '0',
  // The delivery worker's rounds would show in the tests that count queries; the notification tests
  // turn it on (NOTIFY_WORKER_ENABLED: 'true').
  NOTIFY_WORKER_ENABLED: 'false',
  // Likewise the solver jobs' runner (one query per tenant a round); the optimization tests turn it on.
  OPTIMIZATION_WORKER_ENABLED: 'false',
  // Nor the count of waiting jobs for /metrics (a test that reads it runs a round itself).
  OPTIMIZATION_COUNT_INTERVAL_MS: '0',
  // A run hashes and checks thousands of passwords (about 30 a file): 1 MiB instead of the OWASP 19 MiB
  // makes each about 1 ms instead of 45. The default is checked in password-hasher.spec; the timing
  // test of unknown users (auth.e2e-spec) runs with it.
  PASSWORD_HASH_MEMORY_KIB: '1024',
  // The tenants' public address, as the tests' clients name them (links are built from it, never from Host).
  PUBLIC_URL: 'http://{domain}.timetable.test',
};

export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  const server = testServer();
  const databases: Record<string, string> = {};
  const definitions: TenantDefinition[] = [];
  for (const domain of options.tenants ?? ['alpha']) {
    databases[domain] = await createTestDatabase(domain);
    const timeZone = options.timeZones?.[domain];
    definitions.push({ name: domain, domain, url: jdbcUrl(databases[domain]), username: server.user, password: server.password, ...(timeZone ? { timeZone } : {}) });
  }
  definitions.push(...(options.extraTenants ?? []));
  const app = await createApp(config, definitions, { logger: options.logger ?? false });
  await app.init();
  return new TestApp(app, config, databases);
}
