import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { AddressInfo, createServer } from 'node:net';
import { resolve } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { LoadRequest, LoadResult, runLoad, send, Target } from './http-load';
import { semesterWeek } from './seed/academic-dates';
import { chosenScale, SCALE_NAMES, scaleScenarios, scaleVerdicts } from './bench-scale';
import { BENCH_SCALE } from './seed/university-scale';
import { SeededUniversity, seedUniversity } from './seed/university-seeder';
import { ScratchServer, startScratchPostgres } from './scratch-postgres';

/**
 * `npm run bench:schedule`: seeds a large university (BENCH_SCALE) into a scratch tenant `bench`,
 * starts the compiled service (`dist/src/main.js`, as `npm start` runs it) in its own process on a
 * loopback port, so the load generator here does not share its event loop, and measures the schedule
 * endpoints beside the cheapest authenticated one, `GET /api/auth/me`, taken as the framework's ceiling.
 *
 * The seeded university carries 3,000 one-off changes (BENCH_SCALE.overrides), so the views apply them.
 *
 * Settings (environment): BENCH_SECONDS (8) per scenario after BENCH_WARMUP_SECONDS (2),
 * BENCH_READ_CONCURRENCY (16), BENCH_WRITE_CONCURRENCY (1), TEST_DATABASE_URL (use that server
 * instead of an embedded one), DB_POOL_MAX (the app's pool, default 10), BENCH_ONLY (measure only the
 * scenarios whose name contains it, or one of its comma-separated parts), BENCH_SCALE (`large`: the
 * 600-group university of issue 16, see bench-scale.ts).
 */
const TENANT = 'bench';
const HOST = `${TENANT}.timetable.local`;
const ADMIN_PASSWORD = 'admin12345';

