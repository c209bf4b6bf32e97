import { Role } from '../src/platform/auth/roles';
import { createDepartment, createUser, expectErrorBody, UserBody } from './support/factories';
import { clientsByRole, insertGroup } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('earlier-revision lesson endpoints (4.22)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  let teacher: UserBody;
  let viewer: UserBody;
  let groupId: number;

  const lessonRows = () => t.sql('alpha', `SELECT * FROM legacy_lessons ORDER BY id`);
  const valid = () => ({ teacherId: teacher.id, groupId, lessonTypeId: 1, day: 'Понедельник', week: '1', time: '08:30' });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin);
    clients = await clientsByRole(t, admin, home.id);
    teacher = await createUser(admin, { role: 'TEACHER', departmentId: home.id });
    viewer = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: home.id });
    groupId = await insertGroup(t, home.id);
  });
  afterAll(() => t.close());

  it('creates a lesson (texts trimmed) and lists it, also to every role; a stored null group stays null', async () => {
    const response = await admin.post('/api/users/test/create', { ...valid(), day: ' Вторник ', lessonTypeId: 3 });
    expect(response.status).toBe(200);
    const lesson = { id: expect.any(Number), teacherId: teacher.id, groupId, lessonTypeId: 3, day: 'Вторник', week: '1', time: '08:30' };
    expect(response.body).toEqual(lesson);
    expect(await t.sql('alpha', `SELECT teacher_id, group_id, lesson_type_id, day, week, time FROM legacy_lessons WHERE id = $1`, [response.body.id])).toEqual([
      { teacher_id: teacher.id, group_id: groupId, lesson_type_id: 3, day: 'Вторник', week: '1', time: '08:30' },
    ]);

    const [old] = await t.sql<{ id: number }>(
      'alpha',
      `INSERT INTO legacy_lessons (teacher_id, group_id, lesson_type_id, day, week, time) VALUES ($1, NULL, 2, 'Среда', '2', '10:10') RETURNING id`,
      [teacher.id],
    );
    const list = await admin.get('/api/users/test');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      response.body,
      { id: old.id, teacherId: teacher.id, groupId: null, lessonTypeId: 2, day: 'Среда', week: '2', time: '10:10' },
    ]);
    for (const [role, client] of clients) {
      const seen = await client.get('/api/users/test');
      expect({ role, status: seen.status }).toEqual({ role, status: 200 });
      expect(seen.body).toEqual(list.body);
    }
    expect((await clients.get('EDUCATION_OFFICE')!.post('/api/users/test/create', valid())).status).toBe(200);
  });

  it.each([
    ['teacherId', { teacherId: undefined }, 'Поле «teacherId» обязательно'],
    ['teacherId', { teacherId: null }, 'Поле «teacherId» обязательно'],
    ['teacherId', { teacherId: 0 }, 'Поле «teacherId» должно быть положительным числом'],
    ['groupId', { groupId: null }, 'Поле «groupId» обязательно'],
    ['groupId', { groupId: 0 }, 'Поле «groupId» должно быть положительным числом'],
    ['lessonTypeId', { lessonTypeId: 0 }, 'Поле «lessonTypeId» должно быть положительным числом'],
    ['lessonTypeId', { lessonTypeId: 'один' }, 'Поле «lessonTypeId» должно быть целым числом'],
    ['day', { day: '' }, 'Поле «day» не может быть пустым'],
    ['week', { week: undefined }, 'Поле «week» обязательно'],
    ['time', { time: '   ' }, 'Поле «time» не может быть пустым'],
  ])('answers 400 with only {message} for an invalid %s (%j)', async (_field, change, message) => {
    const before = await lessonRows();
    const response = await admin.post('/api/users/test/create', { ...valid(), ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await lessonRows()).toEqual(before);
  });

  it('answers 400 with only {message} for references that do not exist', async () => {
    const before = await lessonRows();
    for (const [change, message] of [
      [{ teacherId: 999999 }, 'Преподаватель не найден'],
      [{ teacherId: viewer.id }, 'Пользователь не является преподавателем'],
      [{ groupId: 999999 }, 'Группа не найдена'],
      [{ lessonTypeId: 4 }, 'Тип занятия не найден'],
    ] as const) {
      const response = await admin.post('/api/users/test/create', { ...valid(), ...change });
      expect({ change, status: response.status, body: response.body }).toEqual({ change, status: 400, body: { message } });
    }
    expect(await lessonRows()).toEqual(before);
  });

  it('answers ping with plain text pong to every role', async () => {
    for (const client of [admin, ...clients.values()]) {
      const response = await client.get('/api/users/test/ping');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).toBe('pong');
    }
  });

  it('answers 404 with an empty body for other addresses under /api/users/test', async () => {
    for (const request of [
      admin.get('/api/users/test/unknown'),
      admin.post('/api/users/test/ping'),
      admin.get('/api/users/test/create'),
      admin.put('/api/users/test/create', valid()),
      admin.get('/api/users/test/a/b'),
    ]) {
      const response = await request;
      expect(response.status).toBe(404);
      expect(response.text).toBe('');
    }
  });

  it('lets only ADMIN and EDUCATION_OFFICE create; refusals and missing tokens keep the common body', async () => {
    const before = await lessonRows();
    for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
      const response = await clients.get(role)!.post('/api/users/test/create', valid());
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
      expectErrorBody(response.body, 403, '/api/users/test/create');
    }
    for (const path of ['/api/users/test', '/api/users/test/ping']) {
      const anonymous = await t.as('alpha').get(path);
      expect(anonymous.status).toBe(401);
      expectErrorBody(anonymous.body, 401, path);
    }
    expect(await lessonRows()).toEqual(before);
  });

  it('leaves the users routes next to it untouched', async () => {
    expect((await admin.get('/api/users/teachers')).status).toBe(200);
    expect((await admin.get(`/api/users/${teacher.id}/department-history`)).status).toBe(200);
    const archive = await admin.delete('/api/users/test');
    expect(archive.status).toBe(400);
    expectErrorBody(archive.body, 400, '/api/users/test', 'Параметр «id» должен быть положительным целым числом');
  });
});
