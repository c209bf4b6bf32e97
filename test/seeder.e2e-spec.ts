import { Client as PgClient } from 'pg';
import { semesterWeek } from '../scripts/seed/academic-dates';
import { planUniversity } from '../scripts/seed/university-plan';
import { BENCH_SCALE, TINY_SCALE } from '../scripts/seed/university-scale';
import { SeededUniversity, seedUniversity, UniversityNotEmptyError } from '../scripts/seed/university-seeder';
import { runInTenant } from '../src/platform/tenancy/tenant-context';
import { TenantRegistry } from '../src/platform/tenancy/tenant-registry';
import { ScheduleDataRepository, SemesterSchedules } from '../src/schedule/core';
import { GeneratedLesson } from '../src/schedule-engine/lesson-expansion';
import { findClashes } from '../src/schedule-engine/conflicts';
import { startTestApp, TestApp } from './support/test-app';
import { testServer } from './support/test-database';

const PASSWORD = 'demo12345';
const START_YEAR = 2026;

/** The university seeder behind `npm run demo` and `npm run bench:schedule`, at a tiny scale. */
describe('university seeder', () => {
  let t: TestApp;
  let client: PgClient;
  let seeded: SeededUniversity;
  const plan = planUniversity(TINY_SCALE, START_YEAR);
  const lessonsBySemester = new Map<string, GeneratedLesson[]>();

  function inTenant<T>(work: () => Promise<T>): Promise<T> {
    const pool = t.app.get(TenantRegistry).lease('alpha');
    if (!pool) throw new Error('tenant not ready');
    return runInTenant({ tenantKey: 'alpha', dataSource: pool.dataSource }, work).finally(() => pool.release());
  }

  async function count(sql: string): Promise<number> {
    return (await t.sql<{ n: number }>('alpha', sql))[0].n;
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    client = new PgClient({ ...testServer(), database: t.databases.alpha });
    await client.connect();
    seeded = await seedUniversity(client, { scale: TINY_SCALE, startYear: START_YEAR, password: PASSWORD });
    // Every lesson of both semesters, laid out by the application's own generator.
    await inTenant(async () => {
      const data = t.app.get(ScheduleDataRepository);
      for (const semester of await data.semestersOverlapping(seeded.academicYear.startDate, seeded.academicYear.endDate)) {
        const rules = await data.rules({ versionIds: [semester.publishedVersionId as number] });
        lessonsBySemester.set(semester.semesterType, (await t.app.get(SemesterSchedules).baseLessons(semester, rules)).lessons);
      }
    });
  });
  afterAll(async () => {
    await client.end();
    await t.close();
  });

  it('writes people with their departments, groups split into two subgroups, rooms and subjects', async () => {
    expect(seeded.counts).toEqual({
      departments: 2,
      users: 8 + 2 + 3,
      teachers: 8,
      groups: 8,
      subgroups: 16,
      classrooms: 7,
      subjects: plan.subjects.length,
      rules: plan.rules.length,
      ruleSlots: plan.rules.reduce((sum, rule) => sum + rule.slots.length, 0),
    });
    expect(await t.sql('alpha', `SELECT role, count(*)::int AS n FROM users GROUP BY role ORDER BY role`)).toEqual([
      { role: 'ADMIN', n: 1 },
      { role: 'DEPARTMENT', n: 2 },
      { role: 'EDUCATION_OFFICE', n: 1 },
      { role: 'SCHEDULE_VIEWER', n: 1 },
      { role: 'STUDENT', n: 1 },
      { role: 'TEACHER', n: 8 },
    ]);
    // Everyone but the bootstrap administrator has an open primary department in effect today.
    expect(
      await count(`SELECT count(*)::int AS n FROM users u WHERE role <> 'ADMIN' AND NOT EXISTS (
        SELECT 1 FROM user_department_assignments a
         WHERE a.user_id = u.id AND a.is_primary AND a.valid_from <= CURRENT_DATE AND a.valid_to IS NULL)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM study_groups g
        WHERE g.group_size <> (SELECT sum(student_capacity) FROM subgroups s WHERE s.group_id = g.id)
           OR (SELECT count(*) FROM subgroups s WHERE s.group_id = g.id) <> 2`),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM classrooms`)).toBe(7);
    expect(await count(`SELECT count(*)::int AS n FROM subjects`)).toBe(plan.subjects.length);
  });

  it('writes the base and Saturday grids, a year with two semesters and their published version 1', async () => {
    expect(
      await t.sql('alpha', `SELECT s.apply_mode AS mode, t.order_number AS "order", t.start_time::text AS start, t.end_time::text AS "end"
        FROM time_slots t JOIN time_grid_scopes s ON s.id = t.scope_id ORDER BY s.apply_mode, t.order_number`),
    ).toEqual([
      { mode: 'DEFAULT', order: 1, start: '08:30:00', end: '10:00:00' },
      { mode: 'DEFAULT', order: 2, start: '10:10:00', end: '11:40:00' },
      { mode: 'DEFAULT', order: 3, start: '12:10:00', end: '13:40:00' },
      { mode: 'DEFAULT', order: 4, start: '13:50:00', end: '15:20:00' },
      { mode: 'DEFAULT', order: 5, start: '15:30:00', end: '17:00:00' },
      { mode: 'DEFAULT', order: 6, start: '17:10:00', end: '18:40:00' },
      { mode: 'SATURDAY', order: 1, start: '08:30:00', end: '09:50:00' },
      { mode: 'SATURDAY', order: 2, start: '10:00:00', end: '11:20:00' },
      { mode: 'SATURDAY', order: 3, start: '11:30:00', end: '12:50:00' },
      { mode: 'SATURDAY', order: 4, start: '13:00:00', end: '14:20:00' },
    ]);
    expect(await t.sql('alpha', `SELECT title, start_date AS "startDate", end_date AS "endDate" FROM academic_years`)).toEqual([
      { title: '2026-2027', startDate: '2026-09-01', endDate: '2027-06-30' },
    ]);
    // 18 teaching weeks each: the autumn one ends on the Sunday of week 18, the spring one starts on a Monday.
    expect(
      await t.sql('alpha', `SELECT s.semester_type AS type, s.start_date AS "startDate", s.end_date AS "endDate",
          v.version_number AS number, v.name, v.status
        FROM semesters s JOIN schedule_versions v ON v.semester_id = s.id ORDER BY s.start_date`),
    ).toEqual([
      { type: 'autumn', startDate: '2026-09-01', endDate: '2027-01-03', number: 1, name: 'Основное расписание', status: 'PUBLISHED' },
      { type: 'spring', startDate: '2027-02-01', endDate: '2027-06-06', number: 1, name: 'Основное расписание', status: 'PUBLISHED' },
    ]);
    expect(seeded.semesters.autumn).toMatchObject({ startDate: '2026-09-01', endDate: '2027-01-03', ruleCount: plan.rules.filter((r) => r.semester === 'autumn').length });
  });

  it('gives every group a calendar of its programme: teaching weeks, a holiday, sessions and vacations', async () => {
    expect(
      await count(`SELECT count(*)::int AS n FROM study_groups g
        WHERE NOT EXISTS (SELECT 1 FROM group_calendar_assignments a JOIN academic_calendars c ON c.id = a.calendar_id
                           WHERE a.group_id = g.id AND c.specialty_id = g.specialty_id AND c.specialty_profile_id = g.specialty_profile_id
                             AND c.study_form_id = g.education_form_id)`),
    ).toBe(0);
    const firstCourse = await t.sql<{ code: string; startDate: string; endDate: string }>(
      'alpha',
      `SELECT a.code, p.start_date AS "startDate", p.end_date AS "endDate"
         FROM academic_calendar_periods p JOIN activity_types a ON a.id = p.activity_type_id
        WHERE p.calendar_id = (SELECT min(id) FROM academic_calendars) AND p.course_number = 1 ORDER BY p.start_date`,
    );
    expect(firstCourse.slice(0, 6)).toEqual([
      { code: 'Т', startDate: '2026-09-01', endDate: '2026-11-03' },
      { code: 'Пр', startDate: '2026-11-04', endDate: '2026-11-04' },
      { code: 'Т', startDate: '2026-11-05', endDate: '2026-12-31' },
      { code: 'К', startDate: '2027-01-01', endDate: '2027-01-08' },
      { code: 'Э', startDate: '2027-01-09', endDate: '2027-01-24' },
      { code: 'К', startDate: '2027-01-25', endDate: '2027-01-31' },
    ]);
    expect(firstCourse[firstCourse.length - 1]).toEqual({ code: 'К', startDate: '2027-06-28', endDate: '2027-06-30' });
    expect(await t.sql('alpha', `SELECT code, allow_schedule AS "allowSchedule" FROM activity_types ORDER BY display_order`)).toEqual([
      { code: 'Т', allowSchedule: true },
      { code: 'Э', allowSchedule: false },
      { code: 'К', allowSchedule: false },
      { code: 'Пр', allowSchedule: false },
    ]);
  });

  it('writes rules the API would accept: slots of linked teachers, subgroups only on labs, hours matching the slots', async () => {
    expect(await count(`SELECT count(*)::int AS n FROM schedule_rules`)).toBe(plan.rules.length);
    expect(
      await count(`SELECT count(*)::int AS n FROM schedule_rules r
        WHERE NOT EXISTS (SELECT 1 FROM schedule_rule_groups g WHERE g.rule_id = r.id)
           OR NOT EXISTS (SELECT 1 FROM schedule_rule_slots s WHERE s.rule_id = r.id)`),
    ).toBe(0);
    // The teacher of every slot teaches the rule's subject.
    expect(
      await count(`SELECT count(*)::int AS n FROM schedule_rule_slots s JOIN schedule_rules r ON r.id = s.rule_id
        WHERE NOT EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.user_id = s.teacher_id AND ts.subject_id = r.subject_id)`),
    ).toBe(0);
    // Laboratory slots name exactly one subgroup of one of the rule's groups; other slots none.
    expect(
      await count(`SELECT count(*)::int AS n FROM schedule_rule_slots s
        WHERE (s.lesson_type_id = 3) <> ((SELECT count(*) FROM schedule_rule_slot_subgroups x JOIN subgroups sg ON sg.id = x.subgroup_id
                                          JOIN schedule_rule_groups g ON g.group_id = sg.group_id AND g.rule_id = s.rule_id
                                         WHERE x.slot_id = s.id) = 1)`),
    ).toBe(0);
    // A type has hours exactly when the rule has a slot of that type.
    expect(
      await count(`SELECT count(*)::int AS n FROM schedule_rules r
        WHERE (r.lecture_hours > 0) <> EXISTS (SELECT 1 FROM schedule_rule_slots s WHERE s.rule_id = r.id AND s.lesson_type_id = 1)
           OR (r.practice_hours > 0) <> EXISTS (SELECT 1 FROM schedule_rule_slots s WHERE s.rule_id = r.id AND s.lesson_type_id = 2)
           OR (r.laboratory_hours > 0) <> EXISTS (SELECT 1 FROM schedule_rule_slots s WHERE s.rule_id = r.id AND s.lesson_type_id = 3)`),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM schedule_rule_groups GROUP BY rule_id ORDER BY 1 DESC LIMIT 1`)).toBe(TINY_SCALE.groupsPerCourse);
  });

  it('lays out lessons without a single clash of teacher, room or audience, according to the engine', () => {
    for (const semester of ['autumn', 'spring']) {
      const lessons = lessonsBySemester.get(semester) ?? [];
      expect(lessons.length).toBeGreaterThan(100);
      // Every rule has lessons.
      expect(new Set(lessons.map((lesson) => lesson.ruleId)).size).toBe(plan.rules.filter((rule) => rule.semester === semester).length);
      const clashes = findClashes(lessons, lessons).filter((clash) => clash.candidate !== clash.existing);
      expect(clashes.map((clash) => [clash.candidate.slotId, clash.existing.slotId, clash.candidate.date, clash.fields])).toEqual([]);
    }
  });

  it('gives a group lessons in the first week, none on holidays or in the session', () => {
    const autumn = lessonsBySemester.get('autumn') ?? [];
    const group = seeded.groups[0];
    const week = semesterWeek(seeded.semesters.autumn, 1);
    const firstWeek = autumn.filter((lesson) => lesson.rule.groupIds.includes(group.id) && lesson.date >= week.startDate && lesson.date <= week.endDate);
    expect(firstWeek.length).toBeGreaterThan(0);
    expect(firstWeek.every((lesson) => lesson.weekNumber === 1 && lesson.parity === 'ODD')).toBe(true);
    expect(autumn.filter((lesson) => lesson.date === '2026-11-04' || lesson.date >= '2027-01-01')).toEqual([]);
  });

  it('lets every seeded login sign in with the demo password and its role', async () => {
    for (const login of seeded.logins) {
      const response = await t.as('alpha').post('/api/auth/login', { username: login.username, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.role).toBe(login.role);
    }
    expect(seeded.logins.map((login) => login.role)).toEqual(['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT']);
    const department = await t.as('alpha').post('/api/auth/login', { username: 'department1', password: PASSWORD });
    expect(department.body.departmentId).toBe(seeded.departmentIds[0]);
    // Issue 55: the demo student belongs to the group their job title names, on their account.
    const student = await t.as('alpha').login('student', PASSWORD);
    const own = (await student.get('/api/auth/me/group').expect(200)).body as { groupId: number | null; groupName: string | null };
    expect(own.groupId).not.toBeNull();
    expect(seeded.logins.find((login) => login.role === 'STUDENT')?.jobTitle).toBe(`Студент группы ${own.groupName}`);
  });

  it('refuses to seed a tenant that already has data and changes nothing', async () => {
    const before = await t.sql('alpha', `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM schedule_rules)::int AS rules`);
    const attempt = seedUniversity(client, { scale: TINY_SCALE, startYear: START_YEAR + 1, password: PASSWORD });
    await expect(attempt).rejects.toBeInstanceOf(UniversityNotEmptyError);
    await expect(attempt).rejects.toThrow(/departments: 2/);
    expect(await t.sql('alpha', `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM schedule_rules)::int AS rules`)).toEqual(before);
  });

  it('plans the benchmark university at the size the issue asks for', () => {
    const big = planUniversity(BENCH_SCALE, START_YEAR);
    expect(big.groups.length).toBeGreaterThanOrEqual(300);
    expect(big.teachers.length).toBeGreaterThanOrEqual(600);
    expect(big.rooms.length).toBeGreaterThanOrEqual(200);
    expect(big.rules.filter((rule) => rule.semester === 'autumn').length).toBeGreaterThanOrEqual(3000);
    expect(BENCH_SCALE.semesterWeeks).toBe(18);
  });
});
