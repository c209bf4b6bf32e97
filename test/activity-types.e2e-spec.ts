import { Role } from '../src/platform/auth/roles';
import { ActivityTypeBody, createActivityType } from './support/academic-year-builders';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('activity codes (4.7)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  const refused = new Map<Role, TenantClient>();

  const PATH = '/api/admin/calendar/activity-types';
  const rows = () =>
    t.sql('alpha', `SELECT id, code, name, allow_schedule, color_code, display_order, description FROM activity_types ORDER BY id`);

  const THEORY: Omit<ActivityTypeBody, 'id'> = {
    code: 'Т',
    name: 'Теоретическое обучение',
    allowSchedule: true,
    colorCode: '#4CAF50',
    displayOrder: 1,
    description: null,
  };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin);
    office = (await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: home.id })).client;
    for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
      refused.set(role, (await signedInAs(t, admin, { role, departmentId: home.id })).client);
    }
  });
  afterAll(() => t.close());

  it('starts with the seeded code «Т»', async () => {
    const response = await admin.get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ id: expect.any(Number), ...THEORY }]);
  });

  it('creates codes with every field or with defaults, and lists them by display order, then code', async () => {
    const full = await admin.post(PATH, {
      code: ' К ',
      name: ' Каникулы ',
      allowSchedule: false,
      colorCode: '#ffc107',
      displayOrder: 5,
      description: 'Летние и зимние каникулы',
    });
    expect(full.status).toBe(200);
    expect(full.body).toEqual({
      id: expect.any(Number),
      code: 'К',
      name: 'Каникулы',
      allowSchedule: false,
      colorCode: '#FFC107',
      displayOrder: 5,
      description: 'Летние и зимние каникулы',
    });
    expect(await t.sql('alpha', `SELECT code, name, allow_schedule, color_code, display_order, description FROM activity_types WHERE id = $1`, [full.body.id])).toEqual([
      { code: 'К', name: 'Каникулы', allow_schedule: false, color_code: '#FFC107', display_order: 5, description: 'Летние и зимние каникулы' },
    ]);

    const bare = await office.post(PATH, { code: 'Э', name: 'Экзаменационная сессия', allowSchedule: false, description: '  ' });
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({ id: expect.any(Number), code: 'Э', name: 'Экзаменационная сессия', allowSchedule: false, colorCode: null, displayOrder: 0, description: null });
    const practice = await createActivityType(admin, { code: 'П', allowSchedule: true, displayOrder: 5, colorCode: null });

    const list = await office.get(PATH);
    expect(list.status).toBe(200);
    expect((list.body as ActivityTypeBody[]).map((a) => a.code)).toEqual(['Э', 'Т', 'К', 'П']);
    expect(list.body).toContainEqual(practice);
  });

  it.each([
    ['no code', { name: 'Имя', allowSchedule: true }, /«code» обязательно/],
    ['a blank code', { code: '   ', name: 'Имя', allowSchedule: true }, /«code» не может быть пустым/],
    ['a too long code', { code: 'x'.repeat(17), name: 'Имя', allowSchedule: true }, /«code» должно содержать не более 16 символов/],
    ['no name', { code: 'Z1', allowSchedule: true }, /«name» обязательно/],
    ['no allowSchedule', { code: 'Z1', name: 'Имя' }, /«allowSchedule» обязательно/],
    ['a non-boolean allowSchedule', { code: 'Z1', name: 'Имя', allowSchedule: 'yes' }, /«allowSchedule» должно быть true или false/],
    ['a colour name', { code: 'Z1', name: 'Имя', allowSchedule: true, colorCode: 'red' }, /«colorCode» должно быть цветом в формате #RRGGBB/],
    ['a short colour', { code: 'Z1', name: 'Имя', allowSchedule: true, colorCode: '#12345' }, /«colorCode» должно быть цветом в формате #RRGGBB/],
    ['a colour that is not a string', { code: 'Z1', name: 'Имя', allowSchedule: true, colorCode: 123456 }, /«colorCode» должно быть строкой/],
    ['a fractional display order', { code: 'Z1', name: 'Имя', allowSchedule: true, displayOrder: 1.5 }, /«displayOrder» должно быть целым числом/],
    ['a negative display order', { code: 'Z1', name: 'Имя', allowSchedule: true, displayOrder: -1 }, /«displayOrder» должно быть не меньше 0/],
  ])('rejects %s with 400 and changes nothing', async (_case, body, message) => {
    const before = await rows();
    const response = await admin.post(PATH, body);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 400, PATH, message);
    expect(await rows()).toEqual(before);
  });

  it('rejects a taken code in any letter case with 409 and changes nothing', async () => {
    await createActivityType(admin, { code: 'Pr' });
    const before = await rows();
    for (const code of ['т', 'Т', 'PR', 'pr']) {
      const response = await admin.post(PATH, { code, name: 'Дубликат', allowSchedule: true });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, PATH, 'Код активности с таким обозначением уже существует');
    }
    expect(await rows()).toEqual(before);
  });

  it('updates every field, keeping its own code in another case; omitted optional fields take their defaults', async () => {
    const code = await createActivityType(admin, { code: 'у', name: 'Учебная практика', colorCode: '#000000', displayOrder: 7, description: 'Текст' });
    const response = await office.put(`${PATH}/${code.id}`, { code: 'У', name: 'Практика', allowSchedule: true, colorCode: '#abcdef' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: code.id, code: 'У', name: 'Практика', allowSchedule: true, colorCode: '#ABCDEF', displayOrder: 0, description: null });
    expect(await t.sql('alpha', `SELECT code, name, allow_schedule, color_code, display_order, description FROM activity_types WHERE id = $1`, [code.id])).toEqual([
      { code: 'У', name: 'Практика', allow_schedule: true, color_code: '#ABCDEF', display_order: 0, description: null },
    ]);
  });

  it('lets «Т» be edited', async () => {
    const seeded = ((await admin.get(PATH)).body as ActivityTypeBody[]).find((a) => a.code === 'Т')!;
    const response = await admin.put(`${PATH}/${seeded.id}`, { ...THEORY, name: 'Теоретическое обучение (аудиторное)', colorCode: '#4caf51' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...THEORY, id: seeded.id, name: 'Теоретическое обучение (аудиторное)', colorCode: '#4CAF51' });
    const back = await admin.put(`${PATH}/${seeded.id}`, THEORY);
    expect(back.body).toEqual({ id: seeded.id, ...THEORY });
  });

  it('refuses an update to another code (409), an unknown id (404), a bad id and a bad body (400), changing nothing', async () => {
    const first = await createActivityType(admin, { code: 'A1' });
    const second = await createActivityType(admin, { code: 'A2' });
    const before = await rows();
    const clash = await admin.put(`${PATH}/${second.id}`, { code: 'a1', name: 'X', allowSchedule: true });
    expect(clash.status).toBe(409);
    expectErrorBody(clash.body, 409, `${PATH}/${second.id}`, 'Код активности с таким обозначением уже существует');
    const missing = await admin.put(`${PATH}/999999`, { code: 'NEW', name: 'X', allowSchedule: true });
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body, 404, `${PATH}/999999`, 'Код активности не найден');
    const badId = await admin.put(`${PATH}/abc`, { code: 'NEW', name: 'X', allowSchedule: true });
    expect(badId.status).toBe(400);
    expectErrorBody(badId.body, 400, `${PATH}/abc`, 'Параметр «id» должен быть положительным целым числом');
    const badBody = await admin.put(`${PATH}/${first.id}`, { code: 'A1', name: 'X', allowSchedule: true, colorCode: '#GGGGGG' });
    expect(badBody.status).toBe(400);
    expectErrorBody(badBody.body, 400, `${PATH}/${first.id}`, /«colorCode» должно быть цветом в формате #RRGGBB/);
    expect(await rows()).toEqual(before);
  });

  it('deletes an unused code and answers it; a second delete is 404', async () => {
    const code = await createActivityType(admin, { code: 'D1', colorCode: '#123456' });
    const response = await admin.delete(`${PATH}/${code.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(code);
    expect(await t.sql('alpha', `SELECT id FROM activity_types WHERE id = $1`, [code.id])).toEqual([]);
    const again = await office.delete(`${PATH}/${code.id}`);
    expect(again.status).toBe(404);
    expectErrorBody(again.body, 404, `${PATH}/${code.id}`, 'Код активности не найден');
  });

  it('refuses to delete «Т» with 409 and keeps it', async () => {
    const [seeded] = await t.sql<{ id: number }>('alpha', `SELECT id FROM activity_types WHERE code = 'Т'`);
    const before = await rows();
    const response = await admin.delete(`${PATH}/${seeded.id}`);
    expect(response.status).toBe(409);
    expectErrorBody(response.body, 409, `${PATH}/${seeded.id}`, 'Код «Т» нельзя удалить: по нему создаются учебные календари');
    expect(await rows()).toEqual(before);
  });

  it('refuses every activity-code endpoint to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
    const code = await createActivityType(admin, { code: 'R1' });
    const before = await rows();
    for (const client of refused.values()) {
      const attempts = await Promise.all([
        client.get(PATH),
        client.post(PATH, { code: 'R2', name: 'X', allowSchedule: true }),
        client.put(`${PATH}/${code.id}`, { code: 'R3', name: 'X', allowSchedule: true }),
        client.delete(`${PATH}/${code.id}`),
      ]);
      for (const response of attempts) {
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ status: 403, message: expect.stringMatching(/[а-яё]/i) });
      }
    }
    expect(await rows()).toEqual(before);
    expect((await t.as('alpha').get(PATH)).status).toBe(401);
  });
});
