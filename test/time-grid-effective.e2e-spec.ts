import { Role } from '../src/platform/auth/roles';
import { createDepartment, expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import {
  ASSIGNMENTS_PATH,
  assignDate,
  createManualGrid,
  createSlot,
  DateAssignmentBody,
  GridScopeBody,
  gridSnapshot,
  seededGrids,
  SLOTS_PATH,
  TimeSlotBody,
} from './support/time-grid-builders';

const EFFECTIVE_PATH = `${SLOTS_PATH}/effective`;
const MONDAY = '2030-09-02';
const SATURDAY = '2030-09-07';
const SUNDAY = '2030-09-08';
const NEXT_SATURDAY = '2030-09-14';

describe('time grids: date assignments and the effective grid (4.6)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  let base: GridScopeBody;
  let saturday: GridScopeBody;
  let holiday: GridScopeBody;
  let baseSlots: TimeSlotBody[];

  async function refused(
    send: () => Promise<{ status: number; body: Record<string, unknown> }>,
    status: number,
    path: string,
    message?: string | RegExp,
  ): Promise<void> {
    const before = await gridSnapshot(t);
    const response = await send();
    expect({ status: response.status, body: response.body }).toEqual({ status, body: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await gridSnapshot(t)).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    clients = await clientsByRole(t, admin, (await createDepartment(admin)).id);
    ({ base, saturday } = await seededGrids(admin));
    holiday = await createManualGrid(admin, 'Предпраздничный день');
    baseSlots = [
      await createSlot(admin, base.id, 2, '10:10', '11:40'),
      await createSlot(admin, base.id, 1, '08:30', '10:00'),
    ].sort((a, b) => a.orderNumber - b.orderNumber);
  });
  afterAll(() => t.close());

  describe('date assignments', () => {
    it('assigns a manual grid to a date', async () => {
      const response = await admin.post(ASSIGNMENTS_PATH, { date: '2030-12-31', scopeId: holiday.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), date: '2030-12-31', scopeId: holiday.id, scopeName: 'Предпраздничный день' });
      expect(await t.sql('alpha', `SELECT assignment_date::text AS date, scope_id FROM time_grid_date_assignments WHERE id = $1`, [response.body.id])).toEqual([
        { date: '2030-12-31', scope_id: holiday.id },
      ]);
    });

    it('refuses a second assignment for the same date with 409 naming the assigned grid', async () => {
      await assignDate(admin, '2030-11-03', holiday.id);
      const other = await createManualGrid(admin);
      await refused(
        () => admin.post(ASSIGNMENTS_PATH, { date: '2030-11-03', scopeId: other.id }),
        409,
        ASSIGNMENTS_PATH,
        'На 2030-11-03 уже назначена сетка «Предпраздничный день»',
      );
      await refused(() => admin.post(ASSIGNMENTS_PATH, { date: '2030-11-03', scopeId: holiday.id }), 409, ASSIGNMENTS_PATH, /уже назначена сетка/);
    });

    it('of two parallel assignments of one date, exactly one succeeds and the other gets 409', async () => {
      const other = await createManualGrid(admin);
      const responses = await Promise.all([
        admin.post(ASSIGNMENTS_PATH, { date: '2030-11-20', scopeId: holiday.id }),
        admin.post(ASSIGNMENTS_PATH, { date: '2030-11-20', scopeId: other.id }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(await t.sql('alpha', `SELECT count(*)::int AS count FROM time_grid_date_assignments WHERE assignment_date = '2030-11-20'`)).toEqual([{ count: 1 }]);
      await t.sql('alpha', `DELETE FROM time_grid_date_assignments WHERE assignment_date = '2030-11-20'`);
    });

    it('refuses the base and Saturday grids, an unknown grid and invalid bodies with 400', async () => {
      await refused(
        () => admin.post(ASSIGNMENTS_PATH, { date: '2030-10-01', scopeId: base.id }),
        400,
        ASSIGNMENTS_PATH,
        'Сетка «Основная сетка» применяется автоматически; назначить на дату можно только ручную сетку',
      );
      await refused(() => admin.post(ASSIGNMENTS_PATH, { date: '2030-10-05', scopeId: saturday.id }), 400, ASSIGNMENTS_PATH, /^Сетка «Суббота» применяется автоматически/);
      await refused(() => admin.post(ASSIGNMENTS_PATH, { date: '2030-10-01', scopeId: 999999 }), 400, ASSIGNMENTS_PATH, 'Сетка с идентификатором 999999 не найдена');
      for (const [body, message] of [
        [{ scopeId: holiday.id }, /«date» обязательно/],
        [{ date: '2030-02-30', scopeId: holiday.id }, /«date» должно быть датой в формате ГГГГ-ММ-ДД/],
        [{ date: '01.10.2030', scopeId: holiday.id }, /«date» должно быть датой/],
        [{ date: '2030-10-01' }, /«scopeId» обязательно/],
        [{ date: '2030-10-01', scopeId: 'x' }, /«scopeId» должно быть целым числом/],
      ] as const) {
        await refused(() => admin.post(ASSIGNMENTS_PATH, body), 400, ASSIGNMENTS_PATH, message);
      }
    });

    it('the database itself allows manual grids only and one assignment per date', async () => {
      await expect(
        t.sql('alpha', `INSERT INTO time_grid_date_assignments (assignment_date, scope_id) VALUES ('2030-10-02', $1)`, [base.id]),
      ).rejects.toMatchObject({ code: '23503', constraint: 'fk_time_grid_date_assignments_scope' });
      await expect(
        t.sql('alpha', `INSERT INTO time_grid_date_assignments (assignment_date, scope_id) VALUES ('2030-11-03', $1)`, [holiday.id]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'uq_time_grid_date_assignments_date' });
    });

    it('lists assignments by date, optionally within inclusive bounds, to every role', async () => {
      await assignDate(admin, '2030-10-15', holiday.id);
      await assignDate(admin, '2030-10-14', holiday.id);
      const all = await admin.get(ASSIGNMENTS_PATH);
      expect(all.status).toBe(200);
      const dates = (all.body as DateAssignmentBody[]).map((item) => item.date);
      expect(dates).toEqual([...dates].sort());
      const stored = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM time_grid_date_assignments`);
      expect(dates).toHaveLength(stored[0].count);

      const bounded = await admin.get(`${ASSIGNMENTS_PATH}?startDate=2030-10-14&endDate=2030-11-03`);
      expect(bounded.status).toBe(200);
      expect((bounded.body as DateAssignmentBody[]).map((item) => item.date)).toEqual(['2030-10-14', '2030-10-15', '2030-11-03']);
      expect(bounded.body[0]).toEqual({ id: expect.any(Number), date: '2030-10-14', scopeId: holiday.id, scopeName: 'Предпраздничный день' });
      const from = await admin.get(`${ASSIGNMENTS_PATH}?startDate=2030-11-04`);
      expect((from.body as DateAssignmentBody[]).map((item) => item.date)).toEqual(['2030-12-31']);
      const until = await admin.get(`${ASSIGNMENTS_PATH}?endDate=2030-10-14`);
      expect((until.body as DateAssignmentBody[]).map((item) => item.date)).toEqual(['2030-10-14']);

      for (const [role, client] of clients) {
        const seen = await client.get(ASSIGNMENTS_PATH);
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(all.body);
      }
    });

    it('refuses bad list bounds with 400', async () => {
      const reversed = await admin.get(`${ASSIGNMENTS_PATH}?startDate=2030-11-01&endDate=2030-10-01`);
      expect(reversed.status).toBe(400);
      expectErrorBody(reversed.body, 400, ASSIGNMENTS_PATH, 'Дата начала периода позже даты окончания');
      const malformed = await admin.get(`${ASSIGNMENTS_PATH}?startDate=2030-13-01`);
      expect(malformed.status).toBe(400);
      expectErrorBody(malformed.body, 400, ASSIGNMENTS_PATH, /«startDate» должно быть датой/);
    });

    it('removes an assignment and answers it; an unknown one is 404', async () => {
      const assignment = await assignDate(admin, '2030-10-20', holiday.id);
      const path = `${ASSIGNMENTS_PATH}/${assignment.id}`;
      const response = await admin.delete(path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(assignment);
      expect(await t.sql('alpha', `SELECT id FROM time_grid_date_assignments WHERE id = $1`, [assignment.id])).toEqual([]);
      await refused(() => admin.delete(path), 404, path, 'Назначение сетки на дату не найдено');
      await refused(() => admin.delete(`${ASSIGNMENTS_PATH}/x`), 400, `${ASSIGNMENTS_PATH}/x`, 'Параметр «id» должен быть положительным целым числом');
    });
  });

  describe('effective grid', () => {
    const effective = async (date: string, client = admin) => {
      const response = await client.get(`${EFFECTIVE_PATH}?date=${date}`);
      expect(response.status).toBe(200);
      return response.body as { scopeId: number; scopeApplyMode: string; slots: TimeSlotBody[] };
    };

    it('answers the base grid with its slots on a weekday, to every role', async () => {
      const response = await admin.get(`${EFFECTIVE_PATH}?date=${MONDAY}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        date: MONDAY,
        dayOfWeek: 1,
        scopeId: base.id,
        scopeName: 'Основная сетка',
        scopeApplyMode: 'DEFAULT',
        slots: baseSlots,
      });
      expect(baseSlots.map((slot) => slot.orderNumber)).toEqual([1, 2]);
      for (const [role, client] of clients) {
        const seen = await client.get(`${EFFECTIVE_PATH}?date=${MONDAY}`);
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(response.body);
      }
    });

    it('keeps the base grid on a Saturday while the Saturday grid has no slots', async () => {
      const body = await effective(SATURDAY);
      expect(body).toMatchObject({ date: SATURDAY, dayOfWeek: 6, scopeId: base.id, scopeApplyMode: 'DEFAULT' });
      expect(body.slots).toEqual(baseSlots);
    });

    it('uses the Saturday grid on Saturdays once it has slots, and not on other days', async () => {
      const saturdaySlot = await createSlot(admin, saturday.id, 1, '09:00', '10:20');
      const body = await effective(SATURDAY);
      expect(body).toEqual({
        date: SATURDAY,
        dayOfWeek: 6,
        scopeId: saturday.id,
        scopeName: 'Суббота',
        scopeApplyMode: 'SATURDAY',
        slots: [saturdaySlot],
      });
      expect(await effective(SUNDAY)).toMatchObject({ dayOfWeek: 7, scopeId: base.id });
      expect(await effective(MONDAY)).toMatchObject({ scopeId: base.id });
    });

    it('prefers a manual assignment over the Saturday grid and over the base grid', async () => {
      const holidaySlot = await createSlot(admin, holiday.id, 1, '08:30', '09:30');
      await assignDate(admin, NEXT_SATURDAY, holiday.id);
      const onSaturday = await effective(NEXT_SATURDAY);
      expect(onSaturday).toEqual({
        date: NEXT_SATURDAY,
        dayOfWeek: 6,
        scopeId: holiday.id,
        scopeName: 'Предпраздничный день',
        scopeApplyMode: 'MANUAL',
        slots: [holidaySlot],
      });
      // The Saturday before keeps the Saturday grid.
      expect(await effective(SATURDAY)).toMatchObject({ scopeId: saturday.id });

      const weekday = '2030-09-10';
      await assignDate(admin, weekday, holiday.id);
      expect(await effective(weekday)).toMatchObject({ dayOfWeek: 2, scopeId: holiday.id, scopeApplyMode: 'MANUAL', slots: [holidaySlot] });
    });

    it('keeps a manual assignment even when its grid has no slots', async () => {
      const empty = await createManualGrid(admin, 'Пустая сетка');
      await assignDate(admin, '2030-09-11', empty.id);
      expect(await effective('2030-09-11')).toMatchObject({ scopeId: empty.id, scopeApplyMode: 'MANUAL', slots: [] });
    });

    it.each([
      ['', /«date» обязательно/],
      ['?date=', /«date» должно быть датой/],
      ['?date=2030-02-29', /«date» должно быть датой в формате ГГГГ-ММ-ДД/],
      ['?date=07.09.2030', /«date» должно быть датой/],
    ])('refuses a missing or invalid date %p with 400', async (query, message) => {
      const response = await admin.get(`${EFFECTIVE_PATH}${query}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, EFFECTIVE_PATH, message);
    });
  });
});
