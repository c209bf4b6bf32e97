import { createUser, expectErrorBody, PASSWORD } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { buildSmallUniversity, query, SmallUniversity, ViewingWorld } from './support/viewing-builders';

interface Lesson {
  scheduleRuleSlotId: number;
  date: string;
  classroomId: number;
}

const PATH = '/api/schedule/search';
const WEEK_1 = { startDate: '2026-08-31', endDate: '2026-09-06' };
const TOO_WIDE = 'Слишком широкий поиск: укажите группу или кафедру';

/**
 * Spec 4.5 and 8: a search without groupId and departmentId, outside the teacher-only mode, is refused
 * once the tenant has more than 50 active groups, whatever its other filters. The small university
 * has 4 active groups with lessons; the others added here have no rules at all, so a limit that
 * counted only the groups a search matches would never notice them.
 */
describe('schedule search: the 50 active groups limit (4.5, 8)', () => {
  let t: TestApp;
  let w: ViewingWorld;
  let u: SmallUniversity;
  let admin: TenantClient;
  let student: TenantClient;
  let otherDepartment: number;

  const search = (params: Record<string, string | number | undefined>, client = admin) => client.get(`${PATH}?${query({ ...WEEK_1, ...params })}`);
  const addGroups = async (count: number, status: 'ACTIVE' | 'ARCHIVED' = 'ACTIVE'): Promise<number[]> =>
    (
      await w.sql<{ id: number }>(
        `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id, status, archived_at)
         SELECT 'Поток-' || n, 20, $1, $2, 2026, $3, $4, $5::varchar, CASE WHEN $5::varchar = 'ARCHIVED' THEN now() END
           FROM generate_series(1, $6::int) AS n RETURNING id`,
        [u.setup.formId, otherDepartment, u.setup.specialtyId, u.setup.profileId, status, count],
      )
    ).map((row) => row.id);
  /** The searches that name neither group nor department nor a lone teacher. */
  const wideSearches = () => [
    {},
    { classroomId: u.rooms.r101 },
    { subjectId: u.subjects.math },
    { lessonTypeId: 1, parity: 'ODD' },
    { timeSlotId: u.slots.pair1 },
    { classroomId: u.rooms.r101, subjectId: u.subjects.hist, lessonTypeId: 1 },
  ];
  const roomWeek = async () => {
    const response = await search({ classroomId: u.rooms.r101 });
    expect(response.status).toBe(200);
    return (response.body as Lesson[]).map((lesson) => [lesson.date, lesson.scheduleRuleSlotId, lesson.classroomId]);
  };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    w = new ViewingWorld(t);
    u = await buildSmallUniversity(w);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const user = await createUser(admin, { role: 'STUDENT', departmentId: u.departmentA, username: 'limit-student' });
    student = await t.as('alpha').login(user.username, PASSWORD);
    otherDepartment = await w.department('Кафедра общих дисциплин', 3);
  });
  afterAll(() => t.close());

  it('answers a search by classroom with exactly 50 active groups; archived ones are not counted', async () => {
    await addGroups(46);
    await addGroups(5, 'ARCHIVED');
    expect(await roomWeek()).toEqual([
      ['2026-09-01', u.rules.math.slotIds[0], u.rooms.r101],
      ['2026-09-02', u.rules.math.slotIds[1], u.rooms.r101],
      ['2026-09-04', u.rules.hist.slotIds[0], u.rooms.r101],
    ]);
    for (const params of wideSearches()) expect((await search(params, student)).status).toBe(200);
  });

  it('refuses every wide search once a 51st active group exists, even one without any lesson (400, nothing changed)', async () => {
    await addGroups(1);
    const before = await w.stamp();
    for (const params of wideSearches()) {
      for (const client of [admin, student]) {
        const response = await search(params, client);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, PATH, TOO_WIDE);
      }
    }
    expect(await w.stamp()).toBe(before);
  });

  it('still answers a search narrowed by group, department or the teacher-only mode', async () => {
    const ok = async (params: Record<string, number>) => {
      const response = await search(params);
      expect(response.status).toBe(200);
      return (response.body as Lesson[]).length;
    };
    expect(await ok({ groupId: u.groups.ivt102 })).toBe(2);
    expect(await ok({ departmentId: u.departmentA, classroomId: u.rooms.r101 })).toBe(3);
    expect(await ok({ departmentId: otherDepartment })).toBe(0);
    // Teacher-only mode: a teacher without group or department, other filters allowed.
    expect(await ok({ teacherId: u.teachers.ivanov })).toBe(2);
    expect(await ok({ teacherId: u.teachers.ivanov, classroomId: u.rooms.r101 })).toBe(2);
  });

  it('answers again when a group is archived and the tenant is back to 50 active groups', async () => {
    const [newest] = await w.sql<{ id: number }>(`SELECT max(id) AS id FROM study_groups WHERE status = 'ACTIVE'`);
    await w.sql(`UPDATE study_groups SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [newest.id]);
    expect(await roomWeek()).toHaveLength(3);
  });
});
