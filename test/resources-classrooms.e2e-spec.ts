import { Role } from '../src/platform/auth/roles';
import { createDepartment, expectErrorBody } from './support/factories';
import { ClassroomBody, clientsByRole, createClassroom, createEquipment } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('equipment and classrooms (4.20)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  const READ_ONLY: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

  const equipmentRows = () => t.sql('alpha', `SELECT id, name FROM equipments ORDER BY id`);
  const classroomRows = () =>
    t.sql('alpha', `SELECT id, name, capacity, building, floor, is_available, archived_at FROM classrooms ORDER BY id`);
  const linkRows = () => t.sql('alpha', `SELECT classroom_id, equipment_id FROM classroom_equipments ORDER BY 1, 2`);
  const snapshot = async () => ({ equipment: await equipmentRows(), classrooms: await classroomRows(), links: await linkRows() });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin);
    clients = await clientsByRole(t, admin, home.id);
  });
  afterAll(() => t.close());

  describe('equipment', () => {
    it('creates equipment with a trimmed name and lists it by name to every role', async () => {
      const response = await admin.post('/api/equipments', { name: '  Проектор  ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), name: 'Проектор' });
      expect(await t.sql('alpha', `SELECT name FROM equipments WHERE id = $1`, [response.body.id])).toEqual([{ name: 'Проектор' }]);
      await createEquipment(admin, 'Доска');

      const list = await admin.get('/api/equipments');
      expect(list.status).toBe(200);
      const names = (list.body as { name: string }[]).map((item) => item.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(list.body).toContainEqual(response.body);
      for (const [role, client] of clients) {
        const seen = await client.get('/api/equipments');
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(list.body);
      }
    });

    it('rejects a duplicate name in another case with 409 and changes nothing', async () => {
      await createEquipment(admin, 'Интерактивная панель');
      const before = await equipmentRows();
      const response = await admin.post('/api/equipments', { name: 'ИНТЕРАКТИВНАЯ ПАНЕЛЬ ' });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, '/api/equipments', 'Оборудование с таким названием уже существует');
      expect(await equipmentRows()).toEqual(before);
    });

    it.each([
      [{}, /«name» обязательно/],
      [{ name: '   ' }, /«name» не может быть пустым/],
      [{ name: 5 }, /«name» должно быть строкой/],
      [{ name: 'x'.repeat(256) }, /не более 255 символов/],
    ])('rejects the invalid equipment body %# with 400', async (body, message) => {
      const before = await equipmentRows();
      const response = await admin.post('/api/equipments', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/equipments', message);
      expect(await equipmentRows()).toEqual(before);
    });

    it('deletes equipment and detaches it from every classroom, archived ones included, in one step', async () => {
      const doomed = await createEquipment(admin);
      const kept = await createEquipment(admin);
      const active = await createClassroom(admin, { equipmentIds: [doomed.id, kept.id] });
      const archived = await createClassroom(admin, { equipmentIds: [doomed.id] });
      await admin.delete(`/api/classrooms/${archived.id}`).expect(200);

      const response = await admin.delete(`/api/equipments/${doomed.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(doomed);
      expect(await t.sql('alpha', `SELECT id FROM equipments WHERE id = $1`, [doomed.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT classroom_id FROM classroom_equipments WHERE equipment_id = $1`, [doomed.id])).toEqual([]);
      const list = (await admin.get('/api/classrooms?includeArchived=true')).body as ClassroomBody[];
      expect(list.find((room) => room.id === active.id)?.equipments).toEqual([kept]);
      expect(list.find((room) => room.id === archived.id)?.equipments).toEqual([]);
    });

    it('answers 404 for unknown equipment and 400 for a malformed id', async () => {
      const before = await snapshot();
      const missing = await admin.delete('/api/equipments/999999');
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/equipments/999999', 'Оборудование не найдено');
      const malformed = await admin.delete('/api/equipments/abc');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/equipments/abc', 'Параметр «id» должен быть положительным целым числом');
      expect(await snapshot()).toEqual(before);
    });

    it('lets EDUCATION_OFFICE change equipment and refuses the other roles with 403', async () => {
      const office = clients.get('EDUCATION_OFFICE')!;
      const made = await office.post('/api/equipments', { name: 'Микрофон' });
      expect(made.status).toBe(200);
      expect((await office.delete(`/api/equipments/${made.body.id}`)).status).toBe(200);

      const target = await createEquipment(admin);
      const before = await equipmentRows();
      for (const role of READ_ONLY) {
        const client = clients.get(role)!;
        const post = await client.post('/api/equipments', { name: `От ${role}` });
        const del = await client.delete(`/api/equipments/${target.id}`);
        expect({ role, post: post.status, del: del.status }).toEqual({ role, post: 403, del: 403 });
        expectErrorBody(post.body, 403, '/api/equipments');
      }
      expect(await equipmentRows()).toEqual(before);
      expect((await t.as('alpha').get('/api/equipments')).status).toBe(401);
    });
  });

  describe('classrooms', () => {
    it('creates a classroom with defaults: no building or floor, available, no equipment', async () => {
      const response = await admin.post('/api/classrooms', { name: ' А-100 ', capacity: 25 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'А-100',
        capacity: 25,
        building: null,
        floor: null,
        isAvailable: true,
        equipments: [],
      });
      const [row] = await classroomRows().then((rows) => rows.filter((r) => r.id === response.body.id));
      expect(row).toEqual({ id: response.body.id, name: 'А-100', capacity: 25, building: null, floor: null, is_available: true, archived_at: null });
    });

    it('creates a classroom with all fields and its equipment sorted by name (duplicate ids once)', async () => {
      const screen = await createEquipment(admin, 'Экран');
      const board = await createEquipment(admin, 'Белая доска');
      const response = await admin.post('/api/classrooms', {
        name: 'Б-201',
        capacity: 120,
        building: 'Корпус Б',
        floor: 2,
        isAvailable: false,
        equipmentIds: [screen.id, board.id, screen.id],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'Б-201',
        capacity: 120,
        building: 'Корпус Б',
        floor: 2,
        isAvailable: false,
        equipments: [board, screen],
      });
      expect(await t.sql('alpha', `SELECT equipment_id FROM classroom_equipments WHERE classroom_id = $1 ORDER BY 1`, [response.body.id])).toEqual(
        [{ equipment_id: Math.min(screen.id, board.id) }, { equipment_id: Math.max(screen.id, board.id) }],
      );
    });

    it('lists active classrooms with equipment, by name, to every role; includeArchived adds archived ones', async () => {
      const lamp = await createEquipment(admin, 'Лампа');
      const room = await createClassroom(admin, { name: 'В-001', equipmentIds: [lamp.id] });
      const archived = await createClassroom(admin, { name: 'В-002' });
      await admin.delete(`/api/classrooms/${archived.id}`).expect(200);

      const list = await admin.get('/api/classrooms');
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual(room);
      expect((list.body as ClassroomBody[]).map((r) => r.id)).not.toContain(archived.id);
      const names = (list.body as ClassroomBody[]).map((r) => r.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

      const all = await admin.get('/api/classrooms?includeArchived=true');
      expect(all.status).toBe(200);
      expect(all.body).toContainEqual(archived);
      const counts = await t.sql<{ all: number; active: number }>(
        'alpha',
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE archived_at IS NULL)::int AS active FROM classrooms`,
      );
      expect(counts).toEqual([{ all: (all.body as ClassroomBody[]).length, active: (list.body as ClassroomBody[]).length }]);

      for (const [role, client] of clients) {
        const seen = await client.get('/api/classrooms');
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(list.body);
      }
      const bad = await admin.get('/api/classrooms?includeArchived=maybe');
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, '/api/classrooms', /«includeArchived» должно быть true или false/);
    });

    it.each([
      [{ capacity: 10 }, /«name» обязательно/],
      [{ name: '  ', capacity: 10 }, /«name» не может быть пустым/],
      [{ name: 'Г-1' }, /«capacity» обязательно/],
      [{ name: 'Г-1', capacity: 0 }, /«capacity» должно быть не меньше 1/],
      [{ name: 'Г-1', capacity: -3 }, /«capacity» должно быть не меньше 1/],
      [{ name: 'Г-1', capacity: 1.5 }, /«capacity» должно быть целым числом/],
      [{ name: 'Г-1', capacity: '20' }, /«capacity» должно быть целым числом/],
      [{ name: 'Г-1', capacity: 10, floor: 'второй' }, /«floor» должно быть целым числом/],
      [{ name: 'Г-1', capacity: 10, isAvailable: 'yes' }, /«isAvailable» должно быть true или false/],
      [{ name: 'Г-1', capacity: 10, equipmentIds: 5 }, /«equipmentIds» должно быть массивом/],
      [{ name: 'Г-1', capacity: 10, equipmentIds: [0] }, /«equipmentIds» должно содержать положительные числа/],
      [{ name: 'Г-1', capacity: 10, equipmentIds: [999999, 999998] }, 'Оборудование не найдено: 999998, 999999'],
    ])('rejects the invalid classroom %j with 400 and changes nothing', async (body, message) => {
      const before = await snapshot();
      const response = await admin.post('/api/classrooms', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/classrooms', message);
      expect(await snapshot()).toEqual(before);
    });

    it('rejects a name already used by another classroom, archived ones included, in any case', async () => {
      await createClassroom(admin, { name: 'Д-10' });
      const archived = await createClassroom(admin, { name: 'Д-11' });
      await admin.delete(`/api/classrooms/${archived.id}`).expect(200);
      const before = await snapshot();
      for (const name of ['д-10', 'Д-11 ']) {
        const response = await admin.post('/api/classrooms', { name, capacity: 10 });
        expect(response.status).toBe(409);
        expectErrorBody(response.body, 409, '/api/classrooms', 'Аудитория с таким названием уже существует (возможно, в архиве)');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('updates only the supplied fields; a supplied equipmentIds replaces the whole set', async () => {
      const a = await createEquipment(admin);
      const b = await createEquipment(admin);
      const room = await createClassroom(admin, { name: 'Е-1', capacity: 30, building: 'Корпус Е', floor: 3, equipmentIds: [a.id] });
      const path = `/api/classrooms/${room.id}`;

      const capacity = await admin.put(path, { capacity: 40 });
      expect(capacity.status).toBe(200);
      expect(capacity.body).toEqual({ ...room, capacity: 40 });

      const swapped = await admin.put(path, { equipmentIds: [b.id], isAvailable: false });
      expect(swapped.status).toBe(200);
      expect(swapped.body).toEqual({ ...room, capacity: 40, isAvailable: false, equipments: [b] });

      const cleared = await admin.put(path, { equipmentIds: [], building: null, floor: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ ...room, capacity: 40, isAvailable: false, building: null, floor: null, equipments: [] });

      const renamed = await admin.put(path, { name: 'е-1' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('е-1');
      expect(await t.sql('alpha', `SELECT name, capacity, building, floor, is_available FROM classrooms WHERE id = $1`, [room.id])).toEqual([
        { name: 'е-1', capacity: 40, building: null, floor: null, is_available: false },
      ]);
      expect(await t.sql('alpha', `SELECT equipment_id FROM classroom_equipments WHERE classroom_id = $1`, [room.id])).toEqual([]);
    });

    it('rejects an invalid update with 400, a taken name with 409, an unknown room with 404, changing nothing', async () => {
      const other = await createClassroom(admin, { name: 'Ж-1' });
      const room = await createClassroom(admin, { name: 'Ж-2', equipmentIds: [(await createEquipment(admin)).id] });
      const path = `/api/classrooms/${room.id}`;
      const before = await snapshot();

      for (const [body, message] of [
        [{ name: '' }, /«name» не может быть пустым/],
        [{ name: null }, /«name» обязательно/],
        [{ capacity: 0 }, /«capacity» должно быть не меньше 1/],
        [{ capacity: null }, /«capacity» обязательно/],
        [{ isAvailable: null }, /«isAvailable» обязательно/],
        [{ equipmentIds: [999999] }, 'Оборудование не найдено: 999999'],
      ] as const) {
        const response = await admin.put(path, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expectErrorBody(response.body, 400, path, message);
      }
      const taken = await admin.put(path, { name: 'ж-1', capacity: 99 });
      expect(taken.status).toBe(409);
      expectErrorBody(taken.body, 409, path, 'Аудитория с таким названием уже существует (возможно, в архиве)');
      const missing = await admin.put('/api/classrooms/999999', { capacity: 5 });
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/classrooms/999999', 'Аудитория не найдена');
      expect(await snapshot()).toEqual(before);
      expect(other.id).not.toBe(room.id);
    });

    it('archives and restores a classroom, keeping its data and equipment', async () => {
      const lamp = await createEquipment(admin);
      const room = await createClassroom(admin, { equipmentIds: [lamp.id] });
      const archived = await admin.delete(`/api/classrooms/${room.id}`);
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual(room);
      const [row] = await t.sql<{ archived_at: Date | null }>('alpha', `SELECT archived_at FROM classrooms WHERE id = $1`, [room.id]);
      expect(row.archived_at).toBeInstanceOf(Date);
      expect(((await admin.get('/api/classrooms')).body as ClassroomBody[]).map((r) => r.id)).not.toContain(room.id);

      // Archiving again changes nothing, including the moment.
      expect((await admin.delete(`/api/classrooms/${room.id}`)).status).toBe(200);
      expect(await t.sql('alpha', `SELECT archived_at FROM classrooms WHERE id = $1`, [room.id])).toEqual([row]);

      const restored = await admin.post(`/api/classrooms/${room.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(room);
      expect(await t.sql('alpha', `SELECT archived_at FROM classrooms WHERE id = $1`, [room.id])).toEqual([{ archived_at: null }]);
      expect((await admin.get('/api/classrooms')).body).toContainEqual(room);

      for (const request of [admin.delete('/api/classrooms/999999'), admin.post('/api/classrooms/999999/restore')]) {
        const response = await request;
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('Аудитория не найдена');
      }
      const malformed = await admin.post('/api/classrooms/0/restore');
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, '/api/classrooms/0/restore', 'Параметр «id» должен быть положительным целым числом');
    });

    it('lets EDUCATION_OFFICE maintain classrooms and refuses DEPARTMENT and the other roles with 403', async () => {
      const office = clients.get('EDUCATION_OFFICE')!;
      const made = await office.post('/api/classrooms', { name: 'З-1', capacity: 12 });
      expect(made.status).toBe(200);
      expect((await office.put(`/api/classrooms/${made.body.id}`, { capacity: 14 })).status).toBe(200);
      expect((await office.delete(`/api/classrooms/${made.body.id}`)).status).toBe(200);
      expect((await office.post(`/api/classrooms/${made.body.id}/restore`)).status).toBe(200);

      const room = await createClassroom(admin);
      const before = await snapshot();
      for (const role of READ_ONLY) {
        const client = clients.get(role)!;
        const statuses = [
          (await client.post('/api/classrooms', { name: `От ${role}`, capacity: 10 })).status,
          (await client.put(`/api/classrooms/${room.id}`, { capacity: 99 })).status,
          (await client.delete(`/api/classrooms/${room.id}`)).status,
          (await client.post(`/api/classrooms/${room.id}/restore`)).status,
        ];
        expect({ role, statuses }).toEqual({ role, statuses: [403, 403, 403, 403] });
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
