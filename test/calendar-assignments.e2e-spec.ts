import { Role } from '../src/platform/auth/roles';
import { CalendarBody, CalendarRequestBody, createCalendar, insertYear, YearRow } from './support/calendar-builders';
import { createDepartment, DepartmentBody, expectErrorBody, signedInAs } from './support/factories';
import { createSubject, SubjectBody } from './support/resource-builders';
import {
  createEducationForm,
  createGroup,
  createProfile,
  createSpecialty,
  createStudySetup,
  GroupBody,
  GroupRequestBody,
  ProfileBody,
  StudySetup,
} from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { testServer } from './support/test-database';
import { Client as PgClient } from 'pg';

const pathOf = (groupId: number) => `/api/groups/${groupId}/calendar-assignments`;
const CONCURRENT =
  'Назначение календаря одновременно изменил другой запрос (группа, календарь, учебный год или назначение изменились); повторите попытку';

describe('group calendar assignments (4.19)', () => {
  let t: TestApp;
  let admin: TenantClient;
  const clients = new Map<Role, TenantClient>();
  let depA: DepartmentBody;
  let depB: DepartmentBody;
  let y25: YearRow;
  let y26: YearRow;
  /** Specialty, profile and form of the groups; department A. */
  let a: StudySetup;
  let otherProfile: ProfileBody;
  const cal: Record<string, CalendarBody> = {};
  const subj: Record<string, SubjectBody> = {};
  /** gA and gB share specialty, profile and form (departments A and B) and start in 2024. */
  let gA: GroupBody;
  let gB: GroupBody;

  const calendarBody = (setup: StudySetup, year: YearRow, courseCount: number, fields: Partial<CalendarRequestBody> = {}) => ({
    academicYearId: year.id,
    specialtyId: setup.specialty.id,
    specialtyProfileId: setup.profile.id,
    studyFormId: setup.form.id,
    courseCount,
    ...fields,
  });
  const assignments = () => t.sql('alpha', `SELECT * FROM group_calendar_assignments ORDER BY id`);
  const groupRow = (id: number) =>
    t.sql('alpha', `SELECT name, group_size, education_form_id, year_start_study, specialty_id, specialty_profile_id, updated_at FROM study_groups WHERE id = $1`, [id]);
  const calendarState = () =>
    Promise.all([
      t.sql('alpha', `SELECT * FROM academic_calendars ORDER BY id`),
      t.sql('alpha', `SELECT * FROM academic_calendar_periods ORDER BY id`),
      assignments(),
    ]);
  const groupBody = (group: GroupBody, fields: Partial<GroupRequestBody> = {}): GroupRequestBody => ({
    name: group.name,
    groupSize: group.groupSize,
    educationFormId: group.educationFormId,
    departmentId: group.departmentId,
    yearStartStudy: group.yearStartStudy,
    specialtyId: group.specialtyId,
    specialtyProfileId: group.specialtyProfileId,
    ...fields,
  });
  const subjectRecord = (calendar: CalendarBody, semesterNumber: number, subject: SubjectBody) => ({
    id: expect.any(Number),
    calendarId: calendar.id,
    semesterNumber,
    subjectId: subject.id,
    subjectName: subject.name,
    subjectCode: subject.code,
    departmentId: depA.id,
  });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    depA = await createDepartment(admin, { departmentName: 'Кафедра А' });
    depB = await createDepartment(admin, { departmentName: 'Кафедра Б' });
    for (const role of ['EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: depA.id })).client);
    }
    y25 = await insertYear(t, 2025);
    y26 = await insertYear(t, 2026);
    a = await createStudySetup(admin, depA);
    otherProfile = await createProfile(admin, a.specialty.id);
    const otherForm = await createEducationForm(admin);
    const otherSpecialty = await createSpecialty(admin);
    const foreign = { ...a, specialty: otherSpecialty, profile: await createProfile(admin, otherSpecialty.id) };

    cal.y25 = await createCalendar(admin, calendarBody(a, y25, 4));
    cal.y26 = await createCalendar(admin, calendarBody(a, y26, 4));
    cal.otherForm = await createCalendar(admin, calendarBody(a, y25, 4, { studyFormId: otherForm.id }));
    cal.otherProfile = await createCalendar(admin, calendarBody(a, y25, 4, { specialtyProfileId: otherProfile.id }));
    cal.otherSpecialty = await createCalendar(admin, calendarBody(foreign, y25, 4));
    subj.algebra = await createSubject(admin, depA.id, { name: 'Алгебра', code: 'Б1.01' });
    subj.databases = await createSubject(admin, depA.id, { name: 'Базы данных' });
    const bound = await admin.put(`/api/admin/academic-calendars/${cal.y25.id}/subjects`, [
      { semesterNumber: 3, subjectId: subj.databases.id },
      { semesterNumber: 3, subjectId: subj.algebra.id },
    ]);
    expect(bound.status).toBe(200);

    gA = await createGroup(admin, a, { name: 'А-24', yearStartStudy: 2024 });
    gB = await createGroup(admin, { ...a, department: depB }, { name: 'Б-24', yearStartStudy: 2024 });
  });
  afterAll(() => t.close());

  describe('save and read', () => {
    let saved: { id: number };

    it('assigns a calendar for a year and answers the record with the calendar subjects', async () => {
      const response = await admin.put(pathOf(gA.id), { academicYearId: y25.id, calendarId: cal.y25.id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        groupId: gA.id,
        groupName: 'А-24',
        academicYearId: y25.id,
        academicYearTitle: '2025-2026',
        calendarId: cal.y25.id,
        calendarTitle: cal.y25.title,
        subjects: [subjectRecord(cal.y25, 3, subj.algebra), subjectRecord(cal.y25, 3, subj.databases)],
      });
      expect(await t.sql('alpha', `SELECT group_id, academic_year_id, calendar_id FROM group_calendar_assignments WHERE id = $1`, [response.body.id])).toEqual([
        { group_id: gA.id, academic_year_id: y25.id, calendar_id: cal.y25.id },
      ]);
      saved = response.body;
    });

    it('saving the same year again replaces that year in place', async () => {
      const response = await clients.get('EDUCATION_OFFICE')!.put(pathOf(gA.id), { academicYearId: y25.id, calendarId: cal.y25.id });
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(saved.id);
      expect(await t.sql('alpha', `SELECT id FROM group_calendar_assignments WHERE group_id = $1`, [gA.id])).toEqual([{ id: saved.id }]);
    });

    it('lists the assignments of a group, oldest year first, for staff and the own department', async () => {
      const next = await admin.put(pathOf(gA.id), { academicYearId: y26.id, calendarId: cal.y26.id });
      expect(next.status).toBe(200);
      expect(next.body.subjects).toEqual([]);

      const expected = [
        {
          id: saved.id,
          groupId: gA.id,
          groupName: 'А-24',
          academicYearId: y25.id,
          academicYearTitle: '2025-2026',
          calendarId: cal.y25.id,
          calendarTitle: cal.y25.title,
          subjects: [subjectRecord(cal.y25, 3, subj.algebra), subjectRecord(cal.y25, 3, subj.databases)],
        },
        next.body,
      ];
      for (const client of [admin, clients.get('EDUCATION_OFFICE')!, clients.get('DEPARTMENT')!, clients.get('SCHEDULE_VIEWER')!]) {
        const response = await client.get(pathOf(gA.id));
        expect(response.status).toBe(200);
        expect(response.body).toEqual(expected);
      }
      expect((await admin.get(pathOf(gB.id))).body).toEqual([]);
    });

    it('refuses other departments, students and teachers, and answers 404 for an unknown group', async () => {
      const foreign = await clients.get('DEPARTMENT')!.get(pathOf(gB.id));
      expect(foreign.status).toBe(403);
      expectErrorBody(foreign.body, 403, pathOf(gB.id), 'Доступны только группы своей кафедры');
      for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
        const response = await clients.get(role)!.get(pathOf(gA.id));
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
      }
      const missing = await admin.get(pathOf(999999));
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, pathOf(999999), 'Группа не найдена');
    });
  });

  describe('incompatible assignments', () => {
    it('refuses with 400 a calendar that does not fit the group, changing nothing', async () => {
      const old = await createGroup(admin, a, { name: 'Старая', yearStartStudy: 2020 });
      const future = await createGroup(admin, a, { name: 'Будущая', yearStartStudy: 2026 });
      const archived = await createGroup(admin, a, { name: 'Архивная', yearStartStudy: 2024 });
      expect((await admin.delete(`/api/groups/${archived.id}`)).status).toBe(200);
      const before = await assignments();

      const cases: [number, unknown, string | RegExp][] = [
        [gB.id, { academicYearId: y26.id, calendarId: cal.y25.id }, 'Календарь не подходит группе: он составлен не на 2026-2027 учебный год'],
        [gB.id, { academicYearId: y25.id, calendarId: cal.otherForm.id }, 'Календарь не подходит группе «Б-24»: форма обучения группы и календаря различаются'],
        [gB.id, { academicYearId: y25.id, calendarId: cal.otherProfile.id }, 'Календарь не подходит группе «Б-24»: профиль группы и календаря различаются'],
        [gB.id, { academicYearId: y25.id, calendarId: cal.otherSpecialty.id }, 'Календарь не подходит группе «Б-24»: специальность группы и календаря различаются'],
        [
          old.id,
          { academicYearId: y25.id, calendarId: cal.y25.id },
          'Календарь не подходит группе «Старая»: курс группы в этом учебном году (6) больше числа курсов календаря (4)',
        ],
        [future.id, { academicYearId: y25.id, calendarId: cal.y25.id }, 'Календарь не подходит группе «Будущая»: группа в этом учебном году ещё не начала обучение'],
        [archived.id, { academicYearId: y25.id, calendarId: cal.y25.id }, 'Группа в архиве: календарь ей назначить нельзя'],
        [gB.id, { academicYearId: y25.id, calendarId: 999999 }, 'Учебный календарь не найден'],
        [gB.id, { academicYearId: 999999, calendarId: cal.y25.id }, 'Учебный год не найден'],
        [gB.id, {}, /«academicYearId» обязательно/],
        [gB.id, { academicYearId: y25.id, calendarId: 'x' }, /«calendarId» должно быть целым числом/],
      ];
      for (const [groupId, body, message] of cases) {
        const response = await admin.put(pathOf(groupId), body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expectErrorBody(response.body, 400, pathOf(groupId), message);
      }
      const missing = await admin.put(pathOf(999999), { academicYearId: y25.id, calendarId: cal.y25.id });
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, pathOf(999999), 'Группа не найдена');
      expect(await assignments()).toEqual(before);

      // The course counts in the assignment's year: the group that is sixth-year in 2025 fits a six-course calendar.
      const six = await createCalendar(admin, calendarBody(a, y25, 6, { specialtyProfileId: (await createProfile(admin, a.specialty.id)).id }));
      const fits = await admin.put(`/api/groups/${old.id}`, groupBody(old, { specialtyProfileId: six.specialtyProfileId }));
      expect(fits.status).toBe(200);
      expect((await admin.put(pathOf(old.id), { academicYearId: y25.id, calendarId: six.id })).status).toBe(200);
    });

    it('refuses changes to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
      const [own] = await t.sql<{ id: number }>('alpha', `SELECT id FROM group_calendar_assignments WHERE group_id = $1 ORDER BY id LIMIT 1`, [gA.id]);
      const before = await assignments();
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const client = clients.get(role)!;
        for (const response of [
          await client.put(pathOf(gA.id), { academicYearId: y25.id, calendarId: cal.y25.id }),
          await client.delete(`${pathOf(gA.id)}/${own.id}`),
        ]) {
          expect({ role, status: response.status }).toEqual({ role, status: 403 });
          expect(response.body.message).toBe('Недостаточно прав для этой операции');
        }
      }
      expect(await assignments()).toEqual(before);
    });
  });

  describe('delete', () => {
    it('removes an assignment and answers it', async () => {
      const group = await createGroup(admin, a, { name: 'Снятие', yearStartStudy: 2025 });
      const created = (await admin.put(pathOf(group.id), { academicYearId: y25.id, calendarId: cal.y25.id })).body;
      const elsewhere = await admin.delete(`${pathOf(gB.id)}/${created.id}`);
      expect(elsewhere.status).toBe(404);
      expectErrorBody(elsewhere.body, 404, `${pathOf(gB.id)}/${created.id}`, 'Назначение календаря не найдено');

      const response = await clients.get('EDUCATION_OFFICE')!.delete(`${pathOf(group.id)}/${created.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created);
      expect(await t.sql('alpha', `SELECT id FROM group_calendar_assignments WHERE id = $1`, [created.id])).toEqual([]);

      const again = await admin.delete(`${pathOf(group.id)}/${created.id}`);
      expect(again.status).toBe(404);
      expectErrorBody(again.body, 404, `${pathOf(group.id)}/${created.id}`, 'Назначение календаря не найдено');
      const noGroup = await admin.delete(`${pathOf(999999)}/${created.id}`);
      expect(noGroup.status).toBe(404);
      expectErrorBody(noGroup.body, 404, `${pathOf(999999)}/${created.id}`, 'Группа не найдена');
    });
  });

  describe('changes that must respect assignments', () => {
    it('refuses a group update that no longer fits an assigned calendar (409, group unchanged)', async () => {
      const other = await createEducationForm(admin);
      const before = await groupRow(gA.id);
      const path = `/api/groups/${gA.id}`;
      const cases: [Partial<GroupRequestBody>, string][] = [
        [
          { educationFormId: other.id },
          `Изменение группы несовместимо с учебным календарём «${cal.y25.title}», назначенным на 2025-2026 учебный год: форма обучения группы и календаря различаются`,
        ],
        [
          { specialtyProfileId: otherProfile.id },
          `Изменение группы несовместимо с учебным календарём «${cal.y25.title}», назначенным на 2025-2026 учебный год: профиль группы и календаря различаются`,
        ],
        [
          { yearStartStudy: 2021 },
          `Изменение группы несовместимо с учебным календарём «${cal.y25.title}», назначенным на 2025-2026 учебный год: курс группы в этом учебном году (5) больше числа курсов календаря (4)`,
        ],
        [
          { yearStartStudy: 2026 },
          `Изменение группы несовместимо с учебным календарём «${cal.y25.title}», назначенным на 2025-2026 учебный год: группа в этом учебном году ещё не начала обучение`,
        ],
      ];
      for (const [fields, message] of cases) {
        const response = await admin.put(path, groupBody(gA, fields));
        expect({ fields, status: response.status }).toEqual({ fields, status: 409 });
        expectErrorBody(response.body, 409, path, message);
      }
      expect(await groupRow(gA.id)).toEqual(before);

      // Start year 2025 fits the 2025-2026 calendar (course 1) and the 2026-2027 one (course 2).
      const fits = await admin.put(path, groupBody(gA, { name: 'А-24 (новое)', groupSize: 30, yearStartStudy: 2025 }));
      expect(fits.status).toBe(200);
      expect(fits.body).toMatchObject({ name: 'А-24 (новое)', groupSize: 30, yearStartStudy: 2025 });
      expect((await admin.put(path, groupBody(gA))).status).toBe(200);
    });

    it('refuses a calendar update that no longer fits an assigned group (409, nothing changed)', async () => {
      const path = `/api/admin/academic-calendars/${cal.y25.id}`;
      const before = await calendarState();
      const cases: [Partial<CalendarRequestBody>, string][] = [
        [{ courseCount: 1 }, 'Изменение несовместимо с назначением календаря группе «А-24» на 2025-2026 учебный год: курс группы в этом учебном году (2) больше числа курсов календаря (1)'],
        [
          { specialtyProfileId: (await createProfile(admin, a.specialty.id)).id },
          'Изменение несовместимо с назначением календаря группе «А-24» на 2025-2026 учебный год: профиль группы и календаря различаются',
        ],
        [
          { studyFormId: (await createEducationForm(admin)).id },
          'Изменение несовместимо с назначением календаря группе «А-24» на 2025-2026 учебный год: форма обучения группы и календаря различаются',
        ],
        [
          { academicYearId: (await insertYear(t, 2030)).id },
          'Изменение несовместимо с назначением календаря группе «А-24» на 2025-2026 учебный год: учебный год календаря и назначения различаются',
        ],
      ];
      for (const [fields, message] of cases) {
        const response = await admin.put(path, calendarBody(a, y25, 4, fields));
        expect({ fields, status: response.status }).toEqual({ fields, status: 409 });
        expectErrorBody(response.body, 409, path, message);
      }
      expect(await calendarState()).toEqual(before);
    });

    it('refuses to delete an assigned calendar', async () => {
      const path = `/api/admin/academic-calendars/${cal.y25.id}`;
      const before = await calendarState();
      const response = await admin.delete(path);
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, path, 'Календарь нельзя удалить: он назначен 1 группе');
      expect(await calendarState()).toEqual(before);
    });
  });

  describe('concurrency', () => {
    /**
     * Holds the group row locked in a transaction of its own, starts a save (which reads, then waits
     * for the lock), changes something under the lock, commits, and answers the save's response.
     */
    async function saveWhileLocked(groupId: number, body: object, changeMeanwhile: (client: PgClient) => Promise<unknown>) {
      const holder = new PgClient({ ...testServer(), database: t.databases.alpha });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM study_groups WHERE id = $1 FOR UPDATE`, [groupId]);
        // then() sends the request now; it reads, then waits for the group lock held here.
        const pending = admin.put(pathOf(groupId), body).then((response) => response);
        for (let attempt = 0; attempt < 200; attempt++) {
          const [{ waiting }] = (
            await holder.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [
              t.databases.alpha,
            ])
          ).rows;
          if (waiting > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await changeMeanwhile(holder);
        await holder.query('COMMIT');
        return await pending;
      } finally {
        await holder.end();
      }
    }

    it('answers 409 when another save for the group and year won meanwhile', async () => {
      const group = await createGroup(admin, a, { name: 'Гонка 1', yearStartStudy: 2024 });
      const response = await saveWhileLocked(group.id, { academicYearId: y25.id, calendarId: cal.y25.id }, (holder) =>
        holder.query(`INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) VALUES ($1, $2, $3)`, [
          group.id,
          y25.id,
          cal.y25.id,
        ]),
      );
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, pathOf(group.id), CONCURRENT);
      expect(await t.sql('alpha', `SELECT count(*)::int AS count FROM group_calendar_assignments WHERE group_id = $1`, [group.id])).toEqual([
        { count: 1 },
      ]);
    });

    it('answers 409 when the calendar changed meanwhile, storing nothing', async () => {
      const group = await createGroup(admin, a, { name: 'Гонка 2', yearStartStudy: 2024 });
      const response = await saveWhileLocked(group.id, { academicYearId: y26.id, calendarId: cal.y26.id }, (holder) =>
        holder.query(`UPDATE academic_calendars SET course_count = 5 WHERE id = $1`, [cal.y26.id]),
      );
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, pathOf(group.id), CONCURRENT);
      expect(await t.sql('alpha', `SELECT id FROM group_calendar_assignments WHERE group_id = $1`, [group.id])).toEqual([]);
      // A retry sees the new state and succeeds.
      expect((await admin.put(pathOf(group.id), { academicYearId: y26.id, calendarId: cal.y26.id })).status).toBe(200);
    });

    it('stores one assignment when several saves for one group and year run in parallel', async () => {
      const group = await createGroup(admin, a, { name: 'Параллельная', yearStartStudy: 2024 });
      const body = { academicYearId: y25.id, calendarId: cal.y25.id };
      const responses = await Promise.all(Array.from({ length: 6 }, () => admin.put(pathOf(group.id), body)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      for (const response of responses.filter((r) => r.status === 409)) {
        expectErrorBody(response.body, 409, pathOf(group.id), CONCURRENT);
      }
      const stored = await t.sql('alpha', `SELECT calendar_id FROM group_calendar_assignments WHERE group_id = $1 AND academic_year_id = $2`, [
        group.id,
        y25.id,
      ]);
      expect(stored).toEqual([{ calendar_id: cal.y25.id }]);
    });
  });
});
