import { Role } from '../src/platform/auth/roles';
import {
  ABSENCES_PATH,
  AbsenceBody,
  AbsenceRequestBody,
  absenceRows,
  clearAbsences,
  createAbsence,
  cancelAbsence,
  listAbsences,
  reviewAbsence,
} from './support/absence-builders';
import { createDepartment, DepartmentBody, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import { buildOverrideWorld, clearOverrides, createOverride, OverrideRequestBody, overrideState, OverrideWorld, OVERRIDES_PATH, slotsOf } from './support/override-builders';
import { addAssignment } from './support/resource-builders';
import { archiveRule, createRule, createTeachers, ruleBody, slotBody } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

// Every lesson of the test semester is still ahead: what is offered and refused by the hour stays put.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

type Response = { status: number; body: Record<string, unknown> };

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = 'Отсутствие преподавателя не найдено';
const OTHER_DEPARTMENT = 'Преподаватель не закреплён за вашей кафедрой в период отсутствия';
const OVERLAP = 'У преподавателя уже есть действующее отсутствие, пересекающееся с этим периодом';
const overlapWith = (absence: AbsenceBody, shown: string) => `${OVERLAP}: №${absence.id}, ${shown} (${absence.status})`;
/** The override refusal caused by an absence: names the teacher's absence by number. */
const absentMessage = (absence: AbsenceBody) => new RegExp(`^Преподаватель «[^»]+» отсутствует .*\\(отсутствие №${absence.id}\\)`);

/**
 * Teacher absences (spec 4.13): filing, the period rules, overlaps, who sees what, review,
 * cancellation, and how an approved absence blocks one-off changes (4.10). The world is the override
 * tests' university (see `buildOverrideWorld`): autumn 2026-09-01..12-31, pairs P1..P4, groups A and B,
 * teachers T0..T4 of department D, rooms C0..C4. T0 teaches math to A on Tuesdays in P1
 * (09-01 .. 09-29); T1 teaches physics to B on Tuesdays in P2 (09-01 .. 09-22).
 *
 * Departments see teachers by assignment history, so the teachers' assignments are moved back to
 * 2026-01-01 (they were created today), and two more teachers have a history across D and D2:
 * X belongs to D2 and additionally to D in October 2026 only; M belonged to D until 2026-10-31
 * and to D2 from 2026-11-01.
 */
describe('teacher absences (4.13)', () => {
  let t: TestApp;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let T: UserBody[];
  let P: OverrideWorld['pairs'];
  let C: OverrideWorld['u']['classrooms'];
  let admin: TenantClient;
  let adminUser: { id: number; name: string };
  let office: TenantClient;
  let officeUser: UserBody;
  /** The DEPARTMENT account of D (the teachers' department) and of D2. */
  let department: TenantClient;
  let departmentUser: UserBody;
  let otherDepartment: TenantClient;
  let D2: DepartmentBody;
  /** Clients logged in as T0 and T1. */
  let asT0: TenantClient;
  let asT1: TenantClient;
  let X: UserBody;
  let M: UserBody;
  /** STUDENT and SCHEDULE_VIEWER, who have no access at all. */
  const outsiders = new Map<Role, TenantClient>();

  /** A refused request: status, the common body with a Russian message, and no change in absences or overrides. */
  async function refused(send: () => Promise<Response>, status: number, path: string, message?: string | RegExp): Promise<void> {
    const before = { absences: await absenceRows(t), overrides: await overrideState(t) };
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect({ absences: await absenceRows(t), overrides: await overrideState(t) }).toEqual(before);
  }
  const post = (client: TenantClient, body: Partial<AbsenceRequestBody> | Record<string, unknown>) => client.post(ABSENCES_PATH, body) as unknown as Promise<Response>;
  const refusedPost = (client: TenantClient, body: Partial<AbsenceRequestBody> | Record<string, unknown>, status: number, message?: string | RegExp) =>
    refused(() => post(client, body), status, ABSENCES_PATH, message);
  const postOverride = (body: OverrideRequestBody) => admin.post(OVERRIDES_PATH, body) as unknown as Promise<Response>;
  const refusedOverride = (body: OverrideRequestBody, message: string | RegExp) => refused(() => postOverride(body), 409, OVERRIDES_PATH, message);
  const ids = (list: AbsenceBody[]) => list.map((absence) => absence.id).sort((a, b) => a - b);
  /** Resolves one lesson of an absence with REJECT (a deliberate refusal, no override). */
  const rejectLesson = (absence: AbsenceBody, lessonDate: string) =>
    admin.post(`${ABSENCES_PATH}/${absence.id}/resolve`, { decisions: [{ baseRuleSlotId: slot.math, lessonDate, resolution: 'REJECT', comment: 'Оставляем' }] });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    [adminUser] = await t.sql<{ id: number; name: string }>('alpha', `SELECT id, full_name AS name FROM users WHERE username = $1`, [ADMIN.username]);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    T = w.u.teachers;
    P = w.pairs;
    C = w.u.classrooms;
    const D = w.u.department.id;
    D2 = await createDepartment(admin);
    ({ user: officeUser, client: office } = await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: D }));
    ({ user: departmentUser, client: department } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D }));
    ({ client: otherDepartment } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D2.id }));
    for (const role of ['STUDENT', 'SCHEDULE_VIEWER'] as Role[]) outsiders.set(role, (await signedInAs(t, admin, { role, departmentId: D })).client);

    [X] = await createTeachers(admin, D2.id, 1);
    [M] = await createTeachers(admin, D, 1);
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-01-01' WHERE user_id = ANY($1::int[])`, [[...T.map((u) => u.id), X.id, M.id]]);
    await addAssignment(t, { userId: X.id, departmentId: D, validFrom: '2026-10-01', validTo: '2026-10-31' });
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-10-31' WHERE user_id = $1`, [M.id]);
    await addAssignment(t, { userId: M.id, departmentId: D2.id, primary: true, validFrom: '2026-11-01' });

    asT0 = await t.as('alpha').login(T[0].username, PASSWORD);
    asT1 = await t.as('alpha').login(T[1].username, PASSWORD);
  });
  afterEach(async () => {
    await clearOverrides(t);
    await clearAbsences(t);
  });
  afterAll(() => t.close());

  describe('filing an absence', () => {
    it('a teacher files one for themself, whatever teacherId they send, and it waits for review', async () => {
      const absence = await createAbsence(asT0, { teacherId: T[1].id, startDate: '2026-10-05', endDate: '2026-10-16', reason: '  Больничный  ' });
      expect(absence).toEqual({
        id: expect.any(Number),
        teacherId: T[0].id,
        teacherName: T[0].fullName,
        startDate: '2026-10-05',
        endDate: '2026-10-16',
        dayCount: 12,
        reason: 'Больничный',
        status: 'PENDING',
        createdById: T[0].id,
        createdByName: T[0].fullName,
        createdAt: expect.stringMatching(ISO_MOMENT),
        reviewedById: null,
        reviewedByName: null,
        reviewedAt: null,
        reviewComment: null,
        closedAt: null,
        resolvedAt: null,
        decisionCount: 0,
        updatedAt: expect.stringMatching(ISO_MOMENT),
      });
      expect((await absenceRows(t)).absences).toEqual([expect.objectContaining({ id: absence.id, teacher_id: T[0].id, status: 'PENDING' })]);
    });

    it('the office, the administrator and the department create it approved, reviewed by its author', async () => {
      const cases: [TenantClient, number, string, number][] = [
        [office, officeUser.id, officeUser.fullName, T[1].id],
        [department, departmentUser.id, departmentUser.fullName, T[2].id],
        [admin, adminUser.id, adminUser.name, T[3].id],
      ];
      for (const [client, authorId, authorName, teacherId] of cases) {
        const absence = await createAbsence(client, { teacherId, startDate: '2026-10-05', endDate: '2026-10-05', reason: 'Командировка' });
        expect(absence).toMatchObject({
          teacherId,
          dayCount: 1,
          status: 'APPROVED',
          createdById: authorId,
          createdByName: authorName,
          reviewedById: authorId,
          reviewedByName: authorName,
          reviewedAt: expect.stringMatching(ISO_MOMENT),
          reviewComment: null,
        });
      }
      expect((await listAbsences(admin, 'APPROVED')).map((absence) => absence.teacherId).sort()).toEqual([T[1].id, T[2].id, T[3].id].sort());
    });

    it('the office and the department must say whose absence it is: a missing or null teacherId is 400', async () => {
      const period = { startDate: '2026-10-05', endDate: '2026-10-06', reason: 'Командировка' };
      for (const client of [office, department]) {
        await refusedPost(client, period, 400, 'Поле «teacherId» обязательно: укажите преподавателя');
        await refusedPost(client, { ...period, teacherId: null }, 400, 'Поле «teacherId» обязательно: укажите преподавателя');
      }
    });

    it('refuses an unknown teacher, a user who is not a teacher and an archived teacher (400)', async () => {
      const leaving = (await createTeachers(admin, w.u.department.id, 1))[0];
      expect((await admin.delete(`/api/users/${leaving.id}`)).status).toBe(200);
      const period = { startDate: '2026-10-05', endDate: '2026-10-06', reason: 'Командировка' };
      await refusedPost(admin, { ...period, teacherId: 999999 }, 400, 'Преподаватель №999999 не найден');
      await refusedPost(admin, { ...period, teacherId: officeUser.id }, 400, `Пользователь «${officeUser.fullName}» не является преподавателем`);
      await refusedPost(admin, { ...period, teacherId: leaving.id }, 400, `Преподаватель «${leaving.fullName}» в архиве`);
    });

    it('a department files only for teachers assigned to it during the period (403 otherwise)', async () => {
      const body = (teacherId: number, startDate: string, endDate: string) => ({ teacherId, startDate, endDate, reason: 'Командировка' });
      await refusedPost(department, body(X.id, '2026-09-14', '2026-09-18'), 403, OTHER_DEPARTMENT); // X joins D only in October
      await refusedPost(department, body(M.id, '2026-12-01', '2026-12-04'), 403, OTHER_DEPARTMENT); // M left D on 31 October
      await refusedPost(otherDepartment, body(T[0].id, '2026-10-05', '2026-10-06'), 403, OTHER_DEPARTMENT);
      expect((await createAbsence(department, body(X.id, '2026-10-26', '2026-11-06'))).status).toBe('APPROVED'); // touches October
      expect((await createAbsence(department, body(M.id, '2026-09-14', '2026-09-18'))).status).toBe('APPROVED');
      expect((await createAbsence(otherDepartment, body(M.id, '2026-12-01', '2026-12-04'))).status).toBe('APPROVED');
    });

    it("a department learns nothing about another department's people: a non-teacher, archived or unknown id is 403 too", async () => {
      const leaving = (await createTeachers(admin, w.u.department.id, 1))[0];
      expect((await admin.delete(`/api/users/${leaving.id}`)).status).toBe(200);
      const period = { startDate: '2026-10-05', endDate: '2026-10-06', reason: 'Командировка' };
      for (const teacherId of [officeUser.id, leaving.id, 999999]) {
        await refusedPost(otherDepartment, { ...period, teacherId }, 403, OTHER_DEPARTMENT);
      }
    });
  });

  describe('the period', () => {
    it('is inclusive: one day counts as 1, up to 120 days are accepted and 121 refused (400)', async () => {
      expect((await createAbsence(admin, { teacherId: T[4].id, startDate: '2026-09-01', endDate: '2026-09-01', reason: 'Отгул' })).dayCount).toBe(1);
      await clearAbsences(t);
      const longest = await createAbsence(admin, { teacherId: T[4].id, startDate: '2026-09-01', endDate: '2026-12-29', reason: 'Стажировка' });
      expect(longest.dayCount).toBe(120);
      await clearAbsences(t);
      await refusedPost(
        admin,
        { teacherId: T[4].id, startDate: '2026-09-01', endDate: '2026-12-30', reason: 'Стажировка' },
        400,
        'Отсутствие длится не более 120 дней (включительно), а указано 121',
      );
    });

    it('refuses an end before the start (400)', async () => {
      await refusedPost(
        asT0,
        { startDate: '2026-09-02', endDate: '2026-09-01', reason: 'Отгул' },
        400,
        'Дата окончания (01.09.2026) раньше даты начала (02.09.2026)',
      );
    });

    it('refuses a missing or blank reason and dates that are not calendar dates (400)', async () => {
      const body = { teacherId: T[4].id, startDate: '2026-09-01', endDate: '2026-09-02', reason: 'Отгул' };
      const cases: [Record<string, unknown>, string][] = [
        [{ reason: undefined }, 'Поле «reason» обязательно'],
        [{ reason: '   ' }, 'Поле «reason» не может быть пустым'],
        [{ reason: 'я'.repeat(1001) }, 'Поле «reason» должно содержать не более 1000 символов'],
        [{ startDate: '01.09.2026' }, 'Поле «startDate» должно быть датой в формате ГГГГ-ММ-ДД'],
        [{ endDate: '2026-02-30' }, 'Поле «endDate» должно быть датой в формате ГГГГ-ММ-ДД'],
        [{ endDate: undefined }, 'Поле «endDate» обязательно'],
        [{ teacherId: 'T0' }, 'Поле «teacherId» должно быть целым числом'],
      ];
      for (const [change, message] of cases) await refusedPost(admin, { ...body, ...change }, 400, message);
    });
  });

  describe('overlapping absences', () => {
    it('refuses a period overlapping a waiting, approved or resolved absence of the same teacher (409), naming it', async () => {
      const waiting = await createAbsence(asT1, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await refusedPost(admin, { teacherId: T[1].id, startDate: '2026-10-09', endDate: '2026-10-12', reason: 'Командировка' }, 409, overlapWith(waiting, '05.10.2026 – 09.10.2026'));

      const approved = await createAbsence(admin, { teacherId: T[2].id, startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await refusedPost(department, { teacherId: T[2].id, startDate: '2026-10-01', endDate: '2026-10-31', reason: 'Больничный' }, 409, overlapWith(approved, '05.10.2026 – 09.10.2026'));

      const resolved = await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-08', endDate: '2026-09-08', reason: 'Отгул' });
      expect((await rejectLesson(resolved, '2026-09-08')).status).toBe(200);
      const [stored] = await listAbsences(asT0);
      expect(stored).toMatchObject({ id: resolved.id, status: 'RESOLVED', decisionCount: 1, resolvedAt: expect.stringMatching(ISO_MOMENT) });
      await refusedPost(asT0, { startDate: '2026-09-07', endDate: '2026-09-08', reason: 'Больничный' }, 409, overlapWith(stored, '08.09.2026 – 08.09.2026'));
    });

    it('a rejected or cancelled absence does not hold its period', async () => {
      const rejected = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await reviewAbsence(admin, rejected.id, false, 'Сессия');
      const cancelled = await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Командировка' });
      await cancelAbsence(admin, cancelled.id);
      const again = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Больничный' });
      expect((await listAbsences(asT0)).map((absence) => [absence.id, absence.status])).toEqual(
        expect.arrayContaining([
          [rejected.id, 'REJECTED'],
          [cancelled.id, 'CANCELLED'],
          [again.id, 'PENDING'],
        ]),
      );
    });

    it('adjacent periods are fine, sharing even the boundary day is not; other teachers are independent', async () => {
      const first = await createAbsence(admin, { teacherId: T[3].id, startDate: '2026-10-01', endDate: '2026-10-10', reason: 'Отгул' });
      await createAbsence(admin, { teacherId: T[3].id, startDate: '2026-10-11', endDate: '2026-10-20', reason: 'Командировка' });
      await createAbsence(admin, { teacherId: T[4].id, startDate: '2026-10-01', endDate: '2026-10-20', reason: 'Командировка' });
      await refusedPost(admin, { teacherId: T[3].id, startDate: '2026-09-25', endDate: '2026-10-01', reason: 'Больничный' }, 409, overlapWith(first, '01.10.2026 – 10.10.2026'));
      expect((await absenceRows(t)).absences).toHaveLength(3);
    });

    it.each([
      ['inside a semester', '2026-10-05', '2026-10-09'],
      ['outside every semester', '2027-07-06', '2027-07-10'],
    ])('of two parallel overlapping requests for one teacher exactly one is stored (%s)', async (_, startDate, endDate) => {
      const responses = await Promise.all([
        post(admin, { teacherId: T[4].id, startDate, endDate, reason: 'Командировка' }),
        post(office, { teacherId: T[4].id, startDate: endDate, endDate, reason: 'Больничный' }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const conflict = responses.find((response) => response.status === 409) as Response;
      expectErrorBody(conflict.body, 409, ABSENCES_PATH, new RegExp(`^${OVERLAP}`));
      const { absences } = await absenceRows(t);
      expect(absences).toEqual([expect.objectContaining({ teacher_id: T[4].id, status: 'APPROVED' })]);
    });
  });

  describe('who sees which absences', () => {
    /** T0 (PENDING, September), T2 (APPROVED, September), X in September and October, M in September and December. */
    let seen: Record<'t0' | 't2' | 'xSep' | 'xOct' | 'mSep' | 'mDec', AbsenceBody>;
    beforeEach(async () => {
      const by = (teacherId: number, startDate: string, endDate: string) => createAbsence(admin, { teacherId, startDate, endDate, reason: 'Командировка' });
      seen = {
        t0: await createAbsence(asT0, { startDate: '2026-09-14', endDate: '2026-09-18', reason: 'Отгул' }),
        t2: await by(T[2].id, '2026-09-21', '2026-09-25'),
        xSep: await by(X.id, '2026-09-14', '2026-09-18'),
        xOct: await by(X.id, '2026-10-12', '2026-10-16'),
        mSep: await by(M.id, '2026-09-14', '2026-09-18'),
        mDec: await by(M.id, '2026-12-07', '2026-12-11'),
      };
    });

    it('a teacher sees only their own absences', async () => {
      expect(ids(await listAbsences(asT0))).toEqual([seen.t0.id]);
      expect(await listAbsences(asT1)).toEqual([]);
    });

    it('the office and the administrator see all, newest period first, and ?status= narrows the list', async () => {
      const all = await listAbsences(office);
      expect(ids(all)).toEqual(ids(Object.values(seen)));
      expect(all.map((absence) => absence.startDate)).toEqual([...all.map((absence) => absence.startDate)].sort().reverse());
      expect(ids(await listAbsences(admin, 'PENDING'))).toEqual([seen.t0.id]);
      expect(await listAbsences(admin, 'REJECTED')).toEqual([]);
      await refused(() => admin.get(`${ABSENCES_PATH}?status=LOST`), 400, ABSENCES_PATH, 'Поле «status» должно иметь одно из значений: PENDING, APPROVED, REJECTED, RESOLVED, CANCELLED');
    });

    it("a department sees its teachers' absences by their assignments over each absence period", async () => {
      expect(ids(await listAbsences(department))).toEqual(ids([seen.t0, seen.t2, seen.xOct, seen.mSep]));
      expect(ids(await listAbsences(otherDepartment))).toEqual(ids([seen.xSep, seen.xOct, seen.mDec]));
      expect(ids(await listAbsences(department, 'PENDING'))).toEqual([seen.t0.id]);
    });
  });

  describe('review', () => {
    let waiting: AbsenceBody;
    const path = (id: number) => `${ABSENCES_PATH}/${id}/review`;
    beforeEach(async () => {
      waiting = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Больничный' });
    });

    it('the department approves its teacher’s waiting absence: APPROVED, with the reviewer and time', async () => {
      const approved = await reviewAbsence(department, waiting.id, true);
      expect(approved).toEqual({
        ...waiting,
        status: 'APPROVED',
        reviewedById: departmentUser.id,
        reviewedByName: departmentUser.fullName,
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        updatedAt: expect.stringMatching(ISO_MOMENT),
      });
      expect(await listAbsences(asT0, 'APPROVED')).toEqual([approved]);
    });

    it('a rejection needs a comment (400); with one the absence is REJECTED and the teacher sees why', async () => {
      await refused(() => office.post(path(waiting.id), { approved: false }), 400, path(waiting.id), 'Укажите причину отклонения в поле «comment»');
      await refused(() => office.post(path(waiting.id), { approved: false, comment: '   ' }), 400, path(waiting.id), 'Укажите причину отклонения в поле «comment»');
      await refused(() => office.post(path(waiting.id), { comment: 'да' }), 400, path(waiting.id), 'Поле «approved» обязательно');
      await reviewAbsence(office, waiting.id, false, '  Нет замены на эти даты  ');
      const [seen] = await listAbsences(asT0);
      expect(seen).toMatchObject({ id: waiting.id, status: 'REJECTED', reviewComment: 'Нет замены на эти даты', reviewedById: officeUser.id });
    });

    it('only a waiting absence can be reviewed (409)', async () => {
      await reviewAbsence(admin, waiting.id, true);
      await refused(() => admin.post(path(waiting.id), { approved: false, comment: 'Передумали' }), 409, path(waiting.id), /^Отсутствие №\d+ уже рассмотрено \(статус APPROVED\)/);
      const other = await createAbsence(asT1, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await reviewAbsence(admin, other.id, false, 'Нет');
      await refused(() => admin.post(path(other.id), { approved: true }), 409, path(other.id), /уже рассмотрено \(статус REJECTED\)/);
    });

    it('two reviewers at once: one decision stands, the other gets 409', async () => {
      const responses = (await Promise.all([
        office.post(path(waiting.id), { approved: true }),
        department.post(path(waiting.id), { approved: false, comment: 'Сессия' }),
      ])) as Response[];
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const winner = responses.find((response) => response.status === 200) as Response;
      const loser = responses.find((response) => response.status === 409) as Response;
      expectErrorBody(loser.body, 409, path(waiting.id), new RegExp(`^Отсутствие №${waiting.id} уже рассмотрено \\(статус ${String(winner.body.status)}\\)`));
      expect((await absenceRows(t)).absences).toEqual([expect.objectContaining({ id: waiting.id, status: winner.body.status })]);
    });

    it("a teacher cannot review even their own (403); another department cannot review D's teacher (403); an unknown id is 404", async () => {
      await refused(() => asT0.post(path(waiting.id), { approved: true }), 403, path(waiting.id));
      await refused(() => otherDepartment.post(path(waiting.id), { approved: true }), 403, path(waiting.id), OTHER_DEPARTMENT);
      await refused(() => admin.post(path(999999), { approved: true }), 404, path(999999), NOT_FOUND);
    });
  });

  describe('cancellation', () => {
    const path = (id: number) => `${ABSENCES_PATH}/${id}`;

    it('a teacher takes back a waiting absence: CANCELLED with the time it was closed', async () => {
      const waiting = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Больничный' });
      const cancelled = await cancelAbsence(asT0, waiting.id);
      expect(cancelled).toEqual({ ...waiting, status: 'CANCELLED', closedAt: expect.stringMatching(ISO_MOMENT), updatedAt: expect.stringMatching(ISO_MOMENT) });
      expect(await listAbsences(asT0, 'CANCELLED')).toEqual([cancelled]);
    });

    it('an approved absence can be cancelled until its first decision is logged, then it stays (409)', async () => {
      const untouched = await createAbsence(department, { teacherId: T[1].id, startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Командировка' });
      expect((await cancelAbsence(department, untouched.id)).status).toBe('CANCELLED');

      const started = await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-08', endDate: '2026-09-15', reason: 'Больничный' });
      expect((await rejectLesson(started, '2026-09-08')).status).toBe(200);
      await refused(() => admin.delete(path(started.id)), 409, path(started.id), /^Отсутствие №\d+ уже обрабатывается \(решений: 1\)/);
      expect((await rejectLesson(started, '2026-09-15')).status).toBe(200);
      await refused(() => asT0.delete(path(started.id)), 409, path(started.id), /уже обрабатывается \(решений: 2\)/);
      expect((await listAbsences(admin)).map((absence) => absence.status)).toEqual(['CANCELLED', 'RESOLVED']);
    });

    it('a rejected or already cancelled absence cannot be cancelled (409)', async () => {
      const rejected = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await reviewAbsence(admin, rejected.id, false, 'Нет');
      await refused(() => asT0.delete(path(rejected.id)), 409, path(rejected.id), `Отсутствие №${rejected.id} уже закрыто (статус REJECTED)`);
      const cancelled = await createAbsence(asT0, { startDate: '2026-10-12', endDate: '2026-10-16', reason: 'Отгул' });
      await cancelAbsence(admin, cancelled.id);
      await refused(() => admin.delete(path(cancelled.id)), 409, path(cancelled.id), `Отсутствие №${cancelled.id} уже закрыто (статус CANCELLED)`);
    });

    it("nobody cancels outside their reach: another teacher's (403), another department's (403), an unknown id (404)", async () => {
      const absence = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      await refused(() => asT1.delete(path(absence.id)), 403, path(absence.id), 'Можно работать только со своими отсутствиями');
      await refused(() => otherDepartment.delete(path(absence.id)), 403, path(absence.id), OTHER_DEPARTMENT);
      await refused(() => asT0.delete(path(999999)), 404, path(999999), NOT_FOUND);
    });
  });

  describe('access', () => {
    it('STUDENT and SCHEDULE_VIEWER are refused every absence endpoint (403)', async () => {
      const absence = await createAbsence(asT0, { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'Отгул' });
      const id = absence.id;
      for (const client of outsiders.values()) {
        await refused(() => client.get(ABSENCES_PATH), 403, ABSENCES_PATH);
        await refused(() => client.post(ABSENCES_PATH, { teacherId: T[0].id, startDate: '2026-11-02', endDate: '2026-11-03', reason: 'Отгул' }), 403, ABSENCES_PATH);
        await refused(() => client.post(`${ABSENCES_PATH}/${id}/review`, { approved: true }), 403, `${ABSENCES_PATH}/${id}/review`);
        await refused(() => client.delete(`${ABSENCES_PATH}/${id}`), 403, `${ABSENCES_PATH}/${id}`);
        await refused(() => client.get(`${ABSENCES_PATH}/${id}/wizard`), 403, `${ABSENCES_PATH}/${id}/wizard`);
        await refused(() => client.post(`${ABSENCES_PATH}/${id}/resolve`, { decisions: [] }), 403, `${ABSENCES_PATH}/${id}/resolve`);
      }
    });

    it('the wizard and resolution belong to the office: DEPARTMENT and TEACHER get 403', async () => {
      const absence = await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-08', endDate: '2026-09-08', reason: 'Отгул' });
      const wizard = `${ABSENCES_PATH}/${absence.id}/wizard`;
      const resolve = `${ABSENCES_PATH}/${absence.id}/resolve`;
      const decisions = [{ baseRuleSlotId: slot.math, lessonDate: '2026-09-08', resolution: 'CANCEL' }];
      for (const client of [department, asT0]) {
        await refused(() => client.get(wizard), 403, wizard);
        await refused(() => client.post(resolve, { decisions }), 403, resolve);
      }
    });

    it('the wizard of a waiting absence answers 409 until it is approved', async () => {
      const waiting = await createAbsence(asT0, { startDate: '2026-09-08', endDate: '2026-09-08', reason: 'Отгул' });
      const wizard = `${ABSENCES_PATH}/${waiting.id}/wizard`;
      await refused(() => office.get(wizard), 409, wizard, `Отсутствие №${waiting.id} ещё не утверждено: сначала рассмотрите его`);
      await reviewAbsence(office, waiting.id, true);
      const response = await office.get(wizard);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ absence: { id: waiting.id, status: 'APPROVED' }, remainingLessonCount: 1 });
    });
  });

  describe('an approved absence blocks one-off changes that put the teacher into it', () => {
    /** T0 away 08..14 September: math of 09-08 falls inside, 09-15 is the day after. */
    const period = { startDate: '2026-09-08', endDate: '2026-09-14', reason: 'Больничный' };
    const giveT0Physics = (lessonDate: string): OverrideRequestBody => ({ baseRuleSlotId: slot.phys, lessonDate, action: 'REPLACE', newTeacherId: T[0].id });
    const moveMath = (lessonDate: string, targetLessonDate: string, pair: number): OverrideRequestBody => ({
      baseRuleSlotId: slot.math,
      lessonDate,
      targetLessonDate,
      action: 'MOVE',
      newTimeSlotId: P[pair - 1].id,
    });

    it('refuses (409, naming the absence) a replacement by the absent teacher and a move of their lesson into the period', async () => {
      const absence = await createAbsence(admin, { teacherId: T[0].id, ...period });
      await refusedOverride(giveT0Physics('2026-09-08'), absentMessage(absence));
      await refusedOverride(moveMath('2026-09-22', '2026-09-10', 2), absentMessage(absence));
      await refusedOverride(moveMath('2026-09-08', '2026-09-08', 3), absentMessage(absence)); // another pair the same absent day
      expect((await absenceRows(t)).absences).toEqual([expect.objectContaining({ id: absence.id, status: 'APPROVED' })]);
    });

    it('refuses an existing override being changed to put the absent teacher in', async () => {
      const replacement = await createOverride(admin, { ...giveT0Physics('2026-09-08'), newTeacherId: T[4].id });
      const absence = await createAbsence(admin, { teacherId: T[0].id, ...period });
      const path = `${OVERRIDES_PATH}/${replacement.id}`;
      await refused(() => admin.put(path, giveT0Physics('2026-09-08')), 409, path, absentMessage(absence));
    });

    it('accepts the same changes just outside the period', async () => {
      await createAbsence(admin, { teacherId: T[0].id, ...period });
      expect((await createOverride(admin, giveT0Physics('2026-09-15'))).newTeacherId).toBe(T[0].id);
      expect((await createOverride(admin, moveMath('2026-09-22', '2026-09-24', 2))).targetLessonDate).toBe('2026-09-24');
    });

    it('lets the absent teacher’s own lesson change room, go to another teacher or move out of the period', async () => {
      await createAbsence(office, { teacherId: T[0].id, ...period });
      expect((await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newClassroomId: C[3].id })).newClassroomId).toBe(C[3].id);
      await clearOverrides(t);
      expect((await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newTeacherId: T[4].id })).newTeacherId).toBe(T[4].id);
      await clearOverrides(t);
      expect((await createOverride(admin, moveMath('2026-09-08', '2026-09-24', 2))).targetLessonDate).toBe('2026-09-24');
    });

    it('a waiting absence does not block, and blocks as soon as it is approved', async () => {
      const waiting = await createAbsence(asT0, period);
      expect((await createOverride(admin, giveT0Physics('2026-09-08'))).newTeacherId).toBe(T[0].id);
      await clearOverrides(t);
      const approved = await reviewAbsence(department, waiting.id, true);
      await refusedOverride(giveT0Physics('2026-09-08'), absentMessage(approved));
    });

    it('a rejected or cancelled absence does not block', async () => {
      const rejected = await createAbsence(asT0, period);
      await reviewAbsence(admin, rejected.id, false, 'Нет');
      expect((await createOverride(admin, giveT0Physics('2026-09-08'))).newTeacherId).toBe(T[0].id);
      await clearOverrides(t);
      const cancelled = await createAbsence(admin, { teacherId: T[0].id, ...period });
      await refusedOverride(giveT0Physics('2026-09-08'), absentMessage(cancelled));
      await cancelAbsence(admin, cancelled.id);
      expect((await createOverride(admin, giveT0Physics('2026-09-08'))).newTeacherId).toBe(T[0].id);
    });

    it('a resolved absence keeps blocking', async () => {
      const absence = await createAbsence(admin, { teacherId: T[0].id, ...period });
      expect((await rejectLesson(absence, '2026-09-08')).status).toBe(200);
      const [resolved] = await listAbsences(admin, 'RESOLVED');
      expect(resolved.id).toBe(absence.id);
      await refusedOverride(giveT0Physics('2026-09-08'), absentMessage(absence));
    });

    it('schedule rules are not blocked: a weekly rule for the absent teacher is created', async () => {
      await createAbsence(admin, { teacherId: T[0].id, ...period });
      const [, B] = w.u.groups;
      const rule = await createRule(
        admin,
        ruleBody(w.u, {
          subjectId: w.u.subjects[6].id,
          groupIds: [B.id],
          slots: [slotBody(w.u, { dayOfWeek: 1, timeSlotId: P[2].id, teacherId: T[0].id, classroomId: C[4].id })], // Mondays 09-07 and 09-14
        }),
      );
      try {
        expect(rule.slots[0].teacherId).toBe(T[0].id);
      } finally {
        await archiveRule(admin, rule.id);
      }
    });
  });
});
