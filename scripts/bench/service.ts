import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { TenantRegistry } from '../../src/platform/tenancy/tenant-registry';
import { SeededUniversity, seedUniversity } from '../seed/university-seeder';
import { ScratchServer } from '../scratch-postgres';
import { send, Target } from './load';
import { chosenScale, log } from './settings';
import { freePort } from '../free-port';

/**
 * The measured service and its data: a scratch tenant `bench` migrated by the app itself, seeded with
 * a university (BENCH_SCALE), and the compiled service (`dist/src/main.js`, as `npm start` runs it) in
 * its own process on a loopback port, so the load generator does not share its event loop.
 */
export const TENANT = 'bench';
const HOST = `${TENANT}.timetable.local`;
const ADMIN_PASSWORD = 'admin12345';
/** The administrator every seeded tenant has (clones of the seeded database too). */
export const ADMIN_LOGIN = { username: 'admin', password: ADMIN_PASSWORD };


export interface SeededDatabase {
  database: string;
  jwtSecret: string;
  seeded: SeededUniversity;
  /** A connection to the tenant database, for scenarios that look data up; the caller ends it. */
  db: Client;
}

/** Creates the scratch tenant database, migrates it (and creates the administrator) and seeds it. */
export async function seedDatabase(server: ScratchServer): Promise<SeededDatabase> {
  const database = await server.createDatabase(process.env.TEST_DATABASE_URL ? `timetable_bench_${process.pid}` : `tenant_${TENANT}`);
  const jwtSecret = randomBytes(48).toString('base64url');
  const config = loadConfig({
    DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused',
    JWT_SECRET: jwtSecret,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DB_POOL_MAX: process.env.DB_POOL_MAX,
  });
  const app = await createApp(
    config,
    [{ name: TENANT, domain: TENANT, url: `jdbc:postgresql://${server.host}:${server.port}/${database}`, username: server.user, password: server.password }],
    { logger: false },
  );
  let started = performance.now();
  await app.init(); // migrates the tenant and creates the administrator
  const pool = app.get(TenantRegistry).lease(TENANT);
  if (!pool) throw new Error('the bench tenant could not be migrated');
  pool.release();
  await app.close();
  log(`Migrated the scratch tenant in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const db = new Client({ host: server.host, port: server.port, user: server.user, password: server.password, database });
  await db.connect();
  started = performance.now();
  const seeded = await seedUniversity(db, { scale: chosenScale().scale, password: ADMIN_PASSWORD });
  await db.query('ANALYZE');
  const c = seeded.counts;
  const autumn = seeded.semesters.autumn;
  log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${c.groups} groups, ${c.subgroups} subgroups, ${c.teachers} teachers, ` +
      `${c.classrooms} rooms, ${c.subjects} subjects, ${autumn.ruleCount} rules with ${c.ruleSlots} slots ` +
      `(${autumn.startDate}..${autumn.endDate}), ` +
      `one-off changes: ${seeded.overrides.CANCEL} cancels, ${seeded.overrides.MOVE} moves, ${seeded.overrides.REPLACE} replacements`,
  );
  return { database, jwtSecret, seeded, db };
}

/** The compiled service in a child process, configured for the scratch tenant (and `env`); ready when it answers. */
export async function startService(
  server: ScratchServer,
  { database, jwtSecret }: SeededDatabase,
  env: Record<string, string> = {},
  /** Many tenants (BENCH_TENANTS): their TENANTS_FILE, and the Host of the one to log in to. */
  many?: { tenantsFile: string; host: string },
  /** The script to run instead of the service's own start (the metrics pair: metrics-pair-server.ts). */
  script = resolve(__dirname, '../../src/main.js'),
): Promise<{ target: Target; stop: () => Promise<void>; pid: number }> {
  const port = await freePort();
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${database}`;
  const host = many?.host ?? HOST;
  const tenants = many ? { TENANTS_FILE: many.tenantsFile } : { DATABASE_URL: url, DEFAULT_TENANT: TENANT };
  // BENCH_SERVICE_NODE_ARGS: extra Node options for the service only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, script], {
    env: {
      ...process.env,
      PORT: String(port),
      ...tenants,
      JWT_SECRET: jwtSecret,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SWAGGER_ENABLED: 'false',
      // The harness signs in once; a run with the solver's jobs outlasts the default 15 minutes of a token.
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      ...env,
    },
    stdio: process.env.BENCH_SERVICE_LOG ? 'inherit' : 'ignore', // BENCH_SERVICE_LOG=1: the service's log lines too
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = performance.now() + (many ? 300_000 : 60_000);
  while (performance.now() < deadline) {
    const ready = await send({ port, host }, { method: 'GET', path: '/actuator/health/readiness' }).catch(() => undefined);
    if (ready?.status === 200) {
      const login = await send({ port, host }, { method: 'POST', path: '/api/auth/login', body: { username: 'admin', password: ADMIN_PASSWORD } });
      if (login.status !== 200) {
        await stop();
        throw new Error(`admin login failed with ${login.status}`);
      }
      return { target: { port, host, token: (JSON.parse(login.body) as { token: string }).token }, stop, pid: child.pid as number };
    }
    if (child.exitCode !== null) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  await stop();
  throw new Error('the service did not become ready');
}
