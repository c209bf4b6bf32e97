import { Role, ROLES } from '../src/platform/auth/roles';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { addDays } from '../src/schedule-engine/dates';
import { createUser, expectErrorBody, PASSWORD } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { buildSmallUniversity, plusDays, query, SmallUniversity, ViewingWorld } from './support/viewing-builders';

interface Lesson {
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  date: string;
  [field: string]: unknown;
}

const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };
const WEEK_1 = { startDate: '2026-08-31', endDate: '2026-09-06' };
const NO_DEPARTMENT = 'За учётной записью кафедры не закреплена кафедра';

/** Lessons as compact `[date, slot id]` pairs, in answer order. */
const keys = (lessons: Lesson[]) => lessons.map((lesson) => [lesson.date, lesson.scheduleRuleSlotId]);

describe('schedule viewing (4.5, 4.17 department schedule)', () => {
  let t: TestApp;
  let w: ViewingWorld;
  let u: SmallUniversity;
  let admin: TenantClient;
  /** One client per role; DEPARTMENT is the head of department A. */
  const clients = new Map<Role, TenantClient>();
  let headB: TenantClient;
  let headNone: TenantClient;

  const get = async (client: TenantClient, path: string, params: Record<string, string | number | undefined>) =>
    client.get(`${path}?${query(params)}`);
  const lessons = async (client: TenantClient, path: string, params: Record<string, string | number | undefined>): Promise<Lesson[]> => {
    const response = await get(client, path, params);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Lesson[];
  };
  /** Every 4xx below must leave the data untouched: viewing never writes. */
  const expectUnchanged = async (before: number) => expect(await w.stamp()).toBe(before);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    w = new ViewingWorld(t);
    u = await buildSmallUniversity(w);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    clients.set('ADMIN', admin);
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      const user = await createUser(admin, { role, departmentId: u.departmentA, username: `viewer-${role.toLowerCase()}` });
      clients.set(role, await t.as('alpha').login(user.username, PASSWORD));
    }
    const b = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.departmentB, username: 'head-b' });
    headB = await t.as('alpha').login(b.username, PASSWORD);
    const none = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.departmentB, username: 'head-none' });
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = $2 WHERE user_id = $1`, [none.id, addDays(todayInBusinessZone(), 1)]);
    headNone = await t.as('alpha').login(none.username, PASSWORD);
  });
  afterAll(() => t.close());

  describe('GET /api/schedule', () => {
    it('renders a group week lesson by lesson with every field of the spec', async () => {
      const { rules, groups, subgroups, teachers, rooms, slots, subjects } = u;
      const body = await lessons(admin, '/api/schedule', { groupId: groups.ivt101, ...WEEK_1 });
      expect(keys(body)).toEqual([
        ['2026-09-01', rules.math.slotIds[0]],
        ['2026-09-02', rules.math.slotIds[1]],
        ['2026-09-03', rules.phys.slotIds[0]],
        ['2026-09-03', rules.phys.slotIds[1]],
        ['2026-09-04', rules.hist.slotIds[0]],
      ]);
      const noOverride = { scheduleOverrideId: null, overrideAction: null, originalLessonDate: null };
      expect(body[0]).toEqual({
        scheduleRuleId: rules.math.id,
        scheduleRuleSlotId: rules.math.slotIds[0],
        date: '2026-09-01',
        dayOfWeek: 2,
        dayName: 'Вторник',
        weekNumber: 1,
        parity: 'ODD',
        timeSlotId: slots.pair1,
        timeSlotOrder: 1,
        startTime: '08:30:00',
        endTime: '10:00:00',
        subjectId: subjects.math,
        subjectName: 'Математика',
        teacherId: teachers.ivanov,
        teacherName: 'Иванов Иван Иванович',
        classroomId: rooms.r101,
        classroomName: '101',
        lessonTypeId: 1,
        lessonTypeName: 'Лекция',
        lessonFormat: 'Очно',
        subgroupId: null,
        subgroupName: null,
        subgroupIds: [],
        subgroupNames: [],
        groupIds: [groups.ivt101, groups.ivt102],
        groupNames: ['ИВТ-101', 'ИВТ-102'],
        activityType: 'Т',
        lessonTypeAcademicHours: 8,
        consumedLessonTypeAcademicHoursBeforeLesson: 0,
        remainingLessonTypeAcademicHoursAfterLesson: 6,
        ...noOverride,
      });
      expect(body[1]).toMatchObject({
        dayOfWeek: 3,
        dayName: 'Среда',
        timeSlotId: slots.pair2,
        timeSlotOrder: 2,
        startTime: '10:10:00',
        endTime: '11:40:00',
        teacherId: teachers.petrova,
        teacherName: 'Петрова Анна Сергеевна',
        lessonTypeId: 2,
        lessonTypeName: 'Практика',
        lessonFormat: 'Онлайн',
        lessonTypeAcademicHours: 4,
        consumedLessonTypeAcademicHoursBeforeLesson: 0,
        remainingLessonTypeAcademicHoursAfterLesson: 2,
      });
      // Laboratory work of one subgroup, then of both: the single subgroup is named, two are only listed.
      expect(body[2]).toEqual({
        scheduleRuleId: rules.phys.id,
        scheduleRuleSlotId: rules.phys.slotIds[0],
        date: '2026-09-03',
        dayOfWeek: 4,
        dayName: 'Четверг',
        weekNumber: 1,
        parity: 'ODD',
        timeSlotId: slots.pair1,
        timeSlotOrder: 1,
        startTime: '08:30:00',
        endTime: '10:00:00',
        subjectId: subjects.phys,
        subjectName: 'Физика',
        teacherId: teachers.petrova,
        teacherName: 'Петрова Анна Сергеевна',
        classroomId: rooms.lab1,
        classroomName: 'Лаб-1',
        lessonTypeId: 3,
        lessonTypeName: 'Лабораторная работа',
        lessonFormat: 'Очно',
        subgroupId: subgroups.first,
        subgroupName: 'Подгруппа 1',
        subgroupIds: [subgroups.first],
        subgroupNames: ['Подгруппа 1'],
        groupIds: [groups.ivt101],
        groupNames: ['ИВТ-101'],
        activityType: 'Т',
        lessonTypeAcademicHours: 8,
        consumedLessonTypeAcademicHoursBeforeLesson: 0,
        remainingLessonTypeAcademicHoursAfterLesson: 6,
        ...noOverride,
      });
      expect(body[3]).toMatchObject({
        subgroupId: null,
        subgroupName: null,
        subgroupIds: [subgroups.first, subgroups.second],
        subgroupNames: ['Подгруппа 1', 'Подгруппа 2'],
        startTime: '10:10:00',
        consumedLessonTypeAcademicHoursBeforeLesson: 2,
        remainingLessonTypeAcademicHoursAfterLesson: 4,
      });
      expect(Object.keys(body[4]).sort()).toEqual(Object.keys(body[0]).sort());
    });

    it('lays out the whole semester: holiday week skipped without consuming hours, Saturday and manual grids', async () => {
      const { rules } = u;
      const body = await lessons(clients.get('STUDENT')!, '/api/schedule', { groupId: u.groups.ivt101, ...SEMESTER });
      const [lecture, practice] = rules.math.slotIds;
      const [lab1, lab2, saturday] = rules.phys.slotIds;
      const hist = rules.hist.slotIds[0];
      // [date, slot, week, parity, start, end, order, consumed before, remaining after]
      const rows = body.map((l) => [
        l.date,
        l.scheduleRuleSlotId,
        l.weekNumber,
        l.parity,
        l.startTime,
        l.endTime,
        l.timeSlotOrder,
        l.consumedLessonTypeAcademicHoursBeforeLesson,
        l.remainingLessonTypeAcademicHoursAfterLesson,
      ]);
      expect(rows).toEqual([
        ['2026-09-01', lecture, 1, 'ODD', '08:30:00', '10:00:00', 1, 0, 6],
        ['2026-09-02', practice, 1, 'ODD', '10:10:00', '11:40:00', 2, 0, 2],
        ['2026-09-03', lab1, 1, 'ODD', '08:30:00', '10:00:00', 1, 0, 6],
        ['2026-09-03', lab2, 1, 'ODD', '10:10:00', '11:40:00', 2, 2, 4],
        ['2026-09-04', hist, 1, 'ODD', '08:30:00', '10:00:00', 1, 0, 2],
        ['2026-09-08', lecture, 2, 'EVEN', '08:30:00', '10:00:00', 1, 2, 4],
        ['2026-09-10', lab1, 2, 'EVEN', '08:30:00', '10:00:00', 1, 4, 2],
        ['2026-09-10', lab2, 2, 'EVEN', '10:10:00', '11:40:00', 2, 6, 0],
        ['2026-09-11', hist, 2, 'EVEN', '08:30:00', '10:00:00', 1, 2, 0],
        ['2026-09-12', saturday, 2, 'EVEN', '09:00:00', '10:20:00', 1, 0, 0], // Saturday grid, practice from week 2
        ['2026-09-15', lecture, 3, 'ODD', '08:30:00', '10:00:00', 1, 4, 2],
        ['2026-09-16', practice, 3, 'ODD', '09:10:00', '10:10:00', 2, 2, 0], // manual grid of 16 Sep
        // 22 Sep lies in the holiday week: no lesson, nothing consumed.
        ['2026-09-29', lecture, 5, 'ODD', '08:30:00', '10:00:00', 1, 6, 0],
      ]);
      expect(body[9]).toMatchObject({ dayOfWeek: 6, dayName: 'Суббота', timeSlotId: u.slots.pair1, activityType: 'Т' });
      expect(body.every((lesson) => lesson.scheduleRuleId !== rules.archivedRule.id && lesson.scheduleRuleId !== u.draftRule.id)).toBe(true);
    });

    it('shows another group of a multi-group rule only the shared lessons, and a group without a calendar nothing', async () => {
      const second = await lessons(admin, '/api/schedule', { groupId: u.groups.ivt102, ...SEMESTER });
      expect(second.map((l) => l.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-08', '2026-09-15', '2026-09-16', '2026-09-29']);
      expect(second.every((l) => l.scheduleRuleId === u.rules.math.id)).toBe(true);
      expect(await lessons(admin, '/api/schedule', { groupId: u.groups.pi201, ...SEMESTER })).toEqual([]);
      expect(await lessons(admin, '/api/schedule', { groupId: u.groups.ivt101, startDate: '2026-09-21', endDate: '2026-09-27' })).toEqual([]);
    });

    it('shows a teacher the lessons of the slots they teach, across rules and groups', async () => {
      const ivanov = await lessons(clients.get('TEACHER')!, '/api/schedule', { teacherId: u.teachers.ivanov, ...SEMESTER });
      expect(ivanov.map((l) => [l.date, l.scheduleRuleId])).toEqual([
        ['2026-09-01', u.rules.math.id],
        ['2026-09-04', u.rules.hist.id],
        ['2026-09-07', u.rules.prog.id],
        ['2026-09-08', u.rules.math.id],
        ['2026-09-11', u.rules.hist.id],
        ['2026-09-12', u.rules.phys.id],
        ['2026-09-14', u.rules.prog.id],
        ['2026-09-15', u.rules.math.id],
        ['2026-09-29', u.rules.math.id],
      ]);
      expect(ivanov[2]).toMatchObject({ groupIds: [u.groups.pi202], groupNames: ['ПИ-202'], classroomName: 'Лаб-1', startTime: '10:10:00', weekNumber: 2 });
      const petrova = await lessons(admin, '/api/schedule', { teacherId: u.teachers.petrova, ...SEMESTER });
      expect(keys(petrova)).toEqual([
        ['2026-09-02', u.rules.math.slotIds[1]],
        ['2026-09-03', u.rules.phys.slotIds[0]],
        ['2026-09-03', u.rules.phys.slotIds[1]],
        ['2026-09-10', u.rules.phys.slotIds[0]],
        ['2026-09-10', u.rules.phys.slotIds[1]],
        ['2026-09-16', u.rules.math.slotIds[1]],
      ]);
    });

    it('is open to every role, DEPARTMENT included for another department’s group', async () => {
      const expected = keys(await lessons(admin, '/api/schedule', { groupId: u.groups.ivt101, ...WEEK_1 }));
      for (const client of [...clients.values(), headB]) {
        expect(keys(await lessons(client, '/api/schedule', { groupId: u.groups.ivt101, ...WEEK_1 }))).toEqual(expected);
      }
      const anonymous = await t.as('alpha').get(`/api/schedule?${query({ groupId: u.groups.ivt101, ...WEEK_1 })}`);
      expect(anonymous.status).toBe(401);
    });

    it('accepts 200 dates and refuses 201, a reversed range, missing or doubled ids and bad dates (400)', async () => {
      const before = await w.stamp();
      const start = '2026-09-01';
      const full = await get(admin, '/api/schedule', { groupId: u.groups.ivt101, startDate: start, endDate: plusDays(start, 199) });
      expect(full.status).toBe(200);
      expect(full.body).toHaveLength(13);

      const cases: [Record<string, string | number | undefined>, string | RegExp][] = [
        [
          { groupId: u.groups.ivt101, startDate: start, endDate: plusDays(start, 200) },
          'Период просмотра может содержать не более 200 дат (обе границы включаются), запрошено 201',
        ],
        [{ groupId: u.groups.ivt101, startDate: '2026-09-10', endDate: '2026-09-09' }, 'Дата начала периода (startDate) позже даты окончания (endDate)'],
        [{ startDate: start, endDate: start }, 'Укажите группу (groupId) или преподавателя (teacherId)'],
        [{ groupId: u.groups.ivt101, teacherId: u.teachers.ivanov, startDate: start, endDate: start }, 'Укажите только один из параметров: groupId или teacherId'],
        [{ groupId: u.groups.ivt101, endDate: start }, 'Поле «startDate» обязательно'],
        [{ groupId: u.groups.ivt101, startDate: start }, 'Поле «endDate» обязательно'],
        [{ groupId: u.groups.ivt101, startDate: '2026-02-30', endDate: start }, /«startDate».*ГГГГ-ММ-ДД/],
        [{ groupId: 'abc', startDate: start, endDate: start }, /«groupId»/],
        [{ teacherId: 0, startDate: start, endDate: start }, /«teacherId»/],
      ];
      for (const [params, message] of cases) {
        const response = await get(admin, '/api/schedule', params);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, '/api/schedule', message);
      }
      await expectUnchanged(before);
    });

    it('answers 404 for an unknown group or teacher', async () => {
      const before = await w.stamp();
      const group = await get(admin, '/api/schedule', { groupId: 999999, ...WEEK_1 });
      expect(group.status).toBe(404);
      expectErrorBody(group.body, 404, '/api/schedule', 'Группа не найдена');
      const adminUser = (await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE username = 'admin'`))[0].id;
      for (const teacherId of [999999, adminUser]) {
        const teacher = await get(admin, '/api/schedule', { teacherId, ...WEEK_1 });
        expect(teacher.status).toBe(404);
        expectErrorBody(teacher.body, 404, '/api/schedule', 'Преподаватель не найден');
      }
      await expectUnchanged(before);
    });
  });

  describe('GET /api/schedule/search', () => {
    const search = (params: Record<string, string | number | undefined>, client = admin) => lessons(client, '/api/schedule/search', { ...SEMESTER, ...params });
    const ruleIds = (body: Lesson[]) => [...new Set(body.map((l) => l.scheduleRuleId))].sort((a, b) => a - b);

    it('without filters covers the few groups of the semester: every lesson, sorted', async () => {
      const all = await search({});
      expect(all).toHaveLength(15);
      expect(ruleIds(all)).toEqual([u.rules.math.id, u.rules.phys.id, u.rules.prog.id, u.rules.hist.id].sort((a, b) => a - b));
      const order = all.map((l) => `${l.date} ${l.startTime as string}`);
      expect(order).toEqual([...order].sort());
    });

    it('narrows by each filter', async () => {
      const { groups, teachers, rooms, subjects, slots, rules } = u;
      expect((await search({ groupId: groups.ivt102 })).map((l) => l.scheduleRuleId)).toEqual(Array(6).fill(rules.math.id));
      expect(keys(await search({ classroomId: rooms.lab1 })).map(([date]) => date)).toEqual([
        '2026-09-03',
        '2026-09-03',
        '2026-09-07',
        '2026-09-10',
        '2026-09-10',
        '2026-09-14',
      ]);
      expect(ruleIds(await search({ subjectId: subjects.phys }))).toEqual([rules.phys.id]);
      expect(await search({ subjectId: subjects.phys })).toHaveLength(5);
      expect((await search({ lessonTypeId: 3 })).map((l) => l.scheduleRuleSlotId)).toEqual([
        rules.phys.slotIds[0],
        rules.phys.slotIds[1],
        rules.phys.slotIds[0],
        rules.phys.slotIds[1],
      ]);
      expect((await search({ timeSlotId: slots.pair2 })).map((l) => l.scheduleRuleSlotId)).toEqual([
        rules.math.slotIds[1],
        rules.phys.slotIds[1],
        rules.prog.slotIds[0],
        rules.phys.slotIds[1],
        rules.prog.slotIds[0],
        rules.math.slotIds[1],
      ]);
      const even = await search({ parity: 'EVEN' });
      expect(even.map((l) => l.date)).toEqual(['2026-09-07', '2026-09-08', '2026-09-10', '2026-09-10', '2026-09-11', '2026-09-12']);
      expect((await search({ parity: 'ODD' })).every((l) => l.parity === 'ODD')).toBe(true);
      expect(await search({ parity: 'ODD' })).toHaveLength(9);
      expect(await search({ parity: 'BOTH' })).toHaveLength(15);
      expect(await search({ departmentId: u.departmentA })).toHaveLength(13);
      expect(ruleIds(await search({ departmentId: u.departmentB }))).toEqual([rules.prog.id]);
      expect(await search({ departmentId: u.departmentA, groupId: groups.pi202 })).toEqual([]);
      expect(await search({ teacherId: teachers.ivanov, lessonTypeId: 1 })).toHaveLength(8);
      expect(await search({ teacherId: teachers.petrova, groupId: groups.ivt102 })).toHaveLength(2);
      expect(await search({ groupId: groups.ivt101, startDate: '2026-09-10', endDate: '2026-09-10' })).toHaveLength(2);
    });

    it('teacher-only mode: just the teacher, open to every role', async () => {
      const expected = keys(await lessons(admin, '/api/schedule', { teacherId: u.teachers.petrova, ...SEMESTER }));
      for (const client of clients.values()) {
        expect(keys(await search({ teacherId: u.teachers.petrova }, client))).toEqual(expected);
      }
    });

    it('refuses a bad range or parity (400)', async () => {
      const before = await w.stamp();
      const cases: [Record<string, string | number | undefined>, string | RegExp][] = [
        [{ startDate: '2026-09-01', endDate: '2027-03-20' }, /не более 200 дат/],
        [{ startDate: '2026-09-02', endDate: '2026-09-01' }, /позже даты окончания/],
        [{ startDate: undefined }, 'Поле «startDate» обязательно'],
        [{ parity: 'odd' }, /«parity».*BOTH, ODD, EVEN/],
        [{ classroomId: -1 }, /«classroomId»/],
      ];
      for (const [params, message] of cases) {
        const response = await get(admin, '/api/schedule/search', { ...SEMESTER, ...params });
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, '/api/schedule/search', message);
      }
      await expectUnchanged(before);
    });

    // The 50 active groups limit of wide searches: test/schedule-viewing-search-limit.e2e-spec.ts.
  });

  describe('GET /api/lesson-types', () => {
    it('lists the three lesson types by id, for every role', async () => {
      for (const client of clients.values()) {
        const response = await client.get('/api/lesson-types');
        expect(response.status).toBe(200);
        expect(response.body).toEqual([
          { id: 1, name: 'Лекция', code: 'LECTURE' },
          { id: 2, name: 'Практика', code: 'PRACTICE' },
          { id: 3, name: 'Лабораторная работа', code: 'LABORATORY' },
        ]);
      }
    });
  });

  describe('GET /api/department/schedule', () => {
    const PATH = '/api/department/schedule';
    const TWO_WEEKS = { startDate: '2026-08-31', endDate: '2026-09-13' };

    it('gives DEPARTMENT the lessons of its own groups only', async () => {
      const own = await lessons(clients.get('DEPARTMENT')!, PATH, TWO_WEEKS);
      expect(own).toHaveLength(10);
      expect([...new Set(own.map((l) => l.scheduleRuleId))].sort((a, b) => a - b)).toEqual([u.rules.math.id, u.rules.phys.id, u.rules.hist.id].sort((a, b) => a - b));
      expect(own.some((l) => (l.groupIds as number[]).includes(u.groups.pi202))).toBe(false);
      expect(keys(await lessons(clients.get('DEPARTMENT')!, PATH, { ...TWO_WEEKS, departmentId: u.departmentA }))).toEqual(keys(own));

      const other = await lessons(headB, PATH, TWO_WEEKS);
      expect(other.map((l) => [l.date, l.scheduleRuleId])).toEqual([['2026-09-07', u.rules.prog.id]]);
    });

    it('narrows by a group of the department and by teacher', async () => {
      const head = clients.get('DEPARTMENT')!;
      const second = await lessons(head, PATH, { ...TWO_WEEKS, groupId: u.groups.ivt102 });
      expect(second.map((l) => l.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-08']);
      const petrova = await lessons(head, PATH, { ...TWO_WEEKS, teacherId: u.teachers.petrova });
      expect(petrova.map((l) => l.date)).toEqual(['2026-09-02', '2026-09-03', '2026-09-03', '2026-09-10', '2026-09-10']);
    });

    it('lets ADMIN, EDUCATION_OFFICE and SCHEDULE_VIEWER view any department they name', async () => {
      const expected = keys(await lessons(clients.get('DEPARTMENT')!, PATH, TWO_WEEKS));
      expect(keys(await lessons(admin, PATH, { ...TWO_WEEKS, departmentId: u.departmentA }))).toEqual(expected);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER'] as const) {
        expect(keys(await lessons(clients.get(role)!, PATH, { ...TWO_WEEKS, departmentId: u.departmentB }))).toEqual([['2026-09-07', u.rules.prog.slotIds[0]]]);
      }
    });

    it('refuses DEPARTMENT another department, a foreign group or a missing department (403)', async () => {
      const before = await w.stamp();
      const head = clients.get('DEPARTMENT')!;
      const cases: [TenantClient, Record<string, number>, string][] = [
        [head, { departmentId: u.departmentB }, 'Можно просматривать расписание только своей кафедры'],
        [head, { groupId: u.groups.pi202 }, 'Группа не относится к действующим группам кафедры'],
        [head, { groupId: 999999 }, 'Группа не относится к действующим группам кафедры'],
        [headNone, {}, NO_DEPARTMENT],
      ];
      for (const [client, params, message] of cases) {
        const response = await get(client, PATH, { ...TWO_WEEKS, ...params });
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, PATH, message);
      }
      for (const role of ['TEACHER', 'STUDENT'] as const) {
        const response = await get(clients.get(role)!, PATH, { ...TWO_WEEKS, departmentId: u.departmentA });
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, PATH);
      }
      await expectUnchanged(before);
    });

    it('asks the other roles for a known department and one of its groups, and checks the range (400)', async () => {
      const before = await w.stamp();
      const cases: [Record<string, string | number | undefined>, string | RegExp][] = [
        [{}, 'Параметр «departmentId» обязателен'],
        [{ departmentId: 999999 }, 'Кафедра не найдена'],
        [{ departmentId: u.departmentA, groupId: u.groups.pi202 }, 'Группа не относится к действующим группам кафедры'],
        [{ departmentId: u.departmentA, startDate: '2026-09-01', endDate: '2027-03-20' }, /не более 200 дат/],
        [{ departmentId: u.departmentA, endDate: undefined }, 'Поле «endDate» обязательно'],
      ];
      for (const [params, message] of cases) {
        const response = await get(admin, PATH, { ...TWO_WEEKS, ...params });
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, PATH, message);
      }
      await expectUnchanged(before);
    });
  });
});
