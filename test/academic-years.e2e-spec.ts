import { Role } from '../src/platform/auth/roles';
import { AcademicYearBody, createAcademicYear, SemesterBody, standardSemesters } from './support/academic-year-builders';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('academic years and semesters (4.7)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let adminId: number;
  const clients = new Map<Role, { id: number; client: TenantClient }>();
  const REFUSED: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

  /** Every test works in its own start year, so years never clash by accident. */
  let lastStartYear = 2030;
  const nextStartYear = () => ++lastStartYear;

  const YEARS = '/api/admin/calendar/years';
  const semester = <T extends string>(semesterType: T, startDate: string, endDate: string) => ({ semesterType, startDate, endDate });
  const snapshot = async () => ({
    years: await t.sql('alpha', `SELECT id, title, start_date, end_date FROM academic_years ORDER BY id`),
    semesters: await t.sql('alpha', `SELECT id, academic_year_id, semester_type, start_date, end_date FROM semesters ORDER BY id`),
    versions: await t.sql('alpha', `SELECT id, semester_id, version_number, name, status FROM schedule_versions ORDER BY id`),
  });
  const versionsOf = (semesterId: number) =>
    t.sql(
      'alpha',
      `SELECT version_number, name, status, created_by, based_on_version_id, version_group_id IS NOT NULL AS has_group,
              published_at IS NOT NULL AS published
         FROM schedule_versions WHERE semester_id = $1 ORDER BY id`,
      [semesterId],
    );
  const versionCountOfYear = async (yearId: number) => {
    const sql = `SELECT count(*)::int AS n FROM schedule_versions v JOIN semesters s ON s.id = v.semester_id WHERE s.academic_year_id = $1`;
    return (await t.sql<{ n: number }>('alpha', sql, [yearId]))[0].n;
  };
  const firstVersion = (authorId: number) => ({
    version_number: 1,
    name: 'Основное расписание',
    status: 'PUBLISHED',
    created_by: authorId,
    based_on_version_id: null,
    has_group: true,
    published: true,
  });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    const login = await t.as('alpha').post('/api/auth/login', ADMIN);
    admin = t.as('alpha', login.body.token);
    adminId = login.body.userId;
    const home = await createDepartment(admin);
    for (const role of ['EDUCATION_OFFICE', ...REFUSED] as Role[]) {
      const { user, client } = await signedInAs(t, admin, { role, departmentId: home.id });
      clients.set(role, { id: user.id, client });
    }
  });
  afterAll(() => t.close());

  describe('POST /api/admin/calendar/years', () => {
    it('creates the year with computed title and end, its semesters by start, and a published version 1 for each', async () => {
      const year = nextStartYear();
      const response = await admin.post(YEARS, {
        startDate: `${year}-09-01`,
        title: 'Мой год', // ignored
        endDate: `${year + 1}-08-31`, // ignored
        semesters: [
          semester('spring', `${year + 1}-02-01`, `${year + 1}-06-30`),
          semester('autumn', `${year}-09-01`, `${year + 1}-01-31`),
        ],
      });
      expect(response.status).toBe(200);
      const id = response.body.id as number;
      expect(response.body).toEqual({
        id: expect.any(Number),
        title: `${year}-${year + 1}`,
        startDate: `${year}-09-01`,
        endDate: `${year + 1}-06-30`,
        semesters: [
          { id: expect.any(Number), academicYearId: id, semesterType: 'autumn', startDate: `${year}-09-01`, endDate: `${year + 1}-01-31` },
          { id: expect.any(Number), academicYearId: id, semesterType: 'spring', startDate: `${year + 1}-02-01`, endDate: `${year + 1}-06-30` },
        ],
      });
      expect(await t.sql('alpha', `SELECT title, start_date, end_date FROM academic_years WHERE id = $1`, [id])).toEqual([
        { title: `${year}-${year + 1}`, start_date: `${year}-09-01`, end_date: `${year + 1}-06-30` },
      ]);
      const semesters = response.body.semesters as SemesterBody[];
      expect(await t.sql('alpha', `SELECT id, semester_type FROM semesters WHERE academic_year_id = $1 ORDER BY start_date`, [id])).toEqual(
        semesters.map((s) => ({ id: s.id, semester_type: s.semesterType })),
      );
      for (const semester of semesters) expect(await versionsOf(semester.id)).toEqual([firstVersion(adminId)]);
      // Each semester's version starts its own version group.
      const groups = await t.sql('alpha', `SELECT DISTINCT version_group_id FROM schedule_versions WHERE semester_id = ANY($1)`, [
        semesters.map((s) => s.id),
      ]);
      expect(groups).toHaveLength(2);
    });

    it('lets EDUCATION_OFFICE create a year with one semester, authoring its version 1', async () => {
      const year = nextStartYear();
      const office = clients.get('EDUCATION_OFFICE')!;
      const response = await office.client.post(YEARS, {
        startDate: `${year}-09-01`,
        semesters: [semester('autumn', `${year}-09-01`, `${year}-12-31`)],
      });
      expect(response.status).toBe(200);
      expect(response.body.semesters).toHaveLength(1);
      expect(await versionsOf(response.body.semesters[0].id)).toEqual([firstVersion(office.id)]);
    });

    it('ends a year on 30 June of the year after its start, also for a start in January', async () => {
      const autumnStart = nextStartYear();
      const september = await createAcademicYear(admin, autumnStart, [
        semester('autumn', `${autumnStart}-09-01`, `${autumnStart}-12-31`),
      ]);
      expect(september).toMatchObject({ title: `${autumnStart}-${autumnStart + 1}`, endDate: `${autumnStart + 1}-06-30` });

      const januaryStart = nextStartYear() + 1; // leaves the calendar year after `autumnStart`'s end free
      lastStartYear = januaryStart;
      const response = await admin.post(YEARS, {
        startDate: `${januaryStart}-01-15`,
        semesters: [semester('spring', `${januaryStart}-02-01`, `${januaryStart + 1}-06-30`)],
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ title: `${januaryStart}-${januaryStart + 1}`, startDate: `${januaryStart}-01-15`, endDate: `${januaryStart + 1}-06-30` });
    });

    it('allows a semester on the year’s own bounds and semesters that touch', async () => {
      const year = nextStartYear();
      const response = await admin.post(YEARS, {
        startDate: `${year}-09-01`,
        semesters: [
          semester('autumn', `${year}-09-01`, `${year}-12-31`),
          semester('spring', `${year + 1}-01-01`, `${year + 1}-06-30`),
        ],
      });
      expect(response.status).toBe(200);
      // A one-day semester is a valid period too.
      const oneDay = nextStartYear();
      const single = await admin.post(YEARS, {
        startDate: `${oneDay}-09-01`,
        semesters: [semester('autumn', `${oneDay}-09-01`, `${oneDay}-09-01`)],
      });
      expect(single.status).toBe(200);
    });

    it.each([
      ['no startDate', { semesters: [] }, /«startDate» обязательно/],
      ['an impossible date', { startDate: '2099-02-30', semesters: standardSemesters(2099) }, /«startDate» должно быть датой в формате ГГГГ-ММ-ДД/],
      ['a date with time', { startDate: '2099-09-01T00:00:00Z', semesters: standardSemesters(2099) }, /«startDate» должно быть датой/],
      ['no semesters', { startDate: '2099-09-01' }, /«semesters» обязательно/],
      ['an empty semester list', { startDate: '2099-09-01', semesters: [] }, 'Учебный год должен содержать хотя бы один семестр'],
      ['semesters that are not a list', { startDate: '2099-09-01', semesters: 'autumn' }, /«semesters» должно быть массивом семестров/],
      ['a semester that is not an object', { startDate: '2099-09-01', semesters: [5] }, /«semesters» должно содержать объекты семестров/],
      [
        'an unknown semester type',
        { startDate: '2099-09-01', semesters: [{ semesterType: 'summer', startDate: '2099-09-01', endDate: '2099-12-31' }] },
        /«semesters\[0\]\.semesterType» должно иметь одно из значений: autumn, spring/,
      ],
      [
        'a semester without an end',
        { startDate: '2099-09-01', semesters: [{ semesterType: 'autumn', startDate: '2099-09-01' }] },
        /«semesters\[0\]\.endDate» обязательно/,
      ],
      ['a start year out of range', { startDate: '1899-09-01', semesters: standardSemesters(1899) }, 'Учебный год должен начинаться между 1900 и 2999 годами'],
    ])('rejects %s with 400 and creates nothing', async (_case, body, message) => {
      const before = await snapshot();
      const response = await admin.post(YEARS, body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, YEARS, message);
      expect(await snapshot()).toEqual(before);
    });

    it('rejects a semester ending before it starts or lying outside the year with 400, before any 409', async () => {
      const year = nextStartYear();
      const before = await snapshot();
      const cases: [unknown[], string][] = [
        [
          [semester('autumn', `${year}-12-01`, `${year}-11-30`)],
          `Осенний семестр: дата окончания ${year}-11-30 раньше даты начала ${year}-12-01`,
        ],
        [
          [semester('autumn', `${year}-08-31`, `${year}-12-31`)],
          `Осенний семестр (${year}-08-31 — ${year}-12-31) должен лежать внутри учебного года ${year}-${year + 1} (${year}-09-01 — ${year + 1}-06-30)`,
        ],
        [
          [semester('spring', `${year + 1}-02-01`, `${year + 1}-07-01`)],
          `Весенний семестр (${year + 1}-02-01 — ${year + 1}-07-01) должен лежать внутри учебного года ${year}-${year + 1} (${year}-09-01 — ${year + 1}-06-30)`,
        ],
        [
          // A duplicate type (409) and a semester outside the year (400): the 400 wins.
          [
            semester('autumn', `${year}-09-01`, `${year}-12-31`),
            semester('autumn', `${year}-09-01`, `${year}-12-31`),
            semester('spring', `${year + 1}-02-01`, `${year + 1}-07-15`),
          ],
          `Весенний семестр (${year + 1}-02-01 — ${year + 1}-07-15) должен лежать внутри учебного года ${year}-${year + 1} (${year}-09-01 — ${year + 1}-06-30)`,
        ],
      ];
      for (const [semesters, message] of cases) {
        const response = await admin.post(YEARS, { startDate: `${year}-09-01`, semesters });
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, YEARS, message);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('rejects a duplicate semester type and overlapping semesters with 409 and creates nothing', async () => {
      const year = nextStartYear();
      const before = await snapshot();
      const duplicate = await admin.post(YEARS, {
        startDate: `${year}-09-01`,
        semesters: [
          semester('autumn', `${year}-09-01`, `${year}-10-31`),
          semester('autumn', `${year}-11-01`, `${year}-12-31`),
        ],
      });
      expect(duplicate.status).toBe(409);
      expectErrorBody(duplicate.body, 409, YEARS, `В учебном году ${year}-${year + 1} уже есть осенний семестр`);

      const overlap = await admin.post(YEARS, {
        startDate: `${year}-09-01`,
        semesters: [
          semester('autumn', `${year}-09-01`, `${year + 1}-01-31`),
          semester('spring', `${year + 1}-01-31`, `${year + 1}-06-30`),
        ],
      });
      expect(overlap.status).toBe(409);
      expectErrorBody(
        overlap.body,
        409,
        YEARS,
        `Весенний семестр (${year + 1}-01-31 — ${year + 1}-06-30) пересекается с осенним семестром (${year}-09-01 — ${year + 1}-01-31)`,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('rejects a year with a taken title or overlapping another year with 409, but allows the day after', async () => {
      const year = nextStartYear();
      const existing = await createAcademicYear(admin, year);
      const before = await snapshot();

      const sameTitle = await admin.post(YEARS, { startDate: `${year}-10-01`, semesters: [semester('autumn', `${year}-10-01`, `${year}-12-31`)] });
      expect(sameTitle.status).toBe(409);
      expectErrorBody(sameTitle.body, 409, YEARS, `Учебный год ${year}-${year + 1} уже существует`);

      const next = year + 1;
      const overlapping = await admin.post(YEARS, { startDate: `${next}-06-30`, semesters: [semester('autumn', `${next}-09-01`, `${next}-12-31`)] });
      expect(overlapping.status).toBe(409);
      expectErrorBody(
        overlapping.body,
        409,
        YEARS,
        `Учебный год ${next}-${next + 1} (${next}-06-30 — ${next + 1}-06-30) пересекается с учебным годом ${existing.title} (${existing.startDate} — ${existing.endDate})`,
      );
      expect(await snapshot()).toEqual(before);

      lastStartYear = next;
      const touching = await admin.post(YEARS, { startDate: `${next}-07-01`, semesters: [semester('autumn', `${next}-09-01`, `${next}-12-31`)] });
      expect(touching.status).toBe(200);
      expect(touching.body).toMatchObject({ title: `${next}-${next + 1}`, startDate: `${next}-07-01`, endDate: `${next + 1}-06-30` });
    });

    it('creates exactly one year when the same year is posted twice at once', async () => {
      const year = nextStartYear();
      const body = { startDate: `${year}-09-01`, semesters: standardSemesters(year) };
      const responses = await Promise.all([admin.post(YEARS, body), admin.post(YEARS, body), admin.post(YEARS, body)]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      for (const refused of responses.filter((r) => r.status === 409)) expectErrorBody(refused.body, 409, YEARS);
      const rows = await t.sql<{ id: number }>('alpha', `SELECT id FROM academic_years WHERE title = $1`, [`${year}-${year + 1}`]);
      expect(rows).toHaveLength(1);
      expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM semesters WHERE academic_year_id = $1`, [rows[0].id])).toEqual([{ n: 2 }]);
      expect(await versionCountOfYear(rows[0].id)).toBe(2);
    });
  });

  describe('GET /api/admin/calendar/years', () => {
    it('lists years newest first, each with its semesters by start, to ADMIN and EDUCATION_OFFICE', async () => {
      const older = nextStartYear();
      const newer = nextStartYear();
      const created = await createAcademicYear(admin, newer);
      await createAcademicYear(admin, older);
      const response = await admin.get(YEARS);
      expect(response.status).toBe(200);
      const years = response.body as AcademicYearBody[];
      const starts = years.map((y) => y.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
      expect(years.find((y) => y.id === created.id)).toEqual({
        id: created.id,
        title: `${newer}-${newer + 1}`,
        startDate: `${newer}-09-01`,
        endDate: `${newer + 1}-06-30`,
        semesters: [
          { id: expect.any(Number), academicYearId: created.id, semesterType: 'autumn', startDate: `${newer}-09-01`, endDate: `${newer}-12-31` },
          { id: expect.any(Number), academicYearId: created.id, semesterType: 'spring', startDate: `${newer + 1}-02-09`, endDate: `${newer + 1}-06-30` },
        ],
      });
      for (const year of years) {
        const semesterStarts = year.semesters.map((s) => s.startDate);
        expect(semesterStarts).toEqual([...semesterStarts].sort());
      }
      const office = await clients.get('EDUCATION_OFFICE')!.client.get(YEARS);
      expect(office.status).toBe(200);
      expect(office.body).toEqual(response.body);
    });
  });

  describe('PUT /api/admin/calendar/years/{id}', () => {
    it('moves the start, recomputing title and end, and ignores semesters in the body', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const response = await admin.put(`${YEARS}/${created.id}`, {
        startDate: `${year}-08-25`,
        title: 'Другое',
        endDate: `${year + 1}-07-31`,
        semesters: [semester('autumn', `${year}-08-25`, `${year}-08-26`)],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...created, startDate: `${year}-08-25` });
      expect(await t.sql('alpha', `SELECT title, start_date, end_date FROM academic_years WHERE id = $1`, [created.id])).toEqual([
        { title: `${year}-${year + 1}`, start_date: `${year}-08-25`, end_date: `${year + 1}-06-30` },
      ]);
      expect(await t.sql('alpha', `SELECT start_date, end_date FROM semesters WHERE academic_year_id = $1 ORDER BY start_date`, [created.id])).toEqual(
        created.semesters.map((s) => ({ start_date: s.startDate, end_date: s.endDate })),
      );
    });

    it('narrows a year while its semesters stay inside, and refuses narrowing past a semester with 400', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year, [semester('autumn', `${year}-09-10`, `${year}-12-31`)]);
      const narrowed = await admin.put(`${YEARS}/${created.id}`, { startDate: `${year}-09-10` });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body).toMatchObject({ startDate: `${year}-09-10`, endDate: `${year + 1}-06-30` });

      const before = await snapshot();
      const tooNarrow = await admin.put(`${YEARS}/${created.id}`, { startDate: `${year}-09-11` });
      expect(tooNarrow.status).toBe(400);
      expectErrorBody(
        tooNarrow.body,
        400,
        `${YEARS}/${created.id}`,
        `Осенний семестр (${year}-09-10 — ${year}-12-31) должен лежать внутри учебного года ${year}-${year + 1} (${year}-09-11 — ${year + 1}-06-30)`,
      );
      // Moving the start into the next calendar year also moves the end and leaves the autumn semester behind.
      const shifted = await admin.put(`${YEARS}/${created.id}`, { startDate: `${year + 1}-01-10` });
      expect(shifted.status).toBe(400);
      expectErrorBody(shifted.body, 400, `${YEARS}/${created.id}`, /^Осенний семестр .* должен лежать внутри учебного года/);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a start that overlaps or takes the title of another year (409), an unknown year (404) and a bad id (400)', async () => {
      // A: from 15 January of `a`; B: from 1 July of `a + 1`, the day after A ends.
      const a = nextStartYear() + 1; // A's January start must not touch the year before
      lastStartYear = a + 1;
      const yearA = await admin.post(YEARS, {
        startDate: `${a}-01-15`,
        semesters: [semester('spring', `${a + 1}-02-01`, `${a + 1}-06-30`)],
      });
      expect(yearA.status).toBe(200);
      const yearB = await createAcademicYear(admin, a + 1, [semester('autumn', `${a + 1}-09-01`, `${a + 1}-12-31`)]);
      expect(yearB).toMatchObject({ startDate: `${a + 1}-09-01` });
      const before = await snapshot();

      const overlap = await admin.put(`${YEARS}/${yearB.id}`, { startDate: `${a + 1}-06-30` });
      expect(overlap.status).toBe(409);
      expectErrorBody(
        overlap.body,
        409,
        `${YEARS}/${yearB.id}`,
        `Учебный год ${a + 1}-${a + 2} (${a + 1}-06-30 — ${a + 2}-06-30) пересекается с учебным годом ${a}-${a + 1} (${a}-01-15 — ${a + 1}-06-30)`,
      );
      const title = await admin.put(`${YEARS}/${yearA.body.id}`, { startDate: `${a + 1}-01-01` });
      expect(title.status).toBe(409);
      expectErrorBody(title.body, 409, `${YEARS}/${yearA.body.id}`, `Учебный год ${a + 1}-${a + 2} уже существует`);

      const missing = await admin.put(`${YEARS}/999999`, { startDate: `${a}-09-01` });
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, `${YEARS}/999999`, 'Учебный год не найден');
      const badId = await admin.put(`${YEARS}/abc`, { startDate: `${a}-09-01` });
      expect(badId.status).toBe(400);
      expectErrorBody(badId.body, 400, `${YEARS}/abc`, 'Параметр «id» должен быть положительным целым числом');
      const badBody = await admin.put(`${YEARS}/${yearB.id}`, { startDate: 'завтра' });
      expect(badBody.status).toBe(400);
      expectErrorBody(badBody.body, 400, `${YEARS}/${yearB.id}`, /«startDate» должно быть датой/);
      expect(await snapshot()).toEqual(before);

      // The day after A ends is free: B may start there.
      const touching = await admin.put(`${YEARS}/${yearB.id}`, { startDate: `${a + 1}-07-01` });
      expect(touching.status).toBe(200);
      expect(touching.body).toMatchObject({ title: `${a + 1}-${a + 2}`, startDate: `${a + 1}-07-01`, endDate: `${a + 2}-06-30` });
    });
  });

  describe('DELETE /api/admin/calendar/years/{id}', () => {
    it('deletes an unused year with its semesters and their versions 1, answering the deleted year', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const response = await admin.delete(`${YEARS}/${created.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created);
      expect(await t.sql('alpha', `SELECT id FROM academic_years WHERE id = $1`, [created.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM semesters WHERE academic_year_id = $1`, [created.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM schedule_versions WHERE semester_id = ANY($1)`, [created.semesters.map((s) => s.id)])).toEqual([]);

      const again = await admin.delete(`${YEARS}/${created.id}`);
      expect(again.status).toBe(404);
      expectErrorBody(again.body, 404, `${YEARS}/${created.id}`, 'Учебный год не найден');
      // Its period is free again.
      expect((await admin.post(YEARS, { startDate: `${year}-09-01`, semesters: standardSemesters(year) })).status).toBe(200);
    });

    it('refuses to delete a year whose semesters have versions beyond version 1 (409) and changes nothing', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      for (const semester of created.semesters) {
        await t.sql('alpha', `INSERT INTO schedule_versions (semester_id, version_number, name, status) VALUES ($1, 2, 'Черновик', 'DRAFT')`, [semester.id]);
      }
      const before = await snapshot();
      const response = await admin.delete(`${YEARS}/${created.id}`);
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, `${YEARS}/${created.id}`, `Учебный год ${created.title} нельзя удалить: его используют 2 версии расписания`);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('semesters of a year', () => {
    const semestersPath = (yearId: number | string) => `${YEARS}/${yearId}/semesters`;

    it('lists a year’s semesters by start; an unknown year is 404', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const response = await admin.get(semestersPath(created.id));
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created.semesters);
      const office = await clients.get('EDUCATION_OFFICE')!.client.get(semestersPath(created.id));
      expect(office.body).toEqual(created.semesters);
      const missing = await admin.get(semestersPath(999999));
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, semestersPath(999999), 'Учебный год не найден');
    });

    it('adds a semester with its published version 1', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year, [semester('autumn', `${year}-09-01`, `${year}-12-31`)]);
      const office = clients.get('EDUCATION_OFFICE')!;
      const response = await office.client.post(semestersPath(created.id), {
        semesterType: 'spring',
        startDate: `${year + 1}-01-01`,
        endDate: `${year + 1}-06-30`,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        academicYearId: created.id,
        ...semester('spring', `${year + 1}-01-01`, `${year + 1}-06-30`),
      });
      expect(await versionsOf(response.body.id)).toEqual([firstVersion(office.id)]);
      expect((await admin.get(semestersPath(created.id))).body).toEqual([...created.semesters, response.body]);
    });

    it('refuses wrong dates (400), a taken type or an overlap (409) and an unknown year (404), creating no semester and no version', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year, [semester('autumn', `${year}-09-01`, `${year}-12-31`)]);
      const path = semestersPath(created.id);
      const before = await snapshot();
      const cases: [string, unknown, number, string | RegExp][] = [
        [path, semester('spring', `${year + 1}-03-01`, `${year + 1}-02-01`), 400, `Весенний семестр: дата окончания ${year + 1}-02-01 раньше даты начала ${year + 1}-03-01`],
        [path, semester('spring', `${year + 1}-02-01`, `${year + 1}-07-31`), 400, /^Весенний семестр .* должен лежать внутри учебного года/],
        [path, semester('spring', `${year}-08-01`, `${year}-08-31`), 400, /^Весенний семестр .* должен лежать внутри учебного года/],
        [path, semester('autumn', `${year + 1}-02-01`, `${year + 1}-06-30`), 409, `В учебном году ${created.title} уже есть осенний семестр`],
        [
          path,
          semester('spring', `${year}-12-31`, `${year + 1}-06-30`),
          409,
          `Весенний семестр (${year}-12-31 — ${year + 1}-06-30) пересекается с осенним семестром (${year}-09-01 — ${year}-12-31)`,
        ],
        [path, semester('winter', `${year + 1}-02-01`, `${year + 1}-06-30`), 400, /«semesterType» должно иметь одно из значений/],
        [path, { semesterType: 'spring', endDate: `${year + 1}-06-30` }, 400, /«startDate» обязательно/],
        [semestersPath(999999), semester('spring', `${year + 1}-02-01`, `${year + 1}-06-30`), 404, 'Учебный год не найден'],
        [semestersPath('x'), semester('spring', `${year + 1}-02-01`, `${year + 1}-06-30`), 400, 'Параметр «academicYearId» должен быть положительным целым числом'],
      ];
      for (const [target, body, status, message] of cases) {
        const response = await admin.post(target, body);
        expect(response.status).toBe(status);
        expectErrorBody(response.body, status, target, message);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('lets only one of two parallel overlapping semester creations pass', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year, [semester('autumn', `${year}-09-01`, `${year}-10-31`)]);
      const responses = await Promise.all([
        admin.post(semestersPath(created.id), semester('spring', `${year}-11-01`, `${year + 1}-03-31`)),
        admin.post(semestersPath(created.id), semester('spring', `${year + 1}-03-01`, `${year + 1}-06-30`)),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM semesters WHERE academic_year_id = $1`, [created.id])).toEqual([{ n: 2 }]);
      expect(await versionCountOfYear(created.id)).toBe(2);
    });

    it('updates a semester’s dates and type under the same rules', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const [autumn, spring] = created.semesters;
      const path = `/api/admin/calendar/semesters/${autumn.id}`;

      const moved = await admin.put(path, semester('autumn', `${year}-09-02`, `${year + 1}-02-08`));
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ ...autumn, startDate: `${year}-09-02`, endDate: `${year + 1}-02-08` });
      expect(await t.sql('alpha', `SELECT semester_type, start_date, end_date FROM semesters WHERE id = $1`, [autumn.id])).toEqual([
        { semester_type: 'autumn', start_date: `${year}-09-02`, end_date: `${year + 1}-02-08` },
      ]);

      const before = await snapshot();
      const cases: [string, unknown, number, string | RegExp][] = [
        [path, semester('spring', `${year}-09-02`, `${year}-12-31`), 409, `В учебном году ${created.title} уже есть весенний семестр`],
        [
          path,
          semester('autumn', `${year}-09-02`, `${year + 1}-02-09`),
          409,
          `Осенний семестр (${year}-09-02 — ${year + 1}-02-09) пересекается с весенним семестром (${spring.startDate} — ${spring.endDate})`,
        ],
        [path, semester('autumn', `${year}-08-31`, `${year}-12-31`), 400, /^Осенний семестр .* должен лежать внутри учебного года/],
        [path, semester('autumn', `${year}-12-31`, `${year}-12-30`), 400, `Осенний семестр: дата окончания ${year}-12-30 раньше даты начала ${year}-12-31`],
        ['/api/admin/calendar/semesters/999999', semester('autumn', `${year}-09-02`, `${year}-12-31`), 404, 'Семестр не найден'],
        ['/api/admin/calendar/semesters/0', semester('autumn', `${year}-09-02`, `${year}-12-31`), 400, 'Параметр «id» должен быть положительным целым числом'],
      ];
      for (const [target, body, status, message] of cases) {
        const response = await admin.put(target, body);
        expect(response.status).toBe(status);
        expectErrorBody(response.body, status, target, message);
      }
      expect(await snapshot()).toEqual(before);

      // The type may change to a free one: drop the spring semester's type by turning autumn into spring after moving spring away.
      const only = nextStartYear();
      const single = await createAcademicYear(admin, only, [semester('autumn', `${only}-09-01`, `${only}-12-31`)]);
      const retyped = await admin.put(`/api/admin/calendar/semesters/${single.semesters[0].id}`, {
        semesterType: 'spring',
        startDate: `${only + 1}-02-01`,
        endDate: `${only + 1}-06-30`,
      });
      expect(retyped.status).toBe(200);
      expect(retyped.body).toMatchObject({ semesterType: 'spring', startDate: `${only + 1}-02-01` });
    });
  });

  describe('GET /api/schedule/semesters', () => {
    it('lists every semester of every year newest first, with the year title, to every role that views schedules', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const response = await admin.get('/api/schedule/semesters');
      expect(response.status).toBe(200);
      const items = response.body as (SemesterBody & { academicYearTitle: string })[];
      const starts = items.map((s) => s.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
      const total = await t.sql<{ n: number }>('alpha', `SELECT count(*)::int AS n FROM semesters`);
      expect(items).toHaveLength(total[0].n);
      const [autumn, spring] = created.semesters;
      expect(items.filter((s) => s.academicYearId === created.id)).toEqual([
        { ...spring, academicYearTitle: created.title },
        { ...autumn, academicYearTitle: created.title },
      ]);
      for (const role of ['EDUCATION_OFFICE', ...REFUSED] as Role[]) {
        const seen = await clients.get(role)!.client.get('/api/schedule/semesters');
        expect(seen.status).toBe(200);
        expect(seen.body).toEqual(response.body);
      }
    });
  });

  describe('roles', () => {
    it('refuses every calendar administration endpoint to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
      const year = nextStartYear();
      const created = await createAcademicYear(admin, year);
      const semesterId = created.semesters[0].id;
      const before = await snapshot();
      for (const role of REFUSED) {
        const client = clients.get(role)!.client;
        const attempts = [
          client.get(YEARS),
          client.post(YEARS, { startDate: `${year + 50}-09-01`, semesters: standardSemesters(year + 50) }),
          client.put(`${YEARS}/${created.id}`, { startDate: `${year}-08-01` }),
          client.delete(`${YEARS}/${created.id}`),
          client.get(`${YEARS}/${created.id}/semesters`),
          client.post(`${YEARS}/${created.id}/semesters`, semester('spring', `${year + 1}-02-01`, `${year + 1}-02-02`)),
          client.put(`/api/admin/calendar/semesters/${semesterId}`, semester('autumn', `${year}-09-02`, `${year}-12-31`)),
        ];
        for (const response of await Promise.all(attempts)) {
          expect(response.status).toBe(403);
          expect(response.body).toMatchObject({ status: 403, message: expect.stringMatching(/[а-яё]/i) });
        }
      }
      expect(await snapshot()).toEqual(before);
      const anonymous = await t.as('alpha').get(YEARS);
      expect(anonymous.status).toBe(401);
      expect((await t.as('alpha').get('/api/schedule/semesters')).status).toBe(401);
    });
  });
});
