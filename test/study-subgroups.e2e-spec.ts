import { Role } from '../src/platform/auth/roles';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { createGroup, createStudySetup, createSubgroup, GroupBody, groupRequest, StudySetup, SubgroupBody } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('subgroups (4.19)', () => {
  let t: TestApp;
  let admin: TenantClient;
  const clients = new Map<Role, TenantClient>();
  /** Department A (the DEPARTMENT user's) and department B. */
  let a: StudySetup;
  let b: StudySetup;

  const subgroupRows = () => t.sql('alpha', `SELECT id, group_id, name, student_capacity FROM subgroups ORDER BY id`);
  const ofGroup = (groupId: number) =>
    t.sql('alpha', `SELECT name, student_capacity AS capacity FROM subgroups WHERE group_id = $1 ORDER BY name`, [groupId]);
  const subgroupsPath = (group: GroupBody) => `/api/groups/${group.id}/subgroups`;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    a = await createStudySetup(admin, await createDepartment(admin));
    b = await createStudySetup(admin, await createDepartment(admin));
    for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: a.department.id })).client);
    }
  });
  afterAll(() => t.close());

  describe('create and update', () => {
    it('creates a subgroup and answers its fields', async () => {
      const group = await createGroup(admin, a, { name: 'ЛАБ-1', groupSize: 25 });
      const response = await admin.post(subgroupsPath(group), { name: ' Подгруппа А ', studentCapacity: 12 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), groupId: group.id, groupName: 'ЛАБ-1', name: 'Подгруппа А', studentCapacity: 12 });
      expect(await ofGroup(group.id)).toEqual([{ name: 'Подгруппа А', capacity: 12 }]);
    });

    it.each([
      ['no capacity', { name: 'X' }, /«studentCapacity» обязательно/],
      ['capacity 0', { name: 'X', studentCapacity: 0 }, /«studentCapacity» должно быть не меньше 1/],
      ['a negative capacity', { name: 'X', studentCapacity: -3 }, /«studentCapacity» должно быть не меньше 1/],
      ['a fractional capacity', { name: 'X', studentCapacity: 1.5 }, /«studentCapacity» должно быть целым числом/],
      ['no name', { studentCapacity: 3 }, /«name» обязательно/],
      ['a blank name', { name: ' ', studentCapacity: 3 }, /«name» не может быть пустым/],
    ])('rejects a body with %s with 400', async (_case, body, message) => {
      const group = await createGroup(admin, a);
      const before = await subgroupRows();
      const response = await admin.post(subgroupsPath(group), body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, subgroupsPath(group), message);
      expect(await subgroupRows()).toEqual(before);
    });

    it('keeps the total capacity within the group size (400) and allows filling it exactly', async () => {
      const group = await createGroup(admin, a, { groupSize: 25 });
      await createSubgroup(admin, group.id, 'Первая', 13);
      const before = await subgroupRows();
      const response = await admin.post(subgroupsPath(group), { name: 'Вторая', studentCapacity: 13 });
      expect(response.status).toBe(400);
      expectErrorBody(
        response.body,
        400,
        subgroupsPath(group),
        'Подгруппы не помещаются в группу: сумма вместимостей (26) превысит размер группы (25); свободно мест: 12',
      );
      expect(await subgroupRows()).toEqual(before);
      expect((await admin.post(subgroupsPath(group), { name: 'Вторая', studentCapacity: 12 })).status).toBe(200);
      expect(await ofGroup(group.id)).toEqual([
        { name: 'Вторая', capacity: 12 },
        { name: 'Первая', capacity: 13 },
      ]);
    });

    it('keeps names unique within a group (case-insensitive, 409), not across groups', async () => {
      const group = await createGroup(admin, a);
      const other = await createGroup(admin, a);
      await createSubgroup(admin, group.id, 'Лаборатория', 5);
      const before = await subgroupRows();
      const response = await admin.post(subgroupsPath(group), { name: 'ЛАБОРАТОРИЯ', studentCapacity: 5 });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, subgroupsPath(group), 'В группе уже есть подгруппа с таким названием');
      expect(await subgroupRows()).toEqual(before);
      expect((await admin.post(subgroupsPath(other), { name: 'Лаборатория', studentCapacity: 5 })).status).toBe(200);
    });

    it('updates a subgroup, counting its own old capacity out', async () => {
      const group = await createGroup(admin, a, { groupSize: 20, name: 'ОБН' });
      const first = await createSubgroup(admin, group.id, 'Первая', 10);
      const second = await createSubgroup(admin, group.id, 'Вторая', 10);
      const path = `${subgroupsPath(group)}/${first.id}`;
      const response = await admin.put(path, { name: 'первая', studentCapacity: 9 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: first.id, groupId: group.id, groupName: 'ОБН', name: 'первая', studentCapacity: 9 });
      expect((await admin.put(path, { name: 'Первая', studentCapacity: 10 })).status).toBe(200);

      const before = await subgroupRows();
      const tooBig = await admin.put(path, { name: 'Первая', studentCapacity: 11 });
      expect(tooBig.status).toBe(400);
      expectErrorBody(tooBig.body, 400, path, 'Подгруппы не помещаются в группу: сумма вместимостей (21) превысит размер группы (20); свободно мест: 10');
      const clash = await admin.put(path, { name: second.name.toUpperCase(), studentCapacity: 5 });
      expect(clash.status).toBe(409);
      expectErrorBody(clash.body, 409, path, 'В группе уже есть подгруппа с таким названием');
      const invalid = await admin.put(path, { name: 'Первая', studentCapacity: 0 });
      expect(invalid.status).toBe(400);
      expect(await subgroupRows()).toEqual(before);
    });

    it('answers 404 for an unknown group or a subgroup of another group', async () => {
      const group = await createGroup(admin, a);
      const other = await createGroup(admin, a);
      const foreign = await createSubgroup(admin, other.id, 'Чужая', 5);
      const before = await subgroupRows();
      const noGroup = await admin.post('/api/groups/999999/subgroups', { name: 'X', studentCapacity: 1 });
      expect(noGroup.status).toBe(404);
      expectErrorBody(noGroup.body, 404, '/api/groups/999999/subgroups', 'Группа не найдена');
      for (const response of [
        await admin.put(`${subgroupsPath(group)}/${foreign.id}`, { name: 'X', studentCapacity: 1 }),
        await admin.delete(`${subgroupsPath(group)}/${foreign.id}`),
      ]) {
        expect(response.status).toBe(404);
        expectErrorBody(response.body, 404, `${subgroupsPath(group)}/${foreign.id}`, 'Подгруппа не найдена');
      }
      const badId = await admin.delete(`${subgroupsPath(group)}/abc`);
      expect(badId.status).toBe(400);
      expectErrorBody(badId.body, 400, `${subgroupsPath(group)}/abc`, 'Параметр «id» должен быть положительным целым числом');
      expect(await subgroupRows()).toEqual(before);
    });

    it('never lets concurrent creations exceed the group size', async () => {
      const group = await createGroup(admin, a, { groupSize: 10 });
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => admin.post(subgroupsPath(group), { name: `Параллельная ${n}`, studentCapacity: 4 })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 400, 400, 400]);
      const [{ total }] = await t.sql<{ total: number }>('alpha', `SELECT sum(student_capacity)::int AS total FROM subgroups WHERE group_id = $1`, [
        group.id,
      ]);
      expect(total).toBe(8);
    });

    it('never lets a concurrent group shrink and subgroup creation break the invariant', async () => {
      const group = await createGroup(admin, a, { groupSize: 20 });
      await createSubgroup(admin, group.id, 'Есть', 10);
      const [shrink, add] = await Promise.all([
        admin.put(`/api/groups/${group.id}`, groupRequest(a, { name: group.name, groupSize: 12 })),
        admin.post(subgroupsPath(group), { name: 'Новая', studentCapacity: 8 }),
      ]);
      const [row] = await t.sql<{ size: number; total: number }>(
        'alpha',
        `SELECT g.group_size AS size, (SELECT sum(student_capacity)::int FROM subgroups WHERE group_id = g.id) AS total FROM study_groups g WHERE g.id = $1`,
        [group.id],
      );
      expect(row.total).toBeLessThanOrEqual(row.size);
      expect([shrink.status, add.status].sort()).toEqual([200, 400]);
    });
  });

  describe('delete', () => {
    it('refuses a partial removal that leaves the group uncovered, and allows removing the last subgroup', async () => {
      const group = await createGroup(admin, a, { groupSize: 25 });
      const first = await createSubgroup(admin, group.id, 'Подгруппа 1', 13);
      const second = await createSubgroup(admin, group.id, 'Подгруппа 2', 12);
      const before = await subgroupRows();
      const path = `${subgroupsPath(group)}/${first.id}`;
      const partial = await admin.delete(path);
      expect(partial.status).toBe(400);
      expectErrorBody(
        partial.body,
        400,
        path,
        'Подгруппу «Подгруппа 1» нельзя удалить: оставшиеся подгруппы вмещают 12 из 25 студентов группы; ' +
          'чтобы изменить число подгрупп, смените режим деления группы (без деления, две или три подгруппы)',
      );
      expect(await subgroupRows()).toEqual(before);

      await t.sql('alpha', `DELETE FROM subgroups WHERE id = $1`, [first.id]);
      const last = await admin.delete(`${subgroupsPath(group)}/${second.id}`);
      expect(last.status).toBe(200);
      expect(last.body).toEqual(second);
      expect(await ofGroup(group.id)).toEqual([]);
    });
  });

  describe('division mode', () => {
    it('divides a group into two or three even subgroups, replacing the old ones, and removes them with NONE', async () => {
      const group = await createGroup(admin, a, { groupSize: 25, name: 'ДЕЛ' });
      await createSubgroup(admin, group.id, 'Старая', 5);
      const path = `${subgroupsPath(group)}/division`;

      const two = await admin.put(path, { mode: 'TWO' });
      expect(two.status).toBe(200);
      expect(two.body).toEqual([
        { id: expect.any(Number), groupId: group.id, groupName: 'ДЕЛ', name: 'Подгруппа 1', studentCapacity: 13 },
        { id: expect.any(Number), groupId: group.id, groupName: 'ДЕЛ', name: 'Подгруппа 2', studentCapacity: 12 },
      ]);
      expect(await ofGroup(group.id)).toEqual([
        { name: 'Подгруппа 1', capacity: 13 },
        { name: 'Подгруппа 2', capacity: 12 },
      ]);

      const three = await clients.get('EDUCATION_OFFICE')!.put(path, { mode: 'THREE' });
      expect(three.status).toBe(200);
      expect((three.body as SubgroupBody[]).map((s) => [s.name, s.studentCapacity])).toEqual([
        ['Подгруппа 1', 9],
        ['Подгруппа 2', 8],
        ['Подгруппа 3', 8],
      ]);
      expect((await admin.get(subgroupsPath(group))).body).toEqual(three.body);

      const none = await admin.put(path, { mode: 'NONE' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
      expect(await ofGroup(group.id)).toEqual([]);
    });

    it('refuses a division that would leave a subgroup empty, and an unknown mode', async () => {
      const group = await createGroup(admin, a, { groupSize: 2 });
      await createSubgroup(admin, group.id, 'Одна', 2);
      const before = await subgroupRows();
      const path = `${subgroupsPath(group)}/division`;
      const tooSmall = await admin.put(path, { mode: 'THREE' });
      expect(tooSmall.status).toBe(400);
      expectErrorBody(tooSmall.body, 400, path, 'Группу из 2 студентов нельзя разделить на 3 подгруппы');
      for (const body of [{ mode: 'FOUR' }, {}, { mode: 2 }]) {
        const invalid = await admin.put(path, body);
        expect(invalid.status).toBe(400);
        expectErrorBody(invalid.body, 400, path, /«mode» (должно иметь одно из значений: NONE, TWO, THREE|обязательно)/);
      }
      expect(await subgroupRows()).toEqual(before);
      const unknown = await admin.put('/api/groups/999999/subgroups/division', { mode: 'TWO' });
      expect(unknown.status).toBe(404);
    });
  });

  describe('lists', () => {
    let g1: GroupBody;
    let g2: GroupBody;
    let gb: GroupBody;

    beforeAll(async () => {
      g1 = await createGroup(admin, a, { name: 'СП-1', groupSize: 20 });
      g2 = await createGroup(admin, a, { name: 'СП-2', groupSize: 20 });
      gb = await createGroup(admin, b, { name: 'СП-Б', groupSize: 20 });
      await admin.put(`${subgroupsPath(g1)}/division`, { mode: 'TWO' });
      await admin.put(`${subgroupsPath(g2)}/division`, { mode: 'THREE' });
      await admin.put(`${subgroupsPath(gb)}/division`, { mode: 'TWO' });
    });

    it('lists a group’s subgroups by name', async () => {
      const response = await admin.get(subgroupsPath(g1));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { id: expect.any(Number), groupId: g1.id, groupName: 'СП-1', name: 'Подгруппа 1', studentCapacity: 10 },
        { id: expect.any(Number), groupId: g1.id, groupName: 'СП-1', name: 'Подгруппа 2', studentCapacity: 10 },
      ]);
      const unknown = await admin.get('/api/groups/999999/subgroups');
      expect(unknown.status).toBe(404);
      expectErrorBody(unknown.body, 404, '/api/groups/999999/subgroups', 'Группа не найдена');
    });

    it('lists subgroups of the requested groups, or of all groups', async () => {
      const some = await admin.get(`/api/subgroups?groupId=${g2.id}&groupId=${gb.id}`);
      expect(some.status).toBe(200);
      expect((some.body as SubgroupBody[]).map((s) => [s.groupName, s.name])).toEqual([
        ['СП-2', 'Подгруппа 1'],
        ['СП-2', 'Подгруппа 2'],
        ['СП-2', 'Подгруппа 3'],
        ['СП-Б', 'Подгруппа 1'],
        ['СП-Б', 'Подгруппа 2'],
      ]);
      const all = await admin.get('/api/subgroups');
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength((await subgroupRows()).length);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER'] as Role[]) {
        expect((await clients.get(role)!.get('/api/subgroups')).body).toEqual(all.body);
      }
    });

    it('accepts at most 100 groupId values', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => `groupId=${i + 1}`).join('&');
      expect((await admin.get(`/api/subgroups?${hundred}`)).status).toBe(200);
      const tooMany = await admin.get(`/api/subgroups?${hundred}&groupId=101`);
      expect(tooMany.status).toBe(400);
      expectErrorBody(tooMany.body, 400, '/api/subgroups', 'Поле «groupId» может содержать не более 100 значений');
      const bad = await admin.get('/api/subgroups?groupId=abc');
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, '/api/subgroups', /«groupId» должно содержать целые числа/);
    });

    it('shows DEPARTMENT only the subgroups of its own groups', async () => {
      const department = clients.get('DEPARTMENT')!;
      const all = await department.get('/api/subgroups');
      expect(all.status).toBe(200);
      expect(all.body.length).toBeGreaterThan(0);
      const ownGroups = await t.sql<{ id: number }>('alpha', `SELECT id FROM study_groups WHERE department_id = $1`, [a.department.id]);
      expect((all.body as SubgroupBody[]).every((s) => ownGroups.some((group) => group.id === s.groupId))).toBe(true);
      expect((await department.get(`/api/subgroups?groupId=${gb.id}`)).body).toEqual([]);
      expect((await department.get(subgroupsPath(g1))).status).toBe(200);
      const foreign = await department.get(subgroupsPath(gb));
      expect(foreign.status).toBe(403);
      expectErrorBody(foreign.body, 403, subgroupsPath(gb), 'Доступны только группы своей кафедры');
    });

    it('refuses subgroup reads to TEACHER and STUDENT', async () => {
      for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
        for (const path of ['/api/subgroups', subgroupsPath(g1)]) {
          const response = await clients.get(role)!.get(path);
          expect({ role, path, status: response.status }).toEqual({ role, path, status: 403 });
        }
      }
    });
  });

  describe('roles for changes', () => {
    it('lets DEPARTMENT manage the subgroups of its own groups', async () => {
      const department = clients.get('DEPARTMENT')!;
      const group = await createGroup(admin, a, { groupSize: 20 });
      const created = await department.post(subgroupsPath(group), { name: 'Своя', studentCapacity: 20 });
      expect(created.status).toBe(200);
      expect((await department.put(`${subgroupsPath(group)}/${created.body.id}`, { name: 'Своя', studentCapacity: 19 })).status).toBe(200);
      expect((await department.delete(`${subgroupsPath(group)}/${created.body.id}`)).status).toBe(200);
      expect((await department.put(`${subgroupsPath(group)}/division`, { mode: 'TWO' })).status).toBe(200);
      expect(await ofGroup(group.id)).toEqual([
        { name: 'Подгруппа 1', capacity: 10 },
        { name: 'Подгруппа 2', capacity: 10 },
      ]);
    });

    it('refuses DEPARTMENT another department’s groups, and SCHEDULE_VIEWER, TEACHER and STUDENT everywhere', async () => {
      const foreign = await createGroup(admin, b, { groupSize: 20 });
      const existing = await createSubgroup(admin, foreign.id, 'Чужая', 20);
      const before = await subgroupRows();
      const attempts = (client: TenantClient) => [
        client.post(subgroupsPath(foreign), { name: 'Взлом', studentCapacity: 1 }),
        client.put(`${subgroupsPath(foreign)}/${existing.id}`, { name: 'Взлом', studentCapacity: 1 }),
        client.delete(`${subgroupsPath(foreign)}/${existing.id}`),
        client.put(`${subgroupsPath(foreign)}/division`, { mode: 'NONE' }),
      ];
      for (const response of await Promise.all(attempts(clients.get('DEPARTMENT')!))) {
        expect(response.status).toBe(403);
        expect(response.body.message).toBe('Доступны только группы своей кафедры');
      }
      for (const role of ['SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        for (const response of await Promise.all(attempts(clients.get(role)!))) {
          expect({ role, status: response.status }).toEqual({ role, status: 403 });
          expect(response.body.message).toBe('Недостаточно прав для этой операции');
        }
      }
      expect(await subgroupRows()).toEqual(before);
    });
  });
});
