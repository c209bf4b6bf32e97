import { createDepartment, expectErrorBody, PASSWORD } from './support/factories';
import { createGroup, createStudySetup, GroupBody, StudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Issue 55: the administrator places a STUDENT in a group when creating the account
 * (`POST /api/users` with `groupId`); the department may then be left out and is the group's.
 */
describe('a student created with a group (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let setup: StudySetup;
  let group: GroupBody;

  const userCount = async () => Number((await t.sql<{ n: string }>('alpha', 'SELECT count(*) AS n FROM users'))[0].n);
  const student = (fields: Record<string, unknown>) => ({ username: `st-${Math.random().toString(36).slice(2, 10)}`, password: PASSWORD, role: 'STUDENT', fullName: 'Петров Пётр', ...fields });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    setup = await createStudySetup(admin);
    group = await createGroup(admin, setup, { name: 'ФИЗ-231' });
  });
  afterAll(() => t?.close());

  it('creates the student in the group and the group’s department, without departmentId; the student’s page knows the group', async () => {
    const body = student({ groupId: group.id });
    const created = (await admin.post('/api/users', body).expect(200)).body;
    expect(created).toMatchObject({ username: body.username, role: 'STUDENT', departmentId: setup.department.id, groupId: group.id, groupName: 'ФИЗ-231' });
    expect((await admin.get(`/api/users/${created.id}/group`).expect(200)).body).toEqual({ groupId: group.id, groupName: 'ФИЗ-231' });
    const own = await t.as('alpha').login(body.username, PASSWORD);
    expect((await own.get('/api/auth/me/group').expect(200)).body).toEqual({ groupId: group.id, groupName: 'ФИЗ-231' });
    // With the group's own department given, the same.
    const again = (await admin.post('/api/users', student({ groupId: group.id, departmentId: setup.department.id })).expect(200)).body;
    expect(again).toMatchObject({ departmentId: setup.department.id, groupName: 'ФИЗ-231' });
  });

  it('creates users without a group as before (no group fields in the answer)', async () => {
    const created = (await admin.post('/api/users', student({ departmentId: setup.department.id })).expect(200)).body;
    expect(created.groupId).toBeUndefined();
    expect((await admin.get(`/api/users/${created.id}/group`).expect(200)).body).toEqual({ groupId: null, groupName: null });
  });

  it('refuses, at the field and with nothing created: a group for another role, no department nor group, an unknown or archived group, another department', async () => {
    const other = await createDepartment(admin);
    const archived = await createGroup(admin, setup);
    await admin.delete(`/api/groups/${archived.id}`).expect(200);
    const before = await userCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [student({ role: 'TEACHER', groupId: group.id, departmentId: setup.department.id }), 'groupId', /только студенту/],
      [student({}), 'departmentId', /departmentId/],
      [student({ groupId: 999999 }), 'groupId', /Группа не найдена/],
      [student({ groupId: archived.id }), 'groupId', /в архиве/],
      [student({ groupId: group.id, departmentId: other.id }), 'departmentId', /ФИЗ-231 относится к другой кафедре/],
      [student({ groupId: 'ФИЗ-231' }), 'groupId', /groupId/],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post('/api/users', body).expect(400);
      expectErrorBody(response.body, 400, '/api/users', message);
      expect(response.body.field).toBe(field);
    }
    expect(await userCount()).toBe(before);
  });

  it('holds the group while the student is created: a concurrent archive and creation leave no student in an archived group', async () => {
    const racing = await createGroup(admin, setup);
    const [created, archived] = await Promise.all([admin.post('/api/users', student({ groupId: racing.id })), admin.delete(`/api/groups/${racing.id}`)]);
    expect(archived.status).toBe(200);
    expect([200, 400]).toContain(created.status);
    // Whatever the order, a student placed in the group was placed while it was active: the row exists
    // only when the creation committed first.
    const placed = await t.sql('alpha', 'SELECT user_id FROM student_groups WHERE group_id = $1', [racing.id]);
    expect(placed.length).toBe(created.status === 200 ? 1 : 0);
  });
});
