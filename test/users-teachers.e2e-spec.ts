import { Role } from '../src/platform/auth/roles';
import { todayInBusinessZone } from '../src/platform/http/dates';
import { addDays } from '../src/schedule-engine/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('teacher lists (4.3)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let a: DepartmentBody;
  let b: DepartmentBody;
  const today = todayInBusinessZone();
  const clients = new Map<Role, TenantClient>();
  /** Teachers by nickname. */
  const teacher: Record<string, UserBody> = {};

  const ids = (body: UserBody[]) => body.map((u) => u.id);
  const named = (...names: string[]) => names.map((name) => teacher[name].id);
  const addLink = (user: UserBody, department: DepartmentBody, from: string, to: string | null) =>
    t.sql('alpha', `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to) VALUES ($1, $2, false, $3, $4)`, [
      user.id,
      department.id,
      from,
      to,
    ]);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    a = await createDepartment(admin, { departmentName: 'Кафедра А', departmentCode: 1 });
    b = await createDepartment(admin, { departmentName: 'Кафедра Б', departmentCode: 2 });

    const make = async (nick: string, fullName: string, department: DepartmentBody, jobTitle?: string) => {
      teacher[nick] = await createUser(admin, { role: 'TEACHER', departmentId: department.id, fullName, jobTitle, username: `t-${nick}` });
    };
    await make('belov', 'Белов Борис', a, 'Доцент');
    await make('alekseev', 'Алексеев Алексей', a);
    await make('vasiliev', 'Васильев Василий', b, 'Профессор'); // additional link to A today
    await make('grigoriev', 'Григорьев Григорий', b);
    await make('future', 'Дмитриев Дмитрий', b); // additional link to A from tomorrow
    await make('past', 'Егоров Егор', b); // additional link to A ended yesterday
    await make('archived', 'Ёлкин Ёлка', a);
    await addLink(teacher.vasiliev, a, today, null);
    await addLink(teacher.future, a, addDays(today, 1), null);
    await addLink(teacher.past, a, '2024-01-01', addDays(today, -1));
    expect((await admin.delete(`/api/users/${teacher.archived.id}`)).status).toBe(200);
    await createUser(admin, { role: 'STUDENT', departmentId: a.id, fullName: 'Студент Аркадий' });
    await createUser(admin, { role: 'DEPARTMENT', departmentId: a.id, fullName: 'Завкафедрой', username: 'head-a' });

    for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'STUDENT'] as const) {
      const user = await createUser(admin, { role, departmentId: b.id, username: `r-${role.toLowerCase()}` });
      clients.set(role, await t.as('alpha').login(user.username, PASSWORD));
    }
    clients.set('DEPARTMENT', await t.as('alpha').login('head-a', PASSWORD));
    clients.set('TEACHER', await t.as('alpha').login('t-belov', PASSWORD));
  });
  afterAll(() => t.close());

  describe('GET /api/users/teachers', () => {
    it('lists every active teacher by full name', async () => {
      const response = await admin.get('/api/users/teachers');
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev', 'grigoriev', 'future', 'past'));
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
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER'] as const) {
        expect((await clients.get(role)!.get('/api/users/teachers')).body).toEqual(response.body);
      }
    });

    it('gives DEPARTMENT only the teachers linked to its department today', async () => {
      const response = await clients.get('DEPARTMENT')!.get('/api/users/teachers');
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      // A link does not change the teacher's own (primary) department in the response.
      expect(response.body[2]).toMatchObject({ departmentId: b.id, departmentName: 'Кафедра Б' });
    });

    it('refuses TEACHER and STUDENT', async () => {
      for (const role of ['TEACHER', 'STUDENT'] as const) {
        const response = await clients.get(role)!.get('/api/users/teachers');
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
        expectErrorBody(response.body, 403, '/api/users/teachers', 'Недостаточно прав для этой операции');
      }
    });

    it('refuses a DEPARTMENT user without a department instead of widening the list', async () => {
      const orphan = await createUser(admin, { role: 'DEPARTMENT', departmentId: b.id });
      await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2024-01-01', valid_to = '2024-12-31' WHERE user_id = $1`, [orphan.id]);
      const client = await t.as('alpha').login(orphan.username, PASSWORD);
      for (const path of ['/api/users/teachers', '/api/users/teachers/options']) {
        const response = await client.get(path);
        expect(response.status).toBe(403);
        expectErrorBody(response.body, 403, path, 'За учётной записью кафедры не закреплена кафедра');
      }
    });
  });

  describe('GET /api/users/teachers/options', () => {
    it('offers active teachers to every role, sorted, limited to 20 by default', async () => {
      for (const client of [admin, ...[...clients.entries()].filter(([role]) => role !== 'DEPARTMENT').map(([, c]) => c)]) {
        const response = await client.get('/api/users/teachers/options');
        expect(response.status).toBe(200);
        expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev', 'grigoriev', 'future', 'past'));
      }
    });

    it('searches username, full name and job title case-insensitively', async () => {
      expect(ids((await admin.get(`/api/users/teachers/options?query=${encodeURIComponent('ДОЦ')}`)).body)).toEqual(named('belov'));
      expect(ids((await admin.get(`/api/users/teachers/options?query=${encodeURIComponent('григор')}`)).body)).toEqual(named('grigoriev'));
      expect(ids((await admin.get('/api/users/teachers/options?query=T-ALEK')).body)).toEqual(named('alekseev'));
      // Archived teachers are never offered.
      expect((await admin.get(`/api/users/teachers/options?query=${encodeURIComponent('Ёлкин')}`)).body).toEqual([]);
    });

    it('filters by department (teachers linked to it today) and limits', async () => {
      expect(ids((await admin.get(`/api/users/teachers/options?departmentId=${a.id}`)).body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      expect(ids((await admin.get(`/api/users/teachers/options?departmentId=${b.id}&limit=2`)).body)).toEqual(named('vasiliev', 'grigoriev'));
      expect(ids((await admin.get('/api/users/teachers/options?limit=1')).body)).toEqual(named('alekseev'));
    });

    it('adds the selected teacher even outside the query and limit', async () => {
      const response = await admin.get(`/api/users/teachers/options?query=${encodeURIComponent('Белов')}&selectedId=${teacher.past.id}`);
      expect(ids(response.body)).toEqual(named('belov', 'past'));
      const limited = await admin.get(`/api/users/teachers/options?limit=1&selectedId=${teacher.grigoriev.id}`);
      expect(ids(limited.body)).toEqual(named('alekseev', 'grigoriev'));
      const already = await admin.get(`/api/users/teachers/options?limit=1&selectedId=${teacher.alekseev.id}`);
      expect(ids(already.body)).toEqual(named('alekseev'));
    });

    it('does not add a selected user that is archived, not a teacher, or outside the department', async () => {
      const [student] = await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE role = 'STUDENT' LIMIT 1`);
      for (const selectedId of [teacher.archived.id, student.id, 999999]) {
        const response = await admin.get(`/api/users/teachers/options?query=${encodeURIComponent('Белов')}&selectedId=${selectedId}`);
        expect(ids(response.body)).toEqual(named('belov'));
      }
      const outside = await admin.get(`/api/users/teachers/options?departmentId=${a.id}&limit=1&selectedId=${teacher.grigoriev.id}`);
      expect(ids(outside.body)).toEqual(named('alekseev'));
    });

    it('forces DEPARTMENT to its own department; selectedId does not bypass it', async () => {
      const head = clients.get('DEPARTMENT')!;
      expect(ids((await head.get(`/api/users/teachers/options?departmentId=${b.id}`)).body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      const selected = await head.get(`/api/users/teachers/options?departmentId=${b.id}&selectedId=${teacher.grigoriev.id}`);
      expect(ids(selected.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      const inScope = await head.get(`/api/users/teachers/options?query=${encodeURIComponent('Алексеев')}&selectedId=${teacher.vasiliev.id}`);
      expect(ids(inScope.body)).toEqual(named('alekseev', 'vasiliev'));
    });

    it.each([
      ['limit=0', /«limit» должно быть не меньше 1/],
      ['limit=51', /«limit» должно быть не больше 50/],
      ['limit=ten', /«limit» должно быть целым числом/],
      ['selectedId=-4', /«selectedId» должно быть положительным числом/],
      ['departmentId=abc', /«departmentId» должно быть целым числом/],
    ])('rejects %s with 400', async (parameters, message) => {
      const response = await admin.get(`/api/users/teachers/options?${parameters}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/users/teachers/options', message);
    });

    it('accepts limit 50', async () => {
      expect((await admin.get('/api/users/teachers/options?limit=50')).status).toBe(200);
    });
  });

  describe('GET /api/users/teachers/{departmentId}', () => {
    it('lists active teachers linked to the department today, primary or additional', async () => {
      const response = await admin.get(`/api/users/teachers/${a.id}`);
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      expect(ids((await admin.get(`/api/users/teachers/${b.id}`)).body)).toEqual(named('vasiliev', 'grigoriev', 'future', 'past'));
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'DEPARTMENT'] as const) {
        expect((await clients.get(role)!.get(`/api/users/teachers/${a.id}`)).body).toEqual(response.body);
      }
    });

    it('refuses DEPARTMENT another department, TEACHER and STUDENT', async () => {
      const other = await clients.get('DEPARTMENT')!.get(`/api/users/teachers/${b.id}`);
      expect(other.status).toBe(403);
      expectErrorBody(other.body, 403, `/api/users/teachers/${b.id}`, 'Доступны только преподаватели своей кафедры');
      // Without revealing whether a department exists.
      expect((await clients.get('DEPARTMENT')!.get('/api/users/teachers/999999')).status).toBe(403);
      for (const role of ['TEACHER', 'STUDENT'] as const) {
        expect((await clients.get(role)!.get(`/api/users/teachers/${a.id}`)).status).toBe(403);
      }
    });

    it('answers 404 for an unknown department and 400 for a malformed id', async () => {
      const unknown = await admin.get('/api/users/teachers/999999');
      expect(unknown.status).toBe(404);
      expectErrorBody(unknown.body, 404, '/api/users/teachers/999999', 'Кафедра не найдена');
      const malformed = await admin.get('/api/users/teachers/abc');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/users/teachers/abc', 'Параметр «departmentId» должен быть положительным целым числом');
    });
  });

  describe('GET /api/users/teachers/by-department/{departmentId}', () => {
    let c: DepartmentBody;
    let d: DepartmentBody;
    let mover: UserBody;
    let leaver: UserBody;
    let lateLeaver: UserBody;

    beforeAll(async () => {
      c = await createDepartment(admin, { departmentName: 'Кафедра В', departmentCode: 3 });
      d = await createDepartment(admin, { departmentName: 'Кафедра Г', departmentCode: 4 });
      const since2024 = async (fullName: string) => {
        const user = await createUser(admin, { role: 'TEACHER', departmentId: c.id, fullName });
        await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2024-01-01' WHERE user_id = $1`, [user.id]);
        return user;
      };
      mover = await since2024('Муравьёв Михаил');
      leaver = await since2024('Лебедев Лев');
      lateLeaver = await since2024('Львов Леонид');
      expect((await admin.post(`/api/users/${mover.id}/department-transfer`, { departmentId: d.id, validFrom: '2025-01-01' })).status).toBe(200);
      // Archived at 01:30 Moscow time on 2024-09-01 (still 2024-08-31 in UTC).
      expect((await admin.delete(`/api/users/${leaver.id}`)).status).toBe(200);
      await t.sql('alpha', `UPDATE users SET archived_at = '2024-08-31T22:30:00Z' WHERE id = $1`, [leaver.id]);
      expect((await admin.delete(`/api/users/${lateLeaver.id}`)).status).toBe(200);
    });

    const onDate = (department: DepartmentBody, date: string, client = admin) =>
      client.get(`/api/users/teachers/by-department/${department.id}?date=${date}`);

    it('follows the assignment history: before and after a transfer', async () => {
      const before = await onDate(c, '2024-06-01');
      expect(before.status).toBe(200);
      expect(ids(before.body)).toEqual([leaver.id, lateLeaver.id, mover.id]);
      // UserResponse always shows today's department.
      expect(before.body[2]).toEqual({ ...mover, departmentId: d.id, departmentName: 'Кафедра Г' });
      expect(ids((await onDate(c, '2024-12-31')).body)).toEqual([lateLeaver.id, mover.id]);
      expect(ids((await onDate(c, '2025-01-01')).body)).toEqual([lateLeaver.id]);
      expect(ids((await onDate(d, '2024-12-31')).body)).toEqual([]);
      expect(ids((await onDate(d, '2025-01-01')).body)).toEqual([mover.id]);
      expect(ids((await onDate(c, '2023-12-31')).body)).toEqual([]);
    });

    it('includes an archived teacher only for dates before the archive day (Moscow)', async () => {
      expect(ids((await onDate(c, '2024-08-31')).body)).toContain(leaver.id);
      expect(ids((await onDate(c, '2024-09-01')).body)).not.toContain(leaver.id);
      expect((await onDate(c, '2024-08-31')).body.find((u: UserBody) => u.id === leaver.id)).toMatchObject({ status: 'ARCHIVED' });
      // Archived today: not on today's list, still on yesterday's.
      expect(ids((await onDate(c, today)).body)).not.toContain(lateLeaver.id);
      expect(ids((await onDate(c, addDays(today, -1))).body)).toContain(lateLeaver.id);
    });

    it('counts additional links on the date', async () => {
      // Teachers created today have no link yesterday; the additional link that ended yesterday counts.
      expect(ids((await onDate(a, addDays(today, -1))).body)).toEqual(named('past'));
      expect(ids((await onDate(a, addDays(today, 1))).body)).toEqual(named('alekseev', 'belov', 'vasiliev', 'future'));
    });

    it('applies the DEPARTMENT rule and role limits', async () => {
      const head = clients.get('DEPARTMENT')!;
      expect(ids((await onDate(a, today, head)).body)).toEqual(named('alekseev', 'belov', 'vasiliev'));
      const other = await onDate(c, '2024-06-01', head);
      expect(other.status).toBe(403);
      expectErrorBody(other.body, 403, `/api/users/teachers/by-department/${c.id}`, 'Доступны только преподаватели своей кафедры');
      expect((await onDate(c, '2024-06-01', clients.get('EDUCATION_OFFICE'))).status).toBe(200);
      expect((await onDate(c, '2024-06-01', clients.get('SCHEDULE_VIEWER'))).status).toBe(200);
      expect((await onDate(c, '2024-06-01', clients.get('TEACHER'))).status).toBe(403);
      expect((await onDate(c, '2024-06-01', clients.get('STUDENT'))).status).toBe(403);
    });

    it.each([
      ['', 'Поле «date» обязательно'],
      ['?date=2024-13-01', 'Поле «date» должно быть датой в формате ГГГГ-ММ-ДД'],
      ['?date=1.06.2024', 'Поле «date» должно быть датой в формате ГГГГ-ММ-ДД'],
    ])('rejects the date %j with 400', async (query, message) => {
      const response = await admin.get(`/api/users/teachers/by-department/${c.id}${query}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, `/api/users/teachers/by-department/${c.id}`, message);
    });

    it('answers 404 for an unknown department', async () => {
      const response = await admin.get('/api/users/teachers/by-department/999999?date=2024-06-01');
      expect(response.status).toBe(404);
      expectErrorBody(response.body, 404, '/api/users/teachers/by-department/999999', 'Кафедра не найдена');
    });
  });
});
