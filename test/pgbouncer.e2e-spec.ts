import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { createTenantDataSource } from '../src/platform/database/data-source';
import { runMigrationsLocked } from '../src/platform/database/migrations';
import { createOverride, LessonBody, query } from './support/override-builders';
import { createRule, createUniversity, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { freePort } from './support/free-port';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { dropTestDatabase, testServer, withAdminClient } from './support/test-database';

/**
 * The service behind a real PgBouncer in transaction pooling (issue 29 item 6): the pgbouncer binary of
 * the machine (Debian package `pgbouncer`, /usr/sbin/pgbouncer) in front of the test PostgreSQL. Every
 * statement may then land on another server connection, so anything session-scoped (a start-up
 * parameter, a session SET or advisory lock, a named prepared statement) breaks here. The test installs
 * nothing: without the binary it is skipped with one line saying so.
 */
const binary = ['pgbouncer', '/usr/sbin/pgbouncer'].find((candidate) => spawnSync(candidate, ['--version']).status === 0);
if (!binary) console.log('pgbouncer not found on PATH: PgBouncer transaction-pooling test skipped');
const describeWithPgBouncer = binary ? describe : describe.skip;

/** Starts PgBouncer in transaction pooling in front of the test PostgreSQL; resolves once it accepts logins. */
async function startPgBouncer(dir: string): Promise<{ port: number; process: ChildProcess }> {
  const server = testServer();
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${server.user}" "${server.password}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // Any database name goes to the same-named database of the test server, logged in as its user.
      `* = host=${server.host} port=${server.port} user=${server.user} password=${server.password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Fewer server connections than the app's pool (DB_POOL_MAX 5): clients really share them.
      'default_pool_size = 3',
      'max_client_conn = 100',
      // No ignore_startup_parameters on purpose: PgBouncer must refuse nothing the service sends.
    ].join('\n') + '\n',
  );
  // The directory is readable by `nobody` (below); it holds a test-only password.
  chmodSync(dir, 0o755);
  // PgBouncer refuses to run as root: as root, -u drops to the unprivileged user `nobody`.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child = spawn(binary as string, [...asRoot, join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const started = Date.now();
  for (;;) {
    const client = new Client({ host: '127.0.0.1', port, user: server.user, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return { port, process: child };
    } catch {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() - started > 10000) throw new Error(`pgbouncer did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A migration slower than the role's request limits of the 'slow' test below. */
class SlowMigration1999999999998 implements MigrationInterface {
  name = 'SlowMigration1999999999998';
  async up(db: QueryRunner): Promise<void> {
    await db.query('SELECT pg_sleep(1.5)');
    await db.query('CREATE TABLE slow_migration_done (id integer)');
  }
  async down(): Promise<void> {}
}

describeWithPgBouncer('behind PgBouncer in transaction pooling (DB_POOLER=pgbouncer)', () => {
  const database = `t_pgbouncer_${process.pid}_${Date.now() % 100000}`;
  const server = testServer();
  let dir: string;
  let bouncer: { port: number; process: ChildProcess };
  let t: TestApp;
  let admin: TenantClient;
  let u: University;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
    bouncer = await startPgBouncer(dir);
    // An empty database, so the service migrates it through PgBouncer at start. The timeouts sit on the
    // role in this database only, as docs/operations.md tells operators to do; the idle-in-transaction
    // one is short so that the migration lock's open transaction would be cut if the migrator did not
    // lift it (SET LOCAL) inside its transactions.
    await withAdminClient(async (client) => {
      await client.query(`CREATE DATABASE "${database}" TEMPLATE template0`);
      await client.query(`ALTER ROLE "${server.user}" IN DATABASE "${database}" SET statement_timeout = '15s'`);
      await client.query(`ALTER ROLE "${server.user}" IN DATABASE "${database}" SET idle_in_transaction_session_timeout = '3s'`);
    });
    t = await startTestApp({
      tenants: [],
      extraTenants: [
        { name: 'alpha', domain: 'alpha', url: `jdbc:postgresql://127.0.0.1:${bouncer.port}/${database}`, username: server.user, password: server.password },
      ],
      env: { DB_POOLER: 'pgbouncer' },
    });
    // Test-side SQL (builders) goes straight to PostgreSQL; close() drops the database.
    t.databases.alpha = database;
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { groups: 2, teachers: 2, classrooms: 2, subjects: 3 });
  }, 120000);

  afterAll(async () => {
    await t?.close();
    await dropTestDatabase(`${database}_slow`);
    bouncer?.process.kill('SIGTERM');
    await withAdminClient((client) => client.query(`ALTER ROLE "${server.user}" IN DATABASE "${database}" RESET ALL`)).catch(() => undefined);
    await dropTestDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrated the empty database at start and serves logins through PgBouncer', async () => {
    const [row] = await t.sql<{ count: number }>('alpha', `SELECT count(*) AS count FROM schema_migrations`);
    expect(row.count).toBeGreaterThan(10);
    expect(admin.token).toBeTruthy();
    // The role's defaults are what a server connection behind PgBouncer gets.
    const client = new Client({ host: '127.0.0.1', port: bouncer.port, user: server.user, database });
    await client.connect();
    try {
      expect((await client.query('SHOW statement_timeout')).rows[0]).toEqual({ statement_timeout: '15s' });
    } finally {
      await client.end();
    }
  });

  it('creates a rule, refuses its conflict, takes an override and shows the week', async () => {
    const math = await createRule(admin, ruleBody(u, { lectureAcademicHours: 10, slots: [slotBody(u)] }));
    // The same teacher at the same time for the other group: the conflict check refuses it.
    const clash = await admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[1].id, groupIds: [u.groups[1].id], slots: [slotBody(u)] }));
    expect({ status: clash.status, fields: (clash.body as { conflictFields?: string[] }).conflictFields }).toEqual({ status: 409, fields: ['teacher', 'classroom'] });

    const week = async (): Promise<string[]> => {
      const response = await admin.get(`/api/schedule?${query({ groupId: u.groups[0].id, startDate: '2026-09-07', endDate: '2026-09-13' })}`);
      expect(response.status).toBe(200);
      return (response.body as LessonBody[]).map((lesson) => `${lesson.date} ${lesson.startTime}`);
    };
    expect(await week()).toEqual(['2026-09-08 08:30:00']);
    await createOverride(admin, { baseRuleSlotId: math.slots[0].id, lessonDate: '2026-09-08', action: 'CANCEL' });
    expect(await week()).toEqual([]);
  });

  it('lets exactly one of parallel creations of the same slot win', async () => {
    await t.sql('alpha', `DELETE FROM schedule_overrides`);
    await t.sql('alpha', `DELETE FROM schedule_rules`);
    const slot = slotBody(u, { teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id, dayOfWeek: 4 });
    const bodies = [0, 1, 2].map((n) => ruleBody(u, { subjectId: u.subjects[n].id, groupIds: [u.groups[n % 2].id], slots: [slot] }));
    const responses = await Promise.all(bodies.map((body) => admin.post(RULES_PATH, body)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const [row] = await t.sql<{ count: number }>('alpha', `SELECT count(*) AS count FROM schedule_rules`);
    expect(row.count).toBe(1);
  });

  it('lets a migration outlast the role-level limits while requests keep them', async () => {
    const slow = `${database}_slow`;
    await withAdminClient(async (client) => {
      await client.query(`CREATE DATABASE "${slow}" TEMPLATE template0`);
      await client.query(`ALTER ROLE "${server.user}" IN DATABASE "${slow}" SET statement_timeout = '1s'`);
      await client.query(`ALTER ROLE "${server.user}" IN DATABASE "${slow}" SET idle_in_transaction_session_timeout = '1s'`);
    });
    const config = loadConfig({ DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused', JWT_SECRET: 'x'.repeat(40), DB_POOLER: 'pgbouncer' });
    const dataSource = createTenantDataSource(
      { host: '127.0.0.1', port: bouncer.port, database: slow, user: server.user, password: server.password, ssl: false },
      config.pool,
      { migrations: [SlowMigration1999999999998] },
      'pgbouncer-test',
      () => undefined,
    );
    await dataSource.initialize();
    try {
      // A request statement gets the role's limit through PgBouncer and is cancelled...
      await expect(dataSource.query('SELECT pg_sleep(1.5)')).rejects.toThrow(/statement timeout/);
      // ...while the migration (and the lock transaction idle beside it) runs to the end.
      expect(await runMigrationsLocked(dataSource)).toBe(1);
      expect(await dataSource.query(`SELECT to_regclass('slow_migration_done') IS NOT NULL AS done`)).toEqual([{ done: true }]);
    } finally {
      await dataSource.destroy();
      await withAdminClient((client) => client.query(`ALTER ROLE "${server.user}" IN DATABASE "${slow}" RESET ALL`));
    }
  }, 60000);
});
