import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { OVERRIDES_PATH } from './support/override-builders';
import { clientsByRole } from './support/resource-builders';
import {
  createRule,
  createUniversity,
  createVersion,
  LESSON_TYPES,
  publishVersion,
  requestOf,
  ruleBody,
  RULES_PATH,
  RuleBody,
  slotBody,
  University,
  updateRule,
  VERSIONS_PATH,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

interface Lesson {
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  date: string;
  dayOfWeek: number;
  timeSlotId: number;
  subjectName: string;
  teacherId: number;
  classroomId: number;
  groupIds: number[];
  overrideAction: string | null;
  originalLessonDate: string | null;
}

// The first full week of the autumn semester of 2026 (Monday to Sunday).
const WEEK = { startDate: '2026-09-07', endDate: '2026-09-13' };

/**
 * `GET /api/edu-office/schedule/versions/{id}/lessons` (issue 54 §4): a version's lessons of one group,
 * teacher or room, whatever the version's status, laid out and rendered as viewing does.
 */
describe('a version’s lessons (issue 54 §4)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;
  let mondayRule: RuleBody;
  let tuesdayRule: RuleBody;
  let draftId: number;
  let draftMondayRule: RuleBody;

  const lessonsOf = (versionId: number, query: Record<string, string | number>, client = office) =>
    client.get(`${VERSIONS_PATH}/${versionId}/lessons?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`);
  const ok = async (versionId: number, query: Record<string, string | number>): Promise<Lesson[]> => {
    const response = await lessonsOf(versionId, query);
    expect(response.status).toBe(200);
    return response.body as Lesson[];
  };
  const viewed = async (query: Record<string, string | number>): Promise<Lesson[]> => {
    const response = await office.get(`/api/schedule?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`);
    expect(response.status).toBe(200);
    return response.body as Lesson[];
  };
  const places = (lessons: Lesson[]) => lessons.map((lesson) => `${lesson.date} ${lesson.timeSlotId} ${lesson.subjectName}`);

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    const [A, B] = u.groups;
    // Group A: Mondays, pair 1, teacher 0, room 0. Group B: Tuesdays, pair 2, teacher 1, room 1.
    mondayRule = await createRule(
      admin,
      ruleBody(u, {
        groupIds: [A.id],
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 1, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id })],
      }),
    );
    tuesdayRule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [B.id],
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[1].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    // A draft copied from the publication, in which group A's lecture moves to Wednesday, pair 3.
    draftId = (await createVersion(office, u.semester.id, 'Черновик недели', u.versionId)).id;
    const draftRules = (await office.get(`${RULES_PATH}?versionId=${draftId}`)).body as RuleBody[];
    const copy = draftRules.find((rule) => rule.groupIds.includes(A.id)) as RuleBody;
    const moved = requestOf(copy);
    moved.slots[0] = { ...moved.slots[0], dayOfWeek: 3, timeSlotId: u.timeSlots[2].id };
    draftMondayRule = await updateRule(office, copy.id, moved);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the published version exactly as viewing does, for a group and a teacher', async () => {
    const filters: Record<string, number>[] = [{ groupId: u.groups[0].id }, { groupId: u.groups[1].id }, { teacherId: u.teachers[0].id }];
    for (const query of filters) {
      const range = { ...query, startDate: '2026-09-01', endDate: '2026-10-31' };
      const own = await ok(u.versionId, range);
      expect(own.length).toBeGreaterThan(4);
      expect(own).toEqual(await viewed(range));
    }
  });

  it('answers a draft’s own lessons, which differ from the published ones, for each filter', async () => {
    const [A, B] = u.groups;
    const draftA = await ok(draftId, { groupId: A.id, ...WEEK });
    expect(places(draftA)).toEqual([`2026-09-09 ${u.timeSlots[2].id} ${u.subjects[0].name}`]);
    expect(draftA[0].scheduleRuleId).toBe(draftMondayRule.id);
    expect(places(await viewed({ groupId: A.id, ...WEEK }))).toEqual([`2026-09-07 ${u.timeSlots[0].id} ${u.subjects[0].name}`]);
    // The same rule in the published version: unchanged.
    expect(places(await ok(u.versionId, { groupId: A.id, ...WEEK }))).toEqual([`2026-09-07 ${u.timeSlots[0].id} ${u.subjects[0].name}`]);

    // By teacher and by room: only that teacher's or room's lessons of the draft.
    expect(places(await ok(draftId, { teacherId: u.teachers[0].id, ...WEEK }))).toEqual(places(draftA));
    expect(places(await ok(draftId, { classroomId: u.classrooms[0].id, ...WEEK }))).toEqual(places(draftA));
    const roomB = await ok(draftId, { classroomId: u.classrooms[1].id, ...WEEK });
    expect(places(roomB)).toEqual([`2026-09-08 ${u.timeSlots[1].id} ${u.subjects[1].name}`]);
    expect(roomB[0].groupIds).toEqual([B.id]);
    expect(roomB[0].scheduleRuleId).not.toBe(tuesdayRule.id); // the draft's copy of the rule
    expect(await ok(draftId, { teacherId: u.teachers[1].id, ...WEEK })).toEqual(roomB);
    // A room nobody uses, a range outside the semester: nothing.
    expect(await ok(draftId, { classroomId: u.classrooms[0].id, startDate: '2027-01-11', endDate: '2027-01-17' })).toEqual([]);
  });

  it('shows a change of the draft at once (the answer follows the data, 304 only while it stands)', async () => {
    const query = { groupId: u.groups[0].id, ...WEEK };
    const first = await lessonsOf(draftId, query);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    expect((await lessonsOf(draftId, query).set('If-None-Match', etag)).status).toBe(304);
    const body = requestOf(draftMondayRule);
    body.slots[0] = { ...body.slots[0], dayOfWeek: 4 };
    draftMondayRule = await updateRule(office, draftMondayRule.id, body);
    const again = await lessonsOf(draftId, query).set('If-None-Match', etag);
    expect(again.status).toBe(200);
    expect((again.body as Lesson[]).map((lesson) => lesson.date)).toEqual(['2026-09-10']);
  });

  it('answers only the office and administrators, and only on their own university', async () => {
    const bare = `${VERSIONS_PATH}/${draftId}/lessons`;
    const path = `${bare}?groupId=${u.groups[0].id}&startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;
    expectErrorBody((await t.as('alpha').get(path)).body, 401, bare);
    const roles = await clientsByRole(t, admin, u.department.id);
    for (const role of ['TEACHER', 'STUDENT', 'DEPARTMENT', 'SCHEDULE_VIEWER'] as const) {
      expect((await (roles.get(role) as TenantClient).get(path)).status).toBe(403);
    }
    expect((await admin.get(path)).status).toBe(200);
    // Alpha's token on beta's host is refused; beta's own office does not see alpha's draft.
    expect((await t.as('beta', office.token).get(path)).status).toBe(401);
    const betaAdmin = await t.as('beta').login(ADMIN.username, ADMIN.password);
    const [beta] = await t.sql<{ count: string }>('beta', `SELECT count(*) FROM schedule_versions WHERE id = $1`, [draftId]);
    expect(Number(beta.count)).toBe(0);
    expectErrorBody((await betaAdmin.get(path)).body, 404, bare, 'Версия расписания не найдена');
  });

  it('refuses bad input with 400 at the field, an unknown version with 404', async () => {
    const A = u.groups[0].id;
    const cases: [Record<string, string | number>, string | string[], RegExp][] = [
      [{ ...WEEK }, ['groupId', 'teacherId', 'classroomId'], /группу.*преподавателя.*аудиторию/],
      [{ groupId: A, teacherId: u.teachers[0].id, ...WEEK }, ['groupId', 'teacherId'], /только один/],
      [{ groupId: A, startDate: '2026-09-10', endDate: '2026-09-09' }, ['startDate', 'endDate'], /позже даты окончания/],
      [{ groupId: A, startDate: '2026-09-01', endDate: '2027-03-20' }, 'endDate', /не более 200 дат/],
      [{ groupId: A, startDate: '2026-13-01', endDate: '2026-09-09' }, 'startDate', /startDate/],
      [{ groupId: A, startDate: '2026-09-01' }, 'endDate', /endDate/],
      [{ groupId: 'abc', ...WEEK }, 'groupId', /groupId/],
      [{ groupId: 999999, ...WEEK }, 'groupId', /Группа не найдена/],
      [{ teacherId: 999999, ...WEEK }, 'teacherId', /Преподаватель не найден/],
      [{ classroomId: 999999, ...WEEK }, 'classroomId', /Аудитория не найдена/],
    ];
    for (const [query, field, message] of cases) {
      const response = await lessonsOf(draftId, query);
      expect([query, response.status]).toEqual([query, 400]);
      expectErrorBody(response.body, 400, `${VERSIONS_PATH}/${draftId}/lessons`, message);
      if (Array.isArray(field)) expect(response.body.fields ?? [response.body.field]).toEqual(field);
      else expect(response.body.field).toBe(field);
    }
    expectErrorBody((await lessonsOf(999999, { groupId: A, ...WEEK })).body, 404, `${VERSIONS_PATH}/999999/lessons`, 'Версия расписания не найдена');
    expect((await lessonsOf(0, { groupId: A, ...WEEK })).status).toBe(400);
  });

  it('answers an archived version with its own one-off changes, after a draft is published over it', async () => {
    const A = u.groups[0].id;
    // A one-off move of group A's Monday lecture of 7 September to Friday, pair 2, in the publication.
    const slotId = mondayRule.slots[0].id;
    const moved = await office.post(OVERRIDES_PATH, {
      baseRuleSlotId: slotId,
      lessonDate: '2026-09-07',
      targetLessonDate: '2026-09-11',
      action: 'MOVE',
      newTimeSlotId: u.timeSlots[1].id,
    });
    expect(moved.status).toBe(200);
    const published = await ok(u.versionId, { groupId: A, ...WEEK });
    expect(published).toEqual(await viewed({ groupId: A, ...WEEK }));
    expect(published.map((lesson) => [lesson.date, lesson.overrideAction, lesson.originalLessonDate])).toEqual([['2026-09-11', 'MOVE', '2026-09-07']]);

    await publishVersion(office, draftId);
    // Viewing now reads the former draft (Thursdays); the archived version keeps its one-off move.
    expect((await viewed({ groupId: A, ...WEEK })).map((lesson) => lesson.date)).toEqual(['2026-09-10']);
    expect(await ok(u.versionId, { groupId: A, ...WEEK })).toEqual(published);
    expect(await ok(draftId, { groupId: A, ...WEEK })).toEqual(await viewed({ groupId: A, ...WEEK }));
  });
});
