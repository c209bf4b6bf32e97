import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Client } from 'pg';
import { ConfigError, isEmbeddedMode, loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { startEmbeddedPostgres } from '../src/platform/tenancy/embedded-postgres';
import { TenantDefinition, tenantConnection } from '../src/platform/tenancy/tenant-definition';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { weekNumber } from '../src/schedule-engine/weeks';
import { Period, semesterWeek } from './seed/academic-dates';
import { DEMO_SCALE } from './seed/university-scale';
import { SeededUniversity, seedUniversity, UniversityNotEmptyError } from './seed/university-seeder';

/**
 * `npm run demo [-- --reset]`: fills the embedded `localhost` tenant with a small demo university
 * (the same seeder as the benchmark, at DEMO_SCALE) and prints one login per role. Uses the embedded
 * PostgreSQL exactly as `npm start` does (EMBEDDED_PG_PORT, EMBEDDED_PG_DATA_DIR), so the service
 * must not be running meanwhile. `--reset` drops the tenant's database first.
 */
const DEMO_PASSWORD = 'demo12345';
/** A 60-seat room added after the timetable was built (see main). */
const LATE_ROOM = '1-201';

function say(message = ''): void {
  process.stdout.write(`${message}\n`);
}

/** Whether something already listens on the loopback port (the service's own PostgreSQL, most likely). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function withClient<T>(tenant: TenantDefinition, database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const { host, port, user, password } = tenantConnection(tenant);
  const client = new Client({ host, port, user, password, database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function recreateDatabase(tenant: TenantDefinition): Promise<void> {
  const { database } = tenantConnection(tenant);
  await withClient(tenant, 'postgres', async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database}"`);
  });
  say(`Dropped and recreated the database ${database}.`);
}

/** The week to look at first: this week when a semester is on, otherwise the first week of the next (or last) one. */
function weekToShow(seeded: SeededUniversity): Period {
  const today = todayInBusinessZone();
  const semesters = [seeded.semesters.autumn, seeded.semesters.spring];
  const current = semesters.find((semester) => semester.startDate <= today && today <= semester.endDate);
  if (current) return semesterWeek(current, weekNumber(current.startDate, today));
  const next = semesters.find((semester) => semester.startDate > today) ?? semesters[1];
  return semesterWeek(next, 1);
}

function printSummary(seeded: SeededUniversity, adminPassword: string, port: number): void {
  const c = seeded.counts;
  say();
  say(`Demo university ${seeded.academicYear.title} is ready:`);
  say(`  ${c.departments} departments, ${c.teachers} teachers, ${c.groups} groups with ${c.subgroups} lab subgroups, ${c.classrooms} classrooms, ${c.subjects} subjects`);
  say(`  autumn ${seeded.semesters.autumn.startDate}..${seeded.semesters.autumn.endDate}: ${seeded.semesters.autumn.ruleCount} rules; ` +
    `spring ${seeded.semesters.spring.startDate}..${seeded.semesters.spring.endDate}: ${seeded.semesters.spring.ruleCount} rules`);
  say();
  say('Logins (one per role):');
  const rows = [
    { role: 'ADMIN', username: 'admin', password: adminPassword, who: 'the bootstrap administrator (unless you changed its password)' },
    ...seeded.logins.map((login) => ({
      role: login.role,
      username: login.username,
      password: DEMO_PASSWORD,
      who: `${login.fullName} — ${login.jobTitle}, ${login.departmentName}`,
    })),
  ];
  const width = (pick: (row: (typeof rows)[number]) => string) => Math.max(...rows.map((row) => pick(row).length));
  const [roleWidth, userWidth, passWidth] = [width((r) => r.role), width((r) => r.username), width((r) => r.password)];
  for (const row of rows) say(`  ${row.role.padEnd(roleWidth)}  ${row.username.padEnd(userWidth)}  ${row.password.padEnd(passWidth)}  ${row.who}`);
  say(`  (every seeded user, e.g. teacher001..teacher${String(c.teachers).padStart(3, '0')} and department1..department${c.departments}, has the password ${DEMO_PASSWORD})`);

  const week = weekToShow(seeded);
  const group = seeded.groups[0];
  say();
  say('Next:');
  say('  npm start');
  say(`  Web pages: http://localhost:${port}/student/?date=${week.startDate}  (sign in as student; teachers and the office are sent to /teacher/ and /admin/)`);
  say(`  Swagger UI: http://localhost:${port}/swagger-ui  (POST /api/auth/login, then put the token into «Authorize»)`);
  say(`  Group ${group.name}, one week: GET /api/schedule?groupId=${group.id}&startDate=${week.startDate}&endDate=${week.endDate}`);
  say(`  Groups: GET /api/groups; semesters: GET /api/schedule/semesters; rules: GET /api/admin/schedule-rules?semesterId=${seeded.semesters.autumn.id}`);
  say(`  The office's desk: http://localhost:${port}/admin/#rules (sign in as office). Room ${LATE_ROOM} (60 seats) opened after the timetable`);
  say('  was made: «Качество» proposes moving stream lectures from the big halls into it.');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.some((arg) => arg !== '--reset')) {
    say('Usage: npm run demo [-- --reset]');
    say('  Fills the embedded tenant "localhost" with a demo university; --reset drops its database first.');
    return args.includes('--help') || args.includes('-h') ? 0 : 1;
  }
  const reset = args.includes('--reset');
  const config = loadConfig();
  if (!isEmbeddedMode(config)) {
    say('npm run demo fills the embedded PostgreSQL of `npm start`; unset TENANTS_FILE and DATABASE_URL to use it.');
    return 1;
  }
  const domain = config.embedded.tenants.includes('localhost') ? 'localhost' : config.embedded.tenants[0];
  if (await portInUse(config.embedded.port)) {
    say(`Something already listens on 127.0.0.1:${config.embedded.port}, most likely the service itself (npm start).`);
    say('Stop it first, then run `npm run demo` again: the demo needs the embedded PostgreSQL to itself.');
    return 1;
  }

  say(`Starting the embedded PostgreSQL (${config.embedded.dataDir}, port ${config.embedded.port})...`);
  const embedded = await startEmbeddedPostgres({ ...config.embedded, tenants: [domain] });
  try {
    const [tenant] = embedded.tenants;
    if (reset) await recreateDatabase(tenant);

    // The application migrates the tenant and creates its administrator, exactly as at start-up.
    // It serves nothing here, so a throw-away signing secret is enough.
    config.jwt.secret ??= randomBytes(48).toString('base64url');
    const app = await createApp(config, [tenant], { logger: false });
    try {
      await app.init();
      const pool = app.get(TenantRegistry).lease(domain);
      if (!pool) throw new Error(`the database of tenant ${domain} could not be migrated`);
      pool.release();
    } finally {
      await app.close();
    }

    say(`Seeding the demo university into tenant "${domain}"...`);
    let seeded: SeededUniversity;
    try {
      seeded = await withClient(tenant, tenantConnection(tenant).database, (client) =>
        seedUniversity(client, { scale: DEMO_SCALE, password: DEMO_PASSWORD }),
      );
    } catch (error) {
      if (!(error instanceof UniversityNotEmptyError)) throw error;
      say();
      say(`The tenant "${domain}" already has data (${error.found.join(', ')}), so nothing was changed.`);
      say('To replace everything in it with the demo university, run:  npm run demo -- --reset');
      return 1;
    }
    // A room opened after the timetable was made: the stream lectures sit in halls three times too big,
    // and the office's «Качество» proposes moving them here (a recommendation to apply in the browser).
    // Every teacher may also teach the other subjects of their department, so when one falls ill the
    // absence wizard offers colleagues who are free at that hour (not only moves and cancellation).
    await withClient(tenant, tenantConnection(tenant).database, async (client) => {
      await client.query(`INSERT INTO classrooms (name, capacity, building, floor) VALUES ($1, 60, '1', 2)`, [LATE_ROOM]);
      await client.query(
        `INSERT INTO teacher_subjects (user_id, subject_id)
         SELECT a.user_id, s.id FROM user_department_assignments a
           JOIN users u ON u.id = a.user_id AND u.role = 'TEACHER'
           JOIN subjects s ON s.department_id = a.department_id
          WHERE a.is_primary AND a.valid_to IS NULL
         ON CONFLICT (user_id, subject_id) DO NOTHING`,
      );
    });
    printSummary(seeded, config.bootstrapAdmin.password ?? '(set by BOOTSTRAP_ADMIN_PASSWORD)', config.port);
    return 0;
  } finally {
    // pg's end() resolves before the goodbye reaches the server; let it land before stopping.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await embedded.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(error instanceof ConfigError ? error.message : `Demo failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
