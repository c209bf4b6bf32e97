import { todayInBusinessZone } from '../src/platform/http/dates';
import { addDays } from '../src/schedule-engine/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const OVERLAP = /^Периоды основной кафедры сотрудника пересекаются/;

describe('department history and transfers (4.3)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let adminId: number;
  let a: DepartmentBody;
  let b: DepartmentBody;
  let c: DepartmentBody;
  const today = todayInBusinessZone();

  const assignmentsOf = (userId: number) =>
    t.sql('alpha', `SELECT id, department_id, is_primary, valid_from, valid_to, comment FROM user_department_assignments WHERE user_id = $1 ORDER BY id`, [userId]);
  const transfer = (userId: number, body: Record<string, unknown>) => admin.post(`/api/users/${userId}/department-transfer`, body);
  /** A teacher whose primary assignment to `department` started on `since` (moved back by SQL). */
  const teacherSince = async (department: DepartmentBody, since: string): Promise<UserBody> => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: department.id });
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = $2 WHERE user_id = $1`, [user.id, since]);
    return user;
  };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const login = await t.as('alpha').post('/api/auth/login', ADMIN);
    admin = t.as('alpha', login.body.token);
    adminId = login.body.userId;
    a = await createDepartment(admin, { departmentName: 'Кафедра А', departmentCode: 1 });
    b = await createDepartment(admin, { departmentName: 'Кафедра Б', departmentCode: 2 });
    c = await createDepartment(admin, { departmentName: 'Кафедра В', departmentCode: 3 });
  });
  afterAll(() => t.close());

  it('a future transfer keeps the current department until that day', async () => {
    const user = await createUser(admin, { role: 'DEPARTMENT', departmentId: a.id });
    const validFrom = addDays(today, 10);

    const response = await transfer(user.id, { departmentId: b.id, validFrom, comment: 'Перевод по приказу 12' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(user); // still department A today

    const history = await admin.get(`/api/users/${user.id}/department-history`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      {
        id: expect.any(Number),
        userId: user.id,
        departmentId: a.id,
        departmentName: 'Кафедра А',
        primary: true,
        validFrom: today,
        validTo: addDays(validFrom, -1),
        comment: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
      {
        id: expect.any(Number),
        userId: user.id,
        departmentId: b.id,
        departmentName: 'Кафедра Б',
        primary: true,
        validFrom,
        validTo: null,
        comment: 'Перевод по приказу 12',
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);
    const [created] = await t.sql('alpha', `SELECT created_by FROM user_department_assignments WHERE user_id = $1 AND valid_from = $2`, [user.id, validFrom]);
    expect(created.created_by).toBe(adminId);

    // Login and the token still carry department A; the user lists too.
    const login = await t.as('alpha').post('/api/auth/login', { username: user.username, password: PASSWORD });
    expect(login.body.departmentId).toBe(a.id);
    const me = await t.as('alpha', login.body.token).get('/api/auth/me');
    expect(me.body.departmentId).toBe(a.id);
    const listed = (await admin.get('/api/users')).body.find((u: UserBody) => u.id === user.id);
    expect(listed).toEqual(user);
    const page = await admin.get(`/api/users/page?departmentId=${b.id}`);
    expect(page.body.items.map((u: UserBody) => u.id)).not.toContain(user.id);
  });

  it('a transfer from a past date switches the department today', async () => {
    const user = await teacherSince(a, '2024-01-01');
    const response = await transfer(user.id, { departmentId: b.id, validFrom: '2025-02-01' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...user, departmentId: b.id, departmentName: 'Кафедра Б' });
    expect(await assignmentsOf(user.id)).toEqual([
      { id: expect.any(Number), department_id: a.id, is_primary: true, valid_from: '2024-01-01', valid_to: '2025-01-31', comment: null },
      { id: expect.any(Number), department_id: b.id, is_primary: true, valid_from: '2025-02-01', valid_to: null, comment: null },
    ]);
    const login = await t.as('alpha').post('/api/auth/login', { username: user.username, password: PASSWORD });
    expect(login.body.departmentId).toBe(b.id);
  });

  it('a transfer into an already planned period is rejected with 409 and changes nothing', async () => {
    const user = await teacherSince(a, '2024-01-01');
    expect((await transfer(user.id, { departmentId: b.id, validFrom: addDays(today, 30) })).status).toBe(200);
    const before = await assignmentsOf(user.id);

    const response = await transfer(user.id, { departmentId: c.id, validFrom: addDays(today, 5) });
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, `/api/users/${user.id}/department-transfer`, OVERLAP);
    expect(response.body.message).toContain(addDays(today, 30));
    expect(await assignmentsOf(user.id)).toEqual(before);

    // Later than the planned start it truncates the planned period instead.
    const later = await transfer(user.id, { departmentId: c.id, validFrom: addDays(today, 40) });
    expect(later.status).toBe(200);
    expect((await assignmentsOf(user.id)).map((row) => [row.department_id, row.valid_from, row.valid_to])).toEqual([
      [a.id, '2024-01-01', addDays(today, 29)],
      [b.id, addDays(today, 30), addDays(today, 39)],
      [c.id, addDays(today, 40), null],
    ]);
  });

  it('validFrom must be after the start of the period it truncates', async () => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    const before = await assignmentsOf(user.id);
    const response = await transfer(user.id, { departmentId: b.id, validFrom: today });
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, `/api/users/${user.id}/department-transfer`, OVERLAP);
    expect(response.body.message).toContain(today);
    expect(await assignmentsOf(user.id)).toEqual(before);
  });

  it('a transfer before the first period overlaps it: 409', async () => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    const before = await assignmentsOf(user.id);
    const response = await transfer(user.id, { departmentId: b.id, validFrom: addDays(today, -3) });
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, `/api/users/${user.id}/department-transfer`, OVERLAP);
    expect(await assignmentsOf(user.id)).toEqual(before);
  });

  it('without a primary period on validFrom the new one is just opened', async () => {
    const user = await teacherSince(a, '2024-01-01');
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2024-12-31' WHERE user_id = $1`, [user.id]);
    // No primary department today: the fields are omitted, not null.
    const listed = (await admin.get('/api/users')).body.find((u: UserBody) => u.id === user.id);
    expect(listed).toEqual({ id: user.id, username: user.username, role: 'TEACHER', fullName: user.fullName, jobTitle: '', status: 'ACTIVE' });
    expect(listed).not.toHaveProperty('departmentId');

    const response = await transfer(user.id, { departmentId: a.id, validFrom: addDays(today, 1) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(listed);
    expect((await assignmentsOf(user.id)).map((row) => [row.department_id, row.valid_from, row.valid_to])).toEqual([
      [a.id, '2024-01-01', '2024-12-31'],
      [a.id, addDays(today, 1), null],
    ]);
  });

  it('transferring to the department already primary on validFrom is a 400', async () => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    const before = await assignmentsOf(user.id);
    const response = await transfer(user.id, { departmentId: a.id, validFrom: addDays(today, 7) });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, `/api/users/${user.id}/department-transfer`, 'Сотрудник уже числится на этой кафедре как на основной на дату перевода');
    expect(await assignmentsOf(user.id)).toEqual(before);
  });

  // `departmentId: 'B'` stands for department B (known only after setup).
  const invalidTransfers: [string, Record<string, unknown>, string][] = [
    ['a nonexistent department', { departmentId: 999999, validFrom: '2030-01-01' }, 'Кафедра не найдена'],
    ['a missing department', { validFrom: '2030-01-01' }, 'Поле «departmentId» обязательно'],
    ['a missing date', { departmentId: 'B' }, 'Поле «validFrom» обязательно'],
    ['a malformed date', { departmentId: 'B', validFrom: '01.09.2030' }, 'Поле «validFrom» должно быть датой в формате ГГГГ-ММ-ДД'],
    ['an impossible date', { departmentId: 'B', validFrom: '2030-02-30' }, 'Поле «validFrom» должно быть датой в формате ГГГГ-ММ-ДД'],
    ['a non-string comment', { departmentId: 'B', validFrom: '2030-01-01', comment: 5 }, 'Поле «comment» должно быть строкой'],
  ];
  it.each(invalidTransfers)('rejects %s with 400 and changes nothing', async (_case, body, message) => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    const before = await assignmentsOf(user.id);
    const response = await transfer(user.id, { ...body, departmentId: body.departmentId === 'B' ? b.id : body.departmentId });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, `/api/users/${user.id}/department-transfer`, message);
    expect(await assignmentsOf(user.id)).toEqual(before);
  });

  it('answers 404 for an unknown user and 409 for an archived one', async () => {
    const unknown = await transfer(999999, { departmentId: b.id, validFrom: '2030-01-01' });
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body, 404, '/api/users/999999/department-transfer', 'Пользователь не найден');
    const history = await admin.get('/api/users/999999/department-history');
    expect(history.status).toBe(404);
    expectErrorBody(history.body, 404, '/api/users/999999/department-history', 'Пользователь не найден');
    expect((await admin.get('/api/users/x/department-history')).status).toBe(400);

    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    const before = await assignmentsOf(user.id);
    const archived = await transfer(user.id, { departmentId: b.id, validFrom: addDays(today, 3) });
    expect(archived.status).toBe(409);
    expectErrorBody(archived.body, 409, `/api/users/${user.id}/department-transfer`, 'Нельзя перевести архивного сотрудника: сначала восстановите его');
    expect(await assignmentsOf(user.id)).toEqual(before);
  });

  it('history lists additional links too, ordered by validFrom then id', async () => {
    const user = await teacherSince(a, '2024-01-01');
    await t.sql(
      'alpha',
      `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, comment)
       VALUES ($1, $2, false, '2024-01-01', 'Совместительство'), ($1, $3, false, '2023-06-01', NULL)`,
      [user.id, c.id, b.id],
    );
    const history = await admin.get(`/api/users/${user.id}/department-history`);
    expect(history.body.map((row: { departmentId: number; primary: boolean; validFrom: string; comment: string | null }) => [row.departmentId, row.primary, row.validFrom, row.comment])).toEqual([
      [b.id, false, '2023-06-01', null],
      [a.id, true, '2024-01-01', null],
      [c.id, false, '2024-01-01', 'Совместительство'],
    ]);
  });

  it('two racing transfers of one user: one wins, the other gets 409', async () => {
    const user = await teacherSince(a, '2024-01-01');
    const validFrom = addDays(today, 15);
    const responses = await Promise.all([
      transfer(user.id, { departmentId: b.id, validFrom }),
      transfer(user.id, { departmentId: c.id, validFrom }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await assignmentsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ department_id: a.id, valid_to: addDays(validFrom, -1) });
    expect(rows[1]).toMatchObject({ valid_from: validFrom, valid_to: null });
  });

  it('the database itself refuses overlapping primary periods', async () => {
    const user = await createUser(admin, { role: 'TEACHER', departmentId: a.id });
    await expect(
      t.sql('alpha', `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from) VALUES ($1, $2, true, $3)`, [user.id, b.id, addDays(today, 100)]),
    ).rejects.toMatchObject({ constraint: 'ex_uda_primary_overlap' });
  });
});
