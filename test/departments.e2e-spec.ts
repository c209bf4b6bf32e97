import { ROLES } from '../src/platform/auth/roles';
import { createDepartment, createUser, expectErrorBody, signedInAs } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('departments (4.18)', () => {
  let t: TestApp;
  let admin: TenantClient;
  /** One logged-in client per non-admin role. */
  const clients = new Map<string, TenantClient>();

  const rows = () => t.sql('alpha', `SELECT id, name, code FROM departments ORDER BY id`);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin, { departmentName: 'Кафедра ролей', departmentCode: 9000 });
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: home.id })).client);
    }
  });
  afterAll(() => t.close());

  it('creates a department and returns it', async () => {
    const response = await admin.post('/api/departments', { departmentName: '  Кафедра физики  ', departmentCode: 11 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.any(Number), departmentName: 'Кафедра физики', departmentCode: 11 });
    const stored = await t.sql('alpha', `SELECT name, code FROM departments WHERE id = $1`, [response.body.id]);
    expect(stored).toEqual([{ name: 'Кафедра физики', code: 11 }]);
  });

  it('lists departments sorted by name to every role', async () => {
    await createDepartment(admin, { departmentName: 'Архитектура', departmentCode: 12 });
    const response = await admin.get('/api/departments');
    expect(response.status).toBe(200);
    const names = (response.body as { departmentName: string }[]).map((d) => d.departmentName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(response.body).toContainEqual({ id: expect.any(Number), departmentName: 'Архитектура', departmentCode: 12 });
    for (const [role, client] of clients) {
      const seen = await client.get('/api/departments');
      expect({ role, status: seen.status }).toEqual({ role, status: 200 });
      expect(seen.body).toEqual(response.body);
    }
  });

  it('rejects a duplicate name (case-insensitive) or code with 409 and changes nothing', async () => {
    await createDepartment(admin, { departmentName: 'Кафедра химии', departmentCode: 21 });
    const before = await rows();

    const sameName = await admin.post('/api/departments', { departmentName: 'КАФЕДРА ХИМИИ', departmentCode: 22 });
    expect(sameName.status).toBe(409);
    expectErrorBody(sameName.body, 409, '/api/departments', 'Кафедра с таким названием уже существует');

    const sameCode = await admin.post('/api/departments', { departmentName: 'Кафедра биологии', departmentCode: 21 });
    expect(sameCode.status).toBe(409);
    expectErrorBody(sameCode.body, 409, '/api/departments', 'Кафедра с таким кодом уже существует');

    expect(await rows()).toEqual(before);
  });

  it.each([
    [{ departmentCode: 5 }, 'departmentName', /«departmentName» обязательно/],
    [{ departmentName: '   ', departmentCode: 5 }, 'departmentName', /«departmentName» не может быть пустым/],
    [{ departmentName: 'Кафедра X' }, 'departmentCode', /«departmentCode» обязательно/],
    [{ departmentName: 'Кафедра X', departmentCode: 'abc' }, 'departmentCode', /«departmentCode» должно быть целым числом/],
    [{ departmentName: 'Кафедра X', departmentCode: 1.5 }, 'departmentCode', /«departmentCode» должно быть целым числом/],
    [{ departmentName: 'Кафедра X', departmentCode: 0 }, 'departmentCode', /«departmentCode» должно быть не меньше 1/],
    [{ departmentName: 'x'.repeat(256), departmentCode: 5 }, 'departmentName', /не более 255 символов/],
  ])('rejects an invalid body %j with 400', async (body, _field, message) => {
    const before = await rows();
    const response = await admin.post('/api/departments', body);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, '/api/departments', message);
    expect(await rows()).toEqual(before);
  });

  it('updates a department', async () => {
    const department = await createDepartment(admin);
    const response = await admin.put(`/api/departments/${department.id}`, { departmentName: 'Кафедра истории', departmentCode: 31 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: department.id, departmentName: 'Кафедра истории', departmentCode: 31 });
    // Keeping its own name and code (in another case) is not a clash with itself.
    const same = await admin.put(`/api/departments/${department.id}`, { departmentName: 'КАФЕДРА ИСТОРИИ', departmentCode: 31 });
    expect(same.status).toBe(200);
    expect(same.body.departmentName).toBe('КАФЕДРА ИСТОРИИ');
  });

  it('rejects an update clashing with another department and keeps the row', async () => {
    const first = await createDepartment(admin);
    const second = await createDepartment(admin);
    const before = await rows();
    const byName = await admin.put(`/api/departments/${second.id}`, { departmentName: first.departmentName.toUpperCase(), departmentCode: 77 });
    expect(byName.status).toBe(409);
    expectErrorBody(byName.body, 409, `/api/departments/${second.id}`, 'Кафедра с таким названием уже существует');
    const byCode = await admin.put(`/api/departments/${second.id}`, { departmentName: 'Новое имя', departmentCode: first.departmentCode });
    expect(byCode.status).toBe(409);
    expectErrorBody(byCode.body, 409, `/api/departments/${second.id}`, 'Кафедра с таким кодом уже существует');
    const invalid = await admin.put(`/api/departments/${second.id}`, { departmentName: '', departmentCode: 78 });
    expect(invalid.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const before = await rows();
    const put = await admin.put('/api/departments/999999', { departmentName: 'Нет такой', departmentCode: 99 });
    expect(put.status).toBe(404);
    expectErrorBody(put.body, 404, '/api/departments/999999', 'Кафедра не найдена');
    const del = await admin.delete('/api/departments/999999');
    expect(del.status).toBe(404);
    expectErrorBody(del.body, 404, '/api/departments/999999', 'Кафедра не найдена');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await admin.delete(`/api/departments/${id}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, `/api/departments/${id}`, 'Параметр «id» должен быть положительным целым числом');
    }
    expect(await rows()).toEqual(before);
  });

  it('deletes an unused department physically and returns it', async () => {
    const department = await createDepartment(admin);
    const response = await admin.delete(`/api/departments/${department.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(department);
    expect(await t.sql('alpha', `SELECT id FROM departments WHERE id = $1`, [department.id])).toEqual([]);
    expect((await admin.get('/api/departments')).body).not.toContainEqual(department);
  });

  it('refuses to delete a department referenced by user assignments, even only in history', async () => {
    const department = await createDepartment(admin, { departmentName: 'Кафедра с сотрудником', departmentCode: 41 });
    const other = await createDepartment(admin);
    const user = await createUser(admin, { role: 'TEACHER', departmentId: department.id });

    const response = await admin.delete(`/api/departments/${department.id}`);
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, `/api/departments/${department.id}`, /Нельзя удалить кафедру «Кафедра с сотрудником».*\(1\)/);

    // Only a closed (historical) period remains after the user moves away: still referenced.
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2020-01-01' WHERE user_id = $1`, [user.id]);
    const moved = await admin.post(`/api/users/${user.id}/department-transfer`, { departmentId: other.id, validFrom: '2021-01-01' });
    expect(moved.status).toBe(200);
    const again = await admin.delete(`/api/departments/${department.id}`);
    expect(again.status).toBe(409);
    expect(await t.sql('alpha', `SELECT id FROM departments WHERE id = $1`, [department.id])).toHaveLength(1);
  });

  it('allows changes to ADMIN only', async () => {
    const department = await createDepartment(admin);
    const before = await rows();
    for (const [role, client] of clients) {
      const attempts = [
        await client.post('/api/departments', { departmentName: `От ${role}`, departmentCode: 555 }),
        await client.put(`/api/departments/${department.id}`, { departmentName: 'Взлом', departmentCode: 556 }),
        await client.delete(`/api/departments/${department.id}`),
      ];
      for (const attempt of attempts) {
        expect({ role, status: attempt.status }).toEqual({ role, status: 403 });
        expect(attempt.body.message).toBe('Недостаточно прав для этой операции');
      }
    }
    expect(await rows()).toEqual(before);
  });

  it('requires a token', async () => {
    const response = await t.as('alpha').get('/api/departments');
    expect(response.status).toBe(401);
  });
});
