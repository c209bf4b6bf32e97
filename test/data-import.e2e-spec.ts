import { createScheduleYear, createBaseSlots, assignCalendar, DEFAULT_SLOT_TIMES, ScheduleYear } from './support/schedule-builders';
import { createCalendar } from './support/calendar-builders';
import { createEducationForm, createSpecialty, profilesOf } from './support/study-builders';
import { Cell, importedTableCounts, importFile, ImportReportBody, xlsx } from './support/import-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * The import of a whole small university from XLSX files produced here (issue 28): departments,
 * 40 teachers, 20 groups with subgroups, classrooms with equipment, subjects, teacher-subject links
 * and 100 rules. Each file is sent as a dry run first (nothing written), then for real, then again
 * (nothing changes).
 */
describe('data import: a whole university from XLSX (issue 28)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let year: ScheduleYear;
  let specialtyCode: string;
  let formName: string;

  const TEACHERS = 40;
  const GROUPS = 20;
  const ROOMS = 20;
  const SUBJECTS = 10;
  const RULES = 100;
  const teacher = (index: number) => `teacher${String(index + 1).padStart(2, '0')}`;
  const group = (index: number) => `ИВТ-${String(index + 1).padStart(2, '0')}`;
  const room = (index: number) => `Ауд. ${101 + index}`;
  const subject = (index: number) => `Дисциплина ${index + 1}`;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    // What the import kinds refer to but do not create: the academic year with its versions, the bell
    // schedule, a specialty (its «Без профиля» profile comes with it) and an education form.
    year = await createScheduleYear(t, admin, 2026);
    await createBaseSlots(admin, DEFAULT_SLOT_TIMES);
    specialtyCode = (await createSpecialty(admin, { specialityCode: '09.03.01', specialityName: 'Информатика и вычислительная техника' })).specialityCode;
    formName = (await createEducationForm(admin, 'Очная')).name;
  });
  afterAll(() => t.close());

  /** Dry run (nothing written), real run (`created` rows), the same file again (all unchanged). */
  async function importThreeTimes(kind: string, file: Buffer, created: number, options: { versionId?: number } = {}): Promise<ImportReportBody> {
    const before = await importedTableCounts(t);
    const dry = await importFile(admin, kind, file, options);
    expect({ status: dry.status, dryRun: dry.body.dryRun, summary: dry.body.summary }).toEqual({
      status: 200,
      dryRun: true,
      summary: { created, updated: 0, unchanged: 0, refused: 0 },
    });
    expect(await importedTableCounts(t)).toEqual(before);
    // The check promises nothing the load then does differently: no number of a record it did not keep (issue 55).
    expect(dry.body.rows.filter((row) => /№\s*\d/.test(row.message ?? ''))).toEqual([]);

    const real = await importFile(admin, kind, file, { ...options, dryRun: false });
    expect({ status: real.status, dryRun: real.body.dryRun, summary: real.body.summary }).toEqual({
      status: 200,
      dryRun: false,
      summary: { created, updated: 0, unchanged: 0, refused: 0 },
    });
    expect(real.body.rows.map((row) => row.status)).toEqual(Array(created).fill('CREATED'));
    const after = await importedTableCounts(t);

    const again = await importFile(admin, kind, file, { ...options, dryRun: false });
    expect({ status: again.status, summary: again.body.summary }).toEqual({ status: 200, summary: { created: 0, updated: 0, unchanged: created, refused: 0 } });
    expect(await importedTableCounts(t)).toEqual(after);
    return real.body;
  }

  it('imports departments, people, groups, rooms, subjects, links and 100 rules; a second import changes nothing', async () => {
    // Departments.
    await importThreeTimes('departments', await xlsx(['Код кафедры', 'Название кафедры'], [[101, 'Кафедра информатики'], [102, 'Кафедра математики'], [103, 'Кафедра физики']]), 3);
    const departments = await t.sql<{ code: number; name: string }>('alpha', `SELECT code, name FROM departments ORDER BY code`);
    expect(departments).toEqual([
      { code: 101, name: 'Кафедра информатики' },
      { code: 102, name: 'Кафедра математики' },
      { code: 103, name: 'Кафедра физики' },
    ]);

    // 40 teachers: no password in the file; each new user gets a one-time password in the real run's report.
    const userRows: Cell[][] = Array.from({ length: TEACHERS }, (_, index) => [teacher(index), `Преподаватель ${index + 1}`, 'Преподаватель', 'Доцент', 101 + (index % 3)]);
    const users = await importThreeTimes('users', await xlsx(['Логин', 'ФИО', 'Роль', 'Должность', 'Код кафедры'], userRows), TEACHERS);
    expect(users.credentials).toHaveLength(TEACHERS);
    const first = users.credentials![0];
    expect(first).toEqual({ row: 2, username: teacher(0), oneTimePassword: expect.stringMatching(/^[A-Za-z0-9]{12}$/) });
    const signIn = await t.as('alpha').post('/api/auth/login', { username: first.username, password: first.oneTimePassword });
    expect(signIn.status).toBe(200);
    const teachers = await admin.get('/api/users/teachers');
    expect(teachers.body).toEqual(expect.arrayContaining([expect.objectContaining({ username: teacher(39), fullName: 'Преподаватель 40', jobTitle: 'Доцент', departmentName: 'Кафедра информатики' })]));

    // 20 groups with two subgroups each; columns by API field names, in another order.
    const groupRows: Cell[][] = Array.from({ length: GROUPS }, (_, index) => [
      24,
      group(index),
      2026,
      specialtyCode,
      formName,
      101 + (index % 3),
      'Подгруппа 1: 12; Подгруппа 2: 12',
    ]);
    await importThreeTimes('groups', await xlsx(['groupSize', 'name', 'yearStartStudy', 'specialtyCode', 'educationFormName', 'departmentCode', 'subgroups'], groupRows), GROUPS);
    const subgroupCount = await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM subgroups`);
    expect(Number(subgroupCount[0].count)).toBe(GROUPS * 2);

    // Rooms with equipment (new equipment is added to the reference list).
    const roomRows: Cell[][] = Array.from({ length: ROOMS }, (_, index) => [room(index), 30, 'Главный корпус', 1 + (index % 4), 'да', index % 2 ? 'Проектор; Компьютеры' : 'Проектор']);
    await importThreeTimes('classrooms', await xlsx(['Аудитория', 'Вместимость', 'Корпус', 'Этаж', 'Доступна', 'Оборудование'], roomRows), ROOMS);
    const rooms = await admin.get('/api/classrooms');
    expect(rooms.body.find((item: { name: string }) => item.name === room(1))).toEqual(
      expect.objectContaining({ capacity: 30, building: 'Главный корпус', floor: 2, equipments: expect.arrayContaining([expect.objectContaining({ name: 'Компьютеры' })]) }),
    );

    // Subjects and teacher-subject links.
    const subjectRows: Cell[][] = Array.from({ length: SUBJECTS }, (_, index) => [subject(index), `Б1.О.${index + 1}`, 101 + (index % 3)]);
    await importThreeTimes('subjects', await xlsx(['Дисциплина', 'Код дисциплины', 'Код кафедры'], subjectRows), SUBJECTS);
    const linkRows: Cell[][] = Array.from({ length: TEACHERS }, (_, index) => [teacher(index), subject(index % SUBJECTS)]);
    await importThreeTimes('teacher-subjects', await xlsx(['Логин преподавателя', 'Дисциплина'], linkRows), TEACHERS);

    // The groups follow a calendar (not an import kind) before rules can be laid out for them.
    const [profile] = await profilesOf(admin, (await admin.get('/api/specialties')).body[0].id);
    const calendar = await createCalendar(admin, {
      academicYearId: year.year.id,
      specialtyId: profile.specialtyId,
      specialtyProfileId: profile.id,
      studyFormId: (await admin.get('/api/education-forms')).body[0].id,
      courseCount: 1,
    });
    const groupIds = (await t.sql<{ id: number }>('alpha', `SELECT id FROM study_groups ORDER BY id`)).map((row) => row.id);
    await assignCalendar(admin, calendar, groupIds);

    // 100 rules: at each (day, pair) 20 rules, one per group, each with its own teacher and room.
    const ruleRows: Cell[][] = Array.from({ length: RULES }, (_, index) => {
      const time = Math.floor(index / GROUPS); // 0..4
      const day = 1 + (time % 5);
      const teacherIndex = (index % GROUPS) + GROUPS * (time % 2);
      return [index + 1, subject(index % SUBJECTS), group(index % GROUPS), 16, day, 'каждая', 1, 'Лекция', teacher(teacherIndex), room(index % ROOMS), 'Очно'];
    });
    const rulesFile = await xlsx(['№ правила', 'Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Неделя', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория', 'Формат'], ruleRows);
    const rulesLoaded = await importThreeTimes('rules', rulesFile, RULES, { versionId: year.versionId });
    const ruleIds = (await t.sql<{ id: number }>('alpha', 'SELECT id FROM schedule_rules WHERE schedule_version_id = $1 ORDER BY id', [year.versionId])).map((row) => `Правило № ${row.id}`);
    expect(rulesLoaded.rows.map((row) => row.message).sort()).toEqual(ruleIds.sort());
    const stored = await admin.get('/api/admin/schedule-rules/page').query({ versionId: year.versionId, size: 1 });
    expect(stored.body.totalItems).toBe(RULES);
  });
});