function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number in ${min}..${max}`);
  return value;
}

const SETTINGS = {
  seconds: setting('BENCH_SECONDS', 8, 1, 120),
  warmupSeconds: setting('BENCH_WARMUP_SECONDS', 2, 0, 60),
  readConcurrency: setting('BENCH_READ_CONCURRENCY', 16, 1, 256),
  writeConcurrency: setting('BENCH_WRITE_CONCURRENCY', 1, 1, 64),
};

interface Scenario {
  name: string;
  concurrency: number;
  /** A fresh request generator (each call restarts its sequence where that makes sense). */
  requests: () => () => LoadRequest | undefined;
}

interface Outcome {
  scenario: Scenario;
  result?: LoadResult;
  skipped?: string;
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

/**
 * The read scenarios, each at the read concurrency (throughput) and on one connection (the latency of
 * a single request: on two cores the median at 16 connections is mostly time spent queueing).
 */
function readScenarios(seeded: SeededUniversity): { me: Scenario[]; week: Scenario[]; semester: Scenario[] } {
  const autumn = seeded.semesters.autumn;
  const groups = seeded.groups;
  const weeks = BENCH_SCALE.semesterWeeks;
  const schedulePath = (groupId: number, startDate: string, endDate: string) =>
    `/api/schedule?groupId=${groupId}&startDate=${startDate}&endDate=${endDate}`;
  const me = () => () => ({ method: 'GET', path: '/api/auth/me' }) as LoadRequest;
  // Every group in turn, each time another week of the semester.
  const week = () => {
    let n = 0;
    return (): LoadRequest => {
      const group = groups[n % groups.length];
      const period = semesterWeek(autumn, 1 + ((Math.floor(n / groups.length) + n) % weeks));
      n++;
      return { method: 'GET', path: schedulePath(group.id, period.startDate, period.endDate) };
    };
  };
  const semester = () => {
    let n = 0;
    return (): LoadRequest => ({ method: 'GET', path: schedulePath(groups[n++ % groups.length].id, autumn.startDate, autumn.endDate) });
  };
  const both = (name: string, requests: Scenario['requests']): Scenario[] => [
    { name, concurrency: SETTINGS.readConcurrency, requests },
    { name, concurrency: 1, requests },
  ];
  return {
    me: both('GET /api/auth/me (ceiling)', me),
    week: both('GET /api/schedule: one group, one week', week),
    semester: both('GET /api/schedule: one group, whole semester', semester),
  };
}

/** A rule body of weekly lectures for the whole autumn semester, for group `k`, in one slot. */
function lectureRule(seeded: SeededUniversity, k: number, slot: { dayOfWeek: number; timeSlotId: number; teacherId: number; classroomId: number }) {
  const autumn = seeded.semesters.autumn;
  return {
    scheduleVersionId: autumn.versionId,
    semesterId: autumn.id,
    subjectId: seeded.subjectIds[k % seeded.subjectIds.length],
    lectureAcademicHours: 2 * BENCH_SCALE.semesterWeeks,
    laboratoryAcademicHours: 0,
    practiceAcademicHours: 0,
    groupIds: [seeded.groups[k].id],
    slots: [{ ...slot, parity: 'BOTH', subgroupIds: [], lessonTypeId: 1, lessonFormat: 'Очно' }],
  };
}

/**
 * Rule creation with its conflict check. Every rule takes a cell nobody uses (Sunday, pair 1..6) with
 * its own group, teacher and room for that pair, so all of them must succeed; the sequence is shared
 * by warm-up and measurement so no cell is taken twice.
 */
function ruleScenario(seeded: SeededUniversity): Scenario {
  const pairs = seeded.baseTimeSlotIds.length;
  const distinct = Math.min(seeded.groups.length, seeded.teacherIds.length, seeded.classroomIds.length);
  let n = 0;
  const next = (): LoadRequest | undefined => {
    const k = Math.floor(n / pairs);
    if (k >= distinct) return undefined;
    const pair = n % pairs;
    n++;
    return {
      method: 'POST',
      path: '/api/admin/schedule-rules',
      body: lectureRule(seeded, k, {
        dayOfWeek: 7,
        timeSlotId: seeded.baseTimeSlotIds[pair],
        teacherId: seeded.teacherIds[k],
        classroomId: seeded.classroomIds[k],
      }),
    };
  };
  return { name: 'POST /api/admin/schedule-rules (conflict check)', concurrency: SETTINGS.writeConcurrency, requests: () => next };
}

/** A weekly pair a seeded teacher teaches every week in the autumn semester. */
interface BusyCell {
  dayOfWeek: number;
  timeSlotId: number;
  teacherId: number;
}

/**
 * Rule creation refused by its conflict check: each rule puts a seeded teacher into a pair they teach
 * every week, so every request must answer 409 (the whole check runs, stored rules of that teacher,
 * room and group at that pair are laid out). Rules never get stored, so the cells can repeat.
 */
function rejectedRuleScenario(seeded: SeededUniversity, busy: BusyCell[]): Scenario {
  let n = 0;
  const next = (): LoadRequest | undefined => {
    const cell = busy[n % busy.length];
    const k = n++ % seeded.groups.length;
    return {
      method: 'POST',
      path: '/api/admin/schedule-rules',
      expectStatus: 409,
      body: lectureRule(seeded, k, { ...cell, classroomId: seeded.classroomIds[k % seeded.classroomIds.length] }),
    };
  };
  return { name: 'POST /api/admin/schedule-rules (refused: clash)', concurrency: SETTINGS.writeConcurrency, requests: () => next };
}

async function busyCells(client: Client, versionId: number): Promise<BusyCell[]> {
  const { rows } = await client.query<BusyCell>(
    `SELECT sl.day_of_week AS "dayOfWeek", sl.time_slot_id AS "timeSlotId", sl.teacher_id AS "teacherId"
       FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
      WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND sl.parity = 'BOTH' AND sl.day_of_week < 7
      ORDER BY sl.id LIMIT 50`,
    [versionId],
  );
  return rows;
}

/**
 * Publication of a whole semester: a draft copy of the published autumn version (about 3,200 rules)
 * is created and published, which re-validates every rule (about 75,000 lessons) under the semester
 * lock. One request, timed once; it runs last, since it replaces the version the other scenarios use.
 */
async function publication(target: Target, seeded: SeededUniversity): Promise<{ ms?: number; failed?: string }> {
  const autumn = seeded.semesters.autumn;
  const copy = await send(target, {
    method: 'POST',
    path: '/api/edu-office/schedule/versions',
    body: { semesterId: autumn.id, name: 'Копия для публикации', basedOnVersionId: autumn.versionId },
  });
  if (copy.status !== 200) return { failed: `copy answered ${copy.status}: ${copy.body.slice(0, 300)}` };
  const draftId = (JSON.parse(copy.body) as { id: number }).id;
  const started = performance.now();
  const published = await send(target, { method: 'POST', path: `/api/edu-office/schedule/versions/${draftId}/publish`, body: { reason: 'Замер' } });
  const ms = performance.now() - started;
  if (published.status !== 200) return { failed: `publish answered ${published.status}: ${published.body.slice(0, 300)}` };
  log(`  publication of the ${autumn.ruleCount}-rule copy: ${ms.toFixed(0)} ms`);
  return { ms };
}

/**
 * One-off changes: each request replaces the format of another lesson that has no change yet (the
 * seeder reports them), so all must succeed; the save rebuilds the lesson and checks it against every
 * lesson of its day after all 3,000 seeded changes. Plus two reads the education office uses: the
 * registry of one week and a teacher's week (which adds lessons reassigned to the teacher).
 */
function overrideScenarios(seeded: SeededUniversity): Scenario[] {
  const lessons = seeded.overrides.untouchedLessons;
  let n = 0;
  const next = (): LoadRequest | undefined => {
    const lesson = lessons[n++];
    if (!lesson) return undefined;
    return {
      method: 'POST',
      path: '/api/edu-office/schedule/overrides',
      body: { ...lesson, action: 'REPLACE', newLessonFormat: 'Онлайн', comment: 'Нагрузочный тест' },
    };
  };
  const autumn = seeded.semesters.autumn;
  const registry = () => {
    let week = 0;
    return (): LoadRequest => {
      const period = semesterWeek(autumn, 1 + (week++ % BENCH_SCALE.semesterWeeks));
      return { method: 'GET', path: `/api/edu-office/schedule/overrides?startDate=${period.startDate}&endDate=${period.endDate}` };
    };
  };
  const teacherWeek = () => {
    let k = 0;
    return (): LoadRequest => {
      const teacherId = seeded.teacherIds[k % seeded.teacherIds.length];
      const period = semesterWeek(autumn, 1 + (k++ % BENCH_SCALE.semesterWeeks));
      return { method: 'GET', path: `/api/schedule?teacherId=${teacherId}&startDate=${period.startDate}&endDate=${period.endDate}` };
    };
  };
  return [
    { name: 'POST /api/edu-office/schedule/overrides (checks)', concurrency: SETTINGS.writeConcurrency, requests: () => next },
    { name: 'GET /api/edu-office/schedule/overrides: one week', concurrency: 1, requests: registry },
    { name: 'GET /api/schedule: one teacher, one week', concurrency: 1, requests: teacherWeek },
  ];
}

/**
 * Change-request candidates (spec 4.15) as the office asks for them while reviewing: every semester
 * day a lesson could move to, the free pairs of its day and the free rooms, each checked like an
 * override. Lessons come from the end of the seeder's list of lessons without a change, so the
 * override scenario (which takes them from the start) leaves them untouched.
 */
function changeRequestScenarios(seeded: SeededUniversity): Scenario[] {
  const lessons = [...seeded.overrides.untouchedLessons].reverse();
  const candidates = () => {
    let n = 0;
    return (): LoadRequest => {
      const lesson = lessons[n++ % lessons.length];
      return { method: 'GET', path: `/api/teacher-change-requests/candidates?baseRuleSlotId=${lesson.baseRuleSlotId}&lessonDate=${lesson.lessonDate}` };
    };
  };
  return [{ name: 'GET /api/teacher-change-requests/candidates (whole semester)', concurrency: 1, requests: candidates }];
}

/** The teachers with the most weekly slots in a version (busy teachers make the heaviest wizards). */
async function busiestTeachers(client: Client, versionId: number, count: number): Promise<number[]> {
  const { rows } = await client.query<{ teacherId: number }>(
    `SELECT sl.teacher_id AS "teacherId" FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
      WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' GROUP BY sl.teacher_id ORDER BY count(*) DESC, sl.teacher_id LIMIT $2`,
    [versionId, count],
  );
  return rows.map((row) => row.teacherId);
}

