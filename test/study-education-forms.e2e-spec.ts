import { Role } from '../src/platform/auth/roles';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { createEducationForm, createGroup, createStudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('education forms (4.20)', () => {
  let t: TestApp;
  let admin: TenantClient;
  const clients = new Map<Role, TenantClient>();

  const rows = () => t.sql('alpha', `SELECT id, name FROM education_forms ORDER BY id`);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin);
    for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: home.id })).client);
    }
  });
  afterAll(() => t.close());

  it('creates a form (ADMIN and EDUCATION_OFFICE) and lists forms by name', async () => {
    const response = await admin.post('/api/education-forms', { name: '  Очная ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.any(Number), name: 'Очная' });
    expect(await t.sql('alpha', `SELECT name FROM education_forms WHERE id = $1`, [response.body.id])).toEqual([{ name: 'Очная' }]);

    const byOffice = await clients.get('EDUCATION_OFFICE')!.post('/api/education-forms', { name: 'Заочная' });
    expect(byOffice.status).toBe(200);
    expect(byOffice.body).toEqual({ id: expect.any(Number), name: 'Заочная' });

    const list = await admin.get('/api/education-forms');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([byOffice.body, response.body]);
  });

  it('lets ADMIN, EDUCATION_OFFICE, DEPARTMENT and SCHEDULE_VIEWER read the list, and refuses TEACHER and STUDENT', async () => {
    const expected = (await admin.get('/api/education-forms')).body;
    for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'] as Role[]) {
      const response = await clients.get(role)!.get('/api/education-forms');
      expect({ role, status: response.status }).toEqual({ role, status: 200 });
      expect(response.body).toEqual(expected);
    }
    for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
      const response = await clients.get(role)!.get('/api/education-forms');
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
      expectErrorBody(response.body, 403, '/api/education-forms', 'Недостаточно прав для этой операции');
    }
  });

  it('rejects a duplicate name (case-insensitive) with 409 and an empty one with 400', async () => {
    await createEducationForm(admin, 'Очно-заочная');
    const before = await rows();
    const duplicate = await admin.post('/api/education-forms', { name: 'ОЧНО-ЗАОЧНАЯ' });
    expect(duplicate.status).toBe(409);
    expectErrorBody(duplicate.body, 409, '/api/education-forms', 'Форма обучения с таким названием уже существует');
    for (const body of [{}, { name: '   ' }, { name: 7 }]) {
      const invalid = await admin.post('/api/education-forms', body);
      expect(invalid.status).toBe(400);
      expectErrorBody(invalid.body, 400, '/api/education-forms', /«name»/);
    }
    expect(await rows()).toEqual(before);
  });

  it('deletes an unused form and returns it', async () => {
    const form = await createEducationForm(admin);
    const response = await clients.get('EDUCATION_OFFICE')!.delete(`/api/education-forms/${form.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(form);
    expect(await t.sql('alpha', `SELECT id FROM education_forms WHERE id = $1`, [form.id])).toEqual([]);
    const again = await admin.delete(`/api/education-forms/${form.id}`);
    expect(again.status).toBe(404);
    expectErrorBody(again.body, 404, `/api/education-forms/${form.id}`, 'Форма обучения не найдена');
    const bad = await admin.delete('/api/education-forms/0');
    expect(bad.status).toBe(400);
    expectErrorBody(bad.body, 400, '/api/education-forms/0', 'Параметр «id» должен быть положительным целым числом');
  });

  it('refuses with 400 and the count to delete a form that groups use, archived ones included', async () => {
    const setup = await createStudySetup(admin);
    const groups = [await createGroup(admin, setup), await createGroup(admin, setup), await createGroup(admin, setup)];
    expect((await admin.delete(`/api/groups/${groups[0].id}`)).status).toBe(200);
    const before = await rows();
    const path = `/api/education-forms/${setup.form.id}`;
    const response = await admin.delete(path);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, path, 'Форму обучения нельзя удалить: её используют 3 группы');
    expect(await rows()).toEqual(before);

    const single = await createStudySetup(admin);
    await createGroup(admin, single);
    const one = await admin.delete(`/api/education-forms/${single.form.id}`);
    expect(one.status).toBe(400);
    expectErrorBody(one.body, 400, `/api/education-forms/${single.form.id}`, 'Форму обучения нельзя удалить: её использует 1 группа');
  });

  it('refuses changes to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
    const form = await createEducationForm(admin);
    const before = await rows();
    for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
      const client = clients.get(role)!;
      for (const attempt of [await client.post('/api/education-forms', { name: `От ${role}` }), await client.delete(`/api/education-forms/${form.id}`)]) {
        expect({ role, status: attempt.status }).toEqual({ role, status: 403 });
        expect(attempt.body.message).toBe('Недостаточно прав для этой операции');
      }
    }
    expect(await rows()).toEqual(before);
  });
});
