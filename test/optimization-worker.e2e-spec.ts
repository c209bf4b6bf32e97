import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Metrics } from '../src/platform/metrics/metrics';
import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { SERVICE_WORKER, ServiceProcess, startService } from './support/service-process';
import { ADMIN, startTestApp, TEST_ENV, TenantClient, TestApp } from './support/test-app';
import { jdbcUrl, testServer } from './support/test-database';

const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';

interface Job {
  id: number;
  status: string;
  resultVersionId: number | null;
  stopReason: string | null;
}

/**
 * Solving off the request instances (issue 54 §6): the request instance runs with
 * OPTIMIZATION_WORKER_ENABLED=false (as every test app does) and claims nothing; the solver worker,
 * the built `dist/src/worker.js` as its own process on the same database, answers only its health
 * probes and `/metrics`, claims the job and runs it with two search threads.
 */
describe('the solver worker process (issue 54 §6)', () => {
  let t: TestApp;
  let office: TenantClient;
  let u: University;
  let dir: string;
  let worker: ServiceProcess | undefined;

  const gauge = (text: string, state: string) => Number(new RegExp(`^timetable_optimization_jobs\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    // The request instance: worker off (as in every test app), its timers fast, so a claim would show within the test.
    t = await startTestApp({
      tenants: ['alpha'],
      env: { OPTIMIZATION_WORKER_ENABLED: 'false', OPTIMIZATION_POLL_INTERVAL_MS: '100', OPTIMIZATION_COUNT_INTERVAL_MS: '100' },
    });
    const admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    const [A, B] = u.groups;
    for (const [subject, group, pair, teacher] of [
      [0, A, 1, 0],
      [1, A, 3, 1],
      [0, B, 2, 0],
    ] as const) {
      await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [group.id],
          lectureAcademicHours: 36,
          slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[pair - 1].id, teacherId: u.teachers[teacher].id, classroomId: u.classrooms[teacher].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    }
    dir = mkdtempSync(join(tmpdir(), 'timetable-worker-'));
  });
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a request instance with OPTIMIZATION_WORKER_ENABLED=false leaves a job waiting, and counts it for /metrics', async () => {
    const draft = (await createVersion(office, u.semester.id, 'Ждёт исполнителя', u.versionId)).id;
    const queued = (await office.post(`${VERSIONS}/${draft}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 })).body as Job;
    // A second of its own rounds: counted, never claimed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(((await office.get(`${JOBS}/${queued.id}`)).body as Job).status).toBe('QUEUED');
    const text = await t.app.get(Metrics).exposition();
    expect(text).toContain('# TYPE timetable_optimization_jobs gauge');
    expect(gauge(text, 'waiting')).toBe(1);
    expect(gauge(text, 'running')).toBe(0);
    expect((await office.post(`${JOBS}/${queued.id}/cancel`)).status).toBe(200);
  });

  it('the worker process answers only health and metrics, claims the job the request instance queued, and runs it through', async () => {
    const server = testServer();
    const file = join(dir, 'tenants.json');
    writeFileSync(file, JSON.stringify([{ name: 'alpha', domain: 'alpha', url: jdbcUrl(t.databases.alpha), username: server.user, password: server.password }]));
    worker = startService(
      dir,
      {
        PORT: '0',
        METRICS_PORT: '0',
        TENANTS_FILE: file,
        TENANTS_STORE: 'file',
        JWT_SECRET: TEST_ENV.JWT_SECRET,
        // The shared environment may say so; the worker claims jobs whatever it says.
        OPTIMIZATION_WORKER_ENABLED: 'false',
        OPTIMIZATION_POLL_INTERVAL_MS: '200',
        SOLVER_THREADS: '2',
      },
      SERVICE_WORKER,
    );
    const port = await worker.listening(120_000);
    await worker.waitFor(/Metrics: http:\/\/localhost:\d+\/metrics/);
    const metricsPort = Number(/Metrics: http:\/\/localhost:(\d+)\/metrics/.exec(worker.output())?.[1]);
    const base = `http://127.0.0.1:${port}`;
    expect(worker.output()).toMatch(/solver worker: 1 job\(s\) at once, 2 thread\(s\) each; tenants: alpha/);

    expect((await request(base).get('/actuator/health/liveness')).body).toEqual({ status: 'UP' });
    const ready = await request(base).get('/actuator/health/readiness');
    expect({ status: ready.status, body: ready.body as unknown }).toEqual({ status: 200, body: { status: 'UP' } });
    // No API: a login or any other path is not served here.
    for (const path of ['/api/auth/login', '/api/edu-office/schedule/optimizations', '/swagger-ui', '/admin/']) {
      const answer = await request(base).get(path).set('Host', 'alpha.timetable.test');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: 404, path });
    }

    const draft = (await createVersion(office, u.semester.id, 'Для исполнителя', u.versionId)).id;
    const accepted = await office.post(`${VERSIONS}/${draft}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5 });
    expect(accepted.status).toBe(202);
    const id = (accepted.body as Job).id;
    let job = accepted.body as Job;
    for (const deadline = Date.now() + 90_000; ['QUEUED', 'RUNNING'].includes(job.status) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = (await office.get(`${JOBS}/${id}`)).body as Job;
    }
    expect(job).toMatchObject({ status: 'SUCCEEDED' });
    expect(['OPTIMUM', 'TIME_LIMIT', 'NO_IMPROVEMENT']).toContain(job.stopReason);
    expect(job.resultVersionId).not.toBeNull();
    expect((await office.get(`${VERSIONS}/${job.resultVersionId}/validate`)).body).toMatchObject({ valid: true });
    // Run by the worker, not by the request instance.
    const [row] = await t.sql<{ owner: string }>('alpha', `SELECT owner_instance AS owner FROM schedule_optimization_jobs WHERE id = $1`, [id]);
    expect(row.owner).not.toBe(t.app.get(OptimizationRunner).instance);
    expect(row.owner).toMatch(new RegExp(`:${worker.child.pid}:`));

    const scraped = await request(`http://127.0.0.1:${metricsPort}`).get('/metrics');
    expect(scraped.status).toBe(200);
    expect(gauge(scraped.text, 'waiting')).toBe(0);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).not.toMatch(/jdbc:|postgres:\/\/|password/i);
  });
});