interface AbsenceTimings {
  wizardMs: number[];
  resolveMs: number[];
  decisionCounts: number[];
  failed?: string;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Teacher absences, one request at a time: for each busy teacher an approved two-week absence (weeks
 * 3–4), its wizard (every affected lesson with checked replacement teachers, moves and rooms), then
 * one resolve of up to 20 decisions (a replacement where the wizard offers one, else a cancellation).
 */
async function absenceTimings(target: Target, seeded: SeededUniversity, teacherIds: readonly number[]): Promise<AbsenceTimings> {
  const timings: AbsenceTimings = { wizardMs: [], resolveMs: [], decisionCounts: [] };
  const period = { startDate: semesterWeek(seeded.semesters.autumn, 3).startDate, endDate: semesterWeek(seeded.semesters.autumn, 4).endDate };
  for (const teacherId of teacherIds) {
    const created = await send(target, { method: 'POST', path: '/api/teacher-absences', body: { teacherId, ...period, reason: 'Замер' } });
    if (created.status !== 200) return { ...timings, failed: `absence creation answered ${created.status}: ${created.body.slice(0, 300)}` };
    const absenceId = (JSON.parse(created.body) as { id: number }).id;
    let started = performance.now();
    const wizard = await send(target, { method: 'GET', path: `/api/teacher-absences/${absenceId}/wizard` });
    timings.wizardMs.push(performance.now() - started);
    if (wizard.status !== 200) return { ...timings, failed: `wizard answered ${wizard.status}: ${wizard.body.slice(0, 300)}` };
    const items = (JSON.parse(wizard.body) as { lessons: { lesson: { baseRuleSlotId: number; lessonDate: string }; replacementTeachers: { teacherId: number }[] }[] }).lessons;
    const decisions = items.slice(0, 20).map(({ lesson, replacementTeachers: [first] }) =>
      first ? { ...lesson, resolution: 'REPLACE_TEACHER', newTeacherId: first.teacherId } : { ...lesson, resolution: 'CANCEL' },
    );
    if (decisions.length === 0) continue;
    started = performance.now();
    const resolved = await send(target, { method: 'POST', path: `/api/teacher-absences/${absenceId}/resolve`, body: { decisions } });
    timings.resolveMs.push(performance.now() - started);
    timings.decisionCounts.push(decisions.length);
    if (resolved.status !== 200) return { ...timings, failed: `resolve answered ${resolved.status}: ${resolved.body.slice(0, 300)}` };
  }
  log(
    `  absences of ${teacherIds.length} busy teachers: wizard median ${median(timings.wizardMs).toFixed(0)} ms, ` +
      `resolve of ${timings.decisionCounts.join('/')} decisions median ${median(timings.resolveMs).toFixed(0)} ms`,
  );
  return timings;
}

/**
 * Workload reports (issue 13), one request at a time: the global teacher report over the whole autumn
 * semester (every lesson of the university laid out, overrides applied, attributed to departments),
 * and the free rooms of one pair, each request another date and pair.
 */
function workloadScenarios(seeded: SeededUniversity): Scenario[] {
  const autumn = seeded.semesters.autumn;
  const teachers = () => () => ({ method: 'GET', path: `/api/workload/teachers?startDate=${autumn.startDate}&endDate=${autumn.endDate}` }) as LoadRequest;
  const pairs = seeded.baseTimeSlotIds;
  const freeRooms = () => {
    let n = 0;
    return (): LoadRequest => {
      const date = semesterWeek(autumn, 1 + (n % BENCH_SCALE.semesterWeeks)).startDate; // a Monday (or the first day of week 1)
      const timeSlotId = pairs[Math.floor(n / BENCH_SCALE.semesterWeeks) % pairs.length];
      n++;
      return { method: 'GET', path: `/api/workload/free-classrooms?date=${date}&timeSlotId=${timeSlotId}` };
    };
  };
  return [
    { name: 'GET /api/workload/teachers: whole semester, global', concurrency: 1, requests: teachers },
    { name: 'GET /api/workload/free-classrooms: one pair', concurrency: 1, requests: freeRooms },
  ];
}

/**
 * The first report after a schedule change, which lays the semester out again (the scenarios above
 * mostly measure reports on kept lessons): five times a new room (any committed change to schedule
 * data moves the schedule data stamp) followed by one global teacher report, then five times the same
 * before one free-room lookup (which then loads only the rules that can have a lesson that day).
 */
async function workloadColdTimings(target: Target, seeded: SeededUniversity): Promise<void> {
  const autumn = seeded.semesters.autumn;
  const timed = async (path: string, round: number) => {
    const room = { name: `Замер нагрузки ${round}`, capacity: 30, building: 'Корпус замеров', floor: 1 };
    const touched = await send(target, { method: 'POST', path: '/api/classrooms', body: room });
    if (touched.status !== 200) throw new Error(`room creation answered ${touched.status}: ${touched.body.slice(0, 300)}`);
    const started = performance.now();
    const answer = await send(target, { method: 'GET', path });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return performance.now() - started;
  };
  const report: number[] = [];
  const rooms: number[] = [];
  for (let round = 0; round < 5; round++) report.push(await timed(`/api/workload/teachers?startDate=${autumn.startDate}&endDate=${autumn.endDate}`, round));
  for (let round = 0; round < 5; round++) {
    const date = semesterWeek(autumn, 3 + round).startDate;
    rooms.push(await timed(`/api/workload/free-classrooms?date=${date}&timeSlotId=${seeded.baseTimeSlotIds[round % seeded.baseTimeSlotIds.length]}`, 10 + round));
  }
  const shown = (values: number[]) => `${values.map((value) => value.toFixed(0)).join(', ')} ms (median ${median(values).toFixed(0)})`;
  log(`  first global teacher report after a change: ${shown(report)}`);
  log(`  first free-room lookup after a change: ${shown(rooms)}`);
}

function workloadVerdicts(outcomes: Outcome[]): void {
  const verdict = (name: string, label: string, targetMs: number) => {
    const outcome = outcomes.find((candidate) => candidate.scenario.name === name);
    log(
      outcome?.result
        ? `  ${label} median < ${targetMs} ms: ${outcome.result.medianMs.toFixed(1)} ms, ${outcome.result.errors} errors -> ` +
            (outcome.result.medianMs < targetMs && outcome.result.errors === 0 ? 'PASS' : 'FAIL')
        : `  ${label} median < ${targetMs} ms: SKIPPED`,
    );
  };
  verdict('GET /api/workload/teachers: whole semester, global', 'global teacher workload over the whole semester', 1000);
  verdict('GET /api/workload/free-classrooms: one pair', 'free classrooms of one pair', 100);
}

interface QualityTimings {
  reportMs: number[];
  recommendationMs: number[];
  summary?: string;
  failed?: string;
}

/** Report requests and recommended lessons measured by `qualityTimings`. */
const QUALITY_REPORTS = 5;
const QUALITY_RECOMMENDATIONS = 9;

/**
 * Quality analysis (issue 12), one request at a time: the report of the whole published autumn
 * semester (every lesson after the seeded one-off changes) several times, then recommendations for
 * the lessons the report names as optimizable: the biggest problems and a few oversized rooms.
 */
async function qualityTimings(target: Target, seeded: SeededUniversity): Promise<QualityTimings> {
  const timings: QualityTimings = { reportMs: [], recommendationMs: [] };
  const semesterId = seeded.semesters.autumn.id;
  let problems: { scheduleRuleSlotId: number; lessonDate: string; optimizable: boolean; problemTypes: string[] }[] = [];
  for (let index = 0; index < QUALITY_REPORTS; index++) {
    const started = performance.now();
    const report = await send(target, { method: 'GET', path: `/api/edu-office/schedule/quality?semesterId=${semesterId}` });
    timings.reportMs.push(performance.now() - started);
    if (report.status !== 200) return { ...timings, failed: `report answered ${report.status}: ${report.body.slice(0, 300)}` };
    const body = JSON.parse(report.body) as { score: number; lessonCount: number; rawPenalty: number; totalProblemCount: number; problems: typeof problems };
    problems = body.problems;
    timings.summary = `score ${body.score}, ${body.lessonCount} lessons, raw penalty ${body.rawPenalty}, ${body.totalProblemCount} problem rules`;
  }
  let offered = 0;
  // The biggest problems (windows, mostly) and a few oversized rooms, which room changes can fix.
  const optimizable = problems.filter((item) => item.optimizable);
  const rooms = optimizable.filter((item) => item.problemTypes.includes('ROOM_OVERSIZED')).slice(0, Math.floor(QUALITY_RECOMMENDATIONS / 2));
  const chosen = [...optimizable.filter((item) => !rooms.includes(item)).slice(0, QUALITY_RECOMMENDATIONS - rooms.length), ...rooms];
  for (const problem of chosen) {
    const path =
      `/api/edu-office/schedule/quality/recommendations?semesterId=${semesterId}` +
      `&scheduleRuleSlotId=${problem.scheduleRuleSlotId}&lessonDate=${problem.lessonDate}`;
    const started = performance.now();
    const answer = await send(target, { method: 'GET', path });
    timings.recommendationMs.push(performance.now() - started);
    if (answer.status !== 200) return { ...timings, failed: `recommendations answered ${answer.status}: ${answer.body.slice(0, 300)}` };
    offered += (JSON.parse(answer.body) as { recommendations: unknown[] }).recommendations.length;
  }
  log(
    `  quality: ${timings.summary}; report median ${median(timings.reportMs).toFixed(0)} ms; recommendations for ` +
      `${timings.recommendationMs.length} lessons (${offered} offered) median ${timings.recommendationMs.length ? median(timings.recommendationMs).toFixed(0) : '-'} ms`,
  );
  return timings;
}

function qualityVerdicts(quality: QualityTimings | undefined): void {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  if (!quality || quality.failed || quality.recommendationMs.length === 0) {
    log(`  quality report < 2 s, recommendations < 500 ms: ${quality?.failed ? `FAILED (${quality.failed})` : 'SKIPPED'}`);
    return;
  }
  const report = median(quality.reportMs);
  const recommendations = median(quality.recommendationMs);
  log(`  quality report of the whole published semester median < 2 s: ${(report / 1000).toFixed(2)} s -> ${verdict(report < 2000)}`);
  log(`  recommendations for one lesson median < 500 ms: ${recommendations.toFixed(0)} ms -> ${verdict(recommendations < 500)}`);
}

async function measure(target: Target, scenario: Scenario): Promise<Outcome> {
  const probe = scenario.requests()();
  if (!probe) return { scenario, skipped: 'nothing to send' };
  const answer = await send(target, probe);
  if (answer.status === 404) return { scenario, skipped: `answers 404: the endpoint is not there yet` };
  if (answer.status !== (probe.expectStatus ?? 200)) return { scenario, skipped: `answers ${answer.status}: ${answer.body.slice(0, 300)}` };
  if (probe.method === 'GET' && answer.body.startsWith('[') && scenario.concurrency === 1) {
    log(`  ${scenario.name}: the probe returned ${(JSON.parse(answer.body) as unknown[]).length} lessons`);
  }
  if (SETTINGS.warmupSeconds > 0) {
    await runLoad(target, { concurrency: scenario.concurrency, durationMs: SETTINGS.warmupSeconds * 1000, next: scenario.requests() });
  }
  const result = await runLoad(target, { concurrency: scenario.concurrency, durationMs: SETTINGS.seconds * 1000, next: scenario.requests() });
  log(`  ${scenario.name} x${scenario.concurrency}: ${result.requests} requests, ${result.rps.toFixed(1)} rps, median ${result.medianMs.toFixed(1)} ms`);
  return { scenario, result };
}

function printTable(outcomes: Outcome[]): void {
  const rows = outcomes.map(({ scenario, result, skipped }) =>
    result
      ? [scenario.name, String(scenario.concurrency), String(result.requests), result.rps.toFixed(1), result.medianMs.toFixed(2), result.p99Ms.toFixed(2), String(result.errors)]
      : [scenario.name, String(scenario.concurrency), '-', '-', '-', '-', `skipped: ${skipped}`],
  );
  const header = ['Scenario', 'Conc.', 'Requests', 'RPS', 'Median ms', 'p99 ms', 'Errors'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (i === 6 ? 0 : row[i].length))));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === 6 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log('');
  log(line(header));
  log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) log(line(row));
  for (const { scenario, result } of outcomes) {
    if (result?.firstError) log(`  first error of «${scenario.name}»: ${result.firstError}`);
  }
}

