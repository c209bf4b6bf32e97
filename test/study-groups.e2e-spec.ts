import { Role, ROLES } from '../src/platform/auth/roles';
import { createDepartment, DepartmentBody, expectErrorBody, signedInAs } from './support/factories';
import {
  createGroup,
  createProfile,
  createStudySetup,
  createSubgroup,
  currentAcademicYear,
  GroupBody,
  groupRequest,
  isAutumnToday,
  StudySetup,
} from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const YEAR = currentAcademicYear();
const semesterFor = (course: number) => (course === 0 ? 0 : (course - 1) * 2 + (isAutumnToday() ? 1 : 2));

describe('groups (4.19)', () => {
  let t: TestApp;
  let admin: TenantClient;
  const clients = new Map<Role, TenantClient>();
  let depA: DepartmentBody;
  let depB: DepartmentBody;
  /** Department A and B reference data; a third setup for tests that change things. */
  let a: StudySetup;
  let b: StudySetup;
  let scratch: StudySetup;
  /** The catalogue of department A and B groups the list tests look at. */
  const g: Record<string, GroupBody> = {};

  const groupRows = () => t.sql('alpha', `SELECT * FROM study_groups ORDER BY id`);
  const ids = (body: GroupBody[]) => body.map((group) => group.id);
  const named = (...keys: string[]) => keys.map((key) => g[key].id);
  const catalogue = (body: GroupBody[]) => body.filter((group) => Object.values(g).some((known) => known.id === group.id));

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    depA = await createDepartment(admin, { departmentName: 'Кафедра А' });
    depB = await createDepartment(admin, { departmentName: 'Кафедра Б' });
    a = await createStudySetup(admin, depA);
    b = await createStudySetup(admin, depB);
    scratch = await createStudySetup(admin);
    await t.sql('alpha', `UPDATE specialties SET code = 'ИВТ-09', name = 'Информатика' WHERE id = $1`, [b.specialty.id]);
    await t.sql('alpha', `UPDATE specialty_profiles SET name = 'Сети' WHERE id = $1`, [b.profile.id]);
    await t.sql('alpha', `UPDATE education_forms SET name = 'Заочная Б' WHERE id = $1`, [b.form.id]);

    g.a1 = await createGroup(admin, a, { name: 'А-1', yearStartStudy: YEAR, groupSize: 20 });
    g.a2 = await createGroup(admin, a, { name: 'а-2', yearStartStudy: YEAR - 1, groupSize: 30 });
    g.a6 = await createGroup(admin, a, { name: 'А-6', yearStartStudy: YEAR - 5, groupSize: 10 });
    g.aFuture = await createGroup(admin, a, { name: 'А-будущая', yearStartStudy: YEAR + 1, groupSize: 15 });
    g.aGraduated = await createGroup(admin, a, { name: 'А-выпуск', yearStartStudy: YEAR - 6, groupSize: 12 });
    g.aArchived = await createGroup(admin, a, { name: 'А-архив', yearStartStudy: YEAR, groupSize: 18 });
    expect((await admin.delete(`/api/groups/${g.aArchived.id}`)).status).toBe(200);
    g.b1 = await createGroup(admin, b, { name: 'Б-1', yearStartStudy: YEAR, groupSize: 22 });
    g.b2 = await createGroup(admin, b, { name: 'Б-2', yearStartStudy: YEAR - 2, groupSize: 26 });

    for (const role of ROLES.filter((role) => role !== 'ADMIN')) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: depA.id })).client);
    }
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a group and answers every field of the spec', async () => {
      const body = { ...groupRequest(scratch), name: '  ПИ-21 ', yearStartStudy: YEAR - 1, groupSize: 27 };
      const response = await admin.post('/api/groups', body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'ПИ-21',
        groupSize: 27,
        educationFormId: scratch.form.id,
        educationFormName: scratch.form.name,
        departmentId: scratch.department.id,
        yearStartStudy: YEAR - 1,
        course: 2,
        semester: semesterFor(2),
        specialtyId: scratch.specialty.id,
        specialtyCode: scratch.specialty.specialityCode,
        specialtyName: scratch.specialty.specialityName,
        specialtyProfileId: scratch.profile.id,
        specialtyProfileName: scratch.profile.name,
        specialityCode: scratch.specialty.id,
        status: 'ACTIVE',
        active: true,
        studyState: 'ACTIVE',
        studyStateName: 'Обучается',
      });
      const stored = await t.sql('alpha', `SELECT name, group_size, education_form_id, department_id, year_start_study,
        specialty_id, specialty_profile_id, status, archived_at FROM study_groups WHERE id = $1`, [response.body.id]);
      expect(stored).toEqual([
        {
          name: 'ПИ-21',
          group_size: 27,
          education_form_id: scratch.form.id,
          department_id: scratch.department.id,
          year_start_study: YEAR - 1,
          specialty_id: scratch.specialty.id,
          specialty_profile_id: scratch.profile.id,
          status: 'ACTIVE',
          archived_at: null,
        },
      ]);
    });

    it('derives course, semester and study state from the start year', () => {
      expect(g.a1).toMatchObject({ course: 1, semester: semesterFor(1), studyState: 'ACTIVE', active: true, studyStateName: 'Обучается' });
      expect(g.a6).toMatchObject({ course: 6, semester: semesterFor(6), studyState: 'ACTIVE', active: true });
      expect(g.aFuture).toMatchObject({ course: 0, semester: 0, studyState: 'NOT_STARTED', active: false, studyStateName: 'Обучение не началось' });
      expect(g.aGraduated).toMatchObject({ course: 7, semester: semesterFor(7), studyState: 'GRADUATED', active: false, studyStateName: 'Выпущена' });
    });

    it('allows equal group names', async () => {
      const first = await createGroup(admin, scratch, { name: 'Дубль' });
      const second = await createGroup(admin, scratch, { name: 'Дубль' });
      expect(second.id).not.toBe(first.id);
      expect(second.name).toBe('Дубль');
    });

    it('lets EDUCATION_OFFICE create groups', async () => {
      const response = await clients.get('EDUCATION_OFFICE')!.post('/api/groups', groupRequest(scratch, { name: 'От учебного отдела' }));
      expect(response.status).toBe(200);
      expect(response.body.name).toBe('От учебного отдела');
    });

    it.each([
      ['no name', { name: undefined }, /«name» обязательно/],
      ['a blank name', { name: '  ' }, /«name» не может быть пустым/],
      ['no groupSize', { groupSize: undefined }, /«groupSize» обязательно/],
      ['groupSize 0', { groupSize: 0 }, /«groupSize» должно быть не меньше 1/],
      ['a fractional groupSize', { groupSize: 2.5 }, /«groupSize» должно быть целым числом/],
      ['no educationFormId', { educationFormId: undefined }, /«educationFormId» обязательно/],
      ['no departmentId', { departmentId: undefined }, /«departmentId» обязательно/],
      ['departmentId 0', { departmentId: 0 }, /«departmentId» должно быть положительным числом/],
      ['no yearStartStudy', { yearStartStudy: undefined }, /«yearStartStudy» обязательно/],
      ['a negative yearStartStudy', { yearStartStudy: -2020 }, /«yearStartStudy» должно быть не меньше 1/],
      ['no specialtyId', { specialtyId: undefined }, /«specialtyId» обязательно/],
      ['no specialtyProfileId', { specialtyProfileId: undefined }, /«specialtyProfileId» обязательно/],
      ['a negative specialtyProfileId', { specialtyProfileId: -1 }, /«specialtyProfileId» должно быть положительным числом/],
      ['a text id', { specialtyId: 'abc' }, /«specialtyId» должно быть целым числом/],
    ])('rejects a body with %s with 400 and creates nothing', async (_case, fields, message) => {
      const before = await groupRows();
      const response = await admin.post('/api/groups', { ...groupRequest(scratch), ...fields });
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/groups', message);
      expect(await groupRows()).toEqual(before);
    });

    it('rejects nested ids that do not exist, and a profile of another specialty, with 400', async () => {
      const foreignProfile = await createProfile(admin, b.specialty.id);
      const target = await createGroup(admin, scratch);
      const cases: [Record<string, number>, string][] = [
        [{ educationFormId: 999999 }, 'Форма обучения не найдена'],
        [{ departmentId: 999999 }, 'Кафедра не найдена'],
        [{ specialtyId: 999999 }, 'Специальность не найдена'],
        [{ specialtyProfileId: 999999 }, 'Профиль специальности не найден'],
        [{ specialtyProfileId: foreignProfile.id }, 'Профиль не относится к выбранной специальности'],
      ];
      const before = await groupRows();
      for (const [fields, message] of cases) {
        const response = await admin.post('/api/groups', groupRequest(scratch, fields));
        expect({ fields, status: response.status }).toEqual({ fields, status: 400 });
        expectErrorBody(response.body, 400, '/api/groups', message);
        const update = await admin.put(`/api/groups/${target.id}`, groupRequest(scratch, fields));
        expect({ fields, status: update.status }).toEqual({ fields, status: 400 });
        expectErrorBody(update.body, 400, `/api/groups/${target.id}`, message);
      }
      expect(await groupRows()).toEqual(before);
    });

    it('refuses creation to DEPARTMENT, SCHEDULE_VIEWER, TEACHER and STUDENT', async () => {
      const before = await groupRows();
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const response = await clients.get(role)!.post('/api/groups', groupRequest(a));
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
        expectErrorBody(response.body, 403, '/api/groups', 'Недостаточно прав для этой операции');
      }
      expect(await groupRows()).toEqual(before);
    });
  });

  describe('GET /api/groups', () => {
    it('lists groups that are neither archived nor graduated, by name, to every role', async () => {
      const response = await admin.get('/api/groups');
      expect(response.status).toBe(200);
      expect(ids(catalogue(response.body))).toEqual(named('a1', 'a2', 'a6', 'aFuture', 'b1', 'b2'));
      expect(catalogue(response.body)[0]).toEqual(g.a1);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const seen = await clients.get(role)!.get('/api/groups');
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(response.body);
      }
    });

    it('returns archived and graduated groups too with includeArchived=true', async () => {
      const response = await admin.get('/api/groups?includeArchived=true');
      expect(response.status).toBe(200);
      expect(ids(catalogue(response.body))).toEqual(named('a1', 'a2', 'a6', 'aArchived', 'aFuture', 'aGraduated', 'b1', 'b2'));
      expect(catalogue(response.body).find((group) => group.id === g.aArchived.id)).toMatchObject({
        status: 'ARCHIVED',
        studyState: 'ARCHIVED',
        studyStateName: 'В архиве',
        active: false,
        course: 1,
      });
      const bad = await admin.get('/api/groups?includeArchived=maybe');
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, '/api/groups', /«includeArchived» должно быть true или false/);
    });

    it('gives DEPARTMENT only its own department’s groups', async () => {
      const department = clients.get('DEPARTMENT')!;
      const current = await department.get('/api/groups');
      expect(current.status).toBe(200);
      expect(ids(current.body)).toEqual(named('a1', 'a2', 'a6', 'aFuture'));
      const all = await department.get('/api/groups?includeArchived=true');
      expect(ids(all.body)).toEqual(named('a1', 'a2', 'a6', 'aArchived', 'aFuture', 'aGraduated'));
    });
  });

  describe('GET /api/groups/{departmentId}', () => {
    it('lists a department’s current groups', async () => {
      const response = await admin.get(`/api/groups/${depA.id}`);
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(named('a1', 'a2', 'a6', 'aFuture'));
      expect(response.body[0]).toEqual(g.a1);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'DEPARTMENT'] as Role[]) {
        const seen = await clients.get(role)!.get(`/api/groups/${depA.id}`);
        expect({ role, status: seen.status }).toEqual({ role, status: 200 });
        expect(seen.body).toEqual(response.body);
      }
    });

    it('refuses DEPARTMENT another department (403), TEACHER and STUDENT (403), and an unknown department (404)', async () => {
      const other = await clients.get('DEPARTMENT')!.get(`/api/groups/${depB.id}`);
      expect(other.status).toBe(403);
      expectErrorBody(other.body, 403, `/api/groups/${depB.id}`, 'Доступны только группы своей кафедры');
      for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
        expect((await clients.get(role)!.get(`/api/groups/${depA.id}`)).status).toBe(403);
      }
      const unknown = await admin.get('/api/groups/999999');
      expect(unknown.status).toBe(404);
      expectErrorBody(unknown.body, 404, '/api/groups/999999', 'Кафедра не найдена');
      const bad = await admin.get('/api/groups/abc');
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, '/api/groups/abc', 'Параметр «departmentId» должен быть положительным целым числом');
    });
  });

  describe('GET /api/groups/page', () => {
    const departments = () => `departmentId=${depA.id}&departmentId=${depB.id}`;

    it('pages current groups by name with the paging fields', async () => {
      const response = await admin.get(`/api/groups/page?${departments()}&size=4`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        items: [g.a1, g.a2, g.a6, g.aFuture],
        page: 0,
        size: 4,
        totalItems: 6,
        totalPages: 2,
        first: true,
        last: false,
      });
      const second = await admin.get(`/api/groups/page?${departments()}&size=4&page=1`);
      expect(second.body).toMatchObject({ page: 1, size: 4, totalItems: 6, totalPages: 2, first: false, last: true });
      expect(ids(second.body.items)).toEqual(named('b1', 'b2'));
    });

    it('searches case-insensitively over group name, specialty code and name, profile and form', async () => {
      const search = async (query: string) =>
        ids((await admin.get(`/api/groups/page?${departments()}&query=${encodeURIComponent(query)}`)).body.items);
      expect(await search('а-')).toEqual(named('a1', 'a2', 'a6', 'aFuture'));
      expect(await search('ивт-0')).toEqual(named('b1', 'b2'));
      expect(await search('ИНФОРМАТ')).toEqual(named('b1', 'b2'));
      expect(await search('сети')).toEqual(named('b1', 'b2'));
      expect(await search('заочная б')).toEqual(named('b1', 'b2'));
      expect(await search('%')).toEqual([]);
    });

    it('filters by repeatable form, department and start year, and includes archived ones on request', async () => {
      const page = async (params: string) => ids((await admin.get(`/api/groups/page?${params}`)).body.items);
      expect(await page(`educationFormId=${b.form.id}`)).toEqual(named('b1', 'b2'));
      expect(await page(`educationFormId=${a.form.id}&educationFormId=${b.form.id}&yearStartStudy=${YEAR}`)).toEqual(named('a1', 'b1'));
      expect(await page(`departmentId=${depA.id}&yearStartStudy=${YEAR}&yearStartStudy=${YEAR - 6}`)).toEqual(named('a1'));
      expect(await page(`departmentId=${depA.id}&includeArchived=true`)).toEqual(
        named('a1', 'a2', 'a6', 'aArchived', 'aFuture', 'aGraduated'),
      );
    });

    it('sorts by name, yearStartStudy, groupSize and status in both directions', async () => {
      const page = async (params: string) => ids((await admin.get(`/api/groups/page?departmentId=${depA.id}&includeArchived=true&${params}`)).body.items);
      expect(await page('sort=name&direction=desc')).toEqual(named('aGraduated', 'aFuture', 'aArchived', 'a6', 'a2', 'a1'));
      expect(await page('sort=yearStartStudy')).toEqual(named('aGraduated', 'a6', 'a2', 'a1', 'aArchived', 'aFuture'));
      expect(await page('sort=groupSize&direction=DESC')).toEqual(named('a2', 'a1', 'aArchived', 'aFuture', 'aGraduated', 'a6'));
      expect(await page('sort=status&direction=desc')).toEqual(named('aArchived', 'a1', 'a2', 'a6', 'aFuture', 'aGraduated'));
    });

    it.each([
      ['sort=course', /«sort» должно иметь одно из значений: name, yearStartStudy, groupSize, status/],
      ['size=101', /«size» должно быть не больше 100/],
      ['size=0', /«size» должно быть не меньше 1/],
      ['page=-1', /«page» должно быть не меньше 0/],
      ['direction=up', /«direction»/],
      ['departmentId=x', /«departmentId» должно содержать целые числа/],
      ['yearStartStudy=0', /«yearStartStudy» должно содержать положительные числа/],
    ])('rejects %s with 400', async (params, message) => {
      const response = await admin.get(`/api/groups/page?${params}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/groups/page', message);
    });

    it('forces DEPARTMENT to its own department whatever it asks for', async () => {
      const department = clients.get('DEPARTMENT')!;
      const own = await department.get('/api/groups/page');
      expect(own.status).toBe(200);
      expect(ids(own.body.items)).toEqual(named('a1', 'a2', 'a6', 'aFuture'));
      const other = await department.get(`/api/groups/page?departmentId=${depB.id}&includeArchived=true`);
      expect(other.status).toBe(200);
      expect(other.body.items.every((group: GroupBody) => group.departmentId === depA.id)).toBe(true);
      expect(ids(other.body.items)).not.toContain(g.b1.id);
    });

    it('is open to EDUCATION_OFFICE and SCHEDULE_VIEWER, closed to TEACHER and STUDENT', async () => {
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER'] as Role[]) {
        expect((await clients.get(role)!.get(`/api/groups/page?${departments()}`)).status).toBe(200);
      }
      for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
        const response = await clients.get(role)!.get('/api/groups/page');
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
      }
    });
  });

  describe('GET /api/groups/options', () => {
    it('offers studying groups only, by name, with query, department and limit', async () => {
      const options = async (params: string, client = admin) => {
        const response = await client.get(`/api/groups/options?${params}`);
        expect(response.status).toBe(200);
        return ids(response.body);
      };
      expect(await options(`departmentId=${depA.id}`)).toEqual(named('a1', 'a2', 'a6'));
      expect(await options(`departmentId=${depA.id}&limit=2`)).toEqual(named('a1', 'a2'));
      expect(await options(`query=${encodeURIComponent('ивт')}`)).toEqual(named('b1', 'b2'));
      // Issue 45 §6: a name is found as people type it, with a space or no hyphen at all.
      expect(await options(`query=${encodeURIComponent('б 1')}`)).toEqual(named('b1'));
      expect(await options(`query=${encodeURIComponent('Б1')}`)).toEqual(named('b1'));
      expect(await options(`query=${encodeURIComponent('а6')}`)).toEqual(named('a6'));
      expect((await admin.get(`/api/groups/options?departmentId=${depA.id}&limit=1`)).body).toEqual([g.a1]);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        expect(await options(`departmentId=${depB.id}`, clients.get(role))).toEqual(named('b1', 'b2'));
      }
    });

    it('adds the selected group when it is studying and in scope, even beyond the limit or the query', async () => {
      const options = async (params: string, client = admin) => ids((await client.get(`/api/groups/options?${params}`)).body);
      expect(await options(`departmentId=${depA.id}&limit=1&selectedId=${g.a6.id}`)).toEqual(named('a1', 'a6'));
      expect(await options(`query=zzz&selectedId=${g.b2.id}`)).toEqual(named('b2'));
      expect(await options(`query=zzz&selectedId=${g.aArchived.id}`)).toEqual([]);
      expect(await options(`query=zzz&selectedId=${g.aFuture.id}`)).toEqual([]);
      expect(await options(`departmentId=${depA.id}&query=zzz&selectedId=${g.b1.id}`)).toEqual([]);
    });

    it('forces DEPARTMENT to its own department, including the selected group', async () => {
      const department = clients.get('DEPARTMENT')!;
      const own = await department.get(`/api/groups/options?departmentId=${depB.id}&selectedId=${g.b1.id}`);
      expect(own.status).toBe(200);
      expect(ids(own.body)).toEqual(named('a1', 'a2', 'a6'));
    });

    it.each([['limit=0'], ['limit=51'], ['selectedId=abc'], ['departmentId=-1']])('rejects %s with 400', async (params) => {
      const response = await admin.get(`/api/groups/options?${params}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/groups/options', /«(limit|selectedId|departmentId)»/);
    });
  });

  describe('update', () => {
    it('replaces every field and answers the new state', async () => {
      const group = await createGroup(admin, scratch);
      const profile = await createProfile(admin, b.specialty.id, { name: 'Новый профиль' });
      const body = groupRequest(b, { name: 'Переименована', groupSize: 31, yearStartStudy: YEAR + 2, specialtyProfileId: profile.id });
      const response = await clients.get('EDUCATION_OFFICE')!.put(`/api/groups/${group.id}`, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...group,
        name: 'Переименована',
        groupSize: 31,
        educationFormId: b.form.id,
        educationFormName: 'Заочная Б',
        departmentId: depB.id,
        yearStartStudy: YEAR + 2,
        course: 0,
        semester: 0,
        specialtyId: b.specialty.id,
        specialtyCode: 'ИВТ-09',
        specialtyName: 'Информатика',
        specialtyProfileId: profile.id,
        specialtyProfileName: 'Новый профиль',
        specialityCode: b.specialty.id,
        active: false,
        studyState: 'NOT_STARTED',
        studyStateName: 'Обучение не началось',
      });
      expect(await t.sql('alpha', `SELECT name, group_size, department_id FROM study_groups WHERE id = $1`, [group.id])).toEqual([
        { name: 'Переименована', group_size: 31, department_id: depB.id },
      ]);
    });

    it('refuses a size below the subgroups’ total capacity and keeps the group', async () => {
      const group = await createGroup(admin, scratch, { groupSize: 25 });
      await createSubgroup(admin, group.id, 'Подгруппа 1', 13);
      await createSubgroup(admin, group.id, 'Подгруппа 2', 10);
      const before = await groupRows();
      const response = await admin.put(`/api/groups/${group.id}`, groupRequest(scratch, { name: 'Меньше', groupSize: 22 }));
      expect(response.status).toBe(400);
      expectErrorBody(
        response.body,
        400,
        `/api/groups/${group.id}`,
        'Размер группы (22) не может быть меньше суммы вместимостей её подгрупп (23): сначала измените подгруппы',
      );
      expect(await groupRows()).toEqual(before);
      const exact = await admin.put(`/api/groups/${group.id}`, groupRequest(scratch, { name: group.name, groupSize: 23 }));
      expect(exact.status).toBe(200);
      expect(exact.body.groupSize).toBe(23);
    });

    it('answers 404 for an unknown group, 400 for a bad id or body, 403 for other roles', async () => {
      const before = await groupRows();
      const unknown = await admin.put('/api/groups/999999', groupRequest(scratch));
      expect(unknown.status).toBe(404);
      expectErrorBody(unknown.body, 404, '/api/groups/999999', 'Группа не найдена');
      const bad = await admin.put('/api/groups/1.5', groupRequest(scratch));
      expect(bad.status).toBe(400);
      const invalid = await admin.put(`/api/groups/${g.b1.id}`, { ...groupRequest(b), groupSize: -1 });
      expect(invalid.status).toBe(400);
      expectErrorBody(invalid.body, 400, `/api/groups/${g.b1.id}`, /«groupSize» должно быть не меньше 1/);
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const response = await clients.get(role)!.put(`/api/groups/${g.a1.id}`, groupRequest(a, { name: 'Взлом' }));
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
      }
      expect(await groupRows()).toEqual(before);
    });
  });

  describe('archive and restore', () => {
    it('archives a group (any state) and restores it', async () => {
      const group = await createGroup(admin, scratch, { yearStartStudy: YEAR + 1 });
      const archived = await clients.get('EDUCATION_OFFICE')!.delete(`/api/groups/${group.id}`);
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({ ...group, status: 'ARCHIVED', active: false, studyState: 'ARCHIVED', studyStateName: 'В архиве' });
      const [stored] = await t.sql<{ status: string; archived_at: Date | null }>('alpha', `SELECT status, archived_at FROM study_groups WHERE id = $1`, [
        group.id,
      ]);
      expect(stored.status).toBe('ARCHIVED');
      expect(stored.archived_at).toBeInstanceOf(Date);

      const again = await admin.delete(`/api/groups/${group.id}`);
      expect(again.status).toBe(200);
      expect(await t.sql('alpha', `SELECT archived_at FROM study_groups WHERE id = $1`, [group.id])).toEqual([{ archived_at: stored.archived_at }]);

      const restored = await admin.post(`/api/groups/${group.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(group);
      expect(await t.sql('alpha', `SELECT status, archived_at FROM study_groups WHERE id = $1`, [group.id])).toEqual([
        { status: 'ACTIVE', archived_at: null },
      ]);
    });

    it('answers 404 for an unknown group and 403 to roles that may not change groups', async () => {
      for (const response of [await admin.delete('/api/groups/999999'), await admin.post('/api/groups/999999/restore')]) {
        expect(response.status).toBe(404);
        expect(response.body.message).toBe('Группа не найдена');
      }
      const before = await groupRows();
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const client = clients.get(role)!;
        for (const response of [await client.delete(`/api/groups/${g.a1.id}`), await client.post(`/api/groups/${g.aArchived.id}/restore`)]) {
          expect({ role, status: response.status }).toEqual({ role, status: 403 });
          expect(response.body.message).toBe('Недостаточно прав для этой операции');
        }
      }
      expect(await groupRows()).toEqual(before);
    });
  });

  it('requires a token', async () => {
    expect((await t.as('alpha').get('/api/groups')).status).toBe(401);
  });
});
