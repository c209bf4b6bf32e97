import { Role } from '../src/platform/auth/roles';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, signedInAs } from './support/factories';
import { clientsByRole, createSubject, linkTeacher, SubjectBody } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('subjects (4.20) and the department workspace subjects (4.17)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let home: DepartmentBody;
  let other: DepartmentBody;
  /** One client per non-admin role, all of department `home`. */
  let clients: Map<Role, TenantClient>;
  let department: TenantClient;
  let departmentUser: { id: number; fullName: string };
  /** A DEPARTMENT user of the other department. */
  let otherDepartment: TenantClient;
  const READ_ONLY: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

  const subjectRows = () => t.sql('alpha', `SELECT id, name, code, department_id, archived_at FROM subjects ORDER BY id`);
  const commentRows = () => t.sql('alpha', `SELECT * FROM subject_comments ORDER BY id`);
  const byId = (list: SubjectBody[], id: number) => list.find((subject) => subject.id === id);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    home = await createDepartment(admin, { departmentName: 'Кафедра математики' });
    other = await createDepartment(admin, { departmentName: 'Кафедра физики' });
    clients = await clientsByRole(t, admin, home.id);
    department = clients.get('DEPARTMENT')!;
    const me = (await department.get('/api/auth/me')).body as { userId: number };
    [departmentUser] = await t.sql<{ id: number; fullName: string }>('alpha', `SELECT id, full_name AS "fullName" FROM users WHERE id = $1`, [me.userId]);
    otherDepartment = (await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: other.id })).client;
  });
  afterAll(() => t.close());

  describe('/api/subjects', () => {
    it('creates a subject with a trimmed name; an absent or empty code is null', async () => {
      const response = await admin.post('/api/subjects', { name: '  Алгебра  ', code: ' Б1.01 ', departmentId: home.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), name: 'Алгебра', code: 'Б1.01', departmentId: home.id });
      expect(await t.sql('alpha', `SELECT name, code, department_id, archived_at FROM subjects WHERE id = $1`, [response.body.id])).toEqual([
        { name: 'Алгебра', code: 'Б1.01', department_id: home.id, archived_at: null },
      ]);

      const noCode = await admin.post('/api/subjects', { name: 'Геометрия', departmentId: home.id });
      expect(noCode.body).toEqual({ id: expect.any(Number), name: 'Геометрия', code: null, departmentId: home.id });
      const emptyCode = await admin.post('/api/subjects', { name: 'Топология', code: '', departmentId: home.id });
      expect(emptyCode.body.code).toBeNull();
    });

    it('rejects a taken name (any case, archived and other departments included) with 409 and changes nothing', async () => {
      await createSubject(admin, other.id, { name: 'Оптика' });
      const archived = await createSubject(admin, other.id, { name: 'Механика' });
      await linkTeacher(admin, (await createUser(admin, { role: 'TEACHER', departmentId: other.id })).id, archived.id);
      await admin.delete(`/api/subjects/${archived.id}`).expect(200);
      const before = await subjectRows();
      for (const name of ['ОПТИКА', ' механика ']) {
        const response = await admin.post('/api/subjects', { name, departmentId: home.id });
        expect({ name, status: response.status }).toEqual({ name, status: 409 });
        expectErrorBody(response.body, 409, '/api/subjects', 'Дисциплина с таким названием уже существует');
      }
      expect(await subjectRows()).toEqual(before);
    });

    it.each([
      [{ departmentId: 1 }, /«name» обязательно/],
      [{ name: ' ', departmentId: 1 }, /«name» не может быть пустым/],
      [{ name: 'x'.repeat(256), departmentId: 1 }, /«name» должно содержать не более 255 символов/],
      [{ name: 'Логика', code: 'x'.repeat(65), departmentId: 1 }, /«code» должно содержать не более 64 символов/],
      [{ name: 'Логика' }, /«departmentId» обязательно/],
      [{ name: 'Логика', departmentId: 0 }, /«departmentId» должно быть положительным числом/],
      [{ name: 'Логика', departmentId: 999999 }, 'Кафедра не найдена'],
    ])('rejects the invalid subject %# with 400 and changes nothing', async (body, message) => {
      const before = await subjectRows();
      const response = await admin.post('/api/subjects', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/subjects', message);
      expect(await subjectRows()).toEqual(before);
    });

    it('lists non-archived subjects by name to every role, and those of one department', async () => {
      const mine = await createSubject(admin, home.id, { name: 'Дифференциальные уравнения' });
      const theirs = await createSubject(admin, other.id, { name: 'Термодинамика' });
      const archived = await createSubject(admin, home.id, { name: 'Архивная дисциплина' });
      await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [archived.id]);

      const all = await admin.get('/api/subjects');
      expect(all.status).toBe(200);
      expect(byId(all.body, mine.id)).toEqual(mine);
      expect(byId(all.body, theirs.id)).toEqual(theirs);
      expect(byId(all.body, archived.id)).toBeUndefined();
      const names = (all.body as SubjectBody[]).map((subject) => subject.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const [{ count }] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM subjects WHERE archived_at IS NULL`);
      expect(all.body).toHaveLength(count);

      const ofHome = await admin.get(`/api/subjects/${home.id}`);
      expect(ofHome.status).toBe(200);
      expect((ofHome.body as SubjectBody[]).every((subject) => subject.departmentId === home.id)).toBe(true);
      expect(byId(ofHome.body, mine.id)).toEqual(mine);
      expect(byId(ofHome.body, archived.id)).toBeUndefined();

      for (const [role, client] of clients) {
        const seen = await client.get('/api/subjects');
        const ofOther = await client.get(`/api/subjects/${other.id}`);
        expect({ role, all: seen.status, ofOther: ofOther.status }).toEqual({ role, all: 200, ofOther: 200 });
        expect(seen.body).toEqual(all.body);
      }

      const unknown = await admin.get('/api/subjects/999999');
      expect(unknown.status).toBe(404);
      expectErrorBody(unknown.body, 404, '/api/subjects/999999', 'Кафедра не найдена');
      const malformed = await admin.get('/api/subjects/abc');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/subjects/abc', 'Параметр «departmentId» должен быть положительным целым числом');
    });

    it('deletes an unreferenced subject physically and archives a referenced one', async () => {
      const unused = await createSubject(admin, home.id);
      const deleted = await admin.delete(`/api/subjects/${unused.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(unused);
      expect(await t.sql('alpha', `SELECT id FROM subjects WHERE id = $1`, [unused.id])).toEqual([]);

      const linked = await createSubject(admin, home.id);
      const teacher = await createUser(admin, { role: 'TEACHER', departmentId: home.id });
      await linkTeacher(admin, teacher.id, linked.id);
      const commented = await createSubject(admin, home.id);
      expect((await department.post(`/api/department/subjects/${commented.id}/comments`, { text: 'Нужен проектор' })).status).toBe(200);

      for (const subject of [linked, commented]) {
        const response = await admin.delete(`/api/subjects/${subject.id}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual(subject);
        const [row] = await t.sql<{ archived_at: Date | null }>('alpha', `SELECT archived_at FROM subjects WHERE id = $1`, [subject.id]);
        expect(row.archived_at).toBeInstanceOf(Date);
        expect(byId((await admin.get('/api/subjects')).body, subject.id)).toBeUndefined();
        expect(byId((await admin.get(`/api/subjects/${home.id}`)).body, subject.id)).toBeUndefined();
      }
      // The link stays: history keeps the archived subject.
      expect(await t.sql('alpha', `SELECT user_id FROM teacher_subjects WHERE subject_id = $1`, [linked.id])).toEqual([{ user_id: teacher.id }]);

      const before = await subjectRows();
      const missing = await admin.delete('/api/subjects/999999');
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/subjects/999999', 'Дисциплина не найдена');
      expect(await subjectRows()).toEqual(before);
    });

    it('keeps a department that owns subjects from being deleted (409, nothing changes)', async () => {
      const owner = await createDepartment(admin);
      await createSubject(admin, owner.id);
      const response = await admin.delete(`/api/departments/${owner.id}`);
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, `/api/departments/${owner.id}`, 'Операция невозможна: кафедра отсутствует или за ней закреплены дисциплины');
      expect(await t.sql('alpha', `SELECT id FROM departments WHERE id = $1`, [owner.id])).toEqual([{ id: owner.id }]);
    });

    it('lets EDUCATION_OFFICE create and delete subjects and refuses DEPARTMENT and the other roles with 403', async () => {
      const office = clients.get('EDUCATION_OFFICE')!;
      const made = await office.post('/api/subjects', { name: 'Вычислительная математика', departmentId: home.id });
      expect(made.status).toBe(200);
      expect((await office.delete(`/api/subjects/${made.body.id}`)).status).toBe(200);

      const subject = await createSubject(admin, home.id);
      const before = await subjectRows();
      for (const role of READ_ONLY) {
        const client = clients.get(role)!;
        const post = await client.post('/api/subjects', { name: `От ${role}`, departmentId: home.id });
        const del = await client.delete(`/api/subjects/${subject.id}`);
        expect({ role, post: post.status, del: del.status }).toEqual({ role, post: 403, del: 403 });
        expectErrorBody(post.body, 403, '/api/subjects');
      }
      expect(await subjectRows()).toEqual(before);
    });
  });

  describe('/api/department/subjects', () => {
    it('lists only the own department’s non-archived subjects', async () => {
      const mine = await createSubject(admin, home.id, { name: 'Функциональный анализ' });
      const theirs = await createSubject(admin, other.id, { name: 'Квантовая механика' });
      const archived = await createSubject(admin, home.id);
      await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [archived.id]);

      const response = await department.get('/api/department/subjects');
      expect(response.status).toBe(200);
      expect(byId(response.body, mine.id)).toEqual(mine);
      expect(byId(response.body, theirs.id)).toBeUndefined();
      expect(byId(response.body, archived.id)).toBeUndefined();
      expect((response.body as SubjectBody[]).every((subject) => subject.departmentId === home.id)).toBe(true);

      const theirList = await otherDepartment.get('/api/department/subjects');
      expect(byId(theirList.body, theirs.id)).toEqual(theirs);
      expect(byId(theirList.body, mine.id)).toBeUndefined();
    });

    it('imports a plain array: creates new names, updates own ones (archived ones restored) with the same id', async () => {
      const existing = await createSubject(admin, home.id, { name: 'Теория чисел', code: 'OLD-1' });
      const archived = await createSubject(admin, home.id, { name: 'Теория игр', code: 'OLD-2' });
      await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [archived.id]);

      const response = await department.post('/api/department/subjects/import', [
        { name: 'Новая дисциплина', code: 'N-1' },
        { name: '  ТЕОРИЯ ЧИСЕЛ ', code: 'NEW-1' },
        { name: 'теория игр', code: 'NEW-2' },
        { name: 'Новая дисциплина', code: 'N-2' },
        { name: 'Без кода' },
      ]);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { id: expect.any(Number), name: 'Новая дисциплина', code: 'N-2', departmentId: home.id },
        { id: existing.id, name: 'Теория чисел', code: 'NEW-1', departmentId: home.id },
        { id: archived.id, name: 'Теория игр', code: 'NEW-2', departmentId: home.id },
        { id: expect.any(Number), name: 'Без кода', code: null, departmentId: home.id },
      ]);
      expect(
        await t.sql('alpha', `SELECT name, code, department_id, archived_at FROM subjects WHERE id = ANY($1) ORDER BY id`, [
          (response.body as SubjectBody[]).map((subject) => subject.id),
        ]),
      ).toEqual([
        { name: 'Теория чисел', code: 'NEW-1', department_id: home.id, archived_at: null },
        { name: 'Теория игр', code: 'NEW-2', department_id: home.id, archived_at: null },
        { name: 'Новая дисциплина', code: 'N-2', department_id: home.id, archived_at: null },
        { name: 'Без кода', code: null, department_id: home.id, archived_at: null },
      ]);
      expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM subjects WHERE lower(name) = 'новая дисциплина'`)).toEqual([{ n: 1 }]);
      expect(byId((await department.get('/api/department/subjects')).body, archived.id)).toEqual(response.body[2]);

      // The same import again changes nothing but answers the same subjects; {subjects: [...]} works too.
      const wrapped = await department.post('/api/department/subjects/import', { subjects: [{ name: 'Без кода', code: 'BK' }] });
      expect(wrapped.status).toBe(200);
      expect(wrapped.body).toEqual([{ ...response.body[3], code: 'BK' }]);
    });

    it('refuses the whole import with 409 when a name belongs to another department, even an archived subject', async () => {
      const theirs = await createSubject(admin, other.id, { name: 'Электродинамика', code: 'THEIRS' });
      const theirsArchived = await createSubject(admin, other.id, { name: 'Акустика' });
      await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [theirsArchived.id]);
      const mine = await createSubject(admin, home.id, { name: 'Линейная алгебра', code: 'MINE' });
      const before = await subjectRows();

      for (const name of ['ЭЛЕКТРОДИНАМИКА', 'акустика']) {
        const response = await department.post('/api/department/subjects/import', [
          { name: 'Совсем новая', code: 'X' },
          { name: 'Линейная алгебра', code: 'CHANGED' },
          { name, code: 'STOLEN' },
        ]);
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, '/api/department/subjects/import', /другой кафедрой.*Импорт не выполнен/);
      }
      expect(await subjectRows()).toEqual(before);
      expect(byId((await admin.get(`/api/subjects/${other.id}`)).body, theirs.id)).toEqual(theirs);
      expect(mine.code).toBe('MINE');
    });

    it.each([
      [{ name: 'Не массив' }, 'Тело запроса должно быть массивом дисциплин [{name, code}]'],
      [[], 'Список дисциплин для импорта пуст'],
      [[{ name: 'Хорошая' }, { code: 'X' }], 'Дисциплина №2: Поле «name» обязательно'],
      [[{ name: '   ' }], 'Дисциплина №1: Поле «name» не может быть пустым'],
      [[{ name: 'Хорошая' }, 'строка'], 'Дисциплина №2: должна быть объектом {name, code}'],
      [[{ name: 'Хорошая', code: 'x'.repeat(65) }], 'Дисциплина №1: Поле «code» должно содержать не более 64 символов'],
      [Array.from({ length: 1001 }, (_v, i) => ({ name: `Д${i}` })), 'За один импорт можно передать не более 1000 дисциплин'],
    ])('rejects the invalid import %# with 400 and changes nothing', async (body, message) => {
      const before = await subjectRows();
      const response = await department.post('/api/department/subjects/import', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/department/subjects/import', message);
      expect(await subjectRows()).toEqual(before);
    });

    it('adds and lists comments of own subjects only; another department’s subject is not found', async () => {
      const mine = await createSubject(admin, home.id);
      const theirs = await createSubject(admin, other.id);
      const path = `/api/department/subjects/${mine.id}/comments`;

      const first = await department.post(path, { text: '  Нужна лаборатория  ' });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        id: expect.any(Number),
        subjectId: mine.id,
        authorId: departmentUser.id,
        authorName: departmentUser.fullName,
        text: 'Нужна лаборатория',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      const second = await department.post(path, { text: 'И проектор' });
      const list = await department.get(path);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([first.body, second.body]);
      expect(await t.sql('alpha', `SELECT subject_id, author_id, text FROM subject_comments WHERE id = $1`, [first.body.id])).toEqual([
        { subject_id: mine.id, author_id: departmentUser.id, text: 'Нужна лаборатория' },
      ]);

      const before = await commentRows();
      for (const id of [theirs.id, 999999]) {
        const otherPath = `/api/department/subjects/${id}/comments`;
        const read = await department.get(otherPath);
        const write = await department.post(otherPath, { text: 'Чужое' });
        for (const response of [read, write]) {
          expect(response.status).toBe(404);
          expectErrorBody(response.body, 404, otherPath, 'Дисциплина не найдена');
        }
      }
      // The other department does not see ours either.
      expect((await otherDepartment.get(path)).status).toBe(404);
      expect((await otherDepartment.post(path, { text: 'Чужое' })).status).toBe(404);
      expect(await commentRows()).toEqual(before);
    });

    it.each([
      [{}, /«text» обязательно/],
      [{ text: '  ' }, /«text» не может быть пустым/],
      [{ text: 'x'.repeat(2001) }, /«text» должно содержать не более 2000 символов/],
    ])('rejects the invalid comment %# with 400', async (body, message) => {
      const subject = await createSubject(admin, home.id);
      const path = `/api/department/subjects/${subject.id}/comments`;
      const before = await commentRows();
      const response = await department.post(path, body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, path, message);
      expect(await commentRows()).toEqual(before);
    });

    it('is for DEPARTMENT only: every other role gets 403 and nothing changes', async () => {
      const subject = await createSubject(admin, home.id);
      const path = `/api/department/subjects/${subject.id}/comments`;
      const before = { subjects: await subjectRows(), comments: await commentRows() };
      const others: [string, TenantClient][] = [['ADMIN', admin], ...[...clients].filter(([role]) => role !== 'DEPARTMENT')];
      for (const [role, client] of others) {
        const statuses = [
          (await client.get('/api/department/subjects')).status,
          (await client.post('/api/department/subjects/import', [{ name: `От ${role}` }])).status,
          (await client.get(path)).status,
          (await client.post(path, { text: 'Привет' })).status,
        ];
        expect({ role, statuses }).toEqual({ role, statuses: [403, 403, 403, 403] });
      }
      expect({ subjects: await subjectRows(), comments: await commentRows() }).toEqual(before);
    });

    it('refuses a DEPARTMENT account whose token carries no department (fails closed)', async () => {
      const user = await createUser(admin, { role: 'DEPARTMENT', departmentId: home.id });
      await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2020-01-01', valid_to = '2020-12-31' WHERE user_id = $1`, [user.id]);
      const stray = await t.as('alpha').login(user.username, 'password-123');
      expect((await stray.get('/api/auth/me')).body.departmentId).toBeNull();
      const response = await stray.get('/api/department/subjects');
      expect(response.status).toBe(403);
      expectErrorBody(response.body, 403, '/api/department/subjects', 'За учётной записью кафедры не закреплена кафедра');
      expect((await stray.post('/api/department/subjects/import', [{ name: 'Ничья' }])).status).toBe(403);
    });
  });
});
