import { candidatesOf, CHANGE_REQUESTS_PATH, ChangeRequestBody, clearRequests, requestRows, reviewRequest, submitRequest } from './support/change-request-builders';
import { expectErrorBody, PASSWORD, signedInAs } from './support/factories';
import { clearOverrides, createOverride, overrideState } from './support/override-builders';
import { ClassroomBody, createClassroom, createEquipment } from './support/resource-builders';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

type Response = { status: number; body: Record<string, unknown> };

/**
 * The room a teacher's MOVE request gets (issue 55): the offered places name the lesson's own room
 * when it is free there, else the free room that seats the students and has the subject's equipment
 * (the smallest, of the own room's building first); the office's application assigns that room,
 * chosen again under the semester's lock; a place with no such room is neither offered nor accepted.
 *
 * The world: groups of 24 students; rooms OWN (30 seats), SMALL (20), MID (26), BIG (100) in the main
 * building and OTHER (25) in a second one. T0 teaches G0 on Tuesdays in P1 in OWN (math), T2 teaches
 * G2 on Tuesdays in P4 in OWN (chemistry); T1's physics holds OWN for G1 on Tuesdays in P3.
 */
describe('the room of a requested move (issue 55)', () => {
  let t: TestApp;
  let u: University;
  let admin: TenantClient;
  let office: TenantClient;
  let asT0: TenantClient;
  let asT2: TenantClient;
  let rooms: Record<'OWN' | 'SMALL' | 'MID' | 'BIG' | 'OTHER', ClassroomBody>;
  let math: number;
  let chem: number;

  const pair = (number: number) => u.timeSlots[number - 1].id;
  const move = (slotId: number, lessonDate: string, to: number, targetLessonDate?: string): ChangeRequestBody => ({
    baseRuleSlotId: slotId,
    lessonDate,
    requestType: 'MOVE',
    requestedTimeSlotId: pair(to),
    ...(targetLessonDate ? { targetLessonDate } : {}),
    reason: 'Конференция',
  });
  const review = (id: number) => office.post(`${CHANGE_REQUESTS_PATH}/${id}/review`, { approved: true }) as unknown as Promise<Response>;
  const setAvailable = (available: boolean, ...names: (keyof typeof rooms)[]) =>
    t.sql('alpha', `UPDATE classrooms SET is_available = $1 WHERE id = ANY($2::int[])`, [available, names.map((name) => rooms[name].id)]);
  /** A refusal: its status and message, and neither requests nor overrides changed. */
  async function refused(send: () => Promise<Response>, status: number, path: string, message: RegExp): Promise<void> {
    const before = { requests: await requestRows(t), overrides: await overrideState(t) };
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.stringMatching(message) });
    expectErrorBody(response.body, status, path, message);
    expect({ requests: await requestRows(t), overrides: await overrideState(t) }).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 3, classrooms: 0, subjects: 3 });
    rooms = {
      OWN: await createClassroom(admin, { name: 'Р-101', capacity: 30 }),
      SMALL: await createClassroom(admin, { name: 'Р-102', capacity: 20 }),
      MID: await createClassroom(admin, { name: 'Р-103', capacity: 26 }),
      BIG: await createClassroom(admin, { name: 'Р-104', capacity: 100 }),
      OTHER: await createClassroom(admin, { name: 'Б-201', capacity: 25, building: 'Второй корпус' }),
    };
    u = { ...u, classrooms: Object.values(rooms) };
    const [G0, G1, G2] = u.groups;
    const [T0, T1, T2] = u.teachers;
    const lecture = (timeSlot: number, teacherId: number) =>
      slotBody(u, { dayOfWeek: 2, timeSlotId: pair(timeSlot), teacherId, classroomId: rooms.OWN.id, lessonTypeId: LESSON_TYPES.LECTURE });
    const mathRule = await createRule(admin, ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [G0.id], lectureAcademicHours: 10, slots: [lecture(1, T0.id)] }));
    await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, groupIds: [G1.id], lectureAcademicHours: 10, slots: [lecture(3, T1.id)] }));
    const chemRule = await createRule(admin, ruleBody(u, { subjectId: u.subjects[2].id, groupIds: [G2.id], lectureAcademicHours: 10, slots: [lecture(4, T2.id)] }));
    math = mathRule.slots[0].id;
    chem = chemRule.slots[0].id;
    const { client } = await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    office = client;
    asT0 = await t.as('alpha').login(T0.username, PASSWORD);
    asT2 = await t.as('alpha').login(T2.username, PASSWORD);
  });
  afterEach(async () => {
    await clearRequests(t);
    await clearOverrides(t);
    await t.sql('alpha', `UPDATE classrooms SET is_available = true`);
    await t.sql('alpha', `DELETE FROM subject_equipment_requirements`);
  });
  afterAll(() => t.close());

  it('names the own room where it is free and the smallest free room of its building that seats the group where it is taken', async () => {
    const found = await candidatesOf(asT0, math, '2026-09-08');
    expect(found.timeSlots.map((slot) => [slot.timeSlotOrder, slot.classroomName, slot.classroomId, slot.ownClassroom])).toEqual([
      [2, 'Р-101', rooms.OWN.id, true],
      // Physics holds the own room in P3 and chemistry in P4: SMALL seats 20 of 24, OTHER is in another building.
      [3, 'Р-103', rooms.MID.id, false],
      [4, 'Р-103', rooms.MID.id, false],
    ]);
    // A day whose pairs need another room is a day the lesson may move to.
    expect(found.dates.find((day) => day.date === '2026-09-15')).toEqual({ date: '2026-09-15', dayOfWeek: 2, freeTimeSlotCount: 3 });

    // Without a fitting room of the building the other building's is named; the subject's equipment counts.
    await setAvailable(false, 'MID');
    expect((await candidatesOf(asT0, math, '2026-09-08')).timeSlots.find((slot) => slot.timeSlotOrder === 3)?.classroomName).toBe('Р-104');
    const projector = await createEquipment(admin, 'Проектор для переноса');
    await t.sql('alpha', `INSERT INTO classroom_equipments (classroom_id, equipment_id) VALUES ($1, $2), ($3, $2)`, [rooms.OTHER.id, projector.id, rooms.OWN.id]);
    await t.sql('alpha', `INSERT INTO subject_equipment_requirements (subject_id, lesson_type_id, equipment_id) VALUES ($1, $2, $3)`, [
      u.subjects[0].id,
      LESSON_TYPES.LECTURE,
      projector.id,
    ]);
    expect((await candidatesOf(asT0, math, '2026-09-08')).timeSlots.find((slot) => slot.timeSlotOrder === 3)?.classroomName).toBe('Б-201');
  });

  it('a place with no free fitting room is not offered, and a request for it is refused saying so', async () => {
    await setAvailable(false, 'MID', 'BIG', 'OTHER'); // SMALL stays: 20 seats do not hold 24 students
    const found = await candidatesOf(asT0, math, '2026-09-08');
    expect(found.timeSlots.map((slot) => [slot.timeSlotOrder, slot.classroomName])).toEqual([[2, 'Р-101']]);
    await refused(
      () => asT0.post(CHANGE_REQUESTS_PATH, move(math, '2026-09-08', 3)),
      409,
      CHANGE_REQUESTS_PATH,
      /^Аудитория занятия «Р-101» занята 08\.09\.2026 \(вторник\), 11:50–13:20, а свободной аудитории не меньше чем на 24 мест в это время нет/,
    );
  });

  it('the application assigns the fitting room where the own one is taken and keeps the own one where it is free', async () => {
    const taken = await submitRequest(asT0, move(math, '2026-09-08', 3));
    const free = await submitRequest(asT0, move(math, '2026-09-15', 2));
    const applied = await review(taken.id);
    // The room seats the group: nothing to warn about.
    expect(applied).toMatchObject({ status: 200, body: { status: 'APPROVED', warnings: [], classroomId: rooms.MID.id, classroomName: 'Р-103', ownClassroom: false } });
    expect((await review(free.id)).body).toMatchObject({ status: 'APPROVED', classroomId: rooms.OWN.id, classroomName: 'Р-101', ownClassroom: true });
    const overrides = await t.sql<{ lesson_date: string; action: string; new_time_slot_id: number; new_classroom_id: number | null }>(
      'alpha',
      `SELECT to_char(lesson_date, 'YYYY-MM-DD') AS lesson_date, action, new_time_slot_id, new_classroom_id FROM schedule_overrides ORDER BY lesson_date`,
    );
    expect(overrides).toEqual([
      { lesson_date: '2026-09-08', action: 'MOVE', new_time_slot_id: pair(3), new_classroom_id: rooms.MID.id },
      { lesson_date: '2026-09-15', action: 'MOVE', new_time_slot_id: pair(2), new_classroom_id: null },
    ]);
    const week = await admin.get(`/api/schedule?groupId=${u.groups[0].id}&startDate=2026-09-08&endDate=2026-09-08`);
    expect((week.body as { classroomId: number; timeSlotId: number }[]).map((lesson) => [lesson.timeSlotId, lesson.classroomId])).toEqual([[pair(3), rooms.MID.id]]);
  });

  it('the room is chosen again when the office applies: the next fitting room, or 409 with nothing changed when none is left', async () => {
    const request = await submitRequest(asT0, move(math, '2026-09-08', 3));
    // Since the request was sent, chemistry was put into MID at that time by the office.
    await createOverride(admin, { baseRuleSlotId: chem, lessonDate: '2026-09-08', action: 'MOVE', newTimeSlotId: pair(3), newClassroomId: rooms.MID.id });
    await setAvailable(false, 'BIG', 'OTHER');
    await refused(
      () => review(request.id),
      409,
      `${CHANGE_REQUESTS_PATH}/${request.id}/review`,
      new RegExp(`^Заявку №${request.id} применить нельзя: расписание изменилось после её подачи\\. Аудитория занятия «Р-101» занята .*свободной аудитории не меньше чем на 24 мест в это время нет`),
    );
    await setAvailable(true, 'BIG');
    await reviewRequest(office, request.id, true);
    const [moved] = await t.sql<{ new_classroom_id: number }>('alpha', `SELECT new_classroom_id FROM schedule_overrides WHERE base_rule_slot_id = $1`, [math]);
    expect(moved.new_classroom_id).toBe(rooms.BIG.id);
  });

  it('two approvals at once wanting the one free fitting room: one gets it, the other is refused and keeps waiting', async () => {
    await setAvailable(false, 'BIG', 'OTHER');
    const first = await submitRequest(asT0, move(math, '2026-09-08', 3));
    const second = await submitRequest(asT2, move(chem, '2026-09-08', 3));
    expect([first, second].map((request) => request.status)).toEqual(['PENDING', 'PENDING']);
    const responses = await Promise.all([review(first.id), review(second.id)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.status === 409) as Response;
    expect(loser.body.message).toMatch(/свободной аудитории не меньше чем на 24 мест в это время нет/);
    const overrides = await t.sql<{ base_rule_slot_id: number; new_classroom_id: number }>('alpha', `SELECT base_rule_slot_id, new_classroom_id FROM schedule_overrides`);
    expect(overrides).toEqual([{ base_rule_slot_id: expect.any(Number), new_classroom_id: rooms.MID.id }]);
    const statuses = await t.sql<{ id: number; status: string }>('alpha', `SELECT id, status FROM teacher_change_requests ORDER BY id`);
    const winner = overrides[0].base_rule_slot_id === math ? first.id : second.id;
    expect(statuses).toEqual([first.id, second.id].map((id) => ({ id, status: id === winner ? 'APPROVED' : 'PENDING' })));
  });
});
