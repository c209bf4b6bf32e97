import request from 'supertest';
import { Role } from '../src/platform/auth/roles';
import { clearAbsences, createAbsence } from './support/absence-builders';
import {
  CANDIDATES_PATH,
  candidatesOf,
  CHANGE_REQUESTS_PATH,
  ChangeRequest,
  ChangeRequestBody,
  clearRequests,
  listRequests,
  requestRows,
  reviewRequest,
  submitRequest,
  withdrawRequest,
} from './support/change-request-builders';
import { createDepartment, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import {
  buildOverrideWorld,
  clearOverrides,
  createOverride,
  HOLIDAY,
  LessonBody,
  MANUAL_DAY,
  overrideState,
  OverrideWorld,
  OVERRIDES_PATH,
  slotsOf,
} from './support/override-builders';
import { addAssignment } from './support/resource-builders';
import { archiveRule, createRule, ruleBody, slotBody } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

// Every lesson of the test semester is still ahead: what is offered and refused by the hour stays put.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

type Response = { status: number; body: Record<string, unknown> };

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_OWN = 'Заявку можно подать только по своему занятию: в расписании это занятие ведёт другой преподаватель';
const DUPLICATE = /^По этому занятию уже есть заявка на рассмотрении: дождитесь решения или отзовите её/;
const HAS_OVERRIDE = /^У занятия \d{2}\.\d{2}\.\d{4} уже есть разовое изменение №\d+: заявку можно подать только по занятию без изменений$/;
const LESSON_ALREADY_BEGUN = 'Занятие уже прошло или идёт сейчас: заявку можно подать только по занятию, которое ещё впереди';
const TARGET_ALREADY_BEGUN = 'Перенести занятие можно только на время, которое ещё не наступило: выберите дату и пару впереди';
const worldChanged = (request: ChangeRequest) => new RegExp(`^Заявку №${request.id} применить нельзя: расписание изменилось после её подачи\\. `);

/**
 * Teacher change requests (spec 4.15): submission of a MOVE, CHANGE_CLASSROOM or CANCEL about one's own
 * lesson without an override, one waiting request per lesson (also under parallel submissions), the
 * pre-checked candidates (each accepted as it is), review by the office (apply creates an ordinary
 * override after re-validation, 409 when the timetable changed; reject needs a comment), withdrawal,
 * the history and the journal by role. Every refusal is followed by a check that nothing changed.
 *
 * The world is the override tests' university (`buildOverrideWorld`): autumn 2026-09-01..12-31, base
 * pairs P1..P4 (08:30, 10:10, 11:50, 14:00), a holiday on 09-17, a manual grid on 09-29; groups A and
 * B; teachers T0..T4 of department D; rooms C0..C4. T0 teaches math to A on Tuesdays in P1 in C0
 * (09-01 .. 09-29); T1 teaches physics to B on Tuesdays in P2 in C1 (09-01 .. 09-22) and history to A
 * on Wednesdays in P2 in C0 (09-02, 09-09); T2 teaches chemistry to B on Tuesdays in P1 in C2 (09-01,
 * 09-08).
 *
 * Departments see requests by assignment history on the lesson date: the teachers' assignments start
 * on 2026-01-01, and T1 moves from D to D2 on 2026-09-11.
 */
describe('teacher change requests (4.15)', () => {
  let t: TestApp;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let T: UserBody[];
  let P: OverrideWorld['pairs'];
  let C: OverrideWorld['u']['classrooms'];
  let A: OverrideWorld['u']['groups'][number];
  let admin: TenantClient;
  let adminUser: { id: number; name: string };
  let office: TenantClient;
  let officeUser: UserBody;
  let department: TenantClient;
  let otherDepartment: TenantClient;
  let asT0: TenantClient;
  let asT1: TenantClient;
  const outsiders = new Map<Role, TenantClient>();

  /** A refused request: status, the common body with a Russian message, and no change in requests, their events or overrides. */
  async function refused(send: () => Promise<Response>, status: number, path: string, message?: string | RegExp): Promise<void> {
    const before = { requests: await requestRows(t), overrides: await overrideState(t) };
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect({ requests: await requestRows(t), overrides: await overrideState(t) }).toEqual(before);
  }
  const post = (client: TenantClient, body: Partial<ChangeRequestBody> | Record<string, unknown>) =>
    client.post(CHANGE_REQUESTS_PATH, body) as unknown as Promise<Response>;
  const refusedSubmit = (client: TenantClient, body: Partial<ChangeRequestBody> | Record<string, unknown>, status: number, message?: string | RegExp) =>
    refused(() => post(client, body), status, CHANGE_REQUESTS_PATH, message);
  const reviewPath = (id: number) => `${CHANGE_REQUESTS_PATH}/${id}/review`;
  const review = (client: TenantClient, id: number, body: Record<string, unknown>) => client.post(reviewPath(id), body) as unknown as Promise<Response>;
  const candidatesPath = (params: Record<string, string | number>) =>
    `${CANDIDATES_PATH}?${new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

  /** T0's math lesson of `lessonDate` moved to another pair (and maybe day). */
  const moveMath = (lessonDate: string, pair: number, targetLessonDate?: string): ChangeRequestBody => ({
    baseRuleSlotId: slot.math,
    lessonDate,
    requestType: 'MOVE',
    requestedTimeSlotId: P[pair - 1].id,
    ...(targetLessonDate ? { targetLessonDate } : {}),
    reason: 'Конференция',
  });
  const cancelMath = (lessonDate: string): ChangeRequestBody => ({ baseRuleSlotId: slot.math, lessonDate, requestType: 'CANCEL', reason: 'Болезнь' });
  const groupAView = async (date: string): Promise<LessonBody[]> => {
    const response = await admin.get(`/api/schedule?groupId=${A.id}&startDate=${date}&endDate=${date}`);
    expect(response.status).toBe(200);
    return response.body as LessonBody[];
  };
  const mathIn = (lessons: LessonBody[]) => lessons.filter((lesson) => lesson.scheduleRuleSlotId === slot.math);
  const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { SWAGGER_ENABLED: 'true' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    [adminUser] = await t.sql<{ id: number; name: string }>('alpha', `SELECT id, full_name AS name FROM users WHERE username = $1`, [ADMIN.username]);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    T = w.u.teachers;
    P = w.pairs;
    C = w.u.classrooms;
    A = w.u.groups[0];
    const D = w.u.department.id;
    const D2 = await createDepartment(admin);
    ({ user: officeUser, client: office } = await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: D }));
    ({ client: department } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D }));
    ({ client: otherDepartment } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D2.id }));
    for (const role of ['STUDENT', 'SCHEDULE_VIEWER'] as Role[]) outsiders.set(role, (await signedInAs(t, admin, { role, departmentId: D })).client);

    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-01-01' WHERE user_id = ANY($1::int[])`, [T.map((u) => u.id)]);
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-09-10' WHERE user_id = $1`, [T[1].id]);
    await addAssignment(t, { userId: T[1].id, departmentId: D2.id, primary: true, validFrom: '2026-09-11' });

    asT0 = await t.as('alpha').login(T[0].username, PASSWORD);
    asT1 = await t.as('alpha').login(T[1].username, PASSWORD);
  });
  afterEach(async () => {
    await clearRequests(t);
    await clearOverrides(t);
    await clearAbsences(t);
    await t.sql('alpha', `DELETE FROM teacher_preferences`);
  });
  afterAll(() => t.close());

  describe('submitting a request', () => {
    it('a teacher asks to move their own lesson to another pair of the same day: PENDING, the lesson as they saw it, a SUBMITTED event', async () => {
      const request = await submitRequest(asT0, { ...moveMath('2026-09-08', 3, '2026-09-08'), reason: '  Конференция  ' });
      expect(request).toEqual({
        id: expect.any(Number),
        teacherId: T[0].id,
        teacherName: T[0].fullName,
        semesterId: w.u.semester.id,
        scheduleVersionId: w.u.versionId,
        baseRuleSlotId: slot.math,
        scheduleRuleId: w.rules.math.id,
        lessonDate: '2026-09-08',
        subjectId: w.u.subjects[0].id,
        subjectName: w.u.subjects[0].name,
        lessonTypeId: 1,
        lessonTypeName: 'Лекция',
        groupIds: [A.id],
        groupNames: [A.name],
        originalTimeSlotId: P[0].id,
        originalStartTime: '08:30:00',
        originalEndTime: '10:00:00',
        originalClassroomId: C[0].id,
        originalClassroomName: C[0].name,
        requestType: 'MOVE',
        targetLessonDate: null, // the same day counts as no date change
        requestedTimeSlotId: P[2].id,
        requestedStartTime: '11:50:00',
        requestedEndTime: '13:20:00',
        requestedClassroomId: null,
        requestedClassroomName: null,
        reason: 'Конференция',
        status: 'PENDING',
        appliedOverrideId: null,
        reviewedById: null,
        reviewedByName: null,
        reviewedAt: null,
        reviewComment: null,
        createdAt: expect.stringMatching(ISO_MOMENT),
        updatedAt: expect.stringMatching(ISO_MOMENT),
        history: [{ id: expect.any(Number), eventType: 'SUBMITTED', actorId: T[0].id, actorName: T[0].fullName, comment: 'Конференция', createdAt: expect.stringMatching(ISO_MOMENT) }],
      });
      expect(await listRequests(admin)).toEqual([request]);
      expect((await overrideState(t)).rows).toEqual([]); // a request changes nothing in the timetable
      expect(mathIn(await groupAView('2026-09-08'))).toEqual([expect.objectContaining({ timeSlotId: P[0].id, scheduleOverrideId: null })]);
    });

    it('MOVE to another day, CHANGE_CLASSROOM and CANCEL are accepted', async () => {
      const moved = await submitRequest(asT0, moveMath('2026-09-08', 2, '2026-09-10'));
      expect(moved).toMatchObject({ requestType: 'MOVE', targetLessonDate: '2026-09-10', requestedTimeSlotId: P[1].id, requestedStartTime: '10:10:00' });
      const room = await submitRequest(asT0, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: C[4].id, reason: 'Нужен проектор' });
      expect(room).toMatchObject({ requestType: 'CHANGE_CLASSROOM', requestedClassroomId: C[4].id, requestedClassroomName: C[4].name, requestedTimeSlotId: null, targetLessonDate: null });
      const cancel = await submitRequest(asT0, cancelMath('2026-09-22'));
      expect(cancel).toMatchObject({ requestType: 'CANCEL', requestedClassroomId: null, requestedTimeSlotId: null, status: 'PENDING' });
      expect(ids(await listRequests(asT0, 'PENDING'))).toEqual(ids([moved, room, cancel]));
    });

    it("refuses someone else's lesson (403), also one handed to the teacher or away from them by an override (409, 403)", async () => {
      await refusedSubmit(asT0, { ...moveMath('2026-09-08', 3), baseRuleSlotId: slot.phys }, 403, NOT_OWN);
      // Physics on 09-15 is handed from T1 to T0 by the office: T0 teaches it now, but it already has an override.
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', action: 'REPLACE', newTeacherId: T[0].id });
      await refusedSubmit(asT0, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', requestType: 'CANCEL', reason: 'Не могу' }, 409, HAS_OVERRIDE);
      await refusedSubmit(asT1, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', requestType: 'CANCEL', reason: 'Не могу' }, 403, NOT_OWN);
    });

    it('refuses a lesson that already has an override, whatever it does (409)', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newClassroomId: C[4].id });
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'MOVE', newTimeSlotId: P[3].id });
      for (const lessonDate of ['2026-09-08', '2026-09-15', '2026-09-22']) await refusedSubmit(asT0, moveMath(lessonDate, 3), 409, HAS_OVERRIDE);
    });

    it('refuses what is not a lesson of the published timetable (400)', async () => {
      await refusedSubmit(asT0, moveMath('2026-09-09', 3), 400, /^Занятие не найдено в расписании: по слоту/); // a Wednesday
      await refusedSubmit(asT0, moveMath('2026-10-06', 3), 400, /^Занятие не найдено в расписании/); // the hours are used up
      await refusedSubmit(asT0, { ...moveMath('2026-09-08', 3), baseRuleSlotId: 999999 }, 400, /^Занятие не найдено в расписании: слот правила/);
      const draftTeacher = await t.as('alpha').login(T[4].username, PASSWORD);
      await refusedSubmit(draftTeacher, { ...moveMath('2026-09-07', 3), baseRuleSlotId: slot.draft }, 400, /только в опубликованное расписание/);
    });

    it('checks the body: reason, type and the fields each type takes (400)', async () => {
      const move = moveMath('2026-09-08', 3);
      await refusedSubmit(asT0, { ...move, reason: undefined }, 400, /«reason» обязательно/);
      await refusedSubmit(asT0, { ...move, reason: '   ' }, 400, /«reason» не может быть пустым/);
      await refusedSubmit(asT0, { ...move, reason: 'x'.repeat(1001) }, 400, /«reason» должно содержать не более 1000 символов/);
      await refusedSubmit(asT0, { ...move, requestType: 'REPLACE' }, 400, /«requestType» должно иметь одно из значений: MOVE, CHANGE_CLASSROOM, CANCEL/);
      await refusedSubmit(asT0, { ...move, lessonDate: '2026-02-30' }, 400, /«lessonDate» должно быть датой/);
      await refusedSubmit(asT0, { ...move, requestedTimeSlotId: null }, 400, 'Заявка MOVE: укажите «requestedTimeSlotId»');
      await refusedSubmit(asT0, { ...move, requestedClassroomId: C[4].id }, 400, 'Заявка MOVE не допускает полей «requestedClassroomId»: уберите их');
      await refusedSubmit(asT0, { ...move, requestType: 'CHANGE_CLASSROOM' }, 400, /^Заявка CHANGE_CLASSROOM: укажите «requestedClassroomId»$/);
      await refusedSubmit(asT0, { ...cancelMath('2026-09-08'), targetLessonDate: '2026-09-10' }, 400, 'Заявка CANCEL не допускает полей «targetLessonDate»: уберите их');
    });

    it('runs the override validator: clashes, calendars, the grid of the day, absences and hard unavailability (nothing stored)', async () => {
      // History of group A is on Wednesday 09-09 in P2, in room C0.
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, '2026-09-09'), 409, /^Изменение занятия пересекается .* с занятием «[^»]+» \(правило №\d+/);
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, HOLIDAY), 400, /учебный календарь группы .* не допускает занятий/);
      await refusedSubmit(asT0, moveMath('2026-09-08', 3, MANUAL_DAY), 400, /не входит в сетку звонков, действующую 29\.09\.2026/);
      await refusedSubmit(asT0, moveMath('2026-09-08', 1), 400, /^Перенос должен менять дату или время занятия/);
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, '2027-01-12'), 400, /^Перенести занятие можно только в пределах его семестра/);
      const room = (classroomId: number) => ({ baseRuleSlotId: slot.math, lessonDate: '2026-09-08', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: classroomId, reason: 'Проектор' });
      await refusedSubmit(asT0, room(C[0].id), 400, /^Замена должна менять преподавателя, аудиторию или формат/);
      await refusedSubmit(asT0, room(C[2].id), 409, /аудитория/); // chemistry of B is in C2 then
      await refusedSubmit(asT0, room(999999), 400, 'Аудитория №999999 не найдена');

      await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-10', endDate: '2026-09-11', reason: 'Командировка' });
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, '2026-09-10'), 409, /^Преподаватель «[^»]+» отсутствует 10\.09\.2026 – 11\.09\.2026/);
      const preference = await admin.post('/api/teacher-preferences', {
        teacherId: T[0].id,
        semesterId: w.u.semester.id,
        preferenceType: 'HARD_UNAVAILABLE',
        preferenceDate: '2026-09-14',
      });
      expect(preference.status).toBe(200);
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, '2026-09-14'), 409, /закрыто утверждённым ограничением$/);
    });

    it('only a teacher submits: the office, departments and other roles get 403', async () => {
      for (const client of [admin, office, department, ...outsiders.values()]) await refusedSubmit(client, moveMath('2026-09-08', 3), 403);
    });

    it('a second waiting request for the lesson is refused (409); after withdrawal or rejection a new one may be filed', async () => {
      const first = await submitRequest(asT0, moveMath('2026-09-08', 3));
      await refusedSubmit(asT0, cancelMath('2026-09-08'), 409, new RegExp(`${DUPLICATE.source} \\(заявка №${first.id}\\)$`));
      await withdrawRequest(asT0, first.id);
      const second = await submitRequest(asT0, cancelMath('2026-09-08'));
      await reviewRequest(office, second.id, false, 'Занятие нельзя отменить');
      expect((await submitRequest(asT0, moveMath('2026-09-08', 4))).status).toBe('PENDING');
    });

    it('of parallel submissions for one lesson exactly one is stored', async () => {
      for (const lessonDate of ['2026-09-08', '2026-09-15', '2026-09-22']) {
        const responses = await Promise.all([post(asT0, moveMath(lessonDate, 3)), post(asT0, cancelMath(lessonDate)), post(asT0, moveMath(lessonDate, 4))]);
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
        for (const loser of responses.filter((response) => response.status === 409)) expectErrorBody(loser.body, 409, CHANGE_REQUESTS_PATH, DUPLICATE);
        const stored = await t.sql('alpha', `SELECT id FROM teacher_change_requests WHERE lesson_date = $1`, [lessonDate]);
        expect(stored).toHaveLength(1);
      }
      const { requests, events } = await requestRows(t);
      expect(requests).toHaveLength(3);
      expect(events).toHaveLength(3);
    });
  });

  describe('candidates', () => {
    it('offers the free pairs of the day, the days a move fits and the free rooms, for the lesson as it is', async () => {
      const found = await candidatesOf(asT0, slot.math, '2026-09-08');
      expect(found).toMatchObject({
        lesson: {
          baseRuleSlotId: slot.math,
          lessonDate: '2026-09-08',
          dayOfWeek: 2,
          timeSlotId: P[0].id,
          startTime: '08:30:00',
          teacherId: T[0].id,
          teacherName: T[0].fullName,
          classroomId: C[0].id,
          classroomName: C[0].name,
          subjectName: w.u.subjects[0].name,
          groupNames: [A.name],
          lessonFormat: 'Очно',
        },
        semesterId: w.u.semester.id,
        semesterStartDate: '2026-09-01',
        semesterEndDate: '2026-12-31',
        pendingRequestId: null,
        targetDate: '2026-09-08',
        canCancel: true,
      });
      expect(found.timeSlots).toEqual(
        [P[1], P[2], P[3]].map((pair) => ({
          targetLessonDate: null,
          requestedTimeSlotId: pair.id,
          timeSlotOrder: pair.orderNumber,
          startTime: `${pair.startTime.slice(0, 5)}:00`,
          endTime: `${pair.endTime.slice(0, 5)}:00`,
          // The room the moved lesson would have (issue 55): its own, free at each offered pair.
          classroomId: C[0].id,
          classroomName: C[0].name,
          ownClassroom: true,
        })),
      );
      // Chemistry of B holds C2 then; every other room is free.
      expect(found.classrooms.map((room) => room.requestedClassroomId).sort((a, b) => a - b)).toEqual([C[1].id, C[3].id, C[4].id].sort((a, b) => a - b));
      expect(found.classrooms[0]).toEqual({ requestedClassroomId: expect.any(Number), classroomName: expect.any(String), capacity: 30 });
      const days = new Map(found.dates.map((day) => [day.date, day]));
      expect(days.get('2026-09-08')).toEqual({ date: '2026-09-08', dayOfWeek: 2, freeTimeSlotCount: 3 });
      expect(days.get('2026-09-09')).toEqual({ date: '2026-09-09', dayOfWeek: 3, freeTimeSlotCount: 3 }); // P2 is history's
      expect(days.has(HOLIDAY)).toBe(false);
      expect(found.dates.map((day) => day.date)).toEqual([...days.keys()].sort());
      expect(found.dates.every((day) => day.date >= '2026-09-01' && day.date <= '2026-12-31')).toBe(true);

      const wednesday = await candidatesOf(asT0, slot.math, '2026-09-08', '2026-09-09');
      expect(wednesday.targetDate).toBe('2026-09-09');
      expect(wednesday.timeSlots.map((pair) => [pair.targetLessonDate, pair.requestedTimeSlotId])).toEqual([
        ['2026-09-09', P[0].id],
        ['2026-09-09', P[2].id],
        ['2026-09-09', P[3].id],
      ]);
      expect((await candidatesOf(asT0, slot.math, '2026-09-08', HOLIDAY)).timeSlots).toEqual([]);
    });

    it('leaves out the days of an absence and of hard unavailability; the office sees any lesson, with its waiting request', async () => {
      await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-10', endDate: '2026-09-11', reason: 'Командировка' });
      const preference = await admin.post('/api/teacher-preferences', {
        teacherId: T[0].id,
        semesterId: w.u.semester.id,
        preferenceType: 'HARD_UNAVAILABLE',
        preferenceDate: '2026-09-14',
      });
      expect(preference.status).toBe(200);
      const dates = (await candidatesOf(asT0, slot.math, '2026-09-08')).dates.map((day) => day.date);
      expect(dates).toEqual(expect.arrayContaining(['2026-09-09', '2026-09-12', '2026-09-15']));
      for (const blocked of ['2026-09-10', '2026-09-11', '2026-09-14']) expect(dates).not.toContain(blocked);

      const request = await submitRequest(asT1, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', requestType: 'CANCEL', reason: 'Болезнь' });
      for (const client of [admin, office]) {
        expect(await candidatesOf(client, slot.phys, '2026-09-08')).toMatchObject({ pendingRequestId: request.id, lesson: { teacherId: T[1].id } });
      }
    });

    it('every offered pair and room is accepted as it is when submitted and applied', async () => {
      const offered = await candidatesOf(asT0, slot.math, '2026-09-08', '2026-09-09');
      const bodies: ChangeRequestBody[] = [
        ...offered.timeSlots.map((pair): ChangeRequestBody => ({
          baseRuleSlotId: slot.math,
          lessonDate: '2026-09-08',
          requestType: 'MOVE',
          targetLessonDate: pair.targetLessonDate,
          requestedTimeSlotId: pair.requestedTimeSlotId,
          reason: 'Вариант из списка',
        })),
        ...offered.classrooms.map((room): ChangeRequestBody => ({
          baseRuleSlotId: slot.math,
          lessonDate: '2026-09-08',
          requestType: 'CHANGE_CLASSROOM',
          requestedClassroomId: room.requestedClassroomId,
          reason: 'Вариант из списка',
        })),
      ];
      expect(bodies).toHaveLength(6);
      for (const body of bodies) {
        const request = await submitRequest(asT0, body);
        const applied = await reviewRequest(office, request.id, true);
        expect(applied).toMatchObject({ status: 'APPROVED', appliedOverrideId: expect.any(Number) });
        // The office takes the change back, so the lesson is free for the next variant.
        expect((await admin.delete(`${OVERRIDES_PATH}/${applied.appliedOverrideId}`)).status).toBe(200);
      }
      // A variant that is not offered (history's pair) is refused in the same way.
      await refusedSubmit(asT0, moveMath('2026-09-08', 2, '2026-09-09'), 409);
    });

    it('refusals: not own (403), overridden (409), outside the semester or without parameters (400), other roles (403)', async () => {
      const get = (client: TenantClient, params: Record<string, string | number>) => () => client.get(candidatesPath(params)) as unknown as Promise<Response>;
      await refused(get(asT1, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08' }), 403, CANDIDATES_PATH, NOT_OWN);
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      await refused(get(asT0, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15' }), 409, CANDIDATES_PATH, HAS_OVERRIDE);
      await refused(get(asT0, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', targetDate: '2027-02-01' }), 400, CANDIDATES_PATH, /внутри семестра занятия/);
      await refused(get(asT0, { lessonDate: '2026-09-08' }), 400, CANDIDATES_PATH, /«baseRuleSlotId» обязательно/);
      await refused(get(asT0, { baseRuleSlotId: slot.math }), 400, CANDIDATES_PATH, /«lessonDate» обязательно/);
      await refused(get(asT0, { baseRuleSlotId: slot.math, lessonDate: '2026-09-09' }), 400, CANDIDATES_PATH, /^Занятие не найдено в расписании/);
      for (const client of [department, ...outsiders.values()]) await refused(get(client, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08' }), 403, CANDIDATES_PATH);
    });
  });

  describe('by the university\'s clock (issue 45)', () => {
    // Tuesday 08.09.2026, 10:15 in Moscow: math of that day (P1, 08:30) has begun, so has P2 (10:10).
    beforeAll(() => standServiceAt('2026-09-08T07:15:00Z'));
    afterAll(() => standServiceAt(BEFORE_AUTUMN_2026));

    it('refuses a request about a lesson that has begun, and its candidates, with 400 and nothing changed', async () => {
      await refusedSubmit(asT0, cancelMath('2026-09-08'), 400, LESSON_ALREADY_BEGUN);
      await refusedSubmit(asT0, cancelMath('2026-09-01'), 400, LESSON_ALREADY_BEGUN);
      await refused(() => asT0.get(candidatesPath({ baseRuleSlotId: slot.math, lessonDate: '2026-09-01' })), 400, CANDIDATES_PATH, LESSON_ALREADY_BEGUN);
    });

    it('refuses a move into the past or into a pair that has begun, and accepts the next pair of the same day', async () => {
      await refusedSubmit(asT0, moveMath('2026-09-15', 2, '2026-09-07'), 400, TARGET_ALREADY_BEGUN);
      await refusedSubmit(asT0, moveMath('2026-09-15', 2, '2026-09-08'), 400, TARGET_ALREADY_BEGUN);
      const request = await submitRequest(asT0, moveMath('2026-09-15', 3, '2026-09-08'));
      expect(request).toMatchObject({ status: 'PENDING', targetLessonDate: '2026-09-08', requestedTimeSlotId: P[2].id });
    });

    it('offers only days from today on, never a Sunday, and of today only the pairs still ahead', async () => {
      const found = await candidatesOf(asT0, slot.math, '2026-09-15', '2026-09-08');
      expect(found.dates.length).toBeGreaterThan(0);
      expect(found.dates.filter((day) => day.date < '2026-09-08' || day.dayOfWeek === 7)).toEqual([]);
      expect(found.dates[0].date).toBe('2026-09-08');
      expect(found.timeSlots.map((pair) => pair.requestedTimeSlotId)).toEqual([P[2].id, P[3].id]);
    });

    it('the office still records a change of a lesson already given (4.10: any lesson of the semester)', async () => {
      const response = await office.post(OVERRIDES_PATH, { baseRuleSlotId: slot.math, lessonDate: '2026-09-01', action: 'REPLACE', newTeacherId: T[3].id, comment: 'Провёл T3' });
      expect(response.status).toBe(200);
      expect((await groupAView('2026-09-01')).map((lesson) => lesson.teacherId)).toEqual([T[3].id]);
    });
  });

  describe('review', () => {
    it('applying a MOVE creates an ordinary override shown in the schedule, records it and writes APPROVED to the history', async () => {
      const request = await submitRequest(asT0, moveMath('2026-09-08', 3));
      const applied = await reviewRequest(admin, request.id, true, 'Согласовано');
      expect(applied).toEqual({
        ...request,
        status: 'APPROVED',
        appliedOverrideId: expect.any(Number),
        reviewedById: adminUser.id,
        reviewedByName: adminUser.name,
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewComment: 'Согласовано',
        updatedAt: expect.stringMatching(ISO_MOMENT),
        history: [
          request.history[0],
          { id: expect.any(Number), eventType: 'APPROVED', actorId: adminUser.id, actorName: adminUser.name, comment: 'Согласовано', createdAt: expect.stringMatching(ISO_MOMENT) },
        ],
      });
      const [override] = (await overrideState(t)).rows;
      expect(override).toMatchObject({
        id: applied.appliedOverrideId,
        base_rule_slot_id: slot.math,
        action: 'MOVE',
        target_lesson_date: null,
        new_time_slot_id: P[2].id,
        new_classroom_id: null,
        comment: `Заявка преподавателя №${request.id}: Конференция`,
        created_by: adminUser.id,
      });
      expect(mathIn(await groupAView('2026-09-08'))).toEqual([
        expect.objectContaining({
          timeSlotId: P[2].id,
          startTime: '11:50:00',
          scheduleOverrideId: applied.appliedOverrideId,
          overrideAction: 'MOVE',
          originalLessonDate: '2026-09-08',
        }),
      ]);
      const registry = await admin.get(OVERRIDES_PATH);
      expect((registry.body as { id: number }[]).map((entry) => entry.id)).toEqual([applied.appliedOverrideId]);
      // The lesson now has an override: no new request for it.
      await refusedSubmit(asT0, cancelMath('2026-09-08'), 409, HAS_OVERRIDE);
    });

    it('applying a move to another day, a room change and a cancellation changes the schedule accordingly', async () => {
      const moved = await submitRequest(asT0, moveMath('2026-09-08', 2, '2026-09-10'));
      const room = await submitRequest(asT0, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: C[4].id, reason: 'Проектор' });
      const cancel = await submitRequest(asT0, cancelMath('2026-09-22'));
      for (const request of [moved, room, cancel]) await reviewRequest(office, request.id, true);
      expect(mathIn(await groupAView('2026-09-08'))).toEqual([]);
      expect(mathIn(await groupAView('2026-09-10'))).toEqual([expect.objectContaining({ timeSlotId: P[1].id, overrideAction: 'MOVE', originalLessonDate: '2026-09-08' })]);
      expect(mathIn(await groupAView('2026-09-15'))).toEqual([expect.objectContaining({ classroomId: C[4].id, overrideAction: 'REPLACE' })]);
      expect(mathIn(await groupAView('2026-09-22'))).toEqual([]);
      expect((await overrideState(t)).rows.map((row) => row.action)).toEqual(['MOVE', 'REPLACE', 'CANCEL']);
    });

    it('an application that became impossible (a new rule took the teacher) is 409 and changes nothing; the office may still reject it', async () => {
      const request = await submitRequest(asT0, moveMath('2026-09-08', 3));
      // A room taken since is no refusal any more: the application picks another free room (test/change-request-rooms.e2e-spec.ts).
      const taker = await createRule(
        admin,
        ruleBody(w.u, { subjectId: w.u.subjects[5].id, groupIds: [w.u.groups[1].id], slots: [slotBody(w.u, { timeSlotId: P[2].id, teacherId: T[0].id, classroomId: C[4].id })] }),
      );
      await refused(() => review(office, request.id, { approved: true }), 409, reviewPath(request.id), worldChanged(request));
      await refused(() => review(admin, request.id, { approved: true }), 409, reviewPath(request.id), /преподаватель уже занят/);
      expect(mathIn(await groupAView('2026-09-08'))).toEqual([expect.objectContaining({ timeSlotId: P[0].id, scheduleOverrideId: null })]);
      expect((await listRequests(admin))[0]).toMatchObject({ id: request.id, status: 'PENDING', appliedOverrideId: null, history: [expect.objectContaining({ eventType: 'SUBMITTED' })] });

      expect((await reviewRequest(office, request.id, false, 'Аудитория занята')).status).toBe('REJECTED');
      await archiveRule(admin, taker.id);
    });

    it('an application after the office changed the lesson itself, or after the teacher became absent, is 409 and changes nothing', async () => {
      const moved = await submitRequest(asT0, moveMath('2026-09-08', 2, '2026-09-10'));
      const cancel = await submitRequest(asT0, cancelMath('2026-09-15'));
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'REPLACE', newClassroomId: C[4].id });
      await refused(() => review(office, cancel.id, { approved: true }), 409, reviewPath(cancel.id), /уже есть разовое изменение/);
      await createAbsence(admin, { teacherId: T[0].id, startDate: '2026-09-10', endDate: '2026-09-10', reason: 'Командировка' });
      await refused(() => review(office, moved.id, { approved: true }), 409, reviewPath(moved.id), /отсутствует 10\.09\.2026/);
    });

    it('rejecting needs a comment (400, nothing changed); a rejection records it and leaves the schedule alone', async () => {
      const request = await submitRequest(asT0, cancelMath('2026-09-08'));
      await refused(() => review(office, request.id, { approved: false }), 400, reviewPath(request.id), 'Укажите причину отклонения в поле «comment»');
      await refused(() => review(office, request.id, { approved: false, comment: '   ' }), 400, reviewPath(request.id), 'Укажите причину отклонения в поле «comment»');
      await refused(() => review(office, request.id, { comment: 'Нет' }), 400, reviewPath(request.id), /«approved» обязательно/);
      const overridesBefore = await overrideState(t);
      const rejected = await reviewRequest(office, request.id, false, 'Замены нет');
      expect(rejected).toEqual({
        ...request,
        status: 'REJECTED',
        reviewedById: officeUser.id,
        reviewedByName: officeUser.fullName,
        reviewedAt: expect.stringMatching(ISO_MOMENT),
        reviewComment: 'Замены нет',
        updatedAt: expect.stringMatching(ISO_MOMENT),
        history: [
          request.history[0],
          { id: expect.any(Number), eventType: 'REJECTED', actorId: officeUser.id, actorName: officeUser.fullName, comment: 'Замены нет', createdAt: expect.stringMatching(ISO_MOMENT) },
        ],
      });
      expect(await overrideState(t)).toEqual(overridesBefore);
      expect(mathIn(await groupAView('2026-09-08'))).toHaveLength(1);
      await refused(() => review(admin, request.id, { approved: true }), 409, reviewPath(request.id), /^Заявка №\d+ уже рассмотрена или отозвана \(статус REJECTED\)/);
    });

    it('only the administrator and the office review: a department, the teacher and others get 403; an unknown id is 404', async () => {
      const request = await submitRequest(asT0, cancelMath('2026-09-08'));
      for (const client of [department, asT0, ...outsiders.values()]) {
        await refused(() => review(client, request.id, { approved: true }), 403, reviewPath(request.id));
      }
      await refused(() => review(admin, 999999, { approved: true }), 404, reviewPath(999999), 'Заявка на изменение занятия не найдена');
      await refused(() => review(admin, 0, { approved: true }), 400, reviewPath(0));
    });

    it('two reviewers, or a review and a withdrawal, at once: exactly one wins and the schedule matches it', async () => {
      const race = async (lessonDate: string, other: (id: number) => Promise<Response>) => {
        const request = await submitRequest(asT0, moveMath(lessonDate, 3));
        const responses = await Promise.all([review(admin, request.id, { approved: true }), other(request.id)]);
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
        const [stored] = (await listRequests(admin)).filter((item) => item.id === request.id);
        const overrides = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE lesson_date = $1`, [lessonDate]);
        expect(overrides.map((row) => row.id)).toEqual(stored.status === 'APPROVED' ? [stored.appliedOverrideId] : []);
      };
      await race('2026-09-08', (id) => review(office, id, { approved: false, comment: 'Нет' }));
      await race('2026-09-15', (id) => asT0.delete(`${CHANGE_REQUESTS_PATH}/${id}`));
    });
  });

  describe('withdrawal', () => {
    it('the teacher withdraws their waiting request: CANCELLED with an event, the schedule untouched', async () => {
      const request = await submitRequest(asT0, moveMath('2026-09-08', 3));
      const overridesBefore = await overrideState(t);
      const withdrawn = await withdrawRequest(asT0, request.id);
      expect(withdrawn).toEqual({
        ...request,
        status: 'CANCELLED',
        updatedAt: expect.stringMatching(ISO_MOMENT),
        history: [
          request.history[0],
          { id: expect.any(Number), eventType: 'CANCELLED', actorId: T[0].id, actorName: T[0].fullName, comment: null, createdAt: expect.stringMatching(ISO_MOMENT) },
        ],
      });
      expect(await overrideState(t)).toEqual(overridesBefore);
      const path = `${CHANGE_REQUESTS_PATH}/${request.id}`;
      await refused(() => asT0.delete(path), 409, path, /^Заявка №\d+ уже закрыта \(статус CANCELLED\)/);
      await refused(() => review(office, request.id, { approved: true }), 409, reviewPath(request.id), /статус CANCELLED/);
    });

    it("refuses someone else's request (403), other roles (403), a closed one (409) and an unknown id (404)", async () => {
      const request = await submitRequest(asT0, cancelMath('2026-09-08'));
      const path = `${CHANGE_REQUESTS_PATH}/${request.id}`;
      const remove = (client: TenantClient, target = path) => () => client.delete(target) as unknown as Promise<Response>;
      await refused(remove(asT1), 403, path, 'Отозвать можно только свою заявку');
      for (const client of [admin, office, department, ...outsiders.values()]) await refused(remove(client), 403, path);
      await refused(remove(asT0, `${CHANGE_REQUESTS_PATH}/999999`), 404, `${CHANGE_REQUESTS_PATH}/999999`, 'Заявка на изменение занятия не найдена');
      await reviewRequest(office, request.id, true);
      await refused(remove(asT0), 409, path, /^Заявка №\d+ уже закрыта \(статус APPROVED\)/);
    });
  });

  describe('the journal', () => {
    it('a teacher sees their own, a department its teachers by assignment on the lesson date, the office everything; ?status= filters', async () => {
      const mine = await submitRequest(asT0, cancelMath('2026-09-08'));
      const physEarly = await submitRequest(asT1, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', requestType: 'CANCEL', reason: 'Болезнь' });
      const physLate = await submitRequest(asT1, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', requestType: 'CANCEL', reason: 'Болезнь' });
      await reviewRequest(office, physLate.id, false, 'Нет замены');

      expect(ids(await listRequests(asT0))).toEqual(ids([mine]));
      expect(ids(await listRequests(asT1))).toEqual(ids([physEarly, physLate]));
      expect(ids(await listRequests(admin))).toEqual(ids([mine, physEarly, physLate]));
      expect(ids(await listRequests(office))).toEqual(ids([mine, physEarly, physLate]));
      // T1 belongs to D until 09-10 and to D2 from 09-11.
      expect(ids(await listRequests(department))).toEqual(ids([mine, physEarly]));
      expect(ids(await listRequests(otherDepartment))).toEqual(ids([physLate]));

      expect(ids(await listRequests(admin, 'PENDING'))).toEqual(ids([mine, physEarly]));
      expect(ids(await listRequests(admin, 'REJECTED'))).toEqual(ids([physLate]));
      expect(await listRequests(admin, 'APPROVED')).toEqual([]);
      expect(ids(await listRequests(asT1, 'REJECTED'))).toEqual(ids([physLate]));
      const journal = await listRequests(admin);
      expect(journal.map((item) => item.id)).toEqual([physLate.id, physEarly.id, mine.id]); // newest first
      expect(journal[0].history.map((event) => [event.eventType, event.actorId])).toEqual([
        ['SUBMITTED', T[1].id],
        ['REJECTED', officeUser.id],
      ]);
    });

    it('refuses an unknown status (400) and the roles without access (403)', async () => {
      await refused(() => admin.get(`${CHANGE_REQUESTS_PATH}?status=DONE`), 400, CHANGE_REQUESTS_PATH, /«status» должно иметь одно из значений: PENDING, APPROVED, REJECTED, CANCELLED/);
      for (const client of outsiders.values()) await refused(() => client.get(CHANGE_REQUESTS_PATH), 403, CHANGE_REQUESTS_PATH);
    });
  });

  it('a rule update may not delete a slot that a request names (400)', async () => {
    await submitRequest(asT0, cancelMath('2026-09-08'));
    const body = ruleBody(w.u, { subjectId: w.u.subjects[0].id, groupIds: [A.id], lectureAcademicHours: 10, slots: [slotBody(w.u, { dayOfWeek: 4, timeSlotId: P[3].id, teacherId: T[0].id, classroomId: C[0].id })] });
    const path = `/api/admin/schedule-rules/${w.rules.math.id}`;
    await refused(() => admin.put(path, body), 400, path, /^Нельзя удалить слоты правила, на которые ссылаются .*заявки преподавателей/);
    expect((await requestRows(t)).requests).toHaveLength(1);
  });

  it('documents every operation with its request and response schemas, bearer-protected', async () => {
    const response = await request(t.server).get('/v3/api-docs');
    expect(response.status).toBe(200);
    type Operation = { security?: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    const document = response.body as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const operation = (path: string, method: string) => document.paths[path][method];
    const schemaOf = (content: Record<string, { schema: unknown }> | undefined) => JSON.stringify(content?.['application/json']?.schema ?? null);
    const expectations: [string, string, string | null, string][] = [
      [CHANGE_REQUESTS_PATH, 'get', null, 'ChangeRequestResponse'],
      [CANDIDATES_PATH, 'get', null, 'ChangeRequestCandidatesResponse'],
      [CHANGE_REQUESTS_PATH, 'post', 'ChangeRequestRequest', 'ChangeRequestResponse'],
      [`${CHANGE_REQUESTS_PATH}/{id}/review`, 'post', 'ChangeRequestReviewRequest', 'ChangeRequestReviewResponse'],
      [`${CHANGE_REQUESTS_PATH}/{id}`, 'delete', null, 'ChangeRequestResponse'],
    ];
    for (const [path, method, requestSchema, responseSchema] of expectations) {
      const found = operation(path, method);
      expect(found.security?.length).toBeGreaterThan(0);
      if (requestSchema) expect(schemaOf(found.requestBody?.content)).toContain(`#/components/schemas/${requestSchema}`);
      expect(schemaOf(found.responses['200'].content)).toContain(`#/components/schemas/${responseSchema}`);
    }
    expect(Object.keys(document.components.schemas.ChangeRequestRequest.properties)).toEqual(
      expect.arrayContaining(['baseRuleSlotId', 'lessonDate', 'requestType', 'targetLessonDate', 'requestedTimeSlotId', 'requestedClassroomId', 'reason']),
    );
    expect(Object.keys(document.components.schemas.ChangeRequestResponse.properties)).toEqual(expect.arrayContaining(['appliedOverrideId', 'history', 'status']));
  });
});
