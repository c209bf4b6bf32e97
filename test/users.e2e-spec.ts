import { Role, ROLES } from '../src/platform/auth/roles';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('users administration (4.3)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let adminId: number;
  let math: DepartmentBody;
  let physics: DepartmentBody;
  /** One user and logged-in client per non-admin role. */
  const staff = new Map<Role, { user: UserBody; client: TenantClient }>();

  const userRows = () => t.sql('alpha', `SELECT id, username, password_hash, role, full_name, job_title, status, archived_at FROM users ORDER BY id`);
  const assignmentRows = () => t.sql('alpha', `SELECT * FROM user_department_assignments ORDER BY id`);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const login = await t.as('alpha').post('/api/auth/login', ADMIN);
    admin = t.as('alpha', login.body.token);
    adminId = login.body.userId;
    math = await createDepartment(admin, { departmentName: 'Кафедра математики', departmentCode: 1 });
    physics = await createDepartment(admin, { departmentName: 'Кафедра физики', departmentCode: 2 });
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      staff.set(role, await signedInAs(t, admin, { role, departmentId: math.id, username: `staff-${role.toLowerCase()}` }));
    }
  });
  afterAll(() => t.close());

  describe('POST /api/users', () => {
    it('creates a user with a primary department from today', async () => {
      const response = await admin.post('/api/users', {
        username: '  Petrov  ',
        password: 'long-enough',
        role: 'TEACHER',
        fullName: ' Петров Пётр Петрович ',
        jobTitle: 'Доцент',
        departmentId: math.id,
        status: 'ARCHIVED', // not a request field: ignored
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        username: 'Petrov',
        role: 'TEACHER',
        fullName: 'Петров Пётр Петрович',
        jobTitle: 'Доцент',
        departmentId: math.id,
        departmentName: 'Кафедра математики',
        status: 'ACTIVE',
      });
      const [stored] = await t.sql('alpha', `SELECT password_hash FROM users WHERE id = $1`, [response.body.id]);
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      const assignments = await t.sql('alpha', `SELECT department_id, is_primary, valid_from, valid_to, created_by FROM user_department_assignments WHERE user_id = $1`, [response.body.id]);
      expect(assignments).toEqual([{ department_id: math.id, is_primary: true, valid_from: todayInBusinessZone(), valid_to: null, created_by: adminId }]);
      // The new user can log in with the password, and gets the department in the login response.
      const login = await t.as('alpha').post('/api/auth/login', { username: 'petrov', password: 'long-enough' });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ role: 'TEACHER', departmentId: math.id, userId: response.body.id });
    });

    it('gives an empty job title when none is given', async () => {
      const user = await createUser(admin, { role: 'STUDENT', departmentId: physics.id });
      expect(user.jobTitle).toBe('');
    });

    it('rejects a username taken case-insensitively with 409 and changes nothing', async () => {
      await createUser(admin, { role: 'TEACHER', departmentId: math.id, username: 'sidorov' });
      const [users, assignments] = [await userRows(), await assignmentRows()];
      const response = await admin.post('/api/users', {
        username: ' SIDOROV ',
        password: PASSWORD,
        role: 'TEACHER',
        fullName: 'Другой Сидоров',
        departmentId: math.id,
      });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, '/api/users', 'Пользователь с таким логином уже существует');
      expect(await userRows()).toEqual(users);
      expect(await assignmentRows()).toEqual(assignments);
    });

    const valid = { username: 'newcomer', password: PASSWORD, role: 'TEACHER', fullName: 'Новиков Н. Н.', departmentId: 0 };
    it.each([
      ['missing username', { username: undefined }, 'Поле «username» обязательно'],
      ['blank username', { username: '   ' }, 'Поле «username» не может быть пустым'],
      ['short password', { password: '1234567' }, 'Поле «password» должно содержать не менее 8 символов'],
      ['missing password', { password: undefined }, 'Поле «password» обязательно'],
      ['unknown role', { role: 'SUPERUSER' }, /Поле «role» должно иметь одно из значений: ADMIN, EDUCATION_OFFICE/],
      ['missing role', { role: undefined }, 'Поле «role» обязательно'],
      ['missing full name', { fullName: undefined }, 'Поле «fullName» обязательно'],
      ['numeric job title', { jobTitle: 5 }, 'Поле «jobTitle» должно быть строкой'],
      ['missing department', { departmentId: undefined }, 'Поле «departmentId» обязательно'],
      ['non-integer department', { departmentId: 'x' }, 'Поле «departmentId» должно быть целым числом'],
      ['nonexistent department', { departmentId: 999999 }, 'Кафедра не найдена'],
    ])('rejects %s with 400 and changes nothing', async (_case, change, message) => {
      const [users, assignments] = [await userRows(), await assignmentRows()];
      const response = await admin.post('/api/users', { ...valid, departmentId: math.id, ...change });
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/users', message);
      expect(await userRows()).toEqual(users);
      expect(await assignmentRows()).toEqual(assignments);
    });

    it('accepts a password of exactly 8 characters', async () => {
      const user = await createUser(admin, { role: 'STUDENT', departmentId: math.id, password: '12345678' });
      expect((await t.as('alpha').post('/api/auth/login', { username: user.username, password: '12345678' })).status).toBe(200);
    });
  });

  describe('GET /api/users', () => {
    it('lists active users sorted by full name with their current department', async () => {
      const archived = await createUser(admin, { role: 'STUDENT', departmentId: math.id, fullName: 'Архивный А. А.' });
      expect((await admin.delete(`/api/users/${archived.id}`)).status).toBe(200);

      const response = await admin.get('/api/users');
      expect(response.status).toBe(200);
      const users = response.body as UserBody[];
      expect(users.map((u) => u.id)).not.toContain(archived.id);
      expect(users.every((u) => u.status === 'ACTIVE')).toBe(true);
      const names = users.map((u) => u.fullName.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(users).toContainEqual({ ...staff.get('TEACHER')!.user });
      expect(users).toContainEqual({ id: adminId, username: 'admin', role: 'ADMIN', fullName: 'Администратор', jobTitle: '', status: 'ACTIVE' });
    });
  });

  describe('GET /api/users/page', () => {
    let pageDepartment: DepartmentBody;
    let people: UserBody[];

    beforeAll(async () => {
      pageDepartment = await createDepartment(admin, { departmentName: 'Кафедра для страниц', departmentCode: 3 });
      people = [];
      for (const [fullName, role, jobTitle] of [
        ['Яковлев Я.', 'TEACHER', 'Профессор'],
        ['Борисов Б.', 'TEACHER', 'Ассистент'],
        ['борисов б.', 'STUDENT', ''],
        ['Волков В.', 'DEPARTMENT', 'Заведующий'],
        ['Громов Г.', 'TEACHER', 'Старший преподаватель'],
      ] as const) {
        people.push(await createUser(admin, { role, departmentId: pageDepartment.id, fullName, jobTitle }));
      }
      expect((await admin.delete(`/api/users/${people[4].id}`)).status).toBe(200);
    });

    const ids = (body: { items: UserBody[] }) => body.items.map((u) => u.id);

    it('pages active users of a department by full name with the paging fields', async () => {
      const first = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&size=2`);
      expect(first.status).toBe(200);
      // Equal names (case-insensitively) are ordered by id.
      expect(first.body).toEqual({
        items: [people[1], people[2]],
        page: 0,
        size: 2,
        totalItems: 4,
        totalPages: 2,
        first: true,
        last: false,
      });
      const second = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&size=2&page=1`);
      expect(second.body).toEqual({ items: [people[3], people[0]], page: 1, size: 2, totalItems: 4, totalPages: 2, first: false, last: true });
      const beyond = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&size=2&page=5`);
      expect(beyond.body).toMatchObject({ items: [], page: 5, totalItems: 4, first: false, last: true });
    });

    it('uses page 0 and size 25 by default', async () => {
      const response = await admin.get('/api/users/page');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ page: 0, size: 25, first: true });
      expect(response.body.totalItems).toBe((await admin.get('/api/users')).body.length);
    });

    it('includes archived users on request', async () => {
      const response = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&includeArchived=true`);
      expect(ids(response.body)).toEqual([people[1].id, people[2].id, people[3].id, people[4].id, people[0].id]);
      expect(response.body.items[3]).toEqual({ ...people[4], status: 'ARCHIVED' });
      const explicitFalse = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&includeArchived=false`);
      expect(explicitFalse.body.totalItems).toBe(4);
    });

    it('searches username, full name and job title case-insensitively', async () => {
      const byName = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&query=${encodeURIComponent('БОРИСОВ')}`);
      expect(ids(byName.body)).toEqual([people[1].id, people[2].id]);
      const byTitle = await admin.get(`/api/users/page?query=${encodeURIComponent('профессор')}`);
      expect(ids(byTitle.body)).toEqual([people[0].id]);
      const byUsername = await admin.get(`/api/users/page?query=${people[3].username.toUpperCase()}`);
      expect(ids(byUsername.body)).toEqual([people[3].id]);
      const wildcard = await admin.get(`/api/users/page?query=${encodeURIComponent('%')}`);
      expect(wildcard.body.totalItems).toBe(0);
    });

    it('filters by role', async () => {
      const response = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&role=TEACHER`);
      expect(ids(response.body)).toEqual([people[1].id, people[0].id]);
      expect(response.body.items.every((u: UserBody) => u.role === 'TEACHER')).toBe(true);
    });

    it.each([
      ['username', 'asc'],
      ['username', 'desc'],
      ['role', 'asc'],
      ['status', 'desc'],
      ['fullName', 'desc'],
    ])('sorts by %s %s with id as the tie-break', async (sort, direction) => {
      const response = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&includeArchived=true&sort=${sort}&direction=${direction}`);
      expect(response.status).toBe(200);
      const key = (u: UserBody) => (sort === 'fullName' ? u.fullName.toLowerCase() : sort === 'username' ? u.username.toLowerCase() : String(u[sort as 'role' | 'status']));
      const expected = [...response.body.items].sort((a: UserBody, b: UserBody) => {
        const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
        return (direction === 'desc' ? -order : order) || a.id - b.id;
      });
      expect(response.body.items).toEqual(expected);
      expect(response.body.items).toHaveLength(5);
    });

    it('sorts full name descending as the reverse for distinct names', async () => {
      const response = await admin.get(`/api/users/page?departmentId=${pageDepartment.id}&role=TEACHER&direction=DESC`);
      expect(ids(response.body)).toEqual([people[0].id, people[1].id]);
    });

    it.each([
      ['size=0', /«size» должно быть не меньше 1/],
      ['size=101', /«size» должно быть не больше 100/],
      ['size=abc', /«size» должно быть целым числом/],
      ['page=-1', /«page» должно быть не меньше 0/],
      ['sort=password', /«sort» должно иметь одно из значений: fullName, username, role, status/],
      ['direction=up', /«direction» должно иметь одно из значений: asc, desc/],
      ['role=BOSS', /«role» должно иметь одно из значений/],
      ['includeArchived=maybe', /«includeArchived» должно быть true или false/],
      ['departmentId=x', /«departmentId» должно быть целым числом/],
    ])('rejects %s with 400', async (parameters, message) => {
      const response = await admin.get(`/api/users/page?${parameters}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/users/page', message);
    });

    it('accepts the page size limits 1 and 100', async () => {
      expect((await admin.get('/api/users/page?size=1')).body.items).toHaveLength(1);
      expect((await admin.get('/api/users/page?size=100')).body.size).toBe(100);
    });
  });

  describe('archive and restore', () => {
    it('archives: login then fails exactly like a wrong password, and refresh cookies die', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: math.id });
      const login = await t.as('alpha').post('/api/auth/login', { username: user.username, password: PASSWORD });
      expect(login.status).toBe(200);
      const cookie = login.headers['set-cookie'] as unknown as string[];
      const wrongPassword = await t.as('alpha').post('/api/auth/login', { username: user.username, password: 'wrong-password' });

      const archived = await admin.delete(`/api/users/${user.id}`);
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({ ...user, status: 'ARCHIVED' });
      const [row] = await t.sql('alpha', `SELECT status, archived_at FROM users WHERE id = $1`, [user.id]);
      expect(row.status).toBe('ARCHIVED');
      expect(row.archived_at).toBeInstanceOf(Date);
      const live = await t.sql('alpha', `SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [user.id]);
      expect(live).toEqual([]);

      const afterArchive = await t.as('alpha').post('/api/auth/login', { username: user.username, password: PASSWORD });
      expect(afterArchive.status).toBe(401);
      expect(afterArchive.body).toEqual(wrongPassword.body);
      expect(afterArchive.body).toEqual({
        success: false,
        message: 'Неверное имя пользователя или пароль',
        token: null,
        role: null,
        redirect: null,
        departmentId: null,
        userId: null,
      });

      const refresh = await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie);
      expect(refresh.status).toBe(401);

      // Archived users keep their history and disappear from the active list.
      expect((await admin.get('/api/users')).body.map((u: UserBody) => u.id)).not.toContain(user.id);
      expect((await admin.get(`/api/users/${user.id}/department-history`)).body).toHaveLength(1);

      // Restore: login works again, the old refresh cookie stays revoked.
      const restored = await admin.post(`/api/users/${user.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(user);
      expect(await t.sql('alpha', `SELECT status, archived_at FROM users WHERE id = $1`, [user.id])).toEqual([{ status: 'ACTIVE', archived_at: null }]);
      expect((await t.as('alpha').post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
      expect((await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie)).status).toBe(401);
    });

    it('archiving an archived user is idempotent and keeps the first archive time', async () => {
      const user = await createUser(admin, { role: 'STUDENT', departmentId: math.id });
      expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
      const [first] = await t.sql('alpha', `SELECT archived_at FROM users WHERE id = $1`, [user.id]);
      const again = await admin.delete(`/api/users/${user.id}`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...user, status: 'ARCHIVED' });
      expect(await t.sql('alpha', `SELECT archived_at FROM users WHERE id = $1`, [user.id])).toEqual([first]);
      // Restoring an active user is harmless too.
      expect((await admin.post(`/api/users/${user.id}/restore`)).status).toBe(200);
      const twice = await admin.post(`/api/users/${user.id}/restore`);
      expect(twice.status).toBe(200);
      expect(twice.body.status).toBe('ACTIVE');
    });

    it('an administrator cannot archive themself', async () => {
      const before = await userRows();
      const response = await admin.delete(`/api/users/${adminId}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, `/api/users/${adminId}`, 'Нельзя архивировать собственную учётную запись');
      expect(await userRows()).toEqual(before);
    });

    it('answers 404 for unknown users and 400 for malformed ids', async () => {
      const del = await admin.delete('/api/users/999999');
      expect(del.status).toBe(404);
      expectErrorBody(del.body, 404, '/api/users/999999', 'Пользователь не найден');
      const restore = await admin.post('/api/users/999999/restore');
      expect(restore.status).toBe(404);
      expectErrorBody(restore.body, 404, '/api/users/999999/restore', 'Пользователь не найден');
      const malformed = await admin.delete('/api/users/abc');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/users/abc', 'Параметр «id» должен быть положительным целым числом');
    });
  });

  describe('access', () => {
    it('refuses user administration to every role but ADMIN', async () => {
      const target = staff.get('STUDENT')!.user;
      const [users, assignments] = [await userRows(), await assignmentRows()];
      for (const [role, { client }] of staff) {
        const attempts: [string, Promise<{ status: number; body: Record<string, unknown> }>][] = [
          ['/api/users', client.get('/api/users')],
          ['/api/users/page', client.get('/api/users/page')],
          ['/api/users', client.post('/api/users', { username: `by-${role}`, password: PASSWORD, role: 'ADMIN', fullName: 'X', departmentId: math.id })],
          [`/api/users/${target.id}`, client.delete(`/api/users/${target.id}`)],
          [`/api/users/${target.id}/restore`, client.post(`/api/users/${target.id}/restore`)],
          [
            `/api/users/${target.id}/department-transfer`,
            client.post(`/api/users/${target.id}/department-transfer`, { departmentId: physics.id, validFrom: todayInBusinessZone() }),
          ],
        ];
        for (const [path, attempt] of attempts) {
          const response = await attempt;
          expect({ role, path, status: response.status }).toEqual({ role, path, status: 403 });
          expectErrorBody(response.body, 403, path, 'Недостаточно прав для этой операции');
        }
      }
      expect(await userRows()).toEqual(users);
      expect(await assignmentRows()).toEqual(assignments);
    });

    it('shows department history to ADMIN and EDUCATION_OFFICE, and to a DEPARTMENT for its own teachers only', async () => {
      const target = staff.get('TEACHER')!.user;
      const allowed = await staff.get('EDUCATION_OFFICE')!.client.get(`/api/users/${target.id}/department-history`);
      expect(allowed.status).toBe(200);
      expect(allowed.body).toHaveLength(1);
      const department = staff.get('DEPARTMENT')!.client;
      const own = await department.get(`/api/users/${target.id}/department-history`);
      expect(own.status).toBe(200);
      expect(own.body).toEqual(allowed.body);
      // Another department's teacher and an id that does not exist look the same to a department.
      const elsewhere = await createUser(admin, { role: 'TEACHER', departmentId: (await createDepartment(admin)).id });
      for (const id of [elsewhere.id, 999999]) {
        const refused = await department.get(`/api/users/${id}/department-history`);
        expectErrorBody(refused.body, 403, `/api/users/${id}/department-history`, 'История привязок доступна кафедре только для её преподавателей');
      }
      for (const role of ['SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
        const response = await staff.get(role)!.client.get(`/api/users/${target.id}/department-history`);
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
      }
    });

    it('requires a token', async () => {
      expect((await t.as('alpha').get('/api/users')).status).toBe(401);
      expect((await t.as('alpha').post('/api/users', {})).status).toBe(401);
    });
  });
});
