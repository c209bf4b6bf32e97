import { Role } from '../src/platform/auth/roles';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = 'Заявка на создание преподавателя не найдена';
const ALREADY_APPROVED = 'Заявка уже одобрена: рассмотреть можно только заявку в статусе PENDING';
const ALREADY_REJECTED = 'Заявка уже отклонена: рассмотреть можно только заявку в статусе PENDING';
const REFUSED_ROLES: readonly Role[] = ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

interface RequestBody {
  id: number;
  username: string;
  fullName: string;
  jobTitle: string;
  comment: string | null;
  departmentId: number;
  departmentName: string;
  status: string;
  createdAt: string;
  createdById: number;
  createdByName: string;
  reviewedAt: string | null;
  reviewedById: number | null;
  reviewedByName: string | null;
  reviewComment: string | null;
  createdUserId: number | null;
}

describe('teacher-creation requests, administrator side (4.4)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let adminId: number;
  let a: DepartmentBody;
  let b: DepartmentBody;
  let headA: UserBody;
  let depA: TenantClient;
  let depB: TenantClient;
  const clients = new Map<Role, TenantClient>();
  const today = todayInBusinessZone();

  const submit = async (client: TenantClient, fields: Record<string, unknown>): Promise<RequestBody> => {
    const response = await client.post('/api/department/teacher-requests', fields);
    if (response.status !== 200) throw new Error(`submit: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as RequestBody;
  };
  /** Users, requests and assignments, read in one statement (to prove that nothing changed). */
  const snapshot = async () =>
    (
      await t.sql<{ users: unknown[]; requests: unknown[]; assignments: unknown[] }>(
        'alpha',
        `SELECT (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (SELECT id, username, role, status, password_hash FROM users) x) AS users,
                (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM teacher_requests x) AS requests,
                (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM user_department_assignments x) AS assignments`,
      )
    )[0];
  const approvePath = (id: number | string) => `/api/teacher-requests/${id}/approve`;
  const rejectPath = (id: number | string) => `/api/teacher-requests/${id}/reject`;
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  /** Requests submitted in beforeAll, oldest first. */
  let seeded: RequestBody[];

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const login = await t.as('alpha').post('/api/auth/login', ADMIN);
    admin = t.as('alpha', login.body.token);
    adminId = login.body.userId;
    a = await createDepartment(admin, { departmentName: 'Кафедра алгебры', departmentCode: 1 });
    b = await createDepartment(admin, { departmentName: 'Кафедра физики', departmentCode: 2 });
    headA = await createUser(admin, { role: 'DEPARTMENT', departmentId: a.id, username: 'head-a', fullName: 'Заведующий А' });
    await createUser(admin, { role: 'DEPARTMENT', departmentId: b.id, username: 'head-b', fullName: 'Заведующий Б' });
    depA = await t.as('alpha').login('head-a', PASSWORD);
    depB = await t.as('alpha').login('head-b', PASSWORD);
    clients.set('DEPARTMENT', depA);
    for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
      const user = await createUser(admin, { role, departmentId: a.id, username: `r-${role.toLowerCase()}` });
      clients.set(role, await t.as('alpha').login(user.username, PASSWORD));
    }

    seeded = [];
    seeded.push(await submit(depA, { username: 'ivanov', fullName: 'Иванов Иван', jobTitle: 'Доцент', comment: 'Лекции по алгебре' }));
    seeded.push(await submit(depB, { username: 'petrova', fullName: 'Петрова Мария', jobTitle: 'Ассистент' }));
    seeded.push(await submit(depA, { username: 'sidorov', fullName: 'Сидоров Семён', jobTitle: 'Профессор 100%' }));
    seeded.push(await submit(depB, { username: 'kuznetsov', fullName: 'Кузнецов Кирилл' }));
  });
  afterAll(() => t.close());

  describe('GET /api/teacher-requests', () => {
    it('lists every department request newest first with all record fields', async () => {
      const response = await admin.get('/api/teacher-requests');
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(ids(seeded).reverse());
      expect(response.body[3]).toEqual({
        id: seeded[0].id,
        username: 'ivanov',
        fullName: 'Иванов Иван',
        jobTitle: 'Доцент',
        comment: 'Лекции по алгебре',
        departmentId: a.id,
        departmentName: 'Кафедра алгебры',
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
    });

    it('filters by status and rejects an unknown status (400)', async () => {
      const pending = await admin.get('/api/teacher-requests?status=PENDING');
      expect(pending.status).toBe(200);
      expect(ids(pending.body)).toEqual(ids(seeded).reverse());
      expect((await admin.get('/api/teacher-requests?status=APPROVED')).body).toEqual([]);
      const wrong = await admin.get('/api/teacher-requests?status=DONE');
      expect(wrong.status).toBe(400);
      expectErrorBody(wrong.body, 400, '/api/teacher-requests', 'Поле «status» должно иметь одно из значений: PENDING, APPROVED, REJECTED');
    });
  });

  describe('GET /api/teacher-requests/page', () => {
    const page = (query: string) => admin.get(`/api/teacher-requests/page?${query}`);

    it('pages newest first with the common paging fields', async () => {
      const response = await page('page=1&size=3');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        items: [expect.objectContaining({ id: seeded[0].id, username: 'ivanov' })],
        page: 1,
        size: 3,
        totalItems: 4,
        totalPages: 2,
        first: false,
        last: true,
      });
      const defaults = await page('');
      expect(defaults.body).toMatchObject({ page: 0, size: 25, totalItems: 4, totalPages: 1, first: true, last: true });
      expect(ids(defaults.body.items)).toEqual(ids(seeded).reverse());
    });

    it('searches username, full name, job title and department name case-insensitively', async () => {
      const found = async (query: string) => ids((await page(`query=${encodeURIComponent(query)}`)).body.items);
      expect(await found('IVAN')).toEqual([seeded[0].id]);
      expect(await found('мария')).toEqual([seeded[1].id]);
      expect(await found('ПРОФЕССОР')).toEqual([seeded[2].id]);
      expect(await found('физики')).toEqual([seeded[3].id, seeded[1].id]);
      expect(await found('100%')).toEqual([seeded[2].id]);
      expect(await found('_')).toEqual([]); // a LIKE wildcard is matched literally
      expect(await found('nobody')).toEqual([]);
      const combined = await page(`query=${encodeURIComponent('алгебры')}&status=PENDING&size=1`);
      expect(combined.body).toMatchObject({ totalItems: 2, totalPages: 2, items: [expect.objectContaining({ id: seeded[2].id })] });
    });

    it('rejects bad paging and status parameters (400)', async () => {
      for (const [query, message] of [
        ['size=0', 'Поле «size» должно быть не меньше 1'],
        ['size=101', 'Поле «size» должно быть не больше 100'],
        ['page=-1', 'Поле «page» должно быть не меньше 0'],
        ['status=pending', 'Поле «status» должно иметь одно из значений: PENDING, APPROVED, REJECTED'],
      ]) {
        const response = await page(query);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, '/api/teacher-requests/page', message);
      }
    });
  });

  describe('POST /api/teacher-requests/{id}/approve', () => {
    it("creates the teacher from the request's values and marks the request APPROVED", async () => {
      const request = await submit(depA, { username: 'approve-me', fullName: 'Одобренный Олег', jobTitle: 'Доцент', comment: 'Срочно' });
      const usersBefore = (await snapshot()).users.length;

      const response = await admin.post(approvePath(request.id), { password: 'teacher-pass-1', reviewComment: '  Добро пожаловать  ' });
      expect(response.status).toBe(200);
      const [created] = await t.sql<{ id: number; password_hash: string }>('alpha', `SELECT id, password_hash FROM users WHERE username = 'approve-me'`);
      expect(response.body).toEqual({
        ...request,
        status: 'APPROVED',
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewedById: adminId,
        reviewedByName: 'Администратор',
        reviewComment: 'Добро пожаловать',
        createdUserId: created.id,
      });
      expect(JSON.stringify(response.body)).not.toContain('teacher-pass-1');
      expect(created.password_hash).toMatch(/^\$argon2id\$/);
      expect((await snapshot()).users).toHaveLength(usersBefore + 1);

      const user = await admin.get(`/api/users/page?query=approve-me`);
      expect(user.body.items).toEqual([
        {
          id: created.id,
          username: 'approve-me',
          role: 'TEACHER',
          fullName: 'Одобренный Олег',
          jobTitle: 'Доцент',
          departmentId: a.id,
          departmentName: 'Кафедра алгебры',
          status: 'ACTIVE',
        },
      ]);
      expect(await t.sql('alpha', `SELECT department_id, is_primary, valid_from, valid_to, created_by FROM user_department_assignments WHERE user_id = $1`, [created.id])).toEqual([
        { department_id: a.id, is_primary: true, valid_from: today, valid_to: null, created_by: adminId },
      ]);
      const login = await t.as('alpha').post('/api/auth/login', { username: 'approve-me', password: 'teacher-pass-1' });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ success: true, role: 'TEACHER', departmentId: a.id, userId: created.id });

      // The department sees the outcome of its request.
      const own = (await depA.get('/api/department/teacher-requests')).body.find((item: RequestBody) => item.id === request.id);
      expect(own).toEqual(response.body);
    });

    it('lets the administrator correct login, name, job title and department; the request keeps what was asked', async () => {
      const request = await submit(depA, { username: 'typo-login', fullName: 'Опечаткин', jobTitle: 'Ассистент' });
      const response = await admin.post(approvePath(request.id), {
        departmentId: b.id,
        username: ' fixed-login ',
        password: '  spaces count  ',
        fullName: 'Исправленный Игорь',
        jobTitle: '',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username: 'typo-login', fullName: 'Опечаткин', departmentId: a.id, status: 'APPROVED', reviewComment: null });
      const [user] = await t.sql('alpha', `SELECT id, username, full_name, job_title, role FROM users WHERE id = $1`, [response.body.createdUserId]);
      expect(user).toEqual({ id: response.body.createdUserId, username: 'fixed-login', full_name: 'Исправленный Игорь', job_title: '', role: 'TEACHER' });
      expect(await t.sql('alpha', `SELECT department_id, is_primary FROM user_department_assignments WHERE user_id = $1`, [user.id])).toEqual([
        { department_id: b.id, is_primary: true },
      ]);
      expect((await t.as('alpha').post('/api/auth/login', { username: 'fixed-login', password: '  spaces count  ' })).status).toBe(200);
      expect(await t.sql('alpha', `SELECT 1 FROM users WHERE username = 'typo-login'`)).toEqual([]);
    });

    it('treats blank corrections as omitted', async () => {
      const request = await submit(depB, { username: 'blank-fix', fullName: 'Пробелов Пётр', jobTitle: 'Доцент' });
      const response = await admin.post(approvePath(request.id), { password: 'password-99', username: '  ', fullName: '', departmentId: null, jobTitle: null });
      expect(response.status).toBe(200);
      const [user] = await t.sql('alpha', `SELECT username, full_name, job_title FROM users WHERE id = $1`, [response.body.createdUserId]);
      expect(user).toEqual({ username: 'blank-fix', full_name: 'Пробелов Пётр', job_title: 'Доцент' });
    });

    it('of two parallel approvals exactly one succeeds and one teacher is created', async () => {
      const request = await submit(depA, { username: 'race-teacher', fullName: 'Гонкин Герман' });
      const before = await snapshot();
      const responses = await Promise.all([
        admin.post(approvePath(request.id), { password: 'password-aa' }),
        admin.post(approvePath(request.id), { password: 'password-bb', username: 'race-teacher-2' }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = responses.find((r) => r.status === 409)!;
      expectErrorBody(loser.body, 409, approvePath(request.id), ALREADY_APPROVED);

      const after = await snapshot();
      expect(after.users).toHaveLength(before.users.length + 1);
      expect(after.assignments).toHaveLength(before.assignments.length + 1);
      const created = await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE username IN ('race-teacher', 'race-teacher-2')`);
      expect(created).toHaveLength(1);
      const [row] = await t.sql('alpha', `SELECT status, created_user_id FROM teacher_requests WHERE id = $1`, [request.id]);
      expect(row).toEqual({ status: 'APPROVED', created_user_id: created[0].id });
    });

    it('refuses a login that is already taken (409) and changes nothing', async () => {
      const request = await submit(depA, { username: 'taken-later', fullName: 'Занятов Захар' });
      // A user with the same login is created after the request was submitted.
      await createUser(admin, { role: 'TEACHER', departmentId: b.id, username: 'Taken-Later' });
      for (const body of [{ password: 'password-1' }, { password: 'password-1', username: 'ADMIN' }]) {
        const before = await snapshot();
        const response = await admin.post(approvePath(request.id), body);
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, approvePath(request.id), 'Пользователь с таким логином уже существует');
        expect(await snapshot()).toEqual(before);
      }
    });

    it('refuses a corrected login that another pending request asks for (409) and changes nothing', async () => {
      const request = await submit(depA, { username: 'one-login', fullName: 'Первый' });
      const before = await snapshot();
      const response = await admin.post(approvePath(request.id), { password: 'password-1', username: 'KUZNETSOV' });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, approvePath(request.id), 'Заявка на создание преподавателя с таким логином уже ожидает рассмотрения');
      expect(await snapshot()).toEqual(before);
    });

    it('validates the body and the department (400), answers 404 for an unknown request, changing nothing', async () => {
      const request = seeded[3];
      const cases: [number | string, Record<string, unknown>, number, string | RegExp][] = [
        [request.id, {}, 400, 'Поле «password» обязательно'],
        [request.id, { password: 'short-7' }, 400, 'Поле «password» должно содержать не менее 8 символов'],
        [request.id, { password: 12345678 }, 400, 'Поле «password» должно быть строкой'],
        [request.id, { password: 'password-1', departmentId: 999999 }, 400, 'Кафедра не найдена'],
        [request.id, { password: 'password-1', departmentId: 0 }, 400, 'Поле «departmentId» должно быть положительным числом'],
        [request.id, { password: 'password-1', username: 'x'.repeat(101) }, 400, 'Поле «username» должно содержать не более 100 символов'],
        [999999, { password: 'password-1' }, 404, NOT_FOUND],
        ['abc', { password: 'password-1' }, 400, 'Параметр «id» должен быть положительным целым числом'],
      ];
      for (const [id, body, status, message] of cases) {
        const before = await snapshot();
        const response = await admin.post(approvePath(id), body);
        expect(response.status).toBe(status);
        expectErrorBody(response.body, status, approvePath(id), message);
        expect(await snapshot()).toEqual(before);
      }
    });
  });

  describe('POST /api/teacher-requests/{id}/reject', () => {
    it('rejects a pending request with the comment and creates nobody', async () => {
      const request = await submit(depB, { username: 'reject-me', fullName: 'Отказов Олег' });
      const before = await snapshot();
      const response = await admin.post(rejectPath(request.id), { reviewComment: ' Нет вакантной ставки ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...request,
        status: 'REJECTED',
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewedById: adminId,
        reviewedByName: 'Администратор',
        reviewComment: 'Нет вакантной ставки',
        createdUserId: null,
      });
      const after = await snapshot();
      expect(after.users).toEqual(before.users);
      expect(after.assignments).toEqual(before.assignments);
    });

    it('requires a non-blank reviewComment (400), answers 404 for an unknown request, changing nothing', async () => {
      const request = seeded[1];
      const cases: [number | string, Record<string, unknown>, number, string][] = [
        [request.id, {}, 400, 'Поле «reviewComment» обязательно'],
        [request.id, { reviewComment: '   ' }, 400, 'Поле «reviewComment» не может быть пустым'],
        [request.id, { reviewComment: 'я'.repeat(1001) }, 400, 'Поле «reviewComment» должно содержать не более 1000 символов'],
        [999999, { reviewComment: 'нет' }, 404, NOT_FOUND],
        ['0', { reviewComment: 'нет' }, 400, 'Параметр «id» должен быть положительным целым числом'],
      ];
      for (const [id, body, status, message] of cases) {
        const before = await snapshot();
        const response = await admin.post(rejectPath(id), body);
        expect(response.status).toBe(status);
        expectErrorBody(response.body, status, rejectPath(id), message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('reviews only PENDING requests: approve or reject of a reviewed one is 409 and changes nothing', async () => {
      const approved = await submit(depA, { username: 'done-approved', fullName: 'Готов Гена' });
      expect((await admin.post(approvePath(approved.id), { password: 'password-1' })).status).toBe(200);
      const rejected = await submit(depA, { username: 'done-rejected', fullName: 'Отказ Остап' });
      expect((await admin.post(rejectPath(rejected.id), { reviewComment: 'Нет' })).status).toBe(200);

      const attempts: [string, Record<string, unknown>, string][] = [
        [approvePath(approved.id), { password: 'password-2' }, ALREADY_APPROVED],
        [rejectPath(approved.id), { reviewComment: 'Поздно' }, ALREADY_APPROVED],
        [approvePath(rejected.id), { password: 'password-2' }, ALREADY_REJECTED],
        [rejectPath(rejected.id), { reviewComment: 'Ещё раз' }, ALREADY_REJECTED],
      ];
      for (const [path, body, message] of attempts) {
        const before = await snapshot();
        const response = await admin.post(path, body);
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, path, message);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('of a parallel approval and rejection exactly one wins', async () => {
      const request = await submit(depB, { username: 'approve-or-reject', fullName: 'Спорный Семён' });
      const responses = await Promise.all([
        admin.post(approvePath(request.id), { password: 'password-1' }),
        admin.post(rejectPath(request.id), { reviewComment: 'Нет' }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await t.sql<{ status: string; created_user_id: number | null }>('alpha', `SELECT status, created_user_id FROM teacher_requests WHERE id = $1`, [request.id]);
      const users = await t.sql('alpha', `SELECT id FROM users WHERE username = 'approve-or-reject'`);
      expect(users).toHaveLength(row.status === 'APPROVED' ? 1 : 0);
      expect(row.created_user_id === null).toBe(row.status === 'REJECTED');
    });
  });

  it('refuses every role but ADMIN on every administrator endpoint (403), changing nothing', async () => {
    const request = seeded[0];
    const before = await snapshot();
    for (const role of REFUSED_ROLES) {
      const client = clients.get(role)!;
      const calls: [string, () => ReturnType<TenantClient['get']>][] = [
        ['/api/teacher-requests', () => client.get('/api/teacher-requests')],
        ['/api/teacher-requests/page', () => client.get('/api/teacher-requests/page')],
        [approvePath(request.id), () => client.post(approvePath(request.id), { password: 'password-1' })],
        [rejectPath(request.id), () => client.post(rejectPath(request.id), { reviewComment: 'Нет' })],
      ];
      for (const [path, call] of calls) {
        const response = await call();
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, path);
      }
    }
    expect(await snapshot()).toEqual(before);
    // Department B's head is refused as well, even for its own department's requests.
    expect((await depB.get('/api/teacher-requests')).status).toBe(403);
  });
});
