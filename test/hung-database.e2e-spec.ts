import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { Server } from 'node:http';
import { Client } from 'pg';
import request from 'supertest';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { createTenantDataSource } from '../src/platform/database/data-source';
import { runMigrationsLocked } from '../src/platform/database/migrations';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { expectErrorBody } from './support/factories';
import { StandalonePostgres } from './support/standalone-postgres';
import { ADMIN } from './support/test-app';
import { freePort } from './support/free-port';

/** Every request must be answered within this while the database is frozen (3 s, plus slack for a busy machine). */
const LIMIT_MS = 3000;
const SLACK_MS = 700;

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** A migration longer than the request timeouts (statement 2 s, read 2.5 s by default). */
class SlowMigration1999999999999 implements MigrationInterface {
  name = 'SlowMigration1999999999999';
  async up(db: QueryRunner): Promise<void> {
    await db.query('SELECT pg_sleep(3.2)');
    await db.query('CREATE TABLE slow_migration_done (id integer)');
  }
  async down(): Promise<void> {}
}

/**
 * A database server that is frozen (SIGSTOP), not stopped: it accepts TCP connections in the kernel
 * but never answers, and never enforces its own statement timeout. Requests must still get 503 within
 * about 3 s (client-side read and connection timeouts, default settings), readiness goes DOWN, and
 * everything recovers when the server thaws. A PostgreSQL of its own, since this one gets frozen.
 */
describe('a hung database', () => {
  let pg: StandalonePostgres;
  let port: number;
  let app: INestApplication;
  let frozen: number[] = [];

  const server = () => app.getHttpServer() as Server;
  const api = () => request(server());

  /** The postmaster and every backend it forked. */
  function serverProcesses(): number[] {
    const postmaster = pg.postmasterPid;
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  }
  function freeze(): void {
    frozen = serverProcesses();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
  }
  function thaw(): void {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone meanwhile
      }
    }
    frozen = [];
  }

  async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    port = await freePort();
    pg = await StandalonePostgres.start(port);
    await withAdmin(async (client) => {
      await client.query('CREATE DATABASE hung');
      await client.query('CREATE DATABASE slow');
    });

    // Production defaults for every database timeout: nothing about them is set here.
    const config = loadConfig({
      DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      HEALTH_CHECK_INTERVAL_MS: '250',
      HEALTH_CHECK_TIMEOUT_MS: '1000',
      HEALTH_STALE_AFTER_MS: '2000',
      SWAGGER_ENABLED: 'false',
    });
    app = await createApp(
      config,
      [{ name: 'alpha', domain: 'alpha', url: `jdbc:postgresql://127.0.0.1:${port}/hung`, username: 'postgres', password: 'postgres' }],
      { logger: false },
    );
    await app.init();
  }, 120000);

  afterAll(async () => {
    thaw();
    await app?.close();
    await pg?.stop();
  });

  it('answers every request 503 within 3 s while the server is frozen, readiness DOWN, and recovers when it thaws', async () => {
    const token = (await api().post('/api/auth/login').set('Host', 'alpha.timetable.test').send(ADMIN)).body.token as string;
    expect(token).toEqual(expect.any(String));
    const as = (test: request.Test) => test.set('Host', 'alpha.timetable.test').set('Authorization', `Bearer ${token}`);
    // Fill the pool (10 connections): when the server freezes, every request of the first wave starts on
    // a connection it already has, transactions included, and their ROLLBACK must not wait again.
    const pool = app.get(TenantRegistry).lease('alpha');
    if (!pool) throw new Error('the tenant is not ready');
    await Promise.all(Array.from({ length: 10 }, () => pool.dataSource.query('SELECT pg_sleep(0.3)')));
    pool.release();
    await Promise.all(Array.from({ length: 6 }, () => as(api().get('/api/users')).expect(200)));
    await eventually(async () => (await api().get('/actuator/health/readiness')).status === 200, 10000);

    freeze();
    /** A mix of reads, writes in a transaction and logins; more than the pool holds, so some wait for a connection. */
    const wave = () => [
      ...Array.from({ length: 6 }, (_, i) => as(api().post('/api/departments').send({ departmentName: `Кафедра ${i}`, departmentCode: 100 + i }))),
      ...Array.from({ length: 3 }, () => api().post('/api/auth/login').set('Host', 'alpha.timetable.test').send(ADMIN)),
      ...Array.from({ length: 6 }, () => as(api().get('/api/users'))),
    ];
    const timed = async (test: request.Test) => {
      const started = Date.now();
      const response = await test;
      return { response, ms: Date.now() - started };
    };

    // First wave: hangs on connections the pool already had. Second wave: needs new connections.
    for (const round of [1, 2]) {
      const results = await Promise.all(wave().map(timed));
      for (const { response, ms } of results) {
        expect({ round, status: response.status }).toEqual({ round, status: 503 });
        expect(ms).toBeLessThan(LIMIT_MS + SLACK_MS);
        expectErrorBody(response.body as Record<string, unknown>, 503, response.body.path as string);
      }
    }
    // Liveness never depends on the database; readiness goes DOWN.
    const liveness = await timed(api().get('/actuator/health/liveness'));
    expect(liveness.response.status).toBe(200);
    expect(liveness.ms).toBeLessThan(500);
    await eventually(async () => (await api().get('/actuator/health/readiness')).status === 503, 5000);

    thaw();
    await eventually(async () => (await as(api().get('/api/users'))).status === 200, 15000);
    await eventually(async () => (await api().get('/actuator/health/readiness')).status === 200, 15000);
    const created = await as(api().post('/api/departments').send({ departmentName: 'Кафедра после паузы', departmentCode: 999 }));
    expect(created.status).toBe(200);
    // Nothing written while frozen slipped through afterwards.
    const departments = await as(api().get('/api/departments'));
    expect((departments.body as { departmentName: string }[]).map((d) => d.departmentName)).toEqual(['Кафедра после паузы']);
  }, 120000);

  it('lets a migration run longer than the request timeouts', async () => {
    const config = loadConfig({ DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused', JWT_SECRET: 'x'.repeat(40) });
    const dataSource = createTenantDataSource(
      { host: '127.0.0.1', port, database: 'slow', user: 'postgres', password: 'postgres', ssl: false },
      config.pool,
      { migrations: [SlowMigration1999999999999] },
      'hung-database-test',
      () => undefined,
    );
    await dataSource.initialize();
    try {
      // The same statement on the request pool is cut off by the timeouts...
      await expect(dataSource.query('SELECT pg_sleep(3.2)')).rejects.toThrow();
      // ...but the migration of it runs to the end.
      expect(await runMigrationsLocked(dataSource)).toBe(1);
      expect(await dataSource.query(`SELECT to_regclass('slow_migration_done') IS NOT NULL AS done`)).toEqual([{ done: true }]);
    } finally {
      await dataSource.destroy();
    }
  }, 60000);
});
