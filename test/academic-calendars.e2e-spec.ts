import { Role } from '../src/platform/auth/roles';
import {
  activityId,
  CalendarBody,
  CalendarRequestBody,
  createCalendar,
  gridRows,
  GridRow,
  insertActivity,
  insertYear,
  YearRow,
} from './support/calendar-builders';
import { createDepartment, DepartmentBody, expectErrorBody, signedInAs } from './support/factories';
import { createSubject, SubjectBody } from './support/resource-builders';
import { createGroup, createProfile, createSpecialty, createStudySetup, ProfileBody, StudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const BASE = '/api/admin/academic-calendars';
const ISO_MOMENT = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const REFUSED_ROLES: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

describe('academic calendars (4.8)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  const refused = new Map<Role, TenantClient>();
  let home: DepartmentBody;
  let y24: YearRow;
  let y25: YearRow;
  let y26: YearRow;
  const T = { id: 0, code: 'Т' };
  const K = { id: 0, code: 'К' };
  const E = { id: 0, code: 'Э' };

  const request = (setup: StudySetup, year: YearRow, courseCount: number, profile: ProfileBody = setup.profile): CalendarRequestBody => ({
    academicYearId: year.id,
    specialtyId: setup.specialty.id,
    specialtyProfileId: profile.id,
    studyFormId: setup.form.id,
    courseCount,
  });
  const titleOf = (setup: StudySetup, year: YearRow, profile: ProfileBody = setup.profile) =>
    `${setup.specialty.specialityCode} ${profile.name}, ${setup.form.name}, ${year.title}`;

  /** Everything calendars store, to show that a refused request changed nothing. */
  const state = async () => ({
    calendars: await t.sql('alpha', `SELECT * FROM academic_calendars ORDER BY id`),
    periods: await t.sql('alpha', `SELECT * FROM academic_calendar_periods ORDER BY id`),
    subjects: await t.sql('alpha', `SELECT * FROM academic_calendar_subjects ORDER BY id`),
  });
  const periodsOf = (calendarId: number) =>
    t.sql(
      'alpha',
      `SELECT course_number AS course, start_date::text AS start, end_date::text AS end, activity_type_id AS activity
         FROM academic_calendar_periods WHERE calendar_id = $1 ORDER BY course_number, start_date`,
      [calendarId],
    );

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    home = await createDepartment(admin);
    office = (await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: home.id })).client;
    for (const role of REFUSED_ROLES) refused.set(role, (await signedInAs(t, admin, { role, departmentId: home.id })).client);
    y24 = await insertYear(t, 2024);
    y25 = await insertYear(t, 2025);
    y26 = await insertYear(t, 2026);
    T.id = await activityId(t, 'Т');
    K.id = await insertActivity(t, 'К', false, 'Каникулы');
    E.id = await insertActivity(t, 'Э', false, 'Экзаменационная сессия');
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a calendar with a generated title and code «Т» over the whole year for every course', async () => {
      const setup = await createStudySetup(admin);
      const response = await admin.post(BASE, { ...request(setup, y25, 4), title: 'Название клиента' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        title: titleOf(setup, y25),
        academicYearId: y25.id,
        academicYearTitle: '2025-2026',
        specialtyId: setup.specialty.id,
        specialtyCode: setup.specialty.specialityCode,
        specialtyName: setup.specialty.specialityName,
        specialtyProfileId: setup.profile.id,
        specialtyProfileName: setup.profile.name,
        studyFormId: setup.form.id,
        studyFormName: setup.form.name,
        courseCount: 4,
        createdAt: ISO_MOMENT,
        updatedAt: ISO_MOMENT,
      });
      const id = response.body.id;
      expect(
        await t.sql(
          'alpha',
          `SELECT academic_year_id, specialty_id, specialty_profile_id, study_form_id, course_count, title FROM academic_calendars WHERE id = $1`,
          [id],
        ),
      ).toEqual([
        {
          academic_year_id: y25.id,
          specialty_id: setup.specialty.id,
          specialty_profile_id: setup.profile.id,
          study_form_id: setup.form.id,
          course_count: 4,
          title: titleOf(setup, y25),
        },
      ]);
      expect(await periodsOf(id)).toEqual(
        [1, 2, 3, 4].map((course) => ({ course, start: '2025-09-01', end: '2026-06-30', activity: T.id })),
      );

      const read = await admin.get(`${BASE}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(response.body);
    });

    it('lets EDUCATION_OFFICE create and read calendars', async () => {
      const setup = await createStudySetup(admin);
      const created = await office.post(BASE, request(setup, y25, 1));
      expect(created.status).toBe(200);
      expect(created.body.courseCount).toBe(1);
      const read = await office.get(`${BASE}/${created.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
    });

    it('shows renamed specialties, profiles and forms in the title at once', async () => {
      const setup = await createStudySetup(admin);
      const calendar = await createCalendar(admin, request(setup, y25, 2));
      await t.sql('alpha', `UPDATE education_forms SET name = 'Очно-заочная (новая)' WHERE id = $1`, [setup.form.id]);
      const read = await admin.get(`${BASE}/${calendar.id}`);
      expect(read.body.title).toBe(`${setup.specialty.specialityCode} ${setup.profile.name}, Очно-заочная (новая), 2025-2026`);
      expect(read.body.studyFormName).toBe('Очно-заочная (новая)');
    });

    it.each([
      ['no body fields', {}, /«academicYearId» обязательно/],
      ['courseCount 0', { courseCount: 0 }, /«courseCount» должно быть не меньше 1/],
      ['courseCount 9', { courseCount: 9 }, /«courseCount» должно быть не больше 8/],
      ['a fractional courseCount', { courseCount: 1.5 }, /«courseCount» должно быть целым числом/],
      ['specialtyId 0', { specialtyId: 0 }, /«specialtyId» должно быть положительным числом/],
    ])('rejects %s with 400 and creates nothing', async (_label, fields, message) => {
      const setup = await createStudySetup(admin);
      const before = await state();
      const body = Object.keys(fields).length === 0 ? {} : { ...request(setup, y25, 2), ...fields };
      const response = await admin.post(BASE, body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, BASE, message);
      expect(await state()).toEqual(before);
    });

    it('rejects nested ids that do not exist and a profile of another specialty with 400, creating nothing', async () => {
      const setup = await createStudySetup(admin);
      const other = await createSpecialty(admin);
      const foreignProfile = await createProfile(admin, other.id);
      const before = await state();
      const cases: [Partial<CalendarRequestBody>, string][] = [
        [{ academicYearId: 999999 }, 'Учебный год не найден'],
        [{ specialtyId: 999999 }, 'Специальность не найдена'],
        [{ specialtyProfileId: 999999 }, 'Профиль специальности не найден'],
        [{ specialtyProfileId: foreignProfile.id }, 'Профиль не относится к выбранной специальности'],
        [{ studyFormId: 999999 }, 'Форма обучения не найдена'],
      ];
      for (const [fields, message] of cases) {
        const response = await admin.post(BASE, { ...request(setup, y25, 2), ...fields });
        expect({ fields, status: response.status }).toEqual({ fields, status: 400 });
        expectErrorBody(response.body, 400, BASE, message);
      }
      expect(await state()).toEqual(before);
    });

    it('refuses a second calendar for the same year, specialty, profile and form with 409', async () => {
      const setup = await createStudySetup(admin);
      await createCalendar(admin, request(setup, y25, 2));
      const before = await state();
      const response = await admin.post(BASE, request(setup, y25, 4));
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, BASE, 'Календарь для этой специальности, профиля и формы обучения на этот год уже существует');
      expect(await state()).toEqual(before);
      // Another year is another calendar.
      expect((await admin.post(BASE, request(setup, y26, 2))).status).toBe(200);
    });

    it('answers 400 and creates nothing when code «Т» is missing', async () => {
      const setup = await createStudySetup(admin);
      const before = await state();
      await t.sql('alpha', `UPDATE activity_types SET code = 'Т-старый' WHERE id = $1`, [T.id]);
      try {
        const response = await admin.post(BASE, request(setup, y25, 2));
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, BASE, 'Нельзя создать календарь: нет кода деятельности «Т» (теоретическое обучение)');
      } finally {
        await t.sql('alpha', `UPDATE activity_types SET code = 'Т' WHERE id = $1`, [T.id]);
      }
      expect(await state()).toEqual(before);
    });

    it('answers 400 and creates nothing when code «Т» does not allow lessons', async () => {
      const setup = await createStudySetup(admin);
      const before = await state();
      await t.sql('alpha', `UPDATE activity_types SET allow_schedule = false WHERE id = $1`, [T.id]);
      try {
        const response = await admin.post(BASE, request(setup, y25, 2));
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, BASE, 'Нельзя создать календарь: код деятельности «Т» не разрешает занятия');
      } finally {
        await t.sql('alpha', `UPDATE activity_types SET allow_schedule = true WHERE id = $1`, [T.id]);
      }
      expect(await state()).toEqual(before);
    });

    it('answers 404 for an unknown calendar and 400 for a malformed id', async () => {
      const missing = await admin.get(`${BASE}/999999`);
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, `${BASE}/999999`, 'Учебный календарь не найден');
      const bad = await admin.get(`${BASE}/abc`);
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, `${BASE}/abc`, 'Параметр «id» должен быть положительным целым числом');
    });
  });

  describe('list, page and options', () => {
    let list: StudySetup;
    let web: ProfileBody;
    let analysis: ProfileBody;
    const c: Record<string, CalendarBody> = {};

    beforeAll(async () => {
      const specialty = await createSpecialty(admin, { specialityCode: 'ЛИСТ-01', specialityName: 'Прикладная информатика' });
      web = await createProfile(admin, specialty.id, { name: 'Веб' });
      analysis = await createProfile(admin, specialty.id, { name: 'Анализ' });
      const form = (await admin.post('/api/education-forms', { name: 'Очная Л' })).body;
      list = { department: home, specialty, profile: web, form };
      c.y24 = await createCalendar(admin, request(list, y24, 4));
      c.y25web = await createCalendar(admin, request(list, y25, 4));
      c.y25analysis = await createCalendar(admin, request(list, y25, 2, analysis));
      c.y26 = await createCalendar(admin, request(list, y26, 4));
    });

    const ids = (body: CalendarBody[]) => body.map((calendar) => calendar.id);

    it('lists calendars newest year first, then by title, with filters', async () => {
      const all = await admin.get(`${BASE}?specialtyId=${list.specialty.id}`);
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual([c.y26.id, c.y25analysis.id, c.y25web.id, c.y24.id]);
      expect(all.body[0]).toEqual(c.y26);

      const ofYear = await admin.get(`${BASE}?specialtyId=${list.specialty.id}&academicYearId=${y25.id}`);
      expect(ids(ofYear.body)).toEqual([c.y25analysis.id, c.y25web.id]);
      const ofProfile = await office.get(`${BASE}?profileId=${analysis.id}`);
      expect(ids(ofProfile.body)).toEqual([c.y25analysis.id]);
      const none = await admin.get(`${BASE}?specialtyId=999999`);
      expect(none.body).toEqual([]);

      const bad = await admin.get(`${BASE}?academicYearId=x`);
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, BASE, /«academicYearId»/);
    });

    it('pages calendars with a case-insensitive search', async () => {
      const first = await admin.get(`${BASE}/page?query=лист-01&size=3`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        items: [c.y26, c.y25analysis, c.y25web],
        page: 0,
        size: 3,
        totalItems: 4,
        totalPages: 2,
        first: true,
        last: false,
      });
      const second = await admin.get(`${BASE}/page?query=лист-01&size=3&page=1`);
      expect(second.body).toMatchObject({ items: [c.y24], page: 1, totalItems: 4, first: false, last: true });

      const search = async (query: string, extra = '') => ids((await office.get(`${BASE}/page?query=${encodeURIComponent(query)}${extra}`)).body.items);
      expect(await search('ПРИКЛАДНАЯ ИНФ')).toEqual([c.y26.id, c.y25analysis.id, c.y25web.id, c.y24.id]);
      expect(await search('веб', `&academicYearId=${y25.id}`)).toEqual([c.y25web.id]);
      expect(await search('очная л')).toHaveLength(4);
      expect(await search('2024-2025')).toEqual([c.y24.id]);
      expect(await search('лист-01 анализ, очная')).toEqual([c.y25analysis.id]);
      expect(await search('%')).toEqual([]);

      const year = await admin.get(`${BASE}/page?academicYearId=${y24.id}`);
      expect(year.body).toMatchObject({ items: [c.y24], size: 25, totalItems: 1, totalPages: 1, first: true, last: true });

      for (const query of ['size=0', 'size=101', 'page=-1']) {
        const bad = await admin.get(`${BASE}/page?${query}`);
        expect({ query, status: bad.status }).toEqual({ query, status: 400 });
        expectErrorBody(bad.body, 400, `${BASE}/page`);
      }
    });

    it('offers compatible calendars with a limit and the selected one', async () => {
      const limited = await admin.get(`${BASE}/options?specialtyId=${list.specialty.id}&profileId=${web.id}&limit=2`);
      expect(limited.status).toBe(200);
      expect(ids(limited.body)).toEqual([c.y26.id, c.y25web.id]);

      const withSelected = await admin.get(`${BASE}/options?specialtyId=${list.specialty.id}&profileId=${web.id}&limit=2&selectedId=${c.y24.id}`);
      expect(ids(withSelected.body)).toEqual([c.y26.id, c.y25web.id, c.y24.id]);
      const selectedInside = await admin.get(`${BASE}/options?specialtyId=${list.specialty.id}&limit=2&selectedId=${c.y26.id}`);
      expect(ids(selectedInside.body)).toEqual([c.y26.id, c.y25analysis.id]);

      // The selected calendar is not offered when it does not fit the filters.
      const incompatible = await admin.get(`${BASE}/options?academicYearId=${y25.id}&specialtyId=${list.specialty.id}&selectedId=${c.y24.id}`);
      expect(ids(incompatible.body)).toEqual([c.y25analysis.id, c.y25web.id]);

      const exact = await office.get(
        `${BASE}/options?academicYearId=${y25.id}&specialtyId=${list.specialty.id}&profileId=${analysis.id}&studyFormId=${list.form.id}`,
      );
      expect(exact.body).toEqual([c.y25analysis]);
      const byText = await admin.get(`${BASE}/options?query=${encodeURIComponent('2026-2027')}&specialtyId=${list.specialty.id}`);
      expect(ids(byText.body)).toEqual([c.y26.id]);
      const otherForm = await admin.get(`${BASE}/options?specialtyId=${list.specialty.id}&studyFormId=999999`);
      expect(otherForm.body).toEqual([]);

      for (const query of ['limit=0', 'limit=51', 'selectedId=0']) {
        const bad = await admin.get(`${BASE}/options?${query}`);
        expect({ query, status: bad.status }).toEqual({ query, status: 400 });
        expectErrorBody(bad.body, 400, `${BASE}/options`);
      }
    });
  });

  describe('grid', () => {
    let setup: StudySetup;
    let calendar: CalendarBody;
    /** The grid every refused PUT must leave in place. */
    let stored: GridRow[];

    const path = () => `${BASE}/${calendar.id}/grid`;
    const rowsOf = (course: number, from: string, to: string, activity: { id: number; code: string }) =>
      gridRows(calendar.id, y25.startDate, course, from, to, activity);

    beforeAll(async () => {
      setup = await createStudySetup(admin);
      calendar = await createCalendar(admin, request(setup, y25, 2));
    });

    it('expands the initial periods into day rows of every course', async () => {
      const response = await admin.get(path());
      expect(response.status).toBe(200);
      const expected = [...rowsOf(1, '2025-09-01', '2026-06-30', T), ...rowsOf(2, '2025-09-01', '2026-06-30', T)];
      expect(response.body).toHaveLength(2 * 303);
      expect(response.body).toEqual(expected);
      expect(response.body[0]).toEqual({
        calendarId: calendar.id,
        courseNumber: 1,
        date: '2025-09-01',
        weekNumber: 1,
        dayOfWeek: 1,
        activityTypeId: T.id,
        activityCode: 'Т',
      });
      expect(response.body[302]).toEqual({ ...response.body[0], date: '2026-06-30', weekNumber: 44, dayOfWeek: 2 });
    });

    it('counts weeks from the year start when the year starts mid-week', async () => {
      // 2026-09-01 is a Tuesday: week 1 of 2026-2027 runs 31 Aug .. 6 Sep.
      const later = await createCalendar(admin, request(setup, y26, 1));
      const rows: GridRow[] = (await admin.get(`${BASE}/${later.id}/grid`)).body;
      expect(rows.slice(0, 7).map((row) => [row.date, row.weekNumber, row.dayOfWeek])).toEqual([
        ['2026-09-01', 1, 2],
        ['2026-09-02', 1, 3],
        ['2026-09-03', 1, 4],
        ['2026-09-04', 1, 5],
        ['2026-09-05', 1, 6],
        ['2026-09-06', 1, 7],
        ['2026-09-07', 2, 1],
      ]);
    });

    it('replaces the grid, merges days into periods and answers the stored grid', async () => {
      const expected = [
        ...rowsOf(1, '2025-09-01', '2025-12-28', T),
        ...rowsOf(1, '2025-12-29', '2026-01-11', K),
        ...rowsOf(1, '2026-01-12', '2026-01-25', E),
        ...rowsOf(1, '2026-01-26', '2026-06-30', T),
        ...rowsOf(2, '2025-09-01', '2025-09-30', T),
        ...rowsOf(2, '2025-10-02', '2025-10-10', T),
      ];
      // In any order, naming the activity by id, by code or by both, with a calendarId that is ignored.
      const body = [...expected].reverse().map((row, index) => {
        const { activityCode, activityTypeId, ...rest } = row;
        if (index % 3 === 0) return { ...rest, activityTypeId };
        if (index % 3 === 1) return { ...rest, activityCode, calendarId: 999999 };
        return { ...rest, activityTypeId, activityCode };
      });
      const response = await office.put(path(), body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expected);
      expect((await admin.get(path())).body).toEqual(expected);
      expect(await periodsOf(calendar.id)).toEqual([
        { course: 1, start: '2025-09-01', end: '2025-12-28', activity: T.id },
        { course: 1, start: '2025-12-29', end: '2026-01-11', activity: K.id },
        { course: 1, start: '2026-01-12', end: '2026-01-25', activity: E.id },
        { course: 1, start: '2026-01-26', end: '2026-06-30', activity: T.id },
        { course: 2, start: '2025-09-01', end: '2025-09-30', activity: T.id },
        { course: 2, start: '2025-10-02', end: '2025-10-10', activity: T.id },
      ]);
      stored = expected;
    });

    describe('refuses an invalid grid with 400 naming the first bad row and keeps the old grid', () => {
      const valid = () => stored.slice(0, 10).map(({ activityCode: _code, ...row }) => ({ ...row }));
      const cases: [string, () => unknown, string | RegExp | (() => string)][] = [
        ['an empty list', () => [], 'График не может быть пустым: передайте хотя бы один день'],
        ['a null element', () => [...valid().slice(0, 2), null, ...valid().slice(2)], 'Строка №3: элемент не может быть пустым (null)'],
        ['an object instead of a list', () => ({ rows: valid() }), /^Тело запроса должно быть массивом дней графика/],
        [
          'a wrong weekNumber',
          () => valid().map((row, index) => (index === 5 ? { ...row, weekNumber: 2 } : row)),
          'Строка №6 (курс 1, 2025-09-06): номер недели 2 не соответствует дате (должен быть 1)',
        ],
        [
          'a wrong dayOfWeek',
          () => valid().map((row, index) => (index === 5 ? { ...row, dayOfWeek: 7 } : row)),
          'Строка №6 (курс 1, 2025-09-06): день недели 7 не соответствует дате (должен быть 6)',
        ],
        [
          'a date after the year',
          () => [...valid(), { ...valid()[0], date: '2026-07-01', weekNumber: 44, dayOfWeek: 3 }],
          'Строка №11 (курс 1, 2026-07-01): дата вне учебного года 2025-2026 (2025-09-01 — 2026-06-30)',
        ],
        [
          'a date before the year',
          () => [{ ...valid()[0], date: '2025-08-31', weekNumber: 0, dayOfWeek: 7 }, ...valid()],
          'Строка №1 (курс 1, 2025-08-31): дата вне учебного года 2025-2026 (2025-09-01 — 2026-06-30)',
        ],
        [
          'a repeated cell',
          () => [...valid(), { ...valid()[1], activityTypeId: K.id }],
          'Строка №11 (курс 1, 2025-09-02): этот день курса уже задан в строке №2',
        ],
        [
          'an unknown activity code',
          () => valid().map(({ activityTypeId: _id, ...row }, index) => ({ ...row, activityCode: index === 4 ? 'Ы' : 'Т' })),
          'Строка №5 (курс 1, 2025-09-05): вид деятельности с кодом «Ы» не найден',
        ],
        [
          'an unknown activity id',
          () => valid().map((row, index) => (index === 9 ? { ...row, activityTypeId: 999999 } : row)),
          'Строка №10 (курс 1, 2025-09-10): вид деятельности с id 999999 не найден',
        ],
        [
          'an id and a code of different activities',
          () => valid().map((row, index) => (index === 0 ? { ...row, activityCode: 'К' } : row)),
          () => `Строка №1 (курс 1, 2025-09-01): activityTypeId ${T.id} и activityCode «К» указывают на разные виды деятельности`,
        ],
        [
          'no activity',
          () => valid().map(({ activityTypeId: _id, ...row }, index) => (index === 2 ? row : { ...row, activityTypeId: T.id })),
          'Строка №3 (курс 1, 2025-09-03): укажите activityTypeId или activityCode',
        ],
        [
          'a course above the course count',
          () => [...valid(), { ...valid()[0], courseNumber: 3 }],
          'Строка №11 (курс 3, 2025-09-01): курс должен быть от 1 до 2',
        ],
        [
          'course 0',
          () => [{ ...valid()[0], courseNumber: 0 }],
          'Строка №1 (курс 0, 2025-09-01): Поле «courseNumber» должно быть не меньше 1',
        ],
        [
          'a malformed date',
          () => [{ ...valid()[0], date: '2025-9-1' }],
          'Строка №1 (курс 1, 2025-9-1): Поле «date» должно быть датой в формате ГГГГ-ММ-ДД',
        ],
        ['a missing weekNumber', () => [{ ...valid()[0], weekNumber: undefined }], 'Строка №1 (курс 1, 2025-09-01): Поле «weekNumber» обязательно'],
        ['a string element', () => ['2025-09-01'], /^Строка №1: элемент должен быть объектом/],
      ];

      it.each(cases)('%s', async (_label, body, message) => {
        const before = await periodsOf(calendar.id);
        const payload = body();
        const response = await admin.put(path(), payload);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, path(), typeof message === 'function' ? message() : message);
        expect(await periodsOf(calendar.id)).toEqual(before);
        expect((await admin.get(path())).body).toEqual(stored);
      });
    });

    it('answers 404 for the grid of an unknown calendar', async () => {
      for (const response of [await admin.get(`${BASE}/999999/grid`), await admin.put(`${BASE}/999999/grid`, [stored[0]])]) {
        expect(response.status).toBe(404);
        expectErrorBody(response.body, 404, `${BASE}/999999/grid`, 'Учебный календарь не найден');
      }
    });
  });

  describe('subjects', () => {
    let setup: StudySetup;
    let calendar: CalendarBody;
    const s: Record<string, SubjectBody> = {};
    const path = () => `${BASE}/${calendar.id}/subjects`;
    const bindings = () =>
      t.sql('alpha', `SELECT id, semester_number, subject_id FROM academic_calendar_subjects WHERE calendar_id = $1 ORDER BY id`, [calendar.id]);

    beforeAll(async () => {
      setup = await createStudySetup(admin, home);
      calendar = await createCalendar(admin, request(setup, y25, 2));
      s.algebra = await createSubject(admin, home.id, { name: 'Алгебра (К)', code: 'Б1.01' });
      s.databases = await createSubject(admin, home.id, { name: 'Базы данных (К)' });
      s.numerics = await createSubject(admin, home.id, { name: 'Вычислительная математика (К)', code: 'Б1.07' });
      s.archived = await createSubject(admin, home.id, { name: 'Архивная (К)' });
      await t.sql('alpha', `UPDATE subjects SET archived_at = now() WHERE id = $1`, [s.archived.id]);
    });

    const record = (semesterNumber: number, subject: SubjectBody) => ({
      id: expect.any(Number),
      calendarId: calendar.id,
      semesterNumber,
      subjectId: subject.id,
      subjectName: subject.name,
      subjectCode: subject.code,
      departmentId: home.id,
    });

    it('starts empty, then replaces the list and answers records by semester, then subject name', async () => {
      expect((await admin.get(path())).body).toEqual([]);
      const body = [
        { semesterNumber: 3, subjectId: s.databases.id },
        { semesterNumber: 1, subjectId: s.numerics.id, calendarId: 999999 },
        { semesterNumber: 1, subjectId: s.algebra.id },
        { semesterNumber: 4, subjectId: s.algebra.id },
      ];
      const response = await office.put(path(), body);
      expect(response.status).toBe(200);
      const expected = [record(1, s.algebra), record(1, s.numerics), record(3, s.databases), record(4, s.algebra)];
      expect(response.body).toEqual(expected);
      expect((await admin.get(path())).body).toEqual(response.body);
      expect(await bindings()).toHaveLength(4);

      // Bindings that stay keep their ids.
      const kept = response.body[0].id;
      const replaced = await admin.put(path(), [
        { semesterNumber: 1, subjectId: s.algebra.id },
        { semesterNumber: 2, subjectId: s.databases.id },
      ]);
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual([{ ...record(1, s.algebra), id: kept }, record(2, s.databases)]);
      expect(await bindings()).toEqual([
        { id: kept, semester_number: 1, subject_id: s.algebra.id },
        { id: replaced.body[1].id, semester_number: 2, subject_id: s.databases.id },
      ]);
    });

    const invalidLists: [string, () => unknown, () => string][] = [
      [
        'a semester above courseCount*2',
        () => [{ semesterNumber: 1, subjectId: s.algebra.id }, { semesterNumber: 5, subjectId: s.databases.id }],
        () => `Элемент №2 (семестр 5, дисциплина ${s.databases.id}): семестр должен быть от 1 до 4`,
      ],
      ['semester 0', () => [{ semesterNumber: 0, subjectId: s.algebra.id }], () => 'Элемент №1: Поле «semesterNumber» должно быть не меньше 1'],
      [
        'an archived subject',
        () => [{ semesterNumber: 1, subjectId: s.archived.id }],
        () => `Элемент №1 (семестр 1, дисциплина ${s.archived.id}): дисциплина «Архивная (К)» в архиве`,
      ],
      ['an unknown subject', () => [{ semesterNumber: 2, subjectId: 999999 }], () => 'Элемент №1 (семестр 2, дисциплина 999999): дисциплина не найдена'],
      [
        'the same subject twice in a semester',
        () => [
          { semesterNumber: 2, subjectId: s.algebra.id },
          { semesterNumber: 3, subjectId: s.algebra.id },
          { semesterNumber: 2, subjectId: s.algebra.id },
        ],
        () => `Элемент №3 (семестр 2, дисциплина ${s.algebra.id}): дисциплина уже указана в этом семестре (элемент №1)`,
      ],
      ['a null element', () => [{ semesterNumber: 1, subjectId: s.algebra.id }, null], () => 'Элемент №2: элемент не может быть пустым (null)'],
      ['no subjectId', () => [{ semesterNumber: 1 }], () => 'Элемент №1: Поле «subjectId» обязательно'],
      ['an object instead of a list', () => ({ semesterNumber: 1, subjectId: s.algebra.id }), () => 'Тело запроса должно быть массивом привязок дисциплин [{semesterNumber, subjectId}]'],
    ];

    it.each(invalidLists)('rejects %s with 400 and keeps the list', async (_label, body, message) => {
      const before = await bindings();
      const response = await admin.put(path(), body());
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, path(), message());
      expect(await bindings()).toEqual(before);
    });

    it('clears the list with an empty array and answers 404 for an unknown calendar', async () => {
      const other = await createCalendar(admin, request(await createStudySetup(admin), y25, 1));
      await admin.put(`${BASE}/${other.id}/subjects`, [{ semesterNumber: 2, subjectId: s.numerics.id }]);
      const cleared = await admin.put(`${BASE}/${other.id}/subjects`, []);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM academic_calendar_subjects WHERE calendar_id = $1`, [other.id])).toEqual([]);

      for (const response of [await admin.get(`${BASE}/999999/subjects`), await admin.put(`${BASE}/999999/subjects`, [])]) {
        expect(response.status).toBe(404);
        expectErrorBody(response.body, 404, `${BASE}/999999/subjects`, 'Учебный календарь не найден');
      }
    });

    it('makes a bound subject archived instead of deleted', async () => {
      const bound = await createSubject(admin, home.id, { name: 'Привязанная (К)' });
      const other = await createCalendar(admin, request(await createStudySetup(admin), y25, 1));
      expect((await admin.put(`${BASE}/${other.id}/subjects`, [{ semesterNumber: 1, subjectId: bound.id }])).status).toBe(200);
      const response = await admin.delete(`/api/subjects/${bound.id}`);
      expect(response.status).toBe(200);
      const [row] = await t.sql<{ archived: boolean }>('alpha', `SELECT archived_at IS NOT NULL AS archived FROM subjects WHERE id = $1`, [bound.id]);
      expect(row).toEqual({ archived: true });
      expect((await admin.get(`${BASE}/${other.id}/subjects`)).body).toEqual([
        expect.objectContaining({ subjectId: bound.id, subjectName: 'Привязанная (К)' }),
      ]);
    });
  });

  describe('update', () => {
    let setup: StudySetup;
    let second: ProfileBody;
    let calendar: CalendarBody;
    let neighbour: CalendarBody;
    const path = () => `${BASE}/${calendar.id}`;

    beforeAll(async () => {
      setup = await createStudySetup(admin);
      second = await createProfile(admin, setup.specialty.id);
      calendar = await createCalendar(admin, request(setup, y25, 3));
      neighbour = await createCalendar(admin, request(setup, y25, 3, second));
    });

    it('changes the fields, regenerates the title and keeps the periods', async () => {
      const third = await createProfile(admin, setup.specialty.id, { name: 'Третий профиль' });
      const periodsBefore = await periodsOf(calendar.id);
      const response = await office.put(path(), { ...request(setup, y25, 5, third), title: 'Игнорируется' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...calendar,
        title: titleOf(setup, y25, third),
        specialtyProfileId: third.id,
        specialtyProfileName: 'Третий профиль',
        courseCount: 5,
        updatedAt: ISO_MOMENT,
      });
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(calendar.updatedAt));
      expect(await periodsOf(calendar.id)).toEqual(periodsBefore);
      expect(await t.sql('alpha', `SELECT title, course_count FROM academic_calendars WHERE id = $1`, [calendar.id])).toEqual([
        { title: titleOf(setup, y25, third), course_count: 5 },
      ]);
      calendar = response.body;
    });

    it('refuses the scope of another calendar with 409', async () => {
      const before = await state();
      const response = await admin.put(path(), request(setup, y25, 5, second));
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, path(), 'Календарь для этой специальности, профиля и формы обучения на этот год уже существует');
      expect(await state()).toEqual(before);
      expect(neighbour.specialtyProfileId).toBe(second.id);
    });

    it('refuses to drop courses that have grid rows or subjects, and allows it once they are gone', async () => {
      const body = { ...request(setup, y25, 2), specialtyProfileId: calendar.specialtyProfileId };
      let before = await state();
      const rowsLeft = await admin.put(path(), body);
      expect(rowsLeft.status).toBe(409);
      expectErrorBody(rowsLeft.body, 409, path(), 'Нельзя уменьшить число курсов до 2: в графике есть дни 3-го курса; сначала удалите их из графика');
      expect(await state()).toEqual(before);

      const grid = [1, 2].flatMap((course) => gridRows(calendar.id, y25.startDate, course, '2025-09-01', '2025-09-07', T));
      expect((await admin.put(`${path()}/grid`, grid)).status).toBe(200);
      const subjectA = await createSubject(admin, home.id);
      const subjectB = await createSubject(admin, home.id);
      const bound = await admin.put(`${path()}/subjects`, [
        { semesterNumber: 4, subjectId: subjectA.id },
        { semesterNumber: 5, subjectId: subjectB.id },
      ]);
      expect(bound.status).toBe(200);

      before = await state();
      const subjectsLeft = await admin.put(path(), body);
      expect(subjectsLeft.status).toBe(409);
      expectErrorBody(subjectsLeft.body, 409, path(), 'Нельзя уменьшить число курсов до 2: к 5-му семестру привязаны дисциплины; сначала измените список дисциплин');
      expect(await state()).toEqual(before);

      expect((await admin.put(`${path()}/subjects`, [{ semesterNumber: 4, subjectId: subjectA.id }])).status).toBe(200);
      const dropped = await admin.put(path(), body);
      expect(dropped.status).toBe(200);
      expect(dropped.body.courseCount).toBe(2);
    });

    it('refuses a new year while periods lie outside it', async () => {
      const before = await state();
      const body = { ...request(setup, y26, 2), specialtyProfileId: calendar.specialtyProfileId };
      const response = await admin.put(path(), body);
      expect(response.status).toBe(409);
      expectErrorBody(
        response.body,
        409,
        path(),
        'Нельзя сменить учебный год: период графика 1-го курса 2025-09-01 — 2025-09-07 выходит за границы учебного года 2026-2027 (2026-09-01 — 2027-06-30)',
      );
      expect(await state()).toEqual(before);
    });

    it('validates the body like create and answers 404 for an unknown calendar', async () => {
      const before = await state();
      const invalid = await admin.put(path(), { ...request(setup, y25, 2), courseCount: 0 });
      expect(invalid.status).toBe(400);
      expectErrorBody(invalid.body, 400, path(), /«courseCount» должно быть не меньше 1/);
      const foreign = await createProfile(admin, (await createSpecialty(admin)).id);
      const wrongProfile = await admin.put(path(), request(setup, y25, 2, foreign));
      expect(wrongProfile.status).toBe(400);
      expectErrorBody(wrongProfile.body, 400, path(), 'Профиль не относится к выбранной специальности');
      const missingYear = await admin.put(path(), { ...request(setup, y25, 2), academicYearId: 999999 });
      expect(missingYear.status).toBe(400);
      expectErrorBody(missingYear.body, 400, path(), 'Учебный год не найден');
      expect(await state()).toEqual(before);

      const missing = await admin.put(`${BASE}/999999`, request(setup, y25, 2));
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, `${BASE}/999999`, 'Учебный календарь не найден');
    });
  });

  describe('delete', () => {
    it('deletes a calendar with its periods and subjects and answers it', async () => {
      const setup = await createStudySetup(admin);
      const calendar = await createCalendar(admin, request(setup, y25, 2));
      const subject = await createSubject(admin, home.id);
      await admin.put(`${BASE}/${calendar.id}/subjects`, [{ semesterNumber: 1, subjectId: subject.id }]);
      const response = await office.delete(`${BASE}/${calendar.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(calendar);
      expect(await t.sql('alpha', `SELECT id FROM academic_calendars WHERE id = $1`, [calendar.id])).toEqual([]);
      expect(await periodsOf(calendar.id)).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM academic_calendar_subjects WHERE calendar_id = $1`, [calendar.id])).toEqual([]);
      // The subject itself stays.
      expect(await t.sql('alpha', `SELECT id FROM subjects WHERE id = $1`, [subject.id])).toEqual([{ id: subject.id }]);

      const again = await admin.delete(`${BASE}/${calendar.id}`);
      expect(again.status).toBe(404);
      expectErrorBody(again.body, 404, `${BASE}/${calendar.id}`, 'Учебный календарь не найден');
    });
  });

  describe('reference data in use', () => {
    it('keeps a year with calendars: no delete, no narrowing that leaves calendar days outside', async () => {
      const year = await insertYear(t, 2031);
      const setup = await createStudySetup(admin);
      await createCalendar(admin, request(setup, year, 1));
      const before = await t.sql('alpha', `SELECT * FROM academic_years WHERE id = $1`, [year.id]);

      const path = `/api/admin/calendar/years/${year.id}`;
      const removed = await admin.delete(path);
      expect(removed.status).toBe(409);
      expect(removed.body.message).toContain('1 учебный календарь');

      const narrowed = await admin.put(path, { startDate: '2031-09-02' });
      expect(narrowed.status).toBe(409);
      expect(narrowed.body.message).toContain('дни учебных календарей');
      expect(await t.sql('alpha', `SELECT * FROM academic_years WHERE id = $1`, [year.id])).toEqual(before);

      // Widening leaves the calendar inside: the new first days are simply empty cells.
      expect((await admin.put(path, { startDate: '2031-08-25' })).status).toBe(200);
    });

    it('refuses to delete an activity code that a calendar grid uses', async () => {
      const code = await insertActivity(t, 'П', true, 'Практика на предприятии');
      const setup = await createStudySetup(admin);
      const calendar = await createCalendar(admin, request(setup, y24, 1));
      const rows = gridRows(calendar.id, y24.startDate, 1, y24.startDate, y24.startDate, { id: code, code: 'П' });
      expect((await admin.put(`/api/admin/academic-calendars/${calendar.id}/grid`, rows)).status).toBe(200);
      const path = `/api/admin/calendar/activity-types/${code}`;
      const response = await admin.delete(path);
      expect(response.status).toBe(409);
      expect(response.body.message).toContain('1 учебный календарь');
      expect(await t.sql('alpha', `SELECT id FROM activity_types WHERE id = $1`, [code])).toEqual([{ id: code }]);
    });

    it('refuses to delete an education form that calendars use, counting groups and calendars', async () => {
      const setup = await createStudySetup(admin);
      await createCalendar(admin, request(setup, y25, 2));
      const path = `/api/education-forms/${setup.form.id}`;
      const only = await admin.delete(path);
      expect(only.status).toBe(400);
      expectErrorBody(only.body, 400, path, 'Форму обучения нельзя удалить: её использует 1 учебный календарь');

      await createCalendar(admin, request(setup, y26, 2));
      await createGroup(admin, setup);
      const both = await office.delete(path);
      expect(both.status).toBe(400);
      expectErrorBody(both.body, 400, path, 'Форму обучения нельзя удалить: её используют 1 группа и 2 учебных календаря');
      expect(await t.sql('alpha', `SELECT id FROM education_forms WHERE id = $1`, [setup.form.id])).toEqual([{ id: setup.form.id }]);
    });

    it('refuses to delete a specialty or profile that calendars use', async () => {
      const setup = await createStudySetup(admin);
      await createCalendar(admin, request(setup, y25, 2));
      const profilePath = `/api/specialties/${setup.specialty.id}/profiles/${setup.profile.id}`;
      const profile = await admin.delete(profilePath);
      expect(profile.status).toBe(409);
      expectErrorBody(profile.body, 409, profilePath, `Профиль «${setup.profile.name}» нельзя удалить: его использует 1 учебный календарь`);
      const specialtyPath = `/api/specialties/${setup.specialty.id}`;
      const specialty = await admin.delete(specialtyPath);
      expect(specialty.status).toBe(409);
      expectErrorBody(
        specialty.body,
        409,
        specialtyPath,
        `Специальность «${setup.specialty.specialityCode}» нельзя удалить: её использует 1 учебный календарь`,
      );
      expect(await t.sql('alpha', `SELECT id FROM specialty_profiles WHERE id = $1`, [setup.profile.id])).toEqual([{ id: setup.profile.id }]);
    });
  });

  describe('access', () => {
    it('refuses every calendar endpoint to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
      const setup = await createStudySetup(admin);
      const calendar = await createCalendar(admin, request(setup, y25, 1));
      const before = await state();
      const id = calendar.id;
      for (const role of REFUSED_ROLES) {
        const client = refused.get(role)!;
        const attempts: [string, () => Promise<{ status: number; body: { message?: string } }>][] = [
          ['list', () => client.get(BASE)],
          ['page', () => client.get(`${BASE}/page`)],
          ['options', () => client.get(`${BASE}/options`)],
          ['get', () => client.get(`${BASE}/${id}`)],
          ['create', () => client.post(BASE, request(setup, y26, 1))],
          ['update', () => client.put(`${BASE}/${id}`, request(setup, y25, 2))],
          ['delete', () => client.delete(`${BASE}/${id}`)],
          ['grid', () => client.get(`${BASE}/${id}/grid`)],
          ['grid put', () => client.put(`${BASE}/${id}/grid`, gridRows(id, y25.startDate, 1, '2025-09-01', '2025-09-01', K))],
          ['subjects', () => client.get(`${BASE}/${id}/subjects`)],
          ['subjects put', () => client.put(`${BASE}/${id}/subjects`, [])],
        ];
        for (const [label, attempt] of attempts) {
          const response = await attempt();
          expect({ role, label, status: response.status }).toEqual({ role, label, status: 403 });
          expect(response.body.message).toBe('Недостаточно прав для этой операции');
        }
      }
      expect(await state()).toEqual(before);
    });
  });
});
