import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../migrations';
import { standServiceAt } from './support/clock';
import { createOverride } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { testServer } from './support/test-database';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Issue 53: «every existing rule keeps its lessons exactly». A semester with rules of every shape
 * (start weeks, parity, two slots, subgroups, shared groups) and one-off changes (cancelled, moved,
 * replaced) is rendered for every group, teacher and room; the database is then taken back to the
 * schema before dated periods (the migrations undone one by one, through 1764900000000-DatedRulePeriods,
 * its rows kept) and migrated forward again as a deployment would, and the same readers must answer
 * exactly the same, ids included.
 */
const SEMESTER = 'startDate=2026-09-01&endDate=2026-12-31';
const PERIODS = 'DatedRulePeriods1764900000000';

describe('the dated-periods migration keeps every rule’s lessons (issue 53)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 4, groups: 3, classrooms: 4, subjects: 4 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const render = async () => {
    const read = async (path: string) => {
      const response = await admin.get(path);
      expect([path, response.status]).toEqual([path, 200]);
      return response.body as unknown[];
    };
    return {
      groups: await Promise.all(u.groups.map((group) => read(`/api/schedule?groupId=${group.id}&${SEMESTER}`))),
      teachers: await Promise.all(u.teachers.map((teacher) => read(`/api/schedule?teacherId=${teacher.id}&${SEMESTER}`))),
      rooms: await Promise.all(u.classrooms.map((room) => read(`/api/schedule/search?classroomId=${room.id}&${SEMESTER}`))),
      registry: await read(`/api/edu-office/schedule/overrides?${SEMESTER}`),
    };
  };

  it('renders a seeded semester the same before and after the migration', async () => {
    const [g0, g1, g2] = u.groups;
    const teacher = (index: number) => u.teachers[index].id;
    const room = (index: number) => u.classrooms[index].id;
    const pair = (index: number) => u.timeSlots[index].id;
    const monday = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [g0.id], lectureAcademicHours: 24, lectureStartWeek: 2, slots: [slotBody(u, { dayOfWeek: 1, teacherId: teacher(0), classroomId: room(0) })] }),
    );
    const oddWednesday = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [g1.id],
        lectureAcademicHours: 0,
        practiceAcademicHours: 16,
        slots: [slotBody(u, { dayOfWeek: 3, parity: 'ODD', timeSlotId: pair(1), teacherId: teacher(1), classroomId: room(1), lessonTypeId: LESSON_TYPES.PRACTICE })],
      }),
    );
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [g0.id, g1.id],
        lectureAcademicHours: 40,
        slots: [
          slotBody(u, { dayOfWeek: 5, timeSlotId: pair(2), teacherId: teacher(2), classroomId: room(2) }),
          slotBody(u, { dayOfWeek: 2, parity: 'EVEN', timeSlotId: pair(2), teacherId: teacher(2), classroomId: room(2), lessonFormat: 'Онлайн' }),
        ],
      }),
    );
    const subgroups = g2.subgroups.slice(0, 1).map((subgroup) => subgroup.id);
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[3].id,
        groupIds: [g2.id],
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 12,
        laboratoryStartWeek: 3,
        slots: [slotBody(u, { dayOfWeek: 4, timeSlotId: pair(0), teacherId: teacher(3), classroomId: room(3), lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: subgroups })],
      }),
    );
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-09-14', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-10-12', targetLessonDate: '2026-10-13', action: 'MOVE', newTimeSlotId: pair(3) });
    await createOverride(admin, { baseRuleSlotId: oddWednesday.slots[0].id, lessonDate: '2026-09-02', action: 'REPLACE', newTeacherId: teacher(3), newClassroomId: room(3) });
    const before = await render();
    expect(before.groups.flat().length).toBeGreaterThan(30);
    expect(before.registry).toHaveLength(3);

    const migrations = new DataSource({
      type: 'postgres',
      ...{ host: testServer().host, port: testServer().port, username: testServer().user, password: testServer().password },
      database: t.databases.alpha,
      migrations: MIGRATIONS,
      migrationsTableName: 'schema_migrations',
      logging: false,
    });
    await migrations.initialize();
    try {
      // Back to the schema before dated periods: every later migration undone, then that one.
      const executed = async (): Promise<{ name: string }[]> => migrations.query(`SELECT name FROM schema_migrations ORDER BY timestamp DESC LIMIT 1`);
      while ((await executed())[0].name !== PERIODS) await migrations.undoLastMigration({ transaction: 'each' });
      await migrations.undoLastMigration({ transaction: 'each' });
      const columns: unknown[] = await migrations.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'schedule_rule_slots' AND column_name IN ('active_from', 'active_to', 'continues_slot_id')`,
      );
      expect(columns).toEqual([]);
      expect(await migrations.showMigrations()).toBe(true);

      // Forward again, as a deployment runs them.
      await migrations.runMigrations({ transaction: 'each' });
      expect(await migrations.showMigrations()).toBe(false);
      expect(await migrations.query(`SELECT count(*)::int AS n FROM schedule_rule_slots WHERE active_from IS NOT NULL OR active_to IS NOT NULL OR continues_slot_id IS NOT NULL`)).toEqual([{ n: 0 }]);
      // A restarted service reads afresh: the schedule data stamp moves, so no cached answer is reused.
      await migrations.query(`UPDATE schedule_data_stamp SET stamp = stamp + 1`);
    } finally {
      await migrations.destroy();
    }

    expect(await render()).toEqual(before);
  });
});
