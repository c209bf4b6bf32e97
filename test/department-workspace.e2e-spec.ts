import { Role } from '../src/platform/auth/roles';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { addDays } from '../src/schedule-engine/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const USERNAME_TAKEN = 'Пользователь с таким логином уже существует';
const PENDING_TAKEN = 'Заявка на создание преподавателя с таким логином уже ожидает рассмотрения';
const NO_DEPARTMENT = 'За учётной записью кафедры не закреплена кафедра';
const OTHER_ROLES: readonly Role[] = ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

describe('department workspace: teachers and teacher-creation requests (4.17)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let a: DepartmentBody;
  let b: DepartmentBody;
  let c: DepartmentBody;
  const today = todayInBusinessZone();
  /** Clients by role; DEPARTMENT is the head of department A. */
  const clients = new Map<Role, TenantClient>();
  let headA: UserBody;
  let headB: UserBody;
  let depB: TenantClient;
  /** A DEPARTMENT account whose primary department starts only tomorrow: its token carries none. */
  let depNone: TenantClient;
  const teacher: Record<string, UserBody> = {};

  /** Users, requests and assignments, read in one statement (to prove that nothing changed). */
  const snapshot = async () =>
    (
      await t.sql<{ users: unknown[]; requests: unknown[]; assignments: unknown[] }>(
        'alpha',
        `SELECT (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM users x) AS users,
                (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM teacher_requests x) AS requests,
                (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM user_department_assignments x) AS assignments`,
      )
    )[0];
  const addLink = (user: UserBody, department: DepartmentBody, from: string, to: string | null) =>
    t.sql('alpha', `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to) VALUES ($1, $2, false, $3, $4)`, [
      user.id,
      department.id,
      from,
      to,
    ]);
  const ids = (body: { id: number }[]) => body.map((item) => item.id);
  const named = (...names: string[]) => names.map((name) => teacher[name].id);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    a = await createDepartment(admin, { departmentName: 'Кафедра А', departmentCode: 1 });
    b = await createDepartment(admin, { departmentName: 'Кафедра Б', departmentCode: 2 });
    c = await createDepartment(admin, { departmentName: 'Кафедра В', departmentCode: 3 });

    headA = await createUser(admin, { role: 'DEPARTMENT', departmentId: a.id, username: 'head-a', fullName: 'Заведующий А' });
    headB = await createUser(admin, { role: 'DEPARTMENT', departmentId: b.id, username: 'head-b', fullName: 'Заведующий Б' });
    clients.set('DEPARTMENT', await t.as('alpha').login('head-a', PASSWORD));
    depB = await t.as('alpha').login('head-b', PASSWORD);
    const none = await createUser(admin, { role: 'DEPARTMENT', departmentId: c.id, username: 'head-none' });
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = $2 WHERE user_id = $1`, [none.id, addDays(today, 1)]);
    depNone = await t.as('alpha').login('head-none', PASSWORD);

    const make = async (nick: string, fullName: string, department: DepartmentBody, jobTitle?: string) => {
      teacher[nick] = await createUser(admin, { role: 'TEACHER', departmentId: department.id, fullName, jobTitle, username: `t-${nick}` });
    };
    await make('belov', 'Белов Борис', a, 'Доцент');
    await make('alekseev', 'Алексеев Алексей', a);
    await make('vasiliev', 'Васильев Василий', b, 'Профессор'); // additional link to A today
    await make('grigoriev', 'Григорьев Григорий', b); // only B
    await make('dmitriev', 'Дмитриев Дмитрий', b); // additional link to A from tomorrow
    await make('egorov', 'Егоров Егор', b); // additional link to A ended yesterday
    await make('zhukov', 'Жуков Жан', b); // primary transfer to A from tomorrow
    await make('archived', 'Ёлкин Ёлка', a);
    await addLink(teacher.vasiliev, a, today, null);
    await addLink(teacher.dmitriev, a, addDays(today, 1), null);
    await addLink(teacher.egorov, a, '2024-01-01', addDays(today, -1));
    expect((await admin.post(`/api/users/${teacher.zhukov.id}/department-transfer`, { departmentId: a.id, validFrom: addDays(today, 1) })).status).toBe(200);
    expect((await admin.delete(`/api/users/${teacher.archived.id}`)).status).toBe(200);

    for (const role of OTHER_ROLES) {
      if (role === 'TEACHER') continue;
      const user = await createUser(admin, { role, departmentId: a.id, username: `r-${role.toLowerCase()}` });
      clients.set(role, await t.as('alpha').login(user.username, PASSWORD));
    }
    clients.set('TEACHER', await t.as('alpha').login('t-belov', PASSWORD));
    clients.set('ADMIN', admin);
  });
  afterAll(() => t.close());

  describe('GET /api/department/teachers', () => {
    it('gives DEPARTMENT the teachers linked to its department today, primary or additional, by full name', async () => {
      const response = await clients.get('DEPARTMENT')!.get('/api/department/teachers');
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      expect(response.body[1]).toEqual({
        id: teacher.belov.id,
        username: 't-belov',
        role: 'TEACHER',
        fullName: 'Белов Борис',
        jobTitle: 'Доцент',
        departmentId: a.id,
        departmentName: 'Кафедра А',
        status: 'ACTIVE',
      });
      // An additional link keeps the primary department in the user fields.
      expect(response.body[2]).toEqual({ ...teacher.vasiliev, departmentId: b.id, departmentName: 'Кафедра Б' });
    });

    it('ignores a departmentId sent by DEPARTMENT: it is always its own department', async () => {
      const response = await clients.get('DEPARTMENT')!.get(`/api/department/teachers?departmentId=${b.id}`);
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
    });

    it('department B sees only its own teachers, never department A-only ones', async () => {
      const response = await depB.get('/api/department/teachers');
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('vasiliev', 'grigoriev', 'dmitriev', 'egorov', 'zhukov'));
    });

    it('lets ADMIN name the department, which is then required and must exist', async () => {
      const response = await admin.get(`/api/department/teachers?departmentId=${a.id}`);
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      expect((await admin.get(`/api/department/teachers?departmentId=${c.id}`)).body).toEqual([]);

      const missing = await admin.get('/api/department/teachers');
      expect(missing.status).toBe(400);
      expectErrorBody(missing.body, 400, '/api/department/teachers', 'Параметр «departmentId» обязателен для администратора');
      const unknown = await admin.get('/api/department/teachers?departmentId=999999');
      expect(unknown.status).toBe(400);
      expectErrorBody(unknown.body, 400, '/api/department/teachers', 'Кафедра не найдена');
      const malformed = await admin.get('/api/department/teachers?departmentId=abc');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/department/teachers', /«departmentId»/);
    });

    it('refuses every other role and a department account without a department (403)', async () => {
      for (const role of OTHER_ROLES) {
        const response = await clients.get(role)!.get(`/api/department/teachers?departmentId=${a.id}`);
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, '/api/department/teachers');
      }
      const response = await depNone.get('/api/department/teachers');
      expect(response.status).toBe(403);
      expectErrorBody(response.body, 403, '/api/department/teachers', NO_DEPARTMENT);
    });
  });

  describe('POST /api/department/teachers/{teacherId}/assignments', () => {
    const path = (id: number | string) => `/api/department/teachers/${id}/assignments`;

    it('links a teacher of another department to the caller department from today, open-ended', async () => {
      const before = await snapshot();
      const response = await clients.get('DEPARTMENT')!.post(path(teacher.grigoriev.id), { departmentId: c.id, comment: '  Ведёт практику  ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        userId: teacher.grigoriev.id,
        departmentId: a.id, // the caller's department; the body's departmentId is ignored
        departmentName: 'Кафедра А',
        primary: false,
        validFrom: today,
        validTo: null,
        comment: 'Ведёт практику',
        createdAt: expect.stringMatching(ISO_MOMENT),
      });
      const rows = await t.sql('alpha', `SELECT user_id, department_id, is_primary, valid_from, valid_to, comment, created_by FROM user_department_assignments WHERE id = $1`, [
        response.body.id,
      ]);
      expect(rows).toEqual([
        { user_id: teacher.grigoriev.id, department_id: a.id, is_primary: false, valid_from: today, valid_to: null, comment: 'Ведёт практику', created_by: headA.id },
      ]);
      expect((await snapshot()).assignments).toHaveLength(before.assignments.length + 1);

      const list = await clients.get('DEPARTMENT')!.get('/api/department/teachers');
      expect(ids(list.body)).toEqual(named('alekseev', 'belov', 'vasiliev', 'grigoriev'));
      // The history shows it too, and the primary department is unchanged.
      const history = await admin.get(`/api/users/${teacher.grigoriev.id}/department-history`);
      expect(history.body.map((item: { departmentId: number; primary: boolean }) => [item.departmentId, item.primary])).toEqual([
        [b.id, true],
        [a.id, false],
      ]);
      expect((await admin.get(`/api/users/teachers/${b.id}`)).body.map((u: UserBody) => u.id)).toContain(teacher.grigoriev.id);
    });

    it('lets ADMIN link to the department it names; without a comment the comment is null', async () => {
      const response = await admin.post(path(teacher.alekseev.id), { departmentId: c.id });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ userId: teacher.alekseev.id, departmentId: c.id, departmentName: 'Кафедра В', primary: false, validTo: null, comment: null });
      const [row] = await t.sql('alpha', `SELECT created_by FROM user_department_assignments WHERE id = $1`, [response.body.id]);
      expect(row.created_by).toBe((await t.as('alpha').post('/api/auth/login', ADMIN)).body.userId);
      expect(ids((await admin.get(`/api/department/teachers?departmentId=${c.id}`)).body)).toEqual(named('alekseev'));
    });

    it('allows a new link after an earlier link to the same department has ended', async () => {
      const response = await clients.get('DEPARTMENT')!.post(path(teacher.egorov.id), {});
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ userId: teacher.egorov.id, departmentId: a.id, validFrom: today, validTo: null });
    });

    it('rejects a link that already exists (primary, additional today, or additional planned) with 409 and changes nothing', async () => {
      const cases: [UserBody, RegExp][] = [
        [teacher.belov, /^Преподаватель уже закреплён за кафедрой «Кафедра А» как за основной кафедрой$/],
        [teacher.vasiliev, new RegExp(`^Преподаватель уже закреплён за кафедрой «Кафедра А» дополнительной привязкой с ${today}$`)],
        [teacher.dmitriev, new RegExp(`дополнительной привязкой с ${addDays(today, 1)}$`)],
      ];
      for (const [user, message] of cases) {
        const before = await snapshot();
        const response = await clients.get('DEPARTMENT')!.post(path(user.id), { comment: 'ещё раз' });
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, path(user.id), message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('links a teacher whose transfer to the department starts only tomorrow (not linked today)', async () => {
      const response = await clients.get('DEPARTMENT')!.post(path(teacher.zhukov.id), {});
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ userId: teacher.zhukov.id, departmentId: a.id, primary: false, validFrom: today });
    });

    it('answers 404 for an unknown user and 400 for a non-teacher or an archived teacher, changing nothing', async () => {
      const student = await createUser(admin, { role: 'STUDENT', departmentId: b.id });
      const cases: [number | string, number, string | RegExp][] = [
        [999999, 404, 'Пользователь не найден'],
        [student.id, 400, 'К кафедре можно привязать только преподавателя'],
        [headB.id, 400, 'К кафедре можно привязать только преподавателя'],
        [teacher.archived.id, 400, 'Преподаватель в архиве: сначала восстановите его'],
        ['abc', 400, 'Параметр «teacherId» должен быть положительным целым числом'],
        [0, 400, 'Параметр «teacherId» должен быть положительным целым числом'],
      ];
      for (const [id, status, message] of cases) {
        const before = await snapshot();
        const response = await clients.get('DEPARTMENT')!.post(path(id), {});
        expect(response.status).toBe(status);
        expectErrorBody(response.body, status, path(id), message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('requires ADMIN to name an existing department (400) and validates the body, changing nothing', async () => {
      const cases: [Record<string, unknown>, string | RegExp][] = [
        [{}, 'Поле «departmentId» обязательно для администратора'],
        [{ departmentId: null, comment: 'x' }, 'Поле «departmentId» обязательно для администратора'],
        [{ departmentId: 999999 }, 'Кафедра не найдена'],
        [{ departmentId: 'один' }, /«departmentId» должно быть целым числом/],
        [{ departmentId: b.id, comment: 'я'.repeat(1001) }, /«comment» должно содержать не более 1000 символов/],
      ];
      for (const [body, message] of cases) {
        const before = await snapshot();
        const response = await admin.post(path(teacher.grigoriev.id), body);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, path(teacher.grigoriev.id), message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('of two parallel identical links exactly one is created', async () => {
      const before = await snapshot();
      const responses = await Promise.all([depB.post(path(teacher.belov.id), {}), depB.post(path(teacher.belov.id), {})]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const links = await t.sql('alpha', `SELECT id FROM user_department_assignments WHERE user_id = $1 AND department_id = $2`, [teacher.belov.id, b.id]);
      expect(links).toHaveLength(1);
      expect((await snapshot()).assignments).toHaveLength(before.assignments.length + 1);
    });

    it('refuses every other role and a department account without a department (403), changing nothing', async () => {
      const before = await snapshot();
      for (const role of OTHER_ROLES) {
        const response = await clients.get(role)!.post(path(teacher.grigoriev.id), { departmentId: c.id });
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, path(teacher.grigoriev.id));
      }
      const response = await depNone.post(path(teacher.grigoriev.id), { departmentId: c.id });
      expect(response.status).toBe(403);
      expectErrorBody(response.body, 403, path(teacher.grigoriev.id), NO_DEPARTMENT);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('teacher-creation requests of a department', () => {
    const PATH = '/api/department/teacher-requests';

    it('submits a pending request for the caller department, trimmed and without any password', async () => {
      const before = await snapshot();
      const response = await clients.get('DEPARTMENT')!.post(PATH, {
        username: '  petrov  ',
        fullName: ' Петров Пётр Петрович ',
        jobTitle: 'Старший преподаватель',
        comment: 'Нужен для лабораторных',
        password: 'must-be-ignored',
        departmentId: b.id,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        username: 'petrov',
        fullName: 'Петров Пётр Петрович',
        jobTitle: 'Старший преподаватель',
        comment: 'Нужен для лабораторных',
        departmentId: a.id,
        departmentName: 'Кафедра А',
        status: 'PENDING',
        createdAt: expect.stringMatching(ISO_MOMENT),
        createdById: headA.id,
        createdByName: 'Заведующий А',
        reviewedAt: null,
        reviewedById: null,
        reviewedByName: null,
        reviewComment: null,
        createdUserId: null,
      });
      const after = await snapshot();
      expect(after.users).toEqual(before.users);
      expect(after.requests).toHaveLength(before.requests.length + 1);
      const columns = await t.sql<{ column_name: string }>('alpha', `SELECT column_name FROM information_schema.columns WHERE table_name = 'teacher_requests'`);
      expect(columns.map((col) => col.column_name).filter((name) => /pass|hash/i.test(name))).toEqual([]);
      expect(JSON.stringify(after.requests)).not.toContain('must-be-ignored');
    });

    it('stores an empty job title and a null comment when they are omitted', async () => {
      const response = await depB.post(PATH, { username: 'sidorov', fullName: 'Сидоров Сидор' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username: 'sidorov', jobTitle: '', comment: null, departmentId: b.id, departmentName: 'Кафедра Б', createdById: headB.id });
    });

    it('validates the body (400) and changes nothing', async () => {
      const cases: [Record<string, unknown>, string | RegExp][] = [
        [{ fullName: 'Без логина' }, 'Поле «username» обязательно'],
        [{ username: '   ', fullName: 'Пустой логин' }, 'Поле «username» не может быть пустым'],
        [{ username: 'no-name' }, 'Поле «fullName» обязательно'],
        [{ username: 'blank-name', fullName: '  ' }, 'Поле «fullName» не может быть пустым'],
        [{ username: 'x'.repeat(101), fullName: 'Длинный логин' }, 'Поле «username» должно содержать не более 100 символов'],
        [{ username: 42, fullName: 'Число' }, 'Поле «username» должно быть строкой'],
      ];
      for (const [body, message] of cases) {
        const before = await snapshot();
        const response = await clients.get('DEPARTMENT')!.post(PATH, body);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, PATH, message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it("rejects an existing user's login, case-insensitively (409), changing nothing", async () => {
      for (const username of ['ADMIN', 'T-Belov', 't-archived']) {
        const before = await snapshot();
        const response = await clients.get('DEPARTMENT')!.post(PATH, { username, fullName: 'Кто-то' });
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, PATH, USERNAME_TAKEN);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('rejects a second pending request with the same login from any department (409), changing nothing', async () => {
      for (const client of [clients.get('DEPARTMENT')!, depB]) {
        const before = await snapshot();
        const response = await client.post(PATH, { username: 'PETROV', fullName: 'Петров-дубль' });
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, PATH, PENDING_TAKEN);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('allows the login again once the earlier request was rejected', async () => {
      const first = await depB.post(PATH, { username: 'orlov', fullName: 'Орлов Олег' });
      expect(first.status).toBe(200);
      expect((await admin.post(`/api/teacher-requests/${first.body.id}/reject`, { reviewComment: 'Нет ставки' })).status).toBe(200);
      const second = await depB.post(PATH, { username: 'Orlov', fullName: 'Орлов Олег' });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ username: 'Orlov', status: 'PENDING' });
    });

    it('of two parallel submissions with one login exactly one is stored; the other gets 409', async () => {
      const responses = await Promise.all([
        clients.get('DEPARTMENT')!.post(PATH, { username: 'twin', fullName: 'Близнец А' }),
        depB.post(PATH, { username: 'TWIN', fullName: 'Близнец Б' }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = responses.find((r) => r.status === 409)!;
      expectErrorBody(loser.body, 409, PATH, PENDING_TAKEN);
      expect(await t.sql('alpha', `SELECT id FROM teacher_requests WHERE lower(username) = 'twin'`)).toHaveLength(1);
    });

    it("lists only the caller department's requests, newest first", async () => {
      const all = await t.sql<{ id: number; department_id: number }>('alpha', `SELECT id, department_id FROM teacher_requests ORDER BY created_at DESC, id DESC`);
      const ofA = all.filter((row) => row.department_id === a.id).map((row) => row.id);
      const ofB = all.filter((row) => row.department_id === b.id).map((row) => row.id);
      expect(ofA.length).toBeGreaterThan(0);
      expect(ofB.length).toBeGreaterThan(1);

      const listA = await clients.get('DEPARTMENT')!.get(PATH);
      expect(listA.status).toBe(200);
      expect(ids(listA.body)).toEqual(ofA);
      expect(listA.body.every((item: { departmentId: number }) => item.departmentId === a.id)).toBe(true);
      const listB = await depB.get(PATH);
      expect(ids(listB.body)).toEqual(ofB);
      // Statuses show the review outcome to the department.
      expect(listB.body.map((item: { status: string }) => item.status)).toContain('REJECTED');
      const rejected = listB.body.find((item: { status: string }) => item.status === 'REJECTED');
      expect(rejected).toMatchObject({ reviewComment: 'Нет ставки', reviewedByName: 'Администратор', reviewedAt: expect.stringMatching(ISO_MOMENT) });
    });

    it('refuses every other role, ADMIN included, and a department account without a department (403)', async () => {
      const before = await snapshot();
      for (const role of [...OTHER_ROLES, 'ADMIN'] as Role[]) {
        const list = await clients.get(role)!.get(PATH);
        expect(list.status).toBe(403);
        expectErrorBody(list.body, 403, PATH);
        const submit = await clients.get(role)!.post(PATH, { username: 'forbidden', fullName: 'Запрещённый' });
        expect(submit.status).toBe(403);
        expectErrorBody(submit.body, 403, PATH);
      }
      const list = await depNone.get(PATH);
      expect(list.status).toBe(403);
      expectErrorBody(list.body, 403, PATH, NO_DEPARTMENT);
      const submit = await depNone.post(PATH, { username: 'forbidden', fullName: 'Запрещённый' });
      expect(submit.status).toBe(403);
      expectErrorBody(submit.body, 403, PATH, NO_DEPARTMENT);
      expect(await snapshot()).toEqual(before);
    });
  });
});
