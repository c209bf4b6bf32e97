import ExcelJS from 'exceljs';
import { Role } from '../src/platform/auth/roles';
import { expectErrorBody } from './support/factories';
import { csv, importedTableCounts, importFile, xlsx } from './support/import-builders';
import { createPreference } from './support/preference-builders';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * The data import's files and refusals (issue 28): CSV as Russian spreadsheet programs save it, bad
 * rows among good ones (nothing written, the row and column named), a rule clashing with a stored
 * rule (the 409 reason of 4.9 in the report), files that are not spreadsheets, too large, password
 * protected or with formulas, templates, and who may import what.
 */
describe('data import: files, refusals and roles (issue 28)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let clients: Map<Role, TenantClient>;

  const ROOM_HEADERS = ['Аудитория', 'Вместимость', 'Корпус', 'Этаж'];

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    clients = await clientsByRole(t, admin, u.department.id);
  });
  afterAll(() => t.close());

  /** A real run refused with 400 and the report; nothing in any table changed. */
  async function refusedRun(client: TenantClient, kind: string, file: Buffer, options: { versionId?: number } = {}) {
    const before = await importedTableCounts(t);
    const response = await importFile(client, kind, file, { ...options, dryRun: false });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expect.objectContaining({ kind, dryRun: false, summary: expect.objectContaining({ refused: expect.any(Number) }) }));
    expect(response.body.summary.refused).toBeGreaterThan(0);
    expect(await importedTableCounts(t)).toEqual(before);
    return response.body;
  }

  /** A file refused as a whole: 400 with the common body and `message`, nothing changed. */
  async function refusedFile(file: Buffer, message: string | RegExp, kind = 'classrooms', filename?: string) {
    const before = await importedTableCounts(t);
    const response = await importFile(admin, kind, file, { dryRun: false, filename });
    expectErrorBody(response.body, 400, `/api/admin/import/${kind}`, message);
    expect(await importedTableCounts(t)).toEqual(before);
  }

  it('reads a CSV in Windows-1251 with «;» (and UTF-8 with BOM with «,»), columns by header or API name in any order', async () => {
    const win1251 = csv([ROOM_HEADERS, ['Лаборатория «Ёлка»', 24, 'Корпус Б', 3], ['Чертёжный зал', 40, 'Корпус Б', '']]);
    expect(win1251.includes(Buffer.from('Лаборатория', 'utf8'))).toBe(false); // really Windows-1251 bytes
    const report = await importFile(admin, 'classrooms', win1251, { dryRun: false, filename: 'rooms.csv' });
    expect({ status: report.status, summary: report.body.summary }).toEqual({ status: 200, summary: { created: 2, updated: 0, unchanged: 0, refused: 0 } });
    const [room] = await t.sql<{ name: string; capacity: number; building: string; floor: number | null }>(
      'alpha',
      `SELECT name, capacity, building, floor FROM classrooms WHERE name = 'Лаборатория «Ёлка»'`,
    );
    expect(room).toEqual({ name: 'Лаборатория «Ёлка»', capacity: 24, building: 'Корпус Б', floor: 3 });

    const utf8 = csv([['capacity', 'name'], [26, 'Лаборатория «Ёлка»']], { encoding: 'utf8-bom', separator: ',' });
    const update = await importFile(admin, 'classrooms', utf8, { dryRun: false, filename: 'rooms.csv' });
    expect(update.body.rows).toEqual([{ row: 2, status: 'UPDATED', column: null, message: null }]);
    const [changed] = await t.sql<{ capacity: number }>('alpha', `SELECT capacity FROM classrooms WHERE name = 'Лаборатория «Ёлка»'`);
    expect(changed.capacity).toBe(26);
  });

  it('refuses a real run with one bad row among good ones: nothing written, the row and the column named', async () => {
    const file = await xlsx(ROOM_HEADERS, [
      ['Ауд. 301', 30, 'Главный', 3],
      ['Ауд. 302', 'тридцать', 'Главный', 3],
      ['Ауд. 303', 0, 'Главный', 3],
      ['Ауд. 304', 30, 'Главный', 3],
    ]);
    const report = await refusedRun(admin, 'classrooms', file);
    expect(report.summary).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 2 });
    expect(report.rows).toEqual([
      { row: 2, status: 'CREATED', column: null, message: null },
      { row: 3, status: 'REFUSED', column: 'Вместимость', message: 'Ожидается целое число, в ячейке «тридцать»' },
      { row: 4, status: 'REFUSED', column: 'Вместимость', message: expect.stringMatching(/^Поле «Вместимость» .*1/) },
      { row: 5, status: 'CREATED', column: null, message: null },
    ]);
    expect(report.message).toMatch(/Ничего не записано/);

    // The dry run of the same file answers the same report with 200.
    const dry = await importFile(admin, 'classrooms', file);
    expect({ status: dry.status, rows: dry.body.rows }).toEqual({ status: 200, rows: report.rows });
  });

  it('lets one of two parallel imports of the same file win; the other is refused whole (the unique names decide)', async () => {
    const file = await xlsx(ROOM_HEADERS, [['Ауд. 701', 20, 'Г', 7], ['Ауд. 702', 20, 'Г', 7], ['Ауд. 703', 20, 'Г', 7]]);
    const answers = await Promise.all([importFile(admin, 'classrooms', file, { dryRun: false }), importFile(admin, 'classrooms', file, { dryRun: false })]);
    const statuses = answers.map((answer) => answer.status).sort();
    if (statuses[0] === 200 && statuses[1] === 200) {
      // The second started after the first had committed: it found every room unchanged.
      expect(answers.map((answer) => answer.body.summary.created).sort()).toEqual([0, 3]);
    } else {
      expect(statuses).toEqual([200, 400]);
    }
    const [count] = await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM classrooms WHERE name LIKE 'Ауд. 70_'`);
    expect(Number(count.count)).toBe(3);
  });

  it('refuses a missing required column, naming it', async () => {
    // The column by its Russian header only (issue 45 §7), not the API's field name.
    await refusedFile(await xlsx(['Аудитория', 'Корпус'], [['Ауд. 1', 'А']]), /В файле нет обязательных столбцов: «Вместимость»\. /);
  });

  it('refuses a rule row that clashes with a stored rule with the 409 reason of 4.9, and writes nothing', async () => {
    const [teacher] = u.teachers;
    await createRule(admin, ruleBody(u, { lectureAcademicHours: 16, slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[0].id, teacherId: teacher.id })] }));
    const headers = ['Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория'];
    const file = await xlsx(headers, [
      [u.subjects[1].name, u.groups[1].name, 16, 'ср', 1, 'Лекция', teacher.username, u.classrooms[1].name],
      [u.subjects[1].name, u.groups[1].name, 16, 'вт', 1, 'Лекция', teacher.username, u.classrooms[1].name],
    ]);
    const report = await refusedRun(admin, 'rules', file, { versionId: u.versionId });
    expect(report.rows[0]).toEqual(expect.objectContaining({ row: 2, status: 'CREATED' }));
    expect(report.rows[1]).toEqual({ row: 3, status: 'REFUSED', column: null, message: expect.stringMatching(/^Конфликт: .*преподавател/i) });
  });

  it('refuses a rule that clashes with an earlier row of the same file, naming that row', async () => {
    const [, second] = u.teachers;
    const headers = ['Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория'];
    const file = await xlsx(headers, [
      [u.subjects[0].name, u.groups[0].name, 16, 'чт', 2, 'Лекция', second.username, u.classrooms[0].name],
      [u.subjects[1].name, u.groups[1].name, 16, 'чт', 2, 'Лекция', second.username, u.classrooms[1].name],
    ]);
    const report = await refusedRun(admin, 'rules', file, { versionId: u.versionId });
    expect(report.rows.map((row) => row.status)).toEqual(['CREATED', 'REFUSED']);
    expect(report.rows[1].message).toMatch(/^Конфликт: Пересекается с правилом \(строка 2\) из этого же списка .*преподавател/i);
  });

  it('refuses a rule at a time its teacher\'s approved hard unavailability closes (4.9 rule 13)', async () => {
    const [teacher] = u.teachers;
    // Entered by the administrator, the preference is approved at once.
    const preference = await createPreference(admin, { teacherId: teacher.id, semesterId: u.semester.id, preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: 5, timeSlotId: u.timeSlots[2].id });
    expect(preference.status).toBe('APPROVED');
    const headers = ['Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория'];
    const file = await xlsx(headers, [[u.subjects[0].name, u.groups[0].name, 16, 'пт', 3, 'Лекция', teacher.username, u.classrooms[0].name]]);
    const report = await refusedRun(admin, 'rules', file, { versionId: u.versionId });
    expect(report.rows[0]).toEqual({ row: 2, status: 'REFUSED', column: null, message: expect.stringMatching(/недоступен .*утверждённым ограничением/) });
  });

  it('loads a teaching plan («нагрузка») without day, pair and room into a draft as unplaced slots; a second import changes nothing (issue 43)', async () => {
    const draft = await createVersion(admin, u.semester.id, 'План нагрузки');
    const [g0, g1] = u.groups;
    const [t0, t1] = u.teachers;
    const headers = ['№ правила', 'Дисциплина', 'Группы', 'Часы лекций', 'Часы лабораторных', 'Вид занятия', 'Преподаватель', 'Подгруппы'];
    const plan = await xlsx(headers, [
      [1, u.subjects[0].name, `${g0.name}; ${g1.name}`, 32, 0, 'Лекция', t0.username, ''],
      [2, u.subjects[1].name, g1.name, 0, 16, 'Лабораторная работа', t1.username, g1.subgroups[0].name],
      [2, u.subjects[1].name, g1.name, 0, 16, 'Лабораторная работа', t1.username, g1.subgroups[1].name],
    ]);
    const first = await importFile(admin, 'rules', plan, { versionId: draft.id, dryRun: false });
    expect({ status: first.status, summary: first.body.summary }).toEqual({ status: 200, summary: { created: 2, updated: 0, unchanged: 0, refused: 0 } });

    const rules = (await admin.get(`/api/admin/schedule-rules?versionId=${draft.id}`)).body as { slots: Record<string, unknown>[] }[];
    const slots = rules.flatMap((rule) => rule.slots);
    expect(slots).toHaveLength(3);
    for (const slot of slots) expect(slot).toMatchObject({ dayOfWeek: null, timeSlotId: null, classroomId: null, classroomName: null });
    expect(slots.map((slot) => slot.teacherId)).toEqual([t0.id, t1.id, t1.id]);
    const validation = await admin.get(`/api/edu-office/schedule/versions/${draft.id}/validate`);
    expect(validation.body).toMatchObject({ unplacedSlotCount: 3, checkedLessonCount: 0 });

    const before = await importedTableCounts(t);
    const again = await importFile(admin, 'rules', plan, { versionId: draft.id, dryRun: false });
    expect(again.body.summary).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    expect(await importedTableCounts(t)).toEqual(before);
  });

  it('refuses empty day, pair and room outside a draft, and a row with only some of them, naming the column (issue 43)', async () => {
    const headers = ['Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория'];
    const unplaced = await xlsx(headers, [[u.subjects[0].name, u.groups[0].name, 16, '', '', 'Лекция', u.teachers[0].username, '']]);
    const published = await refusedRun(admin, 'rules', unplaced, { versionId: u.versionId });
    expect(published.rows[0]).toEqual({ row: 2, status: 'REFUSED', column: 'День недели', message: expect.stringMatching(/допустимы только при импорте в черновик/) });

    const draft = await createVersion(admin, u.semester.id, 'Черновик с неполной строкой');
    const half = await xlsx(headers, [[u.subjects[0].name, u.groups[0].name, 16, 'пн', 2, 'Лекция', u.teachers[0].username, '']]);
    const report = await refusedRun(admin, 'rules', half, { versionId: draft.id });
    expect(report.rows[0]).toEqual({ row: 2, status: 'REFUSED', column: 'Аудитория', message: expect.stringMatching(/^День недели, пара и аудитория заполняются вместе/) });
  });

  it('asks for the version of imported rules', async () => {
    const file = await xlsx(['Дисциплина', 'Группы', 'День недели', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория'], []);
    await refusedFile(file, /versionId/, 'rules');
  });

  it('reads formulas as their values and never runs them', async () => {
    const file = await xlsx(ROOM_HEADERS, [['Ауд. 401', { formula: '20+5', result: 25 }, { formula: 'CONCATENATE("Корпус"," В")', result: 'Корпус В' }, 4]]);
    const report = await importFile(admin, 'classrooms', file, { dryRun: false });
    expect(report.body.summary.created).toBe(1);
    const [room] = await t.sql('alpha', `SELECT capacity, building FROM classrooms WHERE name = 'Ауд. 401'`);
    expect(room).toEqual({ capacity: 25, building: 'Корпус В' });
  });

  it('refuses a file that is not a spreadsheet, one over 20 MB, a password-protected one and a broken XLSX with a clear message', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), Buffer.alloc(64)]);
    await refusedFile(png, /не является таблицей XLSX или CSV/, 'classrooms', 'photo.png');
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    await refusedFile(huge, 'Файл больше 20 МБ: разделите его на несколько файлов');
    const encrypted = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await refusedFile(encrypted, /защищён паролем/, 'classrooms', 'secret.xlsx');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 7)]);
    await refusedFile(broken, /повреждён/);
  });

  it('refuses a request without the file, or with it under another field name', async () => {
    const without = await admin.post('/api/admin/import/classrooms').query({ dryRun: 'false' });
    expectErrorBody(without.body, 400, '/api/admin/import/classrooms', /поле формы «file»/);
    const other = await admin.post('/api/admin/import/classrooms').attach('document', Buffer.from('a;b'), 'x.csv');
    expectErrorBody(other.body, 400, '/api/admin/import/classrooms', /поле.* «file»/);
  });

  it('gives an XLSX template with the Russian headers and an example row, which imports as it is', async () => {
    const response = await admin
      .get('/api/admin/import/classrooms/template')
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    const bytes = response.body as Buffer;
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Аудитория', 'Вместимость', 'Корпус', 'Этаж', 'Доступна', 'Оборудование']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['А-101', 30]);
    const dry = await importFile(admin, 'classrooms', response.body as Buffer);
    expect(dry.body.rows).toEqual([{ row: 2, status: 'CREATED', column: null, message: null }]);
    expect((await admin.get('/api/admin/import/unknown/template')).status).toBe(404);
  });

  it('lets DEPARTMENT import only its own subjects and teacher requests; other roles and kinds are refused', async () => {
    const department = clients.get('DEPARTMENT')!;
    const subjects = await importFile(department, 'subjects', await xlsx(['Дисциплина', 'Код дисциплины'], [['Теория графов', 'Б1.В.01']]), { dryRun: false });
    expect(subjects.body.summary.created).toBe(1);
    const [subject] = await t.sql('alpha', `SELECT department_id AS "departmentId" FROM subjects WHERE name = 'Теория графов'`);
    expect(subject).toEqual({ departmentId: u.department.id });
    // Another department's subject name: the 409 rule of 4.17 as the row's reason.
    await t.sql('alpha', `INSERT INTO departments (name, code) VALUES ('Чужая кафедра', 999)`);
    await admin.post('/api/subjects', { name: 'Чужая дисциплина', departmentId: (await t.sql<{ id: number }>('alpha', `SELECT id FROM departments WHERE code = 999`))[0].id });
    const foreign = await refusedRun(department, 'subjects', await xlsx(['Дисциплина'], [['чужая дисциплина']]));
    expect(foreign.rows[0]).toEqual({ row: 2, status: 'REFUSED', column: null, message: expect.stringMatching(/^Конфликт: .*другой кафедрой/) });

    const requests = await importFile(department, 'users', await xlsx(['Логин', 'ФИО', 'Должность'], [['new.teacher', 'Новый Преподаватель', 'Ассистент']]), { dryRun: false });
    expect(requests.body.rows[0]).toEqual(expect.objectContaining({ status: 'CREATED', message: expect.stringMatching(/Заявка/) }));
    expect(requests.body.credentials).toBeUndefined();
    const [request] = await t.sql('alpha', `SELECT username, status, department_id AS "departmentId" FROM teacher_requests`);
    expect(request).toEqual({ username: 'new.teacher', status: 'PENDING', departmentId: u.department.id });
    expect(await t.sql('alpha', `SELECT 1 FROM users WHERE username = 'new.teacher'`)).toEqual([]);

    for (const kind of ['classrooms', 'rules', 'departments', 'groups', 'teacher-subjects']) {
      const response = await importFile(department, kind, await xlsx(['x'], [['y']]));
      expect({ kind, status: response.status }).toEqual({ kind, status: 403 });
    }
    for (const role of ['TEACHER', 'STUDENT', 'SCHEDULE_VIEWER'] as const) {
      const response = await importFile(clients.get(role)!, 'subjects', await xlsx(['Дисциплина'], [['Х']]));
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
    }
    const office = await importFile(clients.get('EDUCATION_OFFICE')!, 'users', await xlsx(['Логин', 'ФИО'], [['x', 'Y']]));
    expect(office.status).toBe(403);
  });
});
