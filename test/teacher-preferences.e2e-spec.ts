import { Role } from '../src/platform/auth/roles';
import { createDepartment, createUser, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import { buildOverrideWorld, clearOverrides, createOverride, OverrideRequestBody, overrideState, OverrideWorld, OVERRIDES_PATH, slotsOf } from './support/override-builders';
import {
  clearPreferences,
  closePreference,
  createPreference,
  listPreferences,
  PREFERENCES_PATH,
  PreferenceBody,
  PreferenceRequestBody,
  preferenceRows,
  PreferenceType,
  reviewPreference,
} from './support/preference-builders';
import { addAssignment } from './support/resource-builders';
import {
  archiveRule,
  createRule,
  createTeachers,
  requestOf,
  RuleBody,
  ruleBody,
  RULES_PATH,
  ruleTablesSnapshot,
  slotBody,
  updateRule,
  VERSIONS_PATH,
} from './support/schedule-builders';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

type Response = { status: number; body: Record<string, unknown> };

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DUPLICATE = /^Такое пожелание преподавателя на это время уже подано или утверждено \(№\d+\)$/;
const NOT_FOUND = 'Пожелание преподавателя не найдено';
const OTHER_DEPARTMENT = 'Преподаватель не относился к вашей кафедре в этом семестре';

/** Today in the business zone (Europe/Moscow), as `YYYY-MM-DD`. */
const todayInMoscow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

/**
 * Teacher preferences (spec 4.14) and the blocking an approved hard unavailability causes (4.9 rule
 * 13) in rules, one-off changes and publication. The world is the override tests' university
 * (see `buildOverrideWorld`): autumn 2026-09-01..12-31, pairs P1..P4, groups A and B, teachers T0..T4 of
 * one department, rooms C0..C4; math is A's lecture on Tuesdays, P1, with T0.
 */
describe('teacher preferences (4.14)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let officeUser: UserBody;
  let department: TenantClient;
  let departmentUser: UserBody;
  let w: OverrideWorld;
  let T: UserBody[];
  /** Clients logged in as T0..T4. */
  let asTeacher: TenantClient[];
  let P: OverrideWorld['pairs'];
  let slot: ReturnType<typeof slotsOf>;
  let autumn: number;
  let spring: number;

  /** A weekly preference (HARD_UNAVAILABLE unless told) of T[teacher] on `dayOfWeek` in base pair `pair` (1..4). */
  const weekly = (teacher: number, dayOfWeek: number, pair: number, preferenceType: PreferenceType = 'HARD_UNAVAILABLE'): PreferenceRequestBody => ({
    teacherId: T[teacher].id,
    semesterId: autumn,
    preferenceType,
    dayOfWeek,
    timeSlotId: P[pair - 1].id,
  });
  /** A whole-date HARD_UNAVAILABLE preference of T[teacher]. */
  const wholeDay = (teacher: number, preferenceDate: string): PreferenceRequestBody => ({
    teacherId: T[teacher].id,
    semesterId: autumn,
    preferenceType: 'HARD_UNAVAILABLE',
    preferenceDate,
  });
  const post = (body: unknown, client = admin) => client.post(PREFERENCES_PATH, body) as unknown as Promise<Response>;

  /** Everything a refused request must leave alone: preferences, rules, overrides (with the data stamp) and versions. */
  async function state() {
    return {
      preferences: await preferenceRows(t),
      rules: await ruleTablesSnapshot(t),
      overrides: await overrideState(t),
      versions: await t.sql('alpha', `SELECT * FROM schedule_versions ORDER BY id`),
    };
  }

  /** A refused request: status, the common error body (Russian message, no leaks), and no change in the data. */
  async function refused(send: () => Promise<unknown>, status: number, path: string, message?: string | RegExp): Promise<void> {
    const before = await state();
    const response = (await send()) as Response;
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await state()).toEqual(before);
  }
  /** The refusal of rule 13 for T[teacher] at a moment written as «04.09.2026 (пятница), 11:50–13:20». */
  const blockedMessage = (teacher: number, moment: string) =>
    `Преподаватель «${T[teacher].fullName}» недоступен ${moment}: это время закрыто утверждённым ограничением`;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    T = w.u.teachers;
    P = w.pairs;
    slot = slotsOf(w);
    autumn = w.u.semester.id;
    spring = w.u.springSemester.id;
    ({ user: officeUser, client: office } = await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: w.u.department.id }));
    ({ user: departmentUser, client: department } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: w.u.department.id }));
    asTeacher = [];
    for (const teacher of T) asTeacher.push(await t.as('alpha').login(teacher.username, PASSWORD));
  });
  afterEach(async () => {
    await clearOverrides(t);
    await clearPreferences(t);
  });
  afterAll(() => t.close());

  describe('meta', () => {
    it('offers the semesters, only the base pairs, the seven days and the five types with the blocking one marked', async () => {
      const response = await asTeacher[0].get(`${PREFERENCES_PATH}/meta`);
      expect(response.status).toBe(200);
      const today = todayInMoscow();
      const semester = (id: number, type: 'autumn' | 'spring', name: string, startDate: string, endDate: string) => ({
        id,
        label: `${w.u.year.title}, ${name} семестр`,
        academicYearId: w.u.year.id,
        semesterType: type,
        startDate,
        endDate,
        current: startDate <= today && today <= endDate,
      });
      expect(response.body).toEqual({
        semesters: [semester(spring, 'spring', 'весенний', '2027-02-09', '2027-06-30'), semester(autumn, 'autumn', 'осенний', '2026-09-01', '2026-12-31')],
        timeSlots: P.map((pair) => ({ id: pair.id, orderNumber: pair.orderNumber, startTime: pair.startTime, endTime: pair.endTime })),
        days: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'].map((name, index) => ({ dayOfWeek: index + 1, name })),
        preferenceTypes: [
          { code: 'HARD_UNAVAILABLE', label: 'Недоступен (жёсткое ограничение)', blocking: true },
          { code: 'SOFT_PREFERRED', label: 'Предпочтительное время', blocking: false },
          { code: 'SOFT_UNWANTED', label: 'Нежелательное время', blocking: false },
          { code: 'CONSECUTIVE', label: 'Занятия подряд', blocking: false },
          { code: 'NO_GAPS', label: 'Без окон', blocking: false },
        ],
      });
    });
  });

  describe('filing', () => {
    it('a teacher files for themself, whatever teacherId they send, and waits for review (PENDING)', async () => {
      const filed = await createPreference(asTeacher[0], { ...weekly(1, 3, 2), comment: '  Методический день  ' });
      expect(filed).toEqual({
        id: expect.any(Number),
        teacherId: T[0].id,
        teacherName: T[0].fullName,
        semesterId: autumn,
        preferenceType: 'HARD_UNAVAILABLE',
        dayOfWeek: 3,
        timeSlotId: P[1].id,
        timeSlotOrder: 2,
        startTime: '10:10:00',
        endTime: '11:40:00',
        preferenceDate: null,
        comment: 'Методический день',
        status: 'PENDING',
        createdById: T[0].id,
        createdByName: T[0].fullName,
        createdAt: expect.stringMatching(ISO_MOMENT),
        reviewedById: null,
        reviewedByName: null,
        reviewedAt: null,
        reviewComment: null,
        closedAt: null,
        updatedAt: expect.stringMatching(ISO_MOMENT),
      });
      const [row] = await t.sql('alpha', `SELECT teacher_id, status, created_by FROM teacher_preferences`);
      expect(row).toEqual({ teacher_id: T[0].id, status: 'PENDING', created_by: T[0].id });
    });

    it('the office, the department and the administrator create approved ones, reviewed by themselves', async () => {
      const byOffice = await createPreference(office, wholeDay(1, '2026-10-05'));
      expect(byOffice).toMatchObject({
        teacherId: T[1].id,
        preferenceDate: '2026-10-05',
        dayOfWeek: null,
        timeSlotId: null,
        timeSlotOrder: null,
        startTime: null,
        endTime: null,
        status: 'APPROVED',
        createdById: officeUser.id,
        reviewedById: officeUser.id,
        reviewedByName: officeUser.fullName,
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewComment: null,
      });
      const byDepartment = await createPreference(department, weekly(2, 1, 4, 'SOFT_PREFERRED'));
      expect(byDepartment).toMatchObject({ teacherId: T[2].id, status: 'APPROVED', createdById: departmentUser.id, reviewedById: departmentUser.id });
      const compact = await createPreference(admin, { teacherId: T[3].id, semesterId: autumn, preferenceType: 'NO_GAPS' });
      expect(compact).toMatchObject({ preferenceType: 'NO_GAPS', dayOfWeek: null, timeSlotId: null, preferenceDate: null, status: 'APPROVED' });
      const consecutive = await createPreference(admin, { teacherId: T[3].id, semesterId: autumn, preferenceType: 'CONSECUTIVE', dayOfWeek: 4 });
      expect(consecutive).toMatchObject({ preferenceType: 'CONSECUTIVE', dayOfWeek: 4, timeSlotId: null, status: 'APPROVED' });
    });

    it('a staff member must name the teacher (400)', async () => {
      const { teacherId: _, ...withoutTeacher } = weekly(0, 1, 1);
      for (const client of [admin, office, department]) {
        await refused(() => post(withoutTeacher, client), 400, PREFERENCES_PATH, 'Поле «teacherId» обязательно: укажите преподавателя');
        await refused(() => post({ ...withoutTeacher, teacherId: null }, client), 400, PREFERENCES_PATH, 'Поле «teacherId» обязательно: укажите преподавателя');
      }
    });

    it('refuses a time that is not a base pair of a weekday or a date of the semester (400)', async () => {
      const cases: [Partial<PreferenceRequestBody>, string | RegExp][] = [
        [{ preferenceDate: '2027-01-12' }, 'Дата 12.01.2027 вне семестра (01.09.2026 – 31.12.2026)'],
        [{ preferenceDate: '2026-08-31' }, 'Дата 31.08.2026 вне семестра (01.09.2026 – 31.12.2026)'],
        [{ dayOfWeek: 6, timeSlotId: w.saturday[0].id }, `Пара №${w.saturday[0].id} не входит в основную сетку звонков: выберите пару основной сетки`],
        [{ dayOfWeek: 2, timeSlotId: w.manual[2].id }, `Пара №${w.manual[2].id} не входит в основную сетку звонков: выберите пару основной сетки`],
        [{ dayOfWeek: 2, timeSlotId: P[0].id, preferenceDate: '2026-09-08' }, 'Пожелание на целую дату задаётся только полем preferenceDate: уберите dayOfWeek и timeSlotId'],
        [{ dayOfWeek: 2 }, 'Укажите день недели (dayOfWeek) и пару основной сетки (timeSlotId) либо целую дату (preferenceDate)'],
        [{ timeSlotId: P[0].id }, 'Укажите день недели (dayOfWeek) и пару основной сетки (timeSlotId) либо целую дату (preferenceDate)'],
        [{}, 'Укажите день недели (dayOfWeek) и пару основной сетки (timeSlotId) либо целую дату (preferenceDate)'],
        [{ dayOfWeek: 8, timeSlotId: P[0].id }, /dayOfWeek/],
        [{ dayOfWeek: 0, timeSlotId: P[0].id }, /dayOfWeek/],
        [{ preferenceDate: '2026-02-30' }, /preferenceDate/],
        [{ semesterId: 999999, dayOfWeek: 2, timeSlotId: P[0].id }, 'Семестр №999999 не найден'],
        [{ preferenceType: 'ALWAYS' as PreferenceType, dayOfWeek: 2, timeSlotId: P[0].id }, /preferenceType/],
      ];
      for (const [fields, message] of cases) {
        await refused(() => post({ teacherId: T[0].id, semesterId: autumn, preferenceType: 'HARD_UNAVAILABLE', ...fields }), 400, PREFERENCES_PATH, message);
      }
      // Compactness wishes name at most a weekday.
      await refused(() => post({ ...weekly(0, 2, 1), preferenceType: 'NO_GAPS' }), 400, PREFERENCES_PATH, /уберите timeSlotId и preferenceDate/);
      await refused(() => post({ ...wholeDay(0, '2026-09-08'), preferenceType: 'CONSECUTIVE' }), 400, PREFERENCES_PATH, /уберите timeSlotId и preferenceDate/);
    });

    it('refuses a user who is not an active teacher (400)', async () => {
      const [archived] = await createTeachers(admin, w.u.department.id, 1);
      expect((await admin.delete(`/api/users/${archived.id}`)).status).toBe(200);
      const student = await createUser(admin, { role: 'STUDENT', departmentId: w.u.department.id });
      const body = weekly(0, 2, 1);
      await refused(() => post({ ...body, teacherId: 999999 }), 400, PREFERENCES_PATH, 'Преподаватель №999999 не найден');
      await refused(() => post({ ...body, teacherId: student.id }), 400, PREFERENCES_PATH, `Пользователь «${student.fullName}» не является преподавателем`);
      await refused(() => post({ ...body, teacherId: archived.id }), 400, PREFERENCES_PATH, `Преподаватель «${archived.fullName}» в архиве`);
    });

    it('refuses a second waiting or approved preference of the same teacher, type and time (409), but not after a withdrawal', async () => {
      const first = await createPreference(asTeacher[0], weekly(0, 2, 3));
      await refused(() => post(weekly(0, 2, 3), asTeacher[0]), 409, PREFERENCES_PATH, DUPLICATE);
      await refused(() => post(weekly(0, 2, 3)), 409, PREFERENCES_PATH, `Такое пожелание преподавателя на это время уже подано или утверждено (№${first.id})`);
      // Another type, pair, semester or teacher is another preference.
      await createPreference(admin, weekly(0, 2, 3, 'SOFT_UNWANTED'));
      await createPreference(admin, weekly(0, 2, 4));
      await createPreference(admin, { ...weekly(0, 2, 3), semesterId: spring });
      await createPreference(admin, weekly(1, 2, 3));

      await closePreference(asTeacher[0], first.id);
      const again = await createPreference(asTeacher[0], weekly(0, 2, 3));
      expect(again.status).toBe('PENDING');

      await createPreference(admin, wholeDay(0, '2026-10-05'));
      await refused(() => post(wholeDay(0, '2026-10-05')), 409, PREFERENCES_PATH, DUPLICATE);
      await refused(() => post(wholeDay(0, '2026-10-05'), asTeacher[0]), 409, PREFERENCES_PATH, DUPLICATE);
    });

    it('of two identical preferences filed at once, exactly one is stored (200 and 409)', async () => {
      const responses = await Promise.all([post(wholeDay(2, '2026-11-02')), post(wholeDay(2, '2026-11-02'))]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const conflict = responses.find((response) => response.status === 409) as Response;
      expectErrorBody(conflict.body, 409, PREFERENCES_PATH, DUPLICATE);
      expect(await t.sql('alpha', `SELECT teacher_id, preference_date FROM teacher_preferences`)).toEqual([{ teacher_id: T[2].id, preference_date: '2026-11-02' }]);
    });
  });

  describe('listing', () => {
    it('a teacher sees only their own; the office and the administrator see all, filtered by semester and status', async () => {
      const own = await createPreference(asTeacher[0], weekly(0, 2, 3));
      const other = await createPreference(asTeacher[1], weekly(1, 2, 3));
      const approved = await createPreference(admin, wholeDay(0, '2026-10-05'));
      const inSpring = await createPreference(admin, { ...weekly(0, 1, 1), semesterId: spring });

      const ids = (list: PreferenceBody[]) => list.map((preference) => preference.id).sort((a, b) => a - b);
      expect(ids(await listPreferences(asTeacher[0]))).toEqual([own.id, approved.id, inSpring.id]);
      expect(ids(await listPreferences(asTeacher[1]))).toEqual([other.id]);
      expect(await listPreferences(asTeacher[2])).toEqual([]);
      for (const client of [admin, office]) {
        expect(ids(await listPreferences(client))).toEqual([own.id, other.id, approved.id, inSpring.id]);
        expect(ids(await listPreferences(client, `semesterId=${autumn}`))).toEqual([own.id, other.id, approved.id]);
        expect(ids(await listPreferences(client, `semesterId=${autumn}&status=PENDING`))).toEqual([own.id, other.id]);
        expect(ids(await listPreferences(client, 'status=APPROVED'))).toEqual([approved.id, inSpring.id]);
      }
      expect(await listPreferences(asTeacher[0], `semesterId=${autumn}&status=PENDING`)).toEqual([own]);
    });

    it('refuses an unknown status filter (400)', async () => {
      await refused(() => admin.get(`${PREFERENCES_PATH}?status=LOST`), 400, PREFERENCES_PATH, /status/);
    });
  });

  describe('review', () => {
    it('approves a waiting preference, naming the reviewer and keeping the comment', async () => {
      const filed = await createPreference(asTeacher[0], weekly(0, 5, 3));
      const approved = await reviewPreference(department, filed.id, true, 'Согласовано');
      expect(approved).toEqual({
        ...filed,
        status: 'APPROVED',
        reviewedById: departmentUser.id,
        reviewedByName: departmentUser.fullName,
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewComment: 'Согласовано',
        updatedAt: expect.stringMatching(ISO_MOMENT),
      });
    });

    it('rejects only with a reason (400 without one)', async () => {
      const filed = await createPreference(asTeacher[0], weekly(0, 5, 3));
      const path = `${PREFERENCES_PATH}/${filed.id}/review`;
      await refused(() => office.post(path, { approved: false }), 400, path, 'Укажите причину отклонения в поле «comment»');
      await refused(() => office.post(path, { approved: false, comment: '   ' }), 400, path, 'Укажите причину отклонения в поле «comment»');
      await refused(() => office.post(path, { comment: 'Да' }), 400, path, /approved/);
      const rejected = await reviewPreference(office, filed.id, false, 'Пятница нужна кафедре');
      expect(rejected).toMatchObject({ status: 'REJECTED', reviewedById: officeUser.id, reviewComment: 'Пятница нужна кафедре', closedAt: null });
    });

    it('reviews only waiting preferences (409)', async () => {
      const rejected = await createPreference(asTeacher[0], weekly(0, 5, 3));
      await reviewPreference(admin, rejected.id, false, 'Нет');
      const approved = await createPreference(admin, weekly(0, 5, 4));
      const withdrawn = await createPreference(asTeacher[0], weekly(0, 5, 2));
      await closePreference(asTeacher[0], withdrawn.id);
      for (const [preference, status] of [
        [rejected, 'REJECTED'],
        [approved, 'APPROVED'],
        [withdrawn, 'WITHDRAWN'],
      ] as const) {
        const path = `${PREFERENCES_PATH}/${preference.id}/review`;
        await refused(
          () => admin.post(path, { approved: true }),
          409,
          path,
          `Пожелание №${preference.id} уже рассмотрено (статус ${status}): рассматривать можно только ожидающие`,
        );
      }
    });

    it('is not for teachers (403), and an unknown preference is 404', async () => {
      const filed = await createPreference(asTeacher[0], weekly(0, 5, 3));
      const path = `${PREFERENCES_PATH}/${filed.id}/review`;
      await refused(() => asTeacher[0].post(path, { approved: true }), 403, path);
      await refused(() => admin.post(`${PREFERENCES_PATH}/999999/review`, { approved: true }), 404, `${PREFERENCES_PATH}/999999/review`, NOT_FOUND);
    });
  });

  describe('withdrawal and cancellation', () => {
    it('withdraws a waiting preference and cancels an approved one, answering the record after the change', async () => {
      const waiting = await createPreference(asTeacher[0], weekly(0, 5, 3));
      const withdrawn = await closePreference(asTeacher[0], waiting.id);
      expect(withdrawn).toEqual({ ...waiting, status: 'WITHDRAWN', closedAt: expect.stringMatching(ISO_MOMENT), updatedAt: expect.stringMatching(ISO_MOMENT) });

      const approved = await createPreference(department, weekly(0, 5, 4));
      const cancelled = await closePreference(department, approved.id);
      expect(cancelled).toEqual({ ...approved, status: 'CANCELLED', closedAt: expect.stringMatching(ISO_MOMENT), updatedAt: expect.stringMatching(ISO_MOMENT) });
      // A teacher may end their own approved preference too.
      const own = await createPreference(admin, weekly(0, 5, 2));
      expect((await closePreference(asTeacher[0], own.id)).status).toBe('CANCELLED');
    });

    it('refuses to close a closed or rejected preference (409)', async () => {
      const withdrawn = await createPreference(asTeacher[0], weekly(0, 5, 3));
      await closePreference(asTeacher[0], withdrawn.id);
      const cancelled = await createPreference(admin, weekly(0, 5, 4));
      await closePreference(admin, cancelled.id);
      const rejected = await createPreference(asTeacher[0], weekly(0, 5, 2));
      await reviewPreference(admin, rejected.id, false, 'Нет');
      for (const [preference, status] of [
        [withdrawn, 'WITHDRAWN'],
        [cancelled, 'CANCELLED'],
        [rejected, 'REJECTED'],
      ] as const) {
        const path = `${PREFERENCES_PATH}/${preference.id}`;
        await refused(() => admin.delete(path), 409, path, `Пожелание №${preference.id} уже закрыто (статус ${status})`);
      }
    });

    it("a teacher cannot close another teacher's preference (403); an unknown one is 404", async () => {
      const others = await createPreference(asTeacher[1], weekly(1, 5, 3));
      const path = `${PREFERENCES_PATH}/${others.id}`;
      await refused(() => asTeacher[0].delete(path), 403, path, 'Можно работать только со своими пожеланиями');
      await refused(() => asTeacher[0].delete(`${PREFERENCES_PATH}/999999`), 404, `${PREFERENCES_PATH}/999999`, NOT_FOUND);
    });
  });

  describe('department scope (negative: other departments)', () => {
    /** X: a teacher of another department; Y: ours by an additional assignment from October; Z: ours only before the semester; W: ours from March 2027. */
    let X: UserBody;
    let Y: UserBody;
    let Z: UserBody;
    let W: UserBody;
    let otherDepartmentId: number;

    beforeAll(async () => {
      otherDepartmentId = (await createDepartment(admin)).id;
      [X, Y, Z, W] = await createTeachers(admin, otherDepartmentId, 4);
      const ours = w.u.department.id;
      await addAssignment(t, { userId: Y.id, departmentId: ours, validFrom: '2026-10-01' });
      await addAssignment(t, { userId: Z.id, departmentId: ours, validFrom: '2026-01-01', validTo: '2026-08-31' });
      await addAssignment(t, { userId: W.id, departmentId: ours, validFrom: '2027-03-01' });
    });

    const pair = (teacher: UserBody, semesterId = autumn): PreferenceRequestBody => ({
      teacherId: teacher.id,
      semesterId,
      preferenceType: 'HARD_UNAVAILABLE',
      dayOfWeek: 5,
      timeSlotId: P[2].id,
    });

    it('sees and creates for the teachers assigned to it at some time of the semester, also additionally', async () => {
      const mine = await createPreference(admin, weekly(0, 5, 3));
      const additional = await createPreference(department, pair(Y));
      expect(additional).toMatchObject({ teacherId: Y.id, status: 'APPROVED', reviewedById: departmentUser.id });
      const wSpring = await createPreference(department, pair(W, spring));
      const wAutumn = await createPreference(admin, pair(W));
      await createPreference(admin, pair(X));
      await createPreference(admin, pair(Z));

      const ids = (list: PreferenceBody[]) => list.map((preference) => preference.id).sort((a, b) => a - b);
      expect(ids(await listPreferences(department))).toEqual([mine.id, additional.id, wSpring.id]);
      expect(ids(await listPreferences(admin))).toContain(wAutumn.id);
    });

    it('cannot create, review or close for a teacher of another department (403), and changes nothing', async () => {
      await refused(() => post(pair(X), department), 403, PREFERENCES_PATH, OTHER_DEPARTMENT);
      await refused(() => post(pair(Z), department), 403, PREFERENCES_PATH, OTHER_DEPARTMENT);
      await refused(() => post(pair(W), department), 403, PREFERENCES_PATH, OTHER_DEPARTMENT);

      const xClient = await t.as('alpha').login(X.username, PASSWORD);
      const waiting = await createPreference(xClient, pair(X));
      const approved = await createPreference(admin, pair(Z));
      await refused(() => department.post(`${PREFERENCES_PATH}/${waiting.id}/review`, { approved: true }), 403, `${PREFERENCES_PATH}/${waiting.id}/review`, OTHER_DEPARTMENT);
      await refused(() => department.delete(`${PREFERENCES_PATH}/${waiting.id}`), 403, `${PREFERENCES_PATH}/${waiting.id}`, OTHER_DEPARTMENT);
      await refused(() => department.delete(`${PREFERENCES_PATH}/${approved.id}`), 403, `${PREFERENCES_PATH}/${approved.id}`, OTHER_DEPARTMENT);
    });

    it("learns nothing about another department's people: unknown, archived or not a teacher is the same 403", async () => {
      const [archived] = await createTeachers(admin, otherDepartmentId, 1);
      expect((await admin.delete(`/api/users/${archived.id}`)).status).toBe(200);
      const student = await createUser(admin, { role: 'STUDENT', departmentId: otherDepartmentId });
      for (const teacherId of [archived.id, student.id, 999999]) {
        await refused(() => post({ ...pair(X), teacherId }, department), 403, PREFERENCES_PATH, OTHER_DEPARTMENT);
      }
      // The department's own archived teacher is a plain 400.
      const [ownArchived] = await createTeachers(admin, w.u.department.id, 1);
      expect((await admin.delete(`/api/users/${ownArchived.id}`)).status).toBe(200);
      await refused(() => post({ ...pair(X), teacherId: ownArchived.id }, department), 400, PREFERENCES_PATH, `Преподаватель «${ownArchived.fullName}» в архиве`);
    });
  });

  describe('roles (negative: students and viewers)', () => {
    it('refuses STUDENT and SCHEDULE_VIEWER on every endpoint (403) and a caller without a token (401)', async () => {
      const filed = await createPreference(asTeacher[0], weekly(0, 5, 3));
      const idPath = `${PREFERENCES_PATH}/${filed.id}`;
      for (const role of ['STUDENT', 'SCHEDULE_VIEWER'] as Role[]) {
        const { client } = await signedInAs(t, admin, { role, departmentId: w.u.department.id });
        await refused(() => client.get(`${PREFERENCES_PATH}/meta`), 403, `${PREFERENCES_PATH}/meta`);
        await refused(() => client.get(PREFERENCES_PATH), 403, PREFERENCES_PATH);
        await refused(() => client.post(PREFERENCES_PATH, weekly(0, 5, 4)), 403, PREFERENCES_PATH);
        await refused(() => client.post(`${idPath}/review`, { approved: true }), 403, `${idPath}/review`);
        await refused(() => client.delete(idPath), 403, idPath);
      }
      await refused(() => t.as('alpha').get(PREFERENCES_PATH), 401, PREFERENCES_PATH);
    });
  });

  describe('blocking schedule rules (4.9 rule 13)', () => {
    /** Rules created by a test, archived after it. */
    const made: number[] = [];
    afterEach(async () => {
      for (const id of made.splice(0)) await archiveRule(admin, id);
    });

    /** A lecture rule of group B on Fridays (4 h: 04.09 and 11.09) in `pair` with T[teacher], room C3. */
    const friday = (pair: number, teacher: number) =>
      ruleBody(w.u, {
        subjectId: w.u.subjects[5].id,
        groupIds: [w.u.groups[1].id],
        lectureAcademicHours: 4,
        slots: [slotBody(w.u, { dayOfWeek: 5, timeSlotId: P[pair - 1].id, teacherId: T[teacher].id, classroomId: w.u.classrooms[3].id })],
      });
    const create = async (body: ReturnType<typeof friday>) => {
      const rule = await createRule(admin, body);
      made.push(rule.id);
      return rule;
    };
    const refusedRule = (body: ReturnType<typeof friday>, message: string) => refused(() => admin.post(RULES_PATH, body), 409, RULES_PATH, message);

    it('refuses a rule that puts the teacher into an approved unavailable pair (409, naming the teacher)', async () => {
      await createPreference(admin, weekly(3, 5, 3));
      await refusedRule(friday(3, 3), blockedMessage(3, '04.09.2026 (пятница), 11:50–13:20'));
      // The next pair, or another teacher in that pair, is free.
      await create(friday(4, 3));
      await create({ ...friday(3, 4), subjectId: w.u.subjects[6].id });
    });

    it('refuses a rule with a lesson on an approved unavailable date, and only on that date', async () => {
      await createPreference(office, wholeDay(3, '2026-09-11'));
      await refusedRule(friday(3, 3), blockedMessage(3, '11.09.2026 (пятница), 11:50–13:20'));
      // Two lecture hours end the rule on 04.09, before the blocked date.
      await create({ ...friday(3, 3), lectureAcademicHours: 2 });
    });

    it('is not blocked by a waiting, rejected, withdrawn, soft or other-semester preference; approving the waiting one blocks', async () => {
      const rejected = await createPreference(asTeacher[3], weekly(3, 5, 3));
      await reviewPreference(admin, rejected.id, false, 'Нет');
      const withdrawn = await createPreference(admin, weekly(3, 5, 3));
      await closePreference(admin, withdrawn.id);
      const waiting = await createPreference(asTeacher[3], weekly(3, 5, 3));
      await createPreference(admin, weekly(3, 5, 3, 'SOFT_UNWANTED'));
      await createPreference(admin, { ...weekly(3, 5, 3), semesterId: spring });
      await createPreference(admin, { teacherId: T[3].id, semesterId: autumn, preferenceType: 'NO_GAPS', dayOfWeek: 5 });

      const rule = await create(friday(3, 3));
      expect(rule.slots[0]).toMatchObject({ teacherId: T[3].id, dayOfWeek: 5, timeSlotId: P[2].id });
      await archiveRule(admin, made.splice(0)[0]);

      await reviewPreference(department, waiting.id, true);
      await refusedRule(friday(3, 3), blockedMessage(3, '04.09.2026 (пятница), 11:50–13:20'));
    });

    it('lifts the block at once when the approved preference is cancelled', async () => {
      const block = await createPreference(admin, weekly(3, 5, 3));
      await refusedRule(friday(3, 3), blockedMessage(3, '04.09.2026 (пятница), 11:50–13:20'));
      await closePreference(asTeacher[3], block.id);
      await create(friday(3, 3));
    });

    it('refuses an update that moves the rule into the blocked pair or gives it a blocked teacher (409); the rule stays as it was', async () => {
      const rule: RuleBody = await create(friday(4, 3));
      const block = await createPreference(admin, weekly(3, 5, 3));
      await createPreference(admin, weekly(4, 5, 4));
      const path = `${RULES_PATH}/${rule.id}`;
      const request = requestOf(rule);
      const moved = { ...request, slots: [{ ...request.slots[0], timeSlotId: P[2].id }] };
      const reassigned = { ...request, slots: [{ ...request.slots[0], teacherId: T[4].id }] };
      await refused(() => admin.put(path, moved), 409, path, blockedMessage(3, '04.09.2026 (пятница), 11:50–13:20'));
      await refused(() => admin.put(path, reassigned), 409, path, blockedMessage(4, '04.09.2026 (пятница), 14:00–15:30'));

      await closePreference(admin, block.id);
      const updated = await updateRule(admin, rule.id, moved);
      expect(updated.slots).toEqual([expect.objectContaining({ id: rule.slots[0].id, timeSlotId: P[2].id, teacherId: T[3].id })]);
    });
  });

  describe('blocking one-off changes (4.9 rule 13, 4.10)', () => {
    const math = (lessonDate: string, fields: Partial<OverrideRequestBody>): OverrideRequestBody => ({
      baseRuleSlotId: slot.math,
      lessonDate,
      action: 'MOVE',
      ...fields,
    });
    const refusedOverride = (body: OverrideRequestBody, message: string) => refused(() => admin.post(OVERRIDES_PATH, body), 409, OVERRIDES_PATH, message);

    it('refuses moving a lesson into a pair its teacher is unavailable in (409); another pair is fine', async () => {
      await createPreference(admin, weekly(0, 2, 3));
      await refusedOverride(math('2026-09-08', { newTimeSlotId: P[2].id }), blockedMessage(0, '08.09.2026 (вторник), 11:50–13:20'));
      // Moving to another Tuesday keeps the weekly block.
      await refusedOverride(math('2026-09-08', { targetLessonDate: '2026-09-22', newTimeSlotId: P[2].id }), blockedMessage(0, '22.09.2026 (вторник), 11:50–13:20'));
      const moved = await createOverride(admin, math('2026-09-08', { newTimeSlotId: P[3].id }));
      expect(moved).toMatchObject({ action: 'MOVE', newTimeSlotId: P[3].id });
    });

    it('refuses moving a lesson onto a date its teacher is unavailable all day (409), but not onto another date', async () => {
      await createPreference(admin, wholeDay(0, '2026-09-10'));
      await refusedOverride(math('2026-09-08', { targetLessonDate: '2026-09-10', newTimeSlotId: P[2].id }), blockedMessage(0, '10.09.2026 (четверг), 11:50–13:20'));
      await refusedOverride(math('2026-09-08', { targetLessonDate: '2026-09-10', newTimeSlotId: P[3].id }), blockedMessage(0, '10.09.2026 (четверг), 14:00–15:30'));
      const moved = await createOverride(admin, math('2026-09-08', { targetLessonDate: '2026-09-11', newTimeSlotId: P[2].id }));
      expect(moved).toMatchObject({ targetLessonDate: '2026-09-11', newTimeSlotId: P[2].id });
    });

    it('refuses handing a lesson to a teacher unavailable then, weekly or for the whole date (409)', async () => {
      await createPreference(admin, weekly(3, 2, 1));
      await createPreference(admin, wholeDay(4, '2026-09-15'));
      await refusedOverride(math('2026-09-08', { action: 'REPLACE', newTeacherId: T[3].id }), blockedMessage(3, '08.09.2026 (вторник), 08:30–10:00'));
      await refusedOverride(math('2026-09-15', { action: 'REPLACE', newTeacherId: T[4].id }), blockedMessage(4, '15.09.2026 (вторник), 08:30–10:00'));
      const replaced = await createOverride(admin, math('2026-09-22', { action: 'REPLACE', newTeacherId: T[4].id }));
      expect(replaced).toMatchObject({ action: 'REPLACE', newTeacherId: T[4].id });
    });

    it('refuses changing an override into a blocked time or to a blocked teacher (409); the override stays as it was', async () => {
      const override = await createOverride(admin, math('2026-09-08', { newTimeSlotId: P[2].id }));
      const block = await createPreference(admin, weekly(0, 2, 4));
      await createPreference(admin, weekly(4, 2, 1));
      const path = `${OVERRIDES_PATH}/${override.id}`;
      await refused(() => admin.put(path, math('2026-09-08', { newTimeSlotId: P[3].id })), 409, path, blockedMessage(0, '08.09.2026 (вторник), 14:00–15:30'));
      await refused(() => admin.put(path, math('2026-09-08', { action: 'REPLACE', newTeacherId: T[4].id })), 409, path, blockedMessage(4, '08.09.2026 (вторник), 08:30–10:00'));

      await closePreference(admin, block.id);
      const updated = await admin.put(path, math('2026-09-08', { newTimeSlotId: P[3].id }));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: override.id, newTimeSlotId: P[3].id });
    });

    it('judges a rule where its lessons really are: a blocked date whose lesson was moved away does not stop an update of the rule', async () => {
      const moved = await createOverride(admin, math('2026-09-08', { targetLessonDate: '2026-09-11', newTimeSlotId: P[2].id }));
      await createPreference(admin, wholeDay(0, '2026-09-08'));
      const update = await admin.put(`${RULES_PATH}/${w.rules.math.id}`, { ...requestOf(w.rules.math), slots: requestOf(w.rules.math).slots.map((s) => ({ ...s, classroomId: w.u.classrooms[4].id })) });
      expect(update.status).toBe(200);
      await updateRule(admin, w.rules.math.id, requestOf(w.rules.math));
      // Deleting the move would put the lesson back on the blocked date: refused, the move stays.
      const path = `${OVERRIDES_PATH}/${moved.id}`;
      await refused(() => admin.delete(path), 409, path, blockedMessage(0, '08.09.2026 (вторник), 08:30–10:00'));
    });

    it('is not blocked by a waiting or soft preference, and the cancelled block lifts at once', async () => {
      await createPreference(asTeacher[0], weekly(0, 2, 3));
      await createPreference(admin, weekly(0, 2, 3, 'SOFT_UNWANTED'));
      await createOverride(admin, math('2026-09-08', { newTimeSlotId: P[2].id }));

      await createPreference(admin, wholeDay(0, '2026-09-15'));
      const block = await createPreference(admin, weekly(0, 2, 4));
      await refusedOverride(math('2026-09-22', { newTimeSlotId: P[3].id }), blockedMessage(0, '22.09.2026 (вторник), 14:00–15:30'));
      await closePreference(admin, block.id);
      await createOverride(admin, math('2026-09-22', { newTimeSlotId: P[3].id }));
    });
  });

  describe('blocking publication (4.9 rule 13, 4.11)', () => {
    /** The draft's only rule is A's lecture on Mondays, P1, with T4: 07.09 and 14.09. */
    const validate = () => admin.get(`${VERSIONS_PATH}/${w.draftVersionId}/validate`);
    const publishPath = () => `${VERSIONS_PATH}/${w.draftVersionId}/publish`;
    // Before the semester: a draft's validation also lists lessons its publication would change in the
    // past (issue 45 §2), and these tests are about the teacher's blocks alone.
    let clock: jest.SpyInstance<Date, []>;
    beforeAll(() => {
      clock = standServiceAt(BEFORE_AUTUMN_2026);
    });

    afterAll(async () => {
      // Put the world's version 1 back in place if a test published the draft.
      const [v1] = await t.sql<{ status: string }>('alpha', `SELECT status FROM schedule_versions WHERE id = $1`, [w.u.versionId]);
      if (v1.status !== 'PUBLISHED') expect((await admin.post(`${VERSIONS_PATH}/${w.u.versionId}/restore`, { reason: 'Возврат' })).status).toBe(200);
      clock.mockRestore();
    });

    it('validation of a draft reports the blocked teacher, and publication is refused (409) with nothing changed', async () => {
      expect((await validate()).body).toMatchObject({ valid: true, problemCount: 0 });
      await createPreference(admin, weekly(4, 1, 1));

      const report = await validate();
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({ versionId: w.draftVersionId, valid: false, problemCount: 1 });
      expect(report.body.problems).toEqual([
        {
          ruleId: w.rules.draft.id,
          type: 'CONFLICT',
          fields: ['teacher'],
          date: '2026-09-07',
          startTime: '08:30:00',
          message: expect.stringContaining(`преподаватель «${T[4].fullName}» недоступен 07.09.2026 (понедельник), 08:30–10:00`),
        },
      ]);
      await refused(
        () => admin.post(publishPath(), { reason: 'Новая версия' }),
        409,
        publishPath(),
        new RegExp(`не может быть опубликована: .*преподаватель «${T[4].fullName}» недоступен 07\\.09\\.2026 \\(понедельник\\), 08:30–10:00`),
      );
    });

    it('a whole-date block on a draft lesson refuses publication as well; a waiting one does not', async () => {
      await createPreference(asTeacher[4], weekly(4, 1, 1));
      expect((await validate()).body).toMatchObject({ valid: true });
      await createPreference(admin, wholeDay(4, '2026-09-14'));
      expect((await validate()).body).toMatchObject({ valid: false, problems: [expect.objectContaining({ date: '2026-09-14' })] });
      await refused(() => admin.post(publishPath(), { reason: 'Новая версия' }), 409, publishPath(), new RegExp(`«${T[4].fullName}» недоступен 14\\.09\\.2026`));
    });

    it('publishes the draft once the block is cancelled', async () => {
      const block = await createPreference(admin, weekly(4, 1, 1));
      expect((await validate()).body).toMatchObject({ valid: false });
      await closePreference(admin, block.id);
      expect((await validate()).body).toMatchObject({ valid: true });
      const published = await admin.post(publishPath(), { reason: 'Новая версия' });
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ id: w.draftVersionId, status: 'PUBLISHED' });
    });
  });

  describe('the week saved at once (issue 45 §8)', () => {
    it('refuses a pair outside the base grid and a cell named twice, changing nothing; only a teacher saves their week', async () => {
      const path = '/api/teacher-preferences/week';
      const count = async () => ((await admin.get(`/api/teacher-preferences?semesterId=${autumn}`)).body as unknown[]).length;
      const before = await count();
      const cell = { dayOfWeek: 3, timeSlotId: P[0].id, preferenceType: 'SOFT_PREFERRED' };
      const outside = await asTeacher[0].put(path).send({ semesterId: autumn, cells: [cell, { ...cell, dayOfWeek: 4, timeSlotId: 999999 }] });
      expect(outside.status).toBe(400);
      expectErrorBody(outside.body, 400, path, 'Пара №999999 не входит в основную сетку звонков');
      expect(outside.body.field).toBe('cells[1].timeSlotId');
      const twice = await asTeacher[0].put(path).send({ semesterId: autumn, cells: [cell, { ...cell, preferenceType: null }] });
      expect(twice.status).toBe(400);
      expect(twice.body.field).toBe('cells[1]');
      expect((await asTeacher[0].put(path).send({ semesterId: autumn, cells: [{ ...cell, preferenceType: 'NO_GAPS' }] })).body).toMatchObject({ status: 400, field: 'cells[0].preferenceType' });
      expect((await office.put(path).send({ semesterId: autumn, cells: [cell] })).status).toBe(403);
      expect(await count()).toBe(before);
    });
  });
});
