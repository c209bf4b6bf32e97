import { Role } from '../src/platform/auth/roles';
import { defineReferences } from '../src/platform/database/usages';
import { createDepartment, expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import {
  ASSIGNMENTS_PATH,
  assignDate,
  createManualGrid,
  createSlot,
  GridScopeBody,
  gridSnapshot,
  SCOPES_PATH,
  seededGrids,
  SLOTS_PATH,
  TimeSlotBody,
} from './support/time-grid-builders';

describe('time grids: slots and grids (4.6)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  let base: GridScopeBody;
  let saturday: GridScopeBody;
  const READ_ONLY: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

  const snapshot = () => gridSnapshot(t);

  /** Sends `request`, expects `status` with the common body and `message`, and that no grid row changed. */
  async function refused(
    send: () => Promise<{ status: number; body: Record<string, unknown> }>,
    status: number,
    path: string,
    message?: string | RegExp,
  ): Promise<void> {
    const before = await snapshot();
    const response = await send();
    expect({ status: response.status, body: response.body }).toEqual({ status, body: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await snapshot()).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    clients = await clientsByRole(t, admin, (await createDepartment(admin)).id);
    ({ base, saturday } = await seededGrids(admin));
  });
  afterAll(() => t.close());

  describe('grids', () => {
    it('lists the seeded base and Saturday grids first, then manual grids by name, to every role', async () => {
      expect(base).toEqual({ id: expect.any(Number), name: 'Основная сетка', scopeApplyMode: 'DEFAULT', slotCount: 0 });
      expect(saturday).toEqual({ id: expect.any(Number), name: 'Суббота', scopeApplyMode: 'SATURDAY', slotCount: 0 });
      const later = await createManualGrid(admin, 'Яблочный день');
      const earlier = await createManualGrid(admin, 'абитуриентский день');
      await createSlot(admin, earlier.id, 1, '09:00', '10:00');

      const response = await admin.get(SCOPES_PATH);
      expect(response.status).toBe(200);
      const list = response.body as GridScopeBody[];
      expect(list.slice(0, 2)).toEqual([base, saturday]);
      const manual = list.slice(2);
      expect(manual.every((scope) => scope.scopeApplyMode === 'MANUAL')).toBe(true);
      const names = manual.map((scope) => scope.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(manual).toContainEqual({ ...earlier, slotCount: 1 });
      expect(manual).toContainEqual(later);
      for (const [role, client] of clients) {
        const seen = await client.get(SCOPES_PATH);
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(response.body);
      }
    });

    it('creates a manual grid with a trimmed name', async () => {
      const response = await admin.post(SCOPES_PATH, { name: '  Сокращённый день  ', scopeApplyMode: 'DEFAULT' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), name: 'Сокращённый день', scopeApplyMode: 'MANUAL', slotCount: 0 });
      expect(await t.sql('alpha', `SELECT name, apply_mode FROM time_grid_scopes WHERE id = $1`, [response.body.id])).toEqual([
        { name: 'Сокращённый день', apply_mode: 'MANUAL' },
      ]);
    });

    it('refuses a grid name taken by any grid, case-insensitively, with 409', async () => {
      await createManualGrid(admin, 'День открытых дверей');
      await refused(() => admin.post(SCOPES_PATH, { name: 'ДЕНЬ ОТКРЫТЫХ ДВЕРЕЙ ' }), 409, SCOPES_PATH, 'Сетка с таким названием уже существует');
      await refused(() => admin.post(SCOPES_PATH, { name: 'основная сетка' }), 409, SCOPES_PATH, 'Сетка с таким названием уже существует');
    });

    it.each([
      [{}, /«name» обязательно/],
      [{ name: '   ' }, /«name» не может быть пустым/],
      [{ name: 7 }, /«name» должно быть строкой/],
      [{ name: 'x'.repeat(256) }, /не более 255 символов/],
    ])('refuses the invalid grid body %j with 400', async (body, message) => {
      await refused(() => admin.post(SCOPES_PATH, body), 400, SCOPES_PATH, message);
    });

    it('renames a manual grid and, keeping their mode, the automatic ones', async () => {
      const grid = await createManualGrid(admin);
      await createSlot(admin, grid.id, 1, '08:00', '09:00');
      const renamed = await admin.put(`${SCOPES_PATH}/${grid.id}`, { name: 'Праздничный день', scopeApplyMode: 'DEFAULT' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ id: grid.id, name: 'Праздничный день', scopeApplyMode: 'MANUAL', slotCount: 1 });
      // Its own name in another case is not a clash with itself.
      const sameName = await admin.put(`${SCOPES_PATH}/${grid.id}`, { name: 'ПРАЗДНИЧНЫЙ день' });
      expect(sameName.status).toBe(200);

      const saturdayPath = `${SCOPES_PATH}/${saturday.id}`;
      const automatic = await admin.put(saturdayPath, { name: 'Субботняя сетка', scopeApplyMode: 'MANUAL' });
      expect(automatic.status).toBe(200);
      expect(automatic.body).toEqual({ ...saturday, name: 'Субботняя сетка', slotCount: expect.any(Number) });
      expect(await t.sql('alpha', `SELECT name, apply_mode FROM time_grid_scopes WHERE id = $1`, [saturday.id])).toEqual([
        { name: 'Субботняя сетка', apply_mode: 'SATURDAY' },
      ]);
      expect((await admin.put(saturdayPath, { name: saturday.name })).status).toBe(200);
    });

    it('refuses a rename onto another grid name (409), an unknown grid (404) and a bad id (400)', async () => {
      const grid = await createManualGrid(admin);
      const path = `${SCOPES_PATH}/${grid.id}`;
      await refused(() => admin.put(path, { name: 'ОСНОВНАЯ СЕТКА' }), 409, path, 'Сетка с таким названием уже существует');
      await refused(() => admin.put(path, { name: '' }), 400, path, /«name» не может быть пустым/);
      await refused(() => admin.put(`${SCOPES_PATH}/999999`, { name: 'Нет такой' }), 404, `${SCOPES_PATH}/999999`, 'Сетка не найдена');
      await refused(() => admin.put(`${SCOPES_PATH}/abc`, { name: 'Нет такой' }), 400, `${SCOPES_PATH}/abc`, 'Параметр «id» должен быть положительным целым числом');
    });

    it('deletes a manual grid with its slots and date assignments, and answers it', async () => {
      const grid = await createManualGrid(admin);
      const other = await createManualGrid(admin);
      await createSlot(admin, grid.id, 1, '08:00', '09:00');
      await createSlot(admin, grid.id, 2, '09:00', '10:00');
      const kept = await createSlot(admin, other.id, 1, '08:00', '09:00');
      await assignDate(admin, '2031-03-01', grid.id);
      const keptAssignment = await assignDate(admin, '2031-03-02', other.id);

      const response = await admin.delete(`${SCOPES_PATH}/${grid.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...grid, slotCount: 2 });
      expect(await t.sql('alpha', `SELECT id FROM time_grid_scopes WHERE id = $1`, [grid.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM time_slots WHERE scope_id = $1`, [grid.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM time_grid_date_assignments WHERE scope_id = $1`, [grid.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM time_slots WHERE scope_id = $1`, [other.id])).toEqual([{ id: kept.id }]);
      expect(await t.sql('alpha', `SELECT id FROM time_grid_date_assignments WHERE scope_id = $1`, [other.id])).toEqual([
        { id: keptAssignment.id },
      ]);
    });

    it('refuses to delete the base or Saturday grid (400) and answers 404 for an unknown one', async () => {
      await refused(() => admin.delete(`${SCOPES_PATH}/${base.id}`), 400, `${SCOPES_PATH}/${base.id}`, 'Основную сетку удалить нельзя');
      await refused(() => admin.delete(`${SCOPES_PATH}/${saturday.id}`), 400, `${SCOPES_PATH}/${saturday.id}`, /^Субботнюю сетку удалить нельзя/);
      await refused(() => admin.delete(`${SCOPES_PATH}/999999`), 404, `${SCOPES_PATH}/999999`, 'Сетка не найдена');
    });
  });

  describe('slots', () => {
    let grid: GridScopeBody;
    let first: TimeSlotBody;

    beforeAll(async () => {
      grid = await createManualGrid(admin, 'Сетка для пар');
      first = await createSlot(admin, grid.id, 1, '08:30', '10:00');
    });

    it('creates a slot with times as HH:MM:SS and a computed duration, ignoring a client durationMinutes', async () => {
      const response = await admin.post(SLOTS_PATH, { orderNumber: 1, scopeId: base.id, startTime: '08:30', endTime: '10:00:00', durationMinutes: 5 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        orderNumber: 1,
        scopeId: base.id,
        scopeName: 'Основная сетка',
        scopeApplyMode: 'DEFAULT',
        startTime: '08:30:00',
        endTime: '10:00:00',
        durationMinutes: 90,
      });
      expect(await t.sql('alpha', `SELECT scope_id, order_number, start_time::text, end_time::text FROM time_slots WHERE id = $1`, [response.body.id])).toEqual([
        { scope_id: base.id, order_number: 1, start_time: '08:30:00', end_time: '10:00:00' },
      ]);
      // Seconds are kept; the duration counts whole minutes.
      const withSeconds = await createSlot(admin, grid.id, 7, '20:00:15', '21:30:00');
      expect(withSeconds).toMatchObject({ startTime: '20:00:15', endTime: '21:30:00', durationMinutes: 89 });
    });

    it('allows a slot adjacent to another (end of one equals start of the next)', async () => {
      const adjacent = await admin.post(SLOTS_PATH, { orderNumber: 2, scopeId: grid.id, startTime: '10:00', endTime: '11:30' });
      expect(adjacent.status).toBe(200);
      expect(adjacent.body).toMatchObject({ orderNumber: 2, startTime: '10:00:00', endTime: '11:30:00', durationMinutes: 90 });
      const before = await admin.post(SLOTS_PATH, { orderNumber: 3, scopeId: grid.id, startTime: '07:00', endTime: '08:30' });
      expect(before.status).toBe(200);
    });

    it('refuses an equal order number in the same grid with 409 naming the slot', async () => {
      await refused(
        () => admin.post(SLOTS_PATH, { orderNumber: 1, scopeId: grid.id, startTime: '18:00', endTime: '19:00' }),
        409,
        SLOTS_PATH,
        'В сетке «Сетка для пар» уже есть пара №1 (08:30–10:00)',
      );
    });

    it.each([
      ['inside', '09:00', '09:30'],
      ['covering', '08:00', '10:30'],
      ['overlapping the start', '08:00', '08:31'],
      ['overlapping the end', '09:59', '10:01'],
      ['identical', '08:30', '10:00'],
    ])('refuses an interval %s another slot with 409 naming it', async (_case, startTime, endTime) => {
      const slotsOfFirst = (await admin.get(`${SLOTS_PATH}?scopeId=${grid.id}`)).body as TimeSlotBody[];
      const clash = slotsOfFirst.find((slot) => slot.startTime < `${endTime}:00` && slot.endTime > `${startTime}:00`);
      expect(clash).toBeDefined();
      await refused(
        () => admin.post(SLOTS_PATH, { orderNumber: 15, scopeId: grid.id, startTime, endTime }),
        409,
        SLOTS_PATH,
        `Время ${startTime}–${endTime} пересекается с парой №${clash?.orderNumber} (${clash?.startTime.slice(0, 5)}–${clash?.endTime.slice(0, 5)}) сетки «Сетка для пар»`,
      );
    });

    it('allows the same number and time in another grid', async () => {
      const other = await createManualGrid(admin);
      const slot = await createSlot(admin, other.id, 1, '08:30', '10:00');
      expect(slot).toMatchObject({ scopeId: other.id, orderNumber: 1 });
    });

    it.each([
      [{ scopeId: 0 }, /«scopeId» должно быть положительным числом/],
      [{ scopeId: undefined }, /«scopeId» обязательно/],
      [{ orderNumber: undefined }, /«orderNumber» обязательно/],
      [{ orderNumber: 0 }, /«orderNumber» должно быть не меньше 1/],
      [{ orderNumber: 21 }, /«orderNumber» должно быть не больше 20/],
      [{ orderNumber: 1.5 }, /«orderNumber» должно быть целым числом/],
      [{ startTime: undefined }, /«startTime» обязательно/],
      [{ startTime: '8:30' }, /«startTime» должно быть временем в формате ЧЧ:ММ или ЧЧ:ММ:СС/],
      [{ startTime: '24:00' }, /«startTime» должно быть временем/],
      [{ endTime: '12:60' }, /«endTime» должно быть временем/],
      [{ endTime: '12:00:60' }, /«endTime» должно быть временем/],
      [{ endTime: '12:00:00.000' }, /«endTime» должно быть временем/],
      [{ endTime: 1200 }, /«endTime» должно быть временем/],
      [{ endTime: null }, /«endTime» обязательно/],
      [{ startTime: '13:00', endTime: '12:00' }, 'Время начала пары должно быть раньше времени окончания'],
      [{ startTime: '13:00', endTime: '13:00:00' }, 'Время начала пары должно быть раньше времени окончания'],
      [{ startTime: '13:00:00', endTime: '13:00:59' }, 'Пара должна длиться не менее одной минуты'],
      [{ scopeId: 999999 }, 'Сетка с идентификатором 999999 не найдена'],
    ])('refuses the invalid slot %j with 400', async (change, message) => {
      const body = { orderNumber: 10, scopeId: grid.id, startTime: '13:00', endTime: '14:00', ...change };
      await refused(() => admin.post(SLOTS_PATH, body), 400, SLOTS_PATH, message);
      await refused(() => admin.put(`${SLOTS_PATH}/${first.id}`, body), 400, `${SLOTS_PATH}/${first.id}`, message);
    });

    it('the database itself refuses overlapping slots, equal numbers and a too short slot', async () => {
      const insert = (orderNumber: number, start: string, end: string) =>
        t.sql('alpha', `INSERT INTO time_slots (scope_id, order_number, start_time, end_time) VALUES ($1, $2, $3, $4)`, [grid.id, orderNumber, start, end]);
      await expect(insert(16, '09:59', '10:01')).rejects.toMatchObject({ code: '23P01', constraint: 'ex_time_slots_overlap' });
      await expect(insert(1, '22:00', '23:00')).rejects.toMatchObject({ code: '23505', constraint: 'uq_time_slots_scope_order' });
      await expect(insert(17, '22:00:00', '22:00:30')).rejects.toMatchObject({ code: '23514', constraint: 'ck_time_slots_duration' });
      await expect(insert(21, '22:00', '23:00')).rejects.toMatchObject({ code: '23514', constraint: 'ck_time_slots_order_number' });
      // Touching ends are no overlap for the constraint either.
      await insert(18, '11:30', '11:40');
      await t.sql('alpha', `DELETE FROM time_slots WHERE scope_id = $1 AND order_number = 18`, [grid.id]);
    });

    it('of two parallel overlapping creations, exactly one succeeds and the other gets 409', async () => {
      const race = await createManualGrid(admin, 'Сетка гонки');
      const responses = await Promise.all([
        admin.post(SLOTS_PATH, { orderNumber: 1, scopeId: race.id, startTime: '08:00', endTime: '09:30' }),
        admin.post(SLOTS_PATH, { orderNumber: 2, scopeId: race.id, startTime: '09:00', endTime: '10:30' }),
        // Each pair of the three clashes, so whichever arrives first wins and the others lose.
        admin.post(SLOTS_PATH, { orderNumber: 3, scopeId: race.id, startTime: '08:30', endTime: '10:00' }),
      ]);
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(2);
      for (const response of responses.filter((item) => item.status === 409)) expectErrorBody(response.body, 409, SLOTS_PATH);
      expect(await t.sql('alpha', `SELECT count(*)::int AS count FROM time_slots WHERE scope_id = $1`, [race.id])).toEqual([{ count: 1 }]);
    });

    it('updates number and times, and keeping its own interval is no clash with itself', async () => {
      const slot = await createSlot(admin, grid.id, 5, '14:00', '15:00');
      const response = await admin.put(`${SLOTS_PATH}/${slot.id}`, { orderNumber: 6, scopeId: grid.id, startTime: '14:00', endTime: '15:30', durationMinutes: 1 });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...slot, orderNumber: 6, endTime: '15:30:00', durationMinutes: 90 });
      expect(await t.sql('alpha', `SELECT order_number, end_time::text FROM time_slots WHERE id = $1`, [slot.id])).toEqual([
        { order_number: 6, end_time: '15:30:00' },
      ]);
    });

    it('refuses an update clashing with another slot of the grid (409)', async () => {
      const slot = await createSlot(admin, grid.id, 8, '16:00', '17:00');
      const path = `${SLOTS_PATH}/${slot.id}`;
      await refused(() => admin.put(path, { orderNumber: 1, scopeId: grid.id, startTime: '16:00', endTime: '17:00' }), 409, path, /уже есть пара №1/);
      await refused(() => admin.put(path, { orderNumber: 8, scopeId: grid.id, startTime: '09:00', endTime: '09:30' }), 409, path, /пересекается с парой №1/);
    });

    it('moves a slot to another grid, and refuses a move into an overlapping position there (409)', async () => {
      const target = await createManualGrid(admin, 'Целевая сетка');
      await createSlot(admin, target.id, 1, '09:00', '10:00');
      const slot = await createSlot(admin, grid.id, 9, '17:00', '18:00');
      const path = `${SLOTS_PATH}/${slot.id}`;
      await refused(
        () => admin.put(path, { orderNumber: 2, scopeId: target.id, startTime: '09:30', endTime: '10:30' }),
        409,
        path,
        'Время 09:30–10:30 пересекается с парой №1 (09:00–10:00) сетки «Целевая сетка»',
      );
      await refused(() => admin.put(path, { orderNumber: 1, scopeId: target.id, startTime: '12:00', endTime: '13:00' }), 409, path, /В сетке «Целевая сетка» уже есть пара №1/);

      const moved = await admin.put(path, { orderNumber: 2, scopeId: target.id, startTime: '10:00', endTime: '11:00' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ ...slot, orderNumber: 2, scopeId: target.id, scopeName: 'Целевая сетка', startTime: '10:00:00', endTime: '11:00:00', durationMinutes: 60 });
      expect(await t.sql('alpha', `SELECT scope_id FROM time_slots WHERE id = $1`, [slot.id])).toEqual([{ scope_id: target.id }]);
    });

    it('answers 404 for an unknown slot and 400 for a malformed id', async () => {
      const body = { orderNumber: 1, scopeId: grid.id, startTime: '08:00', endTime: '09:00' };
      await refused(() => admin.put(`${SLOTS_PATH}/999999`, body), 404, `${SLOTS_PATH}/999999`, 'Пара не найдена');
      await refused(() => admin.delete(`${SLOTS_PATH}/999999`), 404, `${SLOTS_PATH}/999999`, 'Пара не найдена');
      for (const id of ['abc', '0', '-1']) {
        await refused(() => admin.delete(`${SLOTS_PATH}/${id}`), 400, `${SLOTS_PATH}/${id}`, 'Параметр «id» должен быть положительным целым числом');
      }
    });

    it('deletes a slot and answers it', async () => {
      const slot = await createSlot(admin, grid.id, 11, '19:00', '19:45');
      const response = await admin.delete(`${SLOTS_PATH}/${slot.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(slot);
      expect(await t.sql('alpha', `SELECT id FROM time_slots WHERE id = $1`, [slot.id])).toEqual([]);
    });

    it('lists the slots of all grids or of one grid, grid by grid and by number, to every role', async () => {
      const all = await admin.get(SLOTS_PATH);
      expect(all.status).toBe(200);
      const slots = all.body as TimeSlotBody[];
      const stored = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM time_slots`);
      expect(slots).toHaveLength(stored[0].count);
      expect(slots[0]).toMatchObject({ scopeApplyMode: 'DEFAULT' });
      expect(slots).toContainEqual(first);

      const ofGrid = await admin.get(`${SLOTS_PATH}?scopeId=${grid.id}`);
      expect(ofGrid.status).toBe(200);
      const numbers = (ofGrid.body as TimeSlotBody[]).map((slot) => slot.orderNumber);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      expect((ofGrid.body as TimeSlotBody[]).every((slot) => slot.scopeId === grid.id && slot.scopeName === grid.name)).toBe(true);
      expect(ofGrid.body).toContainEqual(first);

      expect((await admin.get(`${SLOTS_PATH}?scopeId=999999`)).body).toEqual([]);
      const bad = await admin.get(`${SLOTS_PATH}?scopeId=abc`);
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, SLOTS_PATH, /«scopeId» должно быть целым числом/);

      for (const [role, client] of clients) {
        const seen = await client.get(`${SLOTS_PATH}?scopeId=${grid.id}`);
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(ofGrid.body);
      }
    });
  });

  describe('slots used by the schedule', () => {
    // Schedule rules do not exist yet: a stand-in table registered as a slot reference plays their part.
    let undeclare = (): void => undefined;
    let used: TimeSlotBody;

    beforeAll(async () => {
      await t.sql('alpha', `CREATE TABLE test_rule_slots (id serial PRIMARY KEY, time_slot_id integer NOT NULL)`);
      undeclare = defineReferences('time-slot', [{ sql: 'SELECT time_slot_id AS id FROM test_rule_slots', noun: ['ссылка', 'ссылки', 'ссылок'] }]);
      used = await createSlot(admin, base.id, 12, '21:00', '21:45');
      await t.sql('alpha', `INSERT INTO test_rule_slots (time_slot_id) VALUES ($1), ($1)`, [used.id]);
    });
    afterAll(async () => {
      undeclare();
      await t.sql('alpha', `DROP TABLE test_rule_slots`);
    });

    it('refuses to move a referenced base slot out of the base grid (409) but lets its time change', async () => {
      const manual = await createManualGrid(admin);
      const path = `${SLOTS_PATH}/${used.id}`;
      await refused(
        () => admin.put(path, { orderNumber: 12, scopeId: manual.id, startTime: '21:00', endTime: '21:45' }),
        409,
        path,
        'Пару №12 основной сетки используют правила расписания (2): её нельзя перенести в другую сетку',
      );
      const retimed = await admin.put(path, { orderNumber: 12, scopeId: base.id, startTime: '21:00', endTime: '21:50' });
      expect(retimed.status).toBe(200);
      expect(retimed.body).toMatchObject({ scopeId: base.id, endTime: '21:50:00', durationMinutes: 50 });
    });

    it('refuses to delete a referenced slot (400, as spec 7 lists) and deletes it once unused', async () => {
      const path = `${SLOTS_PATH}/${used.id}`;
      await refused(() => admin.delete(path), 400, path, 'Нельзя удалить пару №12 сетки «Основная сетка»: её используют правила расписания (2)');
      await t.sql('alpha', `DELETE FROM test_rule_slots`);
      expect((await admin.delete(path)).status).toBe(200);
    });

    it('refuses to delete a grid whose slots are referenced (409)', async () => {
      const manual = await createManualGrid(admin, 'Сетка со ссылками');
      const slot = await createSlot(admin, manual.id, 1, '08:00', '09:00');
      await t.sql('alpha', `INSERT INTO test_rule_slots (time_slot_id) VALUES ($1)`, [slot.id]);
      const path = `${SCOPES_PATH}/${manual.id}`;
      await refused(() => admin.delete(path), 409, path, 'Нельзя удалить сетку «Сетка со ссылками»: её пары используются в расписании (1 ссылка)');
    });
  });

  describe('roles', () => {
    it('lets EDUCATION_OFFICE maintain grids, slots and date assignments', async () => {
      const office = clients.get('EDUCATION_OFFICE') as TenantClient;
      const grid = await createManualGrid(office, 'Сетка учебного отдела');
      const slot = await createSlot(office, grid.id, 1, '08:00', '09:00');
      expect((await office.put(`${SLOTS_PATH}/${slot.id}`, { orderNumber: 2, scopeId: grid.id, startTime: '08:00', endTime: '09:00' })).status).toBe(200);
      expect((await office.put(`${SCOPES_PATH}/${grid.id}`, { name: 'Сетка отдела' })).status).toBe(200);
      const assignment = await assignDate(office, '2032-01-05', grid.id);
      expect((await office.delete(`${ASSIGNMENTS_PATH}/${assignment.id}`)).status).toBe(200);
      expect((await office.delete(`${SLOTS_PATH}/${slot.id}`)).status).toBe(200);
      expect((await office.delete(`${SCOPES_PATH}/${grid.id}`)).status).toBe(200);
    });

    it('refuses every change to the read-only roles with 403 and changes nothing', async () => {
      const grid = await createManualGrid(admin);
      const slot = await createSlot(admin, grid.id, 1, '08:00', '09:00');
      const assignment = await assignDate(admin, '2032-02-05', grid.id);
      const slotBody = { orderNumber: 2, scopeId: grid.id, startTime: '10:00', endTime: '11:00' };
      for (const role of READ_ONLY) {
        const client = clients.get(role) as TenantClient;
        const attempts: [() => Promise<{ status: number; body: Record<string, unknown> }>, string][] = [
          [() => client.post(SLOTS_PATH, slotBody), SLOTS_PATH],
          [() => client.put(`${SLOTS_PATH}/${slot.id}`, slotBody), `${SLOTS_PATH}/${slot.id}`],
          [() => client.delete(`${SLOTS_PATH}/${slot.id}`), `${SLOTS_PATH}/${slot.id}`],
          [() => client.post(SCOPES_PATH, { name: `От ${role}` }), SCOPES_PATH],
          [() => client.put(`${SCOPES_PATH}/${grid.id}`, { name: `От ${role}` }), `${SCOPES_PATH}/${grid.id}`],
          [() => client.delete(`${SCOPES_PATH}/${grid.id}`), `${SCOPES_PATH}/${grid.id}`],
          [() => client.post(ASSIGNMENTS_PATH, { date: '2032-02-06', scopeId: grid.id }), ASSIGNMENTS_PATH],
          [() => client.delete(`${ASSIGNMENTS_PATH}/${assignment.id}`), `${ASSIGNMENTS_PATH}/${assignment.id}`],
        ];
        for (const [send, path] of attempts) await refused(send, 403, path);
      }
    });

    it('refuses every endpoint without a token (401)', async () => {
      const anonymous = t.as('alpha');
      for (const response of [
        await anonymous.get(SLOTS_PATH),
        await anonymous.get(`${SLOTS_PATH}/effective?date=2030-01-01`),
        await anonymous.get(SCOPES_PATH),
        await anonymous.get(ASSIGNMENTS_PATH),
        await anonymous.post(SLOTS_PATH, {}),
      ]) {
        expect(response.status).toBe(401);
      }
    });
  });
});
