import { todayInBusinessZone } from '../src/platform/http/dates';
import { addDays } from '../src/schedule-engine/dates';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, signedInAs, UserBody } from './support/factories';
import { addAssignment, createSubject, linkTeacher, SubjectBody } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const LECTURE = 1;

describe('teacher-subject links (4.20)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let department: TenantClient;
  let otherDepartment: TenantClient;
  let home: DepartmentBody;
  let other: DepartmentBody;
  /** Teachers by their relation to `home` today. */
  const teachers: Record<'own' | 'additional' | 'foreign' | 'expired' | 'future' | 'archived', UserBody> = {} as never;
  let viewer: UserBody;
  const subjects: Record<'own' | 'own2' | 'foreign' | 'archived', SubjectBody> = {} as never;

  const linkRows = () => t.sql('alpha', `SELECT user_id, subject_id FROM teacher_subjects ORDER BY user_id, subject_id`);
  const link = (user: UserBody, subject: SubjectBody, lessonTypeIds: number[] = []) => ({
    userId: user.id,
    userName: user.fullName,
    subjectId: subject.id,
    subjectName: subject.name,
    lessonTypeIds,
  });
  const typeRows = () => t.sql('alpha', `SELECT user_id, subject_id, lesson_type_id FROM teacher_subject_lesson_types ORDER BY user_id, subject_id, lesson_type_id`);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    home = await createDepartment(admin, { departmentName: 'Кафедра информатики' });
    other = await createDepartment(admin, { departmentName: 'Кафедра экономики' });
    office = (await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: home.id })).client;
    department = (await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: home.id })).client;
    otherDepartment = (await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: other.id })).client;

    const today = todayInBusinessZone();
    teachers.own = await createUser(admin, { role: 'TEACHER', departmentId: home.id, fullName: 'Андреев Андрей' });
    teachers.additional = await createUser(admin, { role: 'TEACHER', departmentId: other.id, fullName: 'Борисов Борис' });
    await addAssignment(t, { userId: teachers.additional.id, departmentId: home.id, validFrom: addDays(today, -30) });
    teachers.foreign = await createUser(admin, { role: 'TEACHER', departmentId: other.id, fullName: 'Васильев Василий' });
    teachers.expired = await createUser(admin, { role: 'TEACHER', departmentId: other.id, fullName: 'Григорьев Григорий' });
    await addAssignment(t, { userId: teachers.expired.id, departmentId: home.id, validFrom: addDays(today, -30), validTo: addDays(today, -1) });
    teachers.future = await createUser(admin, { role: 'TEACHER', departmentId: other.id, fullName: 'Дмитриев Дмитрий' });
    await addAssignment(t, { userId: teachers.future.id, departmentId: home.id, validFrom: addDays(today, 1) });
    teachers.archived = await createUser(admin, { role: 'TEACHER', departmentId: home.id });
    await admin.delete(`/api/users/${teachers.archived.id}`).expect(200);
    viewer = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: home.id });

    subjects.own = await createSubject(admin, home.id, { name: 'Алгоритмы' });
    subjects.own2 = await createSubject(admin, home.id, { name: 'Базы данных' });
    subjects.foreign = await createSubject(admin, other.id, { name: 'Микроэкономика' });
    subjects.archived = await createSubject(admin, home.id, { name: 'Архивная информатика' });
    await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [subjects.archived.id]);
  });
  afterAll(() => t.close());

  beforeEach(() => t.sql('alpha', `DELETE FROM teacher_subjects`));

  it('creates a link and lists it with the teacher’s full name and the subject name', async () => {
    const response = await admin.post('/api/teacher-subjects', { userId: teachers.foreign.id, subjectId: subjects.own.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(link(teachers.foreign, subjects.own));
    expect(await linkRows()).toEqual([{ user_id: teachers.foreign.id, subject_id: subjects.own.id }]);

    await linkTeacher(office, teachers.own.id, subjects.foreign.id);
    const list = await admin.get('/api/teacher-subjects');
    expect(list.status).toBe(200);
    // By teacher name: Андреев before Васильев.
    expect(list.body).toEqual([link(teachers.own, subjects.foreign), link(teachers.foreign, subjects.own)]);
    expect((await office.get('/api/teacher-subjects')).body).toEqual(list.body);
  });

  it('rejects a duplicate link with 409 and changes nothing', async () => {
    await linkTeacher(admin, teachers.own.id, subjects.own.id);
    const before = await linkRows();
    const response = await admin.post('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own.id });
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, '/api/teacher-subjects', 'Преподаватель уже закреплён за этой дисциплиной');
    expect(await linkRows()).toEqual(before);
  });

  it('rejects invalid links with 400: not an active teacher, a missing or archived subject, bad ids', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ subjectId: subjects.own.id }, /«userId» обязательно/],
      [{ userId: 0, subjectId: subjects.own.id }, /«userId» должно быть положительным числом/],
      [{ userId: teachers.own.id, subjectId: 'x' }, /«subjectId» должно быть целым числом/],
      [{ userId: 999999, subjectId: subjects.own.id }, 'Пользователь не найден'],
      [{ userId: viewer.id, subjectId: subjects.own.id }, 'Пользователь не является преподавателем'],
      [{ userId: teachers.archived.id, subjectId: subjects.own.id }, 'Преподаватель в архиве'],
      [{ userId: teachers.own.id, subjectId: 999999 }, 'Дисциплина не найдена'],
      [{ userId: teachers.own.id, subjectId: subjects.archived.id }, 'Дисциплина в архиве'],
    ];
    for (const client of [admin, department]) {
      for (const [body, message] of cases) {
        const response = await client.post('/api/teacher-subjects', body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expectErrorBody(response.body, 400, '/api/teacher-subjects', message);
      }
    }
    expect(await linkRows()).toEqual([]);
  });

  it('lets DEPARTMENT link its own subjects to teachers assigned to it today (primary or additional)', async () => {
    for (const teacher of [teachers.own, teachers.additional]) {
      const response = await department.post('/api/teacher-subjects', { userId: teacher.id, subjectId: subjects.own.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(link(teacher, subjects.own));
    }
    expect(await linkRows()).toEqual([
      { user_id: teachers.own.id, subject_id: subjects.own.id },
      { user_id: teachers.additional.id, subject_id: subjects.own.id },
    ]);
  });

  it('refuses DEPARTMENT with 403 for another department’s subject or a teacher not assigned to it today', async () => {
    const cases: [UserBody, SubjectBody, string][] = [
      [teachers.own, subjects.foreign, 'Можно работать только с дисциплинами своей кафедры'],
      [teachers.foreign, subjects.own, 'Преподаватель сегодня не закреплён за вашей кафедрой'],
      [teachers.expired, subjects.own, 'Преподаватель сегодня не закреплён за вашей кафедрой'],
      [teachers.future, subjects.own, 'Преподаватель сегодня не закреплён за вашей кафедрой'],
    ];
    for (const [teacher, subject, message] of cases) {
      const response = await department.post('/api/teacher-subjects', { userId: teacher.id, subjectId: subject.id });
      expect({ teacher: teacher.fullName, status: response.status }).toEqual({ teacher: teacher.fullName, status: 403 });
      expectErrorBody(response.body, 403, '/api/teacher-subjects', message);
    }
    expect(await linkRows()).toEqual([]);
    // The same links are fine for ADMIN, who is not confined to a department.
    await linkTeacher(admin, teachers.foreign.id, subjects.own.id);
  });

  it('shows DEPARTMENT only the links of its own subjects', async () => {
    await linkTeacher(admin, teachers.own.id, subjects.own.id);
    await linkTeacher(admin, teachers.foreign.id, subjects.own2.id);
    await linkTeacher(admin, teachers.own.id, subjects.foreign.id);
    const mine = await department.get('/api/teacher-subjects');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([link(teachers.own, subjects.own), link(teachers.foreign, subjects.own2)]);
    const theirs = await otherDepartment.get('/api/teacher-subjects');
    expect(theirs.body).toEqual([link(teachers.own, subjects.foreign)]);
    expect((await admin.get('/api/teacher-subjects')).body).toHaveLength(3);
  });

  it('deletes a link by body and returns it; an absent link is 404', async () => {
    await linkTeacher(admin, teachers.own.id, subjects.own.id);
    await linkTeacher(admin, teachers.own.id, subjects.own2.id);
    const response = await admin.delete('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(link(teachers.own, subjects.own));
    expect(await linkRows()).toEqual([{ user_id: teachers.own.id, subject_id: subjects.own2.id }]);

    const before = await linkRows();
    for (const body of [
      { userId: teachers.own.id, subjectId: subjects.own.id },
      { userId: 999999, subjectId: subjects.own2.id },
      { userId: teachers.own.id, subjectId: 999999 },
    ]) {
      const missing = await admin.delete('/api/teacher-subjects', body);
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/teacher-subjects', 'Преподаватель не закреплён за этой дисциплиной');
    }
    const invalid = await admin.delete('/api/teacher-subjects', { userId: teachers.own.id });
    expect(invalid.status).toBe(400);
    expectErrorBody(invalid.body, 400, '/api/teacher-subjects', /«subjectId» обязательно/);
    expect(await linkRows()).toEqual(before);
  });

  it('lets DEPARTMENT delete links of its own subjects only (also of a teacher who left), 403 otherwise', async () => {
    await linkTeacher(admin, teachers.foreign.id, subjects.own.id);
    await linkTeacher(admin, teachers.foreign.id, subjects.foreign.id);
    const refused = await department.delete('/api/teacher-subjects', { userId: teachers.foreign.id, subjectId: subjects.foreign.id });
    expect(refused.status).toBe(403);
    expectErrorBody(refused.body, 403, '/api/teacher-subjects', 'Можно работать только с дисциплинами своей кафедры');
    // The same answer whether or not the other department's link exists: nothing is revealed.
    const absent = await department.delete('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.foreign.id });
    expect(absent.status).toBe(403);
    expect(await linkRows()).toHaveLength(2);

    const removed = await department.delete('/api/teacher-subjects', { userId: teachers.foreign.id, subjectId: subjects.own.id });
    expect(removed.status).toBe(200);
    expect(await linkRows()).toEqual([{ user_id: teachers.foreign.id, subject_id: subjects.foreign.id }]);
  });

  it('refuses SCHEDULE_VIEWER, TEACHER and STUDENT with 403', async () => {
    await linkTeacher(admin, teachers.own.id, subjects.own.id);
    const before = await linkRows();
    for (const role of ['SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as const) {
      const { client } = await signedInAs(t, admin, { role, departmentId: home.id });
      const body = { userId: teachers.own.id, subjectId: subjects.own.id };
      const statuses = [
        (await client.get('/api/teacher-subjects')).status,
        (await client.post('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own2.id })).status,
        (await client.put('/api/teacher-subjects', { ...body, lessonTypeIds: [LECTURE] })).status,
        (await client.delete('/api/teacher-subjects', body)).status,
      ];
      expect({ role, statuses }).toEqual({ role, statuses: [403, 403, 403, 403] });
    }
    expect(await linkRows()).toEqual(before);
    expect(await typeRows()).toEqual([]);
  });

  describe('lesson-type restriction (lessonTypeIds)', () => {
    const PRACTICE = 2;
    const LABORATORY = 3;
    const own = () => ({ userId: teachers.own.id, subjectId: subjects.own.id });

    it('is set on creation (repeats dropped, ascending), listed, and absent or empty means every type', async () => {
      const created = await admin.post('/api/teacher-subjects', { ...own(), lessonTypeIds: [LABORATORY, LECTURE, LABORATORY] });
      expect(created.status).toBe(200);
      expect(created.body).toEqual(link(teachers.own, subjects.own, [LECTURE, LABORATORY]));
      const plain = await admin.post('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own2.id, lessonTypeIds: [] });
      expect(plain.body).toEqual(link(teachers.own, subjects.own2));
      expect((await admin.get('/api/teacher-subjects')).body).toEqual([link(teachers.own, subjects.own, [LECTURE, LABORATORY]), link(teachers.own, subjects.own2)]);
      expect(await typeRows()).toEqual([
        { user_id: teachers.own.id, subject_id: subjects.own.id, lesson_type_id: LECTURE },
        { user_id: teachers.own.id, subject_id: subjects.own.id, lesson_type_id: LABORATORY },
      ]);
      // Removing the link removes its restriction, and returns it.
      expect((await admin.delete('/api/teacher-subjects', own())).body).toEqual(link(teachers.own, subjects.own, [LECTURE, LABORATORY]));
      expect(await typeRows()).toEqual([]);
    });

    it('is replaced whole by PUT, and lifted by an empty list', async () => {
      await linkTeacher(admin, teachers.own.id, subjects.own.id);
      const set = await office.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [PRACTICE] });
      expect(set.status).toBe(200);
      expect(set.body).toEqual(link(teachers.own, subjects.own, [PRACTICE]));
      const replaced = await admin.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [LABORATORY, LECTURE] });
      expect(replaced.body).toEqual(link(teachers.own, subjects.own, [LECTURE, LABORATORY]));
      expect(await typeRows()).toHaveLength(2);
      const lifted = await admin.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [] });
      expect(lifted.body).toEqual(link(teachers.own, subjects.own));
      expect(await typeRows()).toEqual([]);
    });

    it('refuses bad lists with 400 and a missing link with 404, changing nothing', async () => {
      await linkTeacher(admin, teachers.own.id, subjects.own.id);
      await admin.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [PRACTICE] }).expect(200);
      const state = async () => ({ links: await linkRows(), types: await typeRows() });
      const before = await state();
      const bad: [Record<string, unknown>, string | RegExp][] = [
        [{ lessonTypeIds: 'x' }, /«lessonTypeIds» должно содержать целые числа/],
        [{ lessonTypeIds: 5 }, /«lessonTypeIds» должно быть массивом идентификаторов видов занятий/],
        [{ lessonTypeIds: [0] }, /«lessonTypeIds» должно содержать положительные числа/],
        [{ lessonTypeIds: [1.5] }, /«lessonTypeIds» должно содержать целые числа/],
        [{ lessonTypeIds: Array.from({ length: 21 }, (_, index) => index + 1) }, /«lessonTypeIds» может содержать не более 20 значений/],
        [{ lessonTypeIds: [LECTURE, 99] }, 'Вид занятий не найден: 99'],
      ];
      for (const [extra, message] of bad) {
        const put = await admin.put('/api/teacher-subjects', { ...own(), ...extra });
        expect({ extra, status: put.status }).toEqual({ extra, status: 400 });
        expectErrorBody(put.body, 400, '/api/teacher-subjects', message);
        // Creation checks the same way, before the link is made.
        const post = await admin.post('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own2.id, ...extra });
        expect({ extra, status: post.status }).toEqual({ extra, status: 400 });
        expectErrorBody(post.body, 400, '/api/teacher-subjects', message);
      }
      const required = await admin.put('/api/teacher-subjects', own());
      expectErrorBody(required.body, 400, '/api/teacher-subjects', /«lessonTypeIds» обязательно/);
      const missing = await admin.put('/api/teacher-subjects', { userId: teachers.own.id, subjectId: subjects.own2.id, lessonTypeIds: [LECTURE] });
      expectErrorBody(missing.body, 404, '/api/teacher-subjects', 'Преподаватель не закреплён за этой дисциплиной');
      expect(await state()).toEqual(before);
    });

    it('lets DEPARTMENT set it on links of its own subjects only (403 otherwise, whether or not the link exists)', async () => {
      await linkTeacher(admin, teachers.foreign.id, subjects.own.id);
      await linkTeacher(admin, teachers.foreign.id, subjects.foreign.id);
      const mine = await department.put('/api/teacher-subjects', { userId: teachers.foreign.id, subjectId: subjects.own.id, lessonTypeIds: [LECTURE] });
      expect(mine.body).toEqual(link(teachers.foreign, subjects.own, [LECTURE]));
      const before = await typeRows();
      for (const userId of [teachers.foreign.id, teachers.own.id]) {
        const refused = await department.put('/api/teacher-subjects', { userId, subjectId: subjects.foreign.id, lessonTypeIds: [LECTURE] });
        expectErrorBody(refused.body, 403, '/api/teacher-subjects', 'Можно работать только с дисциплинами своей кафедры');
      }
      expect(await typeRows()).toEqual(before);
    });

    it('keeps one whole list when two changes race', async () => {
      await linkTeacher(admin, teachers.own.id, subjects.own.id);
      const [first, second] = await Promise.all([
        admin.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [LECTURE] }),
        office.put('/api/teacher-subjects', { ...own(), lessonTypeIds: [PRACTICE, LABORATORY] }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const kept = (await typeRows()).map((row) => (row as { lesson_type_id: number }).lesson_type_id);
      expect([[LECTURE], [PRACTICE, LABORATORY]]).toContainEqual(kept);
    });
  });
});