interface Measured {
  ceiling: Outcome;
  week: Outcome;
  semester: Outcome;
  semesterAlone: Outcome;
  rules: Outcome;
  refusals: Outcome;
  overrides: Outcome;
  publication: { ms?: number; failed?: string };
  absences?: AbsenceTimings;
}

function verdicts({ ceiling, week, semester, semesterAlone, rules, refusals, overrides, publication, absences }: Measured): void {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const ms = (outcome: Outcome) => `${outcome.result?.medianMs.toFixed(1)} ms`;
  log('');
  log('Targets:');
  if (ceiling.result && week.result) {
    const ratio = week.result.rps / ceiling.result.rps;
    log(
      `  one-week group view >= 1/4 of the ceiling's throughput (${SETTINGS.readConcurrency} connections): ` +
        `${week.result.rps.toFixed(1)} / ${ceiling.result.rps.toFixed(1)} rps = ${ratio.toFixed(2)} -> ${verdict(ratio >= 0.25)}`,
    );
  } else {
    log('  one-week group view >= 1/4 of the ceiling: SKIPPED');
  }
  if (semesterAlone.result && semester.result) {
    log(`  whole-semester group view median < 50 ms, one connection: ${ms(semesterAlone)} -> ${verdict(semesterAlone.result.medianMs < 50)}`);
    log(`    (at ${SETTINGS.readConcurrency} connections, queueing included: ${ms(semester)} -> ${verdict(semester.result.medianMs < 50)})`);
  } else {
    log('  whole-semester group view median < 50 ms: SKIPPED');
  }
  log(
    rules.result
      ? `  rule creation with its conflict check median < 150 ms: ${ms(rules)}, ${rules.result.errors} errors -> ${verdict(rules.result.medianMs < 150 && rules.result.errors === 0)}`
      : '  rule creation median < 150 ms: SKIPPED',
  );
  log(
    refusals.result
      ? `  refused rule creation (clash) median < 150 ms: ${ms(refusals)}, ${refusals.result.errors} errors -> ${verdict(refusals.result.medianMs < 150 && refusals.result.errors === 0)}`
      : '  refused rule creation median < 150 ms: SKIPPED',
  );
  log(
    publication.ms !== undefined
      ? `  publication of the whole autumn semester < 5 s: ${(publication.ms / 1000).toFixed(2)} s -> ${verdict(publication.ms < 5000)}`
      : `  publication < 5 s: FAILED (${publication.failed ?? 'not run'})`,
  );
  log(
    overrides.result
      ? `  override creation with its checks median < 150 ms (our own target, as for rules): ${ms(overrides)}, ${overrides.result.errors} errors -> ` +
          verdict(overrides.result.medianMs < 150 && overrides.result.errors === 0)
      : '  override creation median < 150 ms: SKIPPED',
  );
  if (!absences || absences.failed || absences.resolveMs.length === 0) {
    log(`  absence wizard < 300 ms, resolve of 20 decisions < 500 ms: ${absences?.failed ? `FAILED (${absences.failed})` : 'SKIPPED'}`);
  } else {
    const wizard = median(absences.wizardMs);
    const resolved = median(absences.resolveMs);
    log(`  absence wizard (two weeks, busy teacher) median < 300 ms: ${wizard.toFixed(0)} ms -> ${verdict(wizard < 300)}`);
    log(`  resolving up to 20 decisions median < 500 ms: ${resolved.toFixed(0)} ms -> ${verdict(resolved < 500)}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as AddressInfo;
      probe.close(() => resolvePort(address.port));
    });
    probe.on('error', reject);
  });
}

/** The compiled service in a child process, configured for the scratch tenant; ready when it answers. */
async function startService(server: ScratchServer, database: string, jwtSecret: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${database}`;
  // BENCH_SERVICE_NODE_ARGS: extra Node options for the service only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, resolve(__dirname, '../src/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      DEFAULT_TENANT: TENANT,
      JWT_SECRET: jwtSecret,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SWAGGER_ENABLED: 'false',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const ready = await send({ port, host: HOST }, { method: 'GET', path: '/actuator/health/readiness' }).catch(() => undefined);
    if (ready?.status === 200) return { port, stop };
    if (child.exitCode !== null) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  await stop();
  throw new Error('the service did not become ready');
}

async function run(server: ScratchServer, cleanup: (work: () => Promise<void>) => void): Promise<void> {
  const database = await server.createDatabase(process.env.TEST_DATABASE_URL ? `timetable_bench_${process.pid}` : `tenant_${TENANT}`);
  const jwtSecret = randomBytes(48).toString('base64url');
  const config = loadConfig({
    DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused',
    JWT_SECRET: jwtSecret,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DB_POOL_MAX: process.env.DB_POOL_MAX,
  });
  const app: INestApplication = await createApp(
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

  const client = new Client({ host: server.host, port: server.port, user: server.user, password: server.password, database });
  await client.connect();
  started = performance.now();
  const scale = chosenScale();
  const seeded = await seedUniversity(client, { scale: scale.scale, password: ADMIN_PASSWORD });
  await client.query('ANALYZE');
  const busy = await busyCells(client, seeded.semesters.autumn.versionId);
  const absentTeachers = await busiestTeachers(client, seeded.semesters.autumn.versionId, 9);
  await client.end();
  const c = seeded.counts;
  log(
    `Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${c.groups} groups, ${c.subgroups} subgroups, ${c.teachers} teachers, ` +
      `${c.classrooms} rooms, ${c.subjects} subjects, ${seeded.semesters.autumn.ruleCount} rules with ${c.ruleSlots} slots ` +
      `over ${BENCH_SCALE.semesterWeeks} weeks (${seeded.semesters.autumn.startDate}..${seeded.semesters.autumn.endDate}), ` +
      `one-off changes: ${seeded.overrides.CANCEL} cancels, ${seeded.overrides.MOVE} moves, ${seeded.overrides.REPLACE} replacements`,
  );

  const service = await startService(server, database, jwtSecret);
  cleanup(service.stop);
  const port = service.port;
  const login = await send({ port, host: HOST }, { method: 'POST', path: '/api/auth/login', body: { username: 'admin', password: ADMIN_PASSWORD } });
  if (login.status !== 200) throw new Error(`admin login failed with ${login.status}`);
  const target: Target = { port, host: HOST, token: (JSON.parse(login.body) as { token: string }).token };

  log(`Measuring: ${SETTINGS.warmupSeconds} s warm-up and ${SETTINGS.seconds} s per scenario`);
  const reads = readScenarios(seeded);
  const outcomes: Outcome[] = [];
  const scaled = await scaleScenarios(target, seeded, SETTINGS.readConcurrency);
  const scenarios = [
    ...reads.me, ...reads.week, ...reads.semester, ruleScenario(seeded), rejectedRuleScenario(seeded, busy), ...overrideScenarios(seeded),
    ...changeRequestScenarios(seeded), ...workloadScenarios(seeded),
  ];
  // Issue 16's reads run before anything writes (their ETags were taken on the seeded data).
  scenarios.splice(6, 0, ...scaled);
  // BENCH_ONLY (a part of a scenario's name, or several separated by commas) measures only the matching scenarios.
  const only = process.env.BENCH_ONLY;
  const selected = (name: string) => !only || only.split(',').some((part) => name.includes(part.trim()));
  for (const scenario of scenarios) {
    outcomes.push(selected(scenario.name) ? await measure(target, scenario) : { scenario, skipped: 'not selected (BENCH_ONLY)' });
  }
  const absences = selected('absence') ? await absenceTimings(target, seeded, absentTeachers) : undefined;
  if (selected('workload')) await workloadColdTimings(target, seeded);
  const quality = selected('quality') ? await qualityTimings(target, seeded) : undefined;
  const published = selected('publication') ? await publication(target, seeded) : { failed: 'not selected (BENCH_ONLY)' };
  printTable(outcomes);
  const [ceiling, , week, , semester, semesterAlone, rules, refusals, overrides] = outcomes.filter((outcome) => !scaled.includes(outcome.scenario));
  verdicts({ ceiling, week, semester, semesterAlone, rules, refusals, overrides, publication: published, absences });
  workloadVerdicts(outcomes);
  qualityVerdicts(quality);
  const byName = (name: string, concurrency: number) => outcomes.find((o) => o.scenario.name === name && o.scenario.concurrency === concurrency)?.result;
  scaleVerdicts(
    scale.name,
    {
      ceiling: ceiling.result,
      week: week.result,
      semesterAlone: semesterAlone.result,
      revalidation: byName(SCALE_NAMES.revalidation, SETTINGS.readConcurrency),
      feedCold: byName(SCALE_NAMES.feedCold, 1),
      feedShared: byName(SCALE_NAMES.feed, 1),
      registry: byName(SCALE_NAMES.registry, SETTINGS.readConcurrency),
    },
    SETTINGS.readConcurrency,
  );
}

async function main(): Promise<void> {
  const cpuList = cpus();
  log(`Machine: ${cpuList.length} x ${cpuList[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`);
  const startedAt = performance.now();
  const server = await startScratchPostgres();
  log(`PostgreSQL: ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : `embedded, scratch directory, port ${server.port}`}`);

  // Cleanup runs in reverse order, also on Ctrl+C.
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const work of cleanups.reverse()) await work().catch(() => undefined);
    })());
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  let failed = false;
  try {
    await run(server, (work) => cleanups.push(work));
  } catch (error) {
    failed = true;
    log(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanUp();
  }
  log(`\nDone in ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
  process.exit(failed ? 1 : 0);
}

void main();
