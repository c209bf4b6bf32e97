import { Client as PgClient } from 'pg';
import { academicDates } from '../scripts/seed/academic-dates';
import { planOverrides } from '../scripts/seed/override-plan';
import { planUniversity } from '../scripts/seed/university-plan';
import { BENCH_SCALE, TINY_SCALE } from '../scripts/seed/university-scale';
import { SeededUniversity, seedUniversity } from '../scripts/seed/university-seeder';
import { runInTenant } from '../src/platform/tenancy/tenant-context';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { ScheduleDataRepository, SemesterSchedules } from '../src/schedule/core';
import { GeneratedLesson } from '../src/schedule-engine/lesson-expansion';
import { OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_SELECT, OverrideRecordRow, toOverrideRecord } from '../src/schedule/core/override-records';
import { ActualLesson, applyOverride, lessonKey } from '../src/schedule-engine/override-application';
import { clashFields } from '../src/schedule-engine/conflicts';
import { OverrideBody, OVERRIDES_PATH } from './support/override-builders';
import { startTestApp, TestApp } from './support/test-app';
import { testServer } from './support/test-database';

const PASSWORD = 'demo12345';
const START_YEAR = 2026;
const SCALE = { ...TINY_SCALE, overrides: 60 };

/** The seeder's one-off changes (demo and benchmark): real lessons, accepted by the service's checks, clash-free. */
describe('seeded schedule overrides', () => {
  let t: TestApp;
  let seeded: SeededUniversity;
  /** The timetable after the overrides, per semester. */
  const shown = new Map<string, ActualLesson[]>();
  let named = 0;
  let overrideCount = 0;

  function inTenant<T>(work: () => Promise<T>): Promise<T> {
    const pool = t.app.get(TenantRegistry).lease('alpha');
    if (!pool) throw new Error('tenant not ready');
    return runInTenant({ tenantKey: 'alpha', dataSource: pool.dataSource }, work).finally(() => pool.release());
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const client = new PgClient({ ...testServer(), database: t.databases.alpha });
    await client.connect();
    try {
      seeded = await seedUniversity(client, { scale: SCALE, startYear: START_YEAR, password: PASSWORD });
    } finally {
      await client.end();
    }
    const overrides = (await t.sql<OverrideRecordRow>('alpha', `${OVERRIDE_RECORD_SELECT} ${OVERRIDE_RECORD_FROM} ORDER BY o.id`)).map(toOverrideRecord);
    overrideCount = overrides.length;
    const byLesson = new Map(overrides.map((override) => [lessonKey(override.baseRuleSlotId, override.lessonDate), override]));
    await inTenant(async () => {
      const data = t.app.get(ScheduleDataRepository);
      for (const semester of await data.semestersOverlapping(`${START_YEAR}-09-01`, `${START_YEAR + 1}-06-30`)) {
        const rules = await data.rules({ versionIds: [semester.publishedVersionId as number] });
        const base: GeneratedLesson[] = (await t.app.get(SemesterSchedules).baseLessons(semester, rules)).lessons;
        const lessons: ActualLesson[] = [];
        for (const lesson of base) {
          const override = byLesson.get(lessonKey(lesson.slotId, lesson.date));
          if (override) named++;
          const result = override ? applyOverride(lesson, override, semester.startDate) : lesson;
          if (result) lessons.push(result);
        }
        shown.set(semester.semesterType, lessons);
      }
    });
  });
  afterAll(() => t.close());

  it('writes the asked number of changes of every kind, each naming a lesson of the base series', () => {
    const { CANCEL, MOVE, REPLACE, untouchedLessons } = seeded.overrides;
    expect(CANCEL + MOVE + REPLACE).toBe(SCALE.overrides);
    expect(overrideCount).toBe(SCALE.overrides);
    expect(named).toBe(SCALE.overrides);
    expect(MOVE).toBeGreaterThanOrEqual(SCALE.overrides / 5);
    expect(REPLACE).toBeGreaterThanOrEqual(SCALE.overrides / 5);
    expect(untouchedLessons.length).toBeGreaterThan(100);
  });

  it('keeps the timetable after the changes free of clashes of teacher, room or audience', () => {
    for (const semester of ['autumn', 'spring']) {
      const byDate = new Map<string, ActualLesson[]>();
      for (const lesson of shown.get(semester) ?? []) byDate.set(lesson.date, [...(byDate.get(lesson.date) ?? []), lesson]);
      const clashes: unknown[] = [];
      for (const day of byDate.values()) {
        for (let i = 0; i < day.length; i++) {
          for (let j = i + 1; j < day.length; j++) {
            const fields = clashFields(day[i], day[j]);
            if (fields.length > 0) clashes.push([day[i].slotId, day[j].slotId, day[i].date, fields]);
          }
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('writes only changes the service itself accepts (each saved again through PUT)', async () => {
    const admin = await t.as('alpha').login('admin', 'admin12345');
    const entries = (await admin.get(OVERRIDES_PATH).expect(200)).body as OverrideBody[];
    expect(entries).toHaveLength(SCALE.overrides);
    for (const entry of entries) {
      const response = await admin.put(`${OVERRIDES_PATH}/${entry.id}`, {
        baseRuleSlotId: entry.baseRuleSlotId,
        lessonDate: entry.lessonDate,
        targetLessonDate: entry.targetLessonDate,
        action: entry.action,
        newTimeSlotId: entry.newTimeSlotId,
        newTeacherId: entry.newTeacherId,
        newClassroomId: entry.newClassroomId,
        newLessonFormat: entry.newLessonFormat,
        comment: entry.comment,
      });
      expect({ id: entry.id, status: response.status, body: response.status === 200 ? null : response.body }).toEqual({ id: entry.id, status: 200, body: null });
    }
  });

  it('plans the benchmark university’s thousands of changes', () => {
    const plan = planUniversity(BENCH_SCALE, START_YEAR);
    const planned = planOverrides(plan, academicDates(START_YEAR, BENCH_SCALE.semesterWeeks), BENCH_SCALE.overrides);
    expect(planned).toHaveLength(3000);
    const moves = planned.filter((override) => override.action === 'MOVE');
    expect(moves.length).toBeGreaterThan(900);
    expect(moves.filter((move) => move.action === 'MOVE' && move.targetDate !== null).length).toBeGreaterThan(400);
  });
});
