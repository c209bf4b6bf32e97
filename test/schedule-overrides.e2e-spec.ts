import { Role } from '../src/platform/auth/roles';
import { createUser, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import {
  buildOverrideWorld,
  clearOverrides,
  countQueries,
  createOverride,
  HOLIDAY,
  MANUAL_DAY,
  OverrideBody,
  OverrideRequestBody,
  overrideState,
  OverrideWorld,
  OVERRIDES_PATH,
  query,
  slotsOf,
} from './support/override-builders';
import { clearAbsences, createAbsence } from './support/absence-builders';
import { clearPreferences, closePreference, createPreference } from './support/preference-builders';
import { createClassroom } from './support/resource-builders';
import { createTeachers, setVersionStatus } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

// Every lesson of the test semester is still ahead: what is offered and refused by the hour stays put.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

type Response = { status: number; body: Record<string, unknown> };

const DUPLICATE = /^Для этого занятия уже есть разовое изменение: измените или удалите его \(№\d+\)$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** One-off schedule changes (spec 4.10): the action matrix, the checks, the registry and availability. */
describe('schedule overrides (4.10)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let officeUser: UserBody;
  let w: OverrideWorld;
  /** Short names: group A; teachers T0..T4; rooms C0..C4; base pairs P1..P4. */
  let A: OverrideWorld['u']['groups'][number];
  let T: UserBody[];
  let C: OverrideWorld['u']['classrooms'];
  let P: OverrideWorld['pairs'];
  /** The base slot of each single-slot rule, and the two lab slots. */
  let slot: ReturnType<typeof slotsOf>;

  const post = (body: OverrideRequestBody, client = admin) => client.post(OVERRIDES_PATH, body) as unknown as Promise<Response>;

  /** A refused request: status, the common body with a Russian message, and no change in the data (rows and stamp). */
  async function refused(send: () => Promise<Response>, status: number, path: string, message?: string | RegExp): Promise<void> {
    const before = await overrideState(t);
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await overrideState(t)).toEqual(before);
  }
  const refusedPost = (body: OverrideRequestBody, status: number, message?: string | RegExp) => refused(() => post(body), status, OVERRIDES_PATH, message);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    [A] = w.u.groups;
    T = w.u.teachers;
    C = w.u.classrooms;
    P = w.pairs;
    slot = slotsOf(w);
    ({ user: officeUser, client: office } = await signedInAs(t, admin, { role: 'EDUCATION_OFFICE', departmentId: w.u.department.id }));
  });
  afterEach(() => clearOverrides(t));
  afterAll(() => t.close());

  /** The registry entry of `slot + date` as the lesson's rule describes it, before the override's own fields. */
  function original(rule: keyof OverrideWorld['rules'], lessonDate: string, pair: number, teacher: number, room: number) {
    const body = w.rules[rule];
    const group = w.u.groups.find((candidate) => candidate.id === body.groupIds[0]);
    return {
      scheduleVersionId: w.u.versionId,
      semesterId: w.u.semester.id,
      semesterStartDate: '2026-09-01',
      semesterEndDate: '2026-12-31',
      baseRuleSlotId: body.slots[0].id,
      scheduleRuleId: body.id,
      lessonDate,
      originalStartTime: `${P[pair - 1].startTime}`,
      originalEndTime: `${P[pair - 1].endTime}`,
      originalTimeSlotId: P[pair - 1].id,
      originalTeacherId: T[teacher].id,
      originalTeacherName: T[teacher].fullName,
      originalClassroomId: C[room].id,
      originalClassroomName: C[room].name,
      originalLessonFormat: 'Очно',
      subjectId: body.subjectId,
      subjectName: body.subjectName,
      groupIds: [group?.id],
      groupNames: [group?.name],
      subgroupIds: [],
      subgroupNames: [],
      createdAt: expect.stringMatching(ISO_MOMENT),
      updatedAt: expect.stringMatching(ISO_MOMENT),
    };
  }
  const nothingNew = {
    targetLessonDate: null,
    newTimeSlotId: null,
    newStartTime: null,
    newEndTime: null,
    newTeacherId: null,
    newTeacherName: null,
    newClassroomId: null,
    newClassroomName: null,
    newLessonFormat: null,
  };

  describe('CANCEL', () => {
    it('cancels a lesson (EDUCATION_OFFICE) and answers the registry entry with every field', async () => {
      const entry = await createOverride(office, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL', comment: '  Болезнь  ' });
      expect(entry).toEqual({
        id: expect.any(Number),
        ...original('math', '2026-09-08', 1, 0, 0),
        ...nothingNew,
        action: 'CANCEL',
        lessonTypeId: 1,
        lessonTypeName: 'Лекция',
        comment: 'Болезнь',
      });
      const [row] = await t.sql('alpha', `SELECT * FROM schedule_overrides`);
      expect(row).toMatchObject({
        id: entry.id,
        schedule_version_id: w.u.versionId,
        base_rule_slot_id: slot.math,
        lesson_date: '2026-09-08',
        action: 'CANCEL',
        target_lesson_date: null,
        created_by: officeUser.id,
        updated_by: officeUser.id,
      });
    });

    it('refuses a new date or any new value (400) and changes nothing', async () => {
      const cancel = { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL' as const };
      const fields: Partial<OverrideRequestBody>[] = [
        { targetLessonDate: '2026-09-10' },
        { newTimeSlotId: P[2].id },
        { newTeacherId: T[3].id },
        { newClassroomId: C[3].id },
        { newLessonFormat: 'Онлайн' },
      ];
      for (const extra of fields) {
        await refusedPost({ ...cancel, ...extra }, 400, `Отмена занятия (CANCEL) не меняет дату, пару, преподавателя, аудиторию или формат: уберите ${Object.keys(extra)[0]}`);
      }
    });

    it('takes a target date equal to the lesson date as no date change', async () => {
      const entry = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', targetLessonDate: '2026-09-08', action: 'CANCEL' });
      expect(entry.targetLessonDate).toBeNull();
    });
  });

  describe('MOVE', () => {
    it('needs a new pair (400)', async () => {
      await refusedPost({ baseRuleSlotId: slot.math, lessonDate: '2026-09-08', targetLessonDate: '2026-09-10', action: 'MOVE' }, 400, 'Для переноса (MOVE) укажите новую пару (newTimeSlotId)');
    });

    it('moves a lesson to another pair of the same day', async () => {
      const entry = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'MOVE', newTimeSlotId: P[2].id });
      expect(entry).toEqual({
        id: expect.any(Number),
        ...original('math', '2026-09-15', 1, 0, 0),
        ...nothingNew,
        action: 'MOVE',
        newTimeSlotId: P[2].id,
        newStartTime: '11:50:00',
        newEndTime: '13:20:00',
        lessonTypeId: 1,
        lessonTypeName: 'Лекция',
        comment: null,
      });
    });

    it('moves a lesson to another day and changes teacher, room and format in the same request', async () => {
      const entry = await createOverride(admin, {
        baseRuleSlotId: slot.hist,
        lessonDate: '2026-09-09',
        targetLessonDate: '2026-09-11',
        action: 'MOVE',
        newTimeSlotId: P[2].id,
        newTeacherId: T[4].id,
        newClassroomId: C[4].id,
        newLessonFormat: 'Онлайн',
      });
      expect(entry).toEqual({
        id: expect.any(Number),
        ...original('hist', '2026-09-09', 2, 1, 0),
        action: 'MOVE',
        targetLessonDate: '2026-09-11',
        newTimeSlotId: P[2].id,
        newStartTime: '11:50:00',
        newEndTime: '13:20:00',
        newTeacherId: T[4].id,
        newTeacherName: T[4].fullName,
        newClassroomId: C[4].id,
        newClassroomName: C[4].name,
        newLessonFormat: 'Онлайн',
        lessonTypeId: 1,
        lessonTypeName: 'Лекция',
        comment: null,
      });
    });

    it('takes the pair from the effective grid of the target day: Saturday', async () => {
      const move = { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', targetLessonDate: '2026-09-19', action: 'MOVE' as const };
      await refusedPost({ ...move, newTimeSlotId: P[0].id }, 400, 'Пара 1 (08:30–10:00) не входит в сетку звонков, действующую 19.09.2026: выберите пару этой сетки');
      const entry = await createOverride(admin, { ...move, newTimeSlotId: w.saturday[0].id });
      expect(entry).toMatchObject({ targetLessonDate: '2026-09-19', newTimeSlotId: w.saturday[0].id, newStartTime: '09:00:00', newEndTime: '10:20:00' });
    });

    it('takes the pair from the effective grid of the day: a manual grid; the same interval under another id is no move', async () => {
      const move = { baseRuleSlotId: slot.math, lessonDate: MANUAL_DAY, action: 'MOVE' as const };
      await refusedPost({ ...move, newTimeSlotId: P[2].id }, 400, 'Пара 3 (11:50–13:20) не входит в сетку звонков, действующую 29.09.2026: выберите пару этой сетки');
      await refusedPost(
        { ...move, newTimeSlotId: w.manual[0].id },
        400,
        'Перенос должен менять дату или время занятия: пара 08:30–10:00 совпадает с исходной. Для смены преподавателя, аудитории или формата используйте замену (REPLACE)',
      );
      const entry = await createOverride(admin, { ...move, newTimeSlotId: w.manual[2].id });
      expect(entry).toMatchObject({ originalStartTime: '08:30:00', originalEndTime: '10:00:00', newStartTime: '12:00:00', newEndTime: '13:00:00' });
    });

    it('is no move without a new date or interval, also with the target equal to the lesson date (400)', async () => {
      const move = { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'MOVE' as const, newTimeSlotId: P[0].id };
      const message = /^Перенос должен менять дату или время занятия/;
      await refusedPost(move, 400, message);
      await refusedPost({ ...move, targetLessonDate: '2026-09-08', newTeacherId: T[4].id }, 400, message);
    });

    it('keeps the target inside the semester, on days the groups study, with pairs that exist (400)', async () => {
      const move = { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'MOVE' as const, newTimeSlotId: P[1].id };
      await refusedPost({ ...move, targetLessonDate: HOLIDAY }, 400, `17.09.2026 учебный календарь группы «${A.name}» не допускает занятий`);
      await refusedPost({ ...move, targetLessonDate: '2027-01-12' }, 400, 'Перенести занятие можно только в пределах его семестра (01.09.2026 – 31.12.2026)');
      await refusedPost({ ...move, targetLessonDate: '2026-08-31' }, 400, 'Перенести занятие можно только в пределах его семестра (01.09.2026 – 31.12.2026)');
      await refusedPost({ ...move, targetLessonDate: '2026-09-10', newTimeSlotId: 999999 }, 400, 'Пара (временной слот) №999999 не найдена');
    });
  });

  describe('REPLACE', () => {
    let archivedTeacher: UserBody;
    let notTeacher: UserBody;
    let archivedRoomId: number;

    beforeAll(async () => {
      [archivedTeacher] = await createTeachers(admin, w.u.department.id, 1);
      expect((await admin.delete(`/api/users/${archivedTeacher.id}`)).status).toBe(200);
      notTeacher = await createUser(admin, { role: 'DEPARTMENT', departmentId: w.u.department.id });
      const room = await createClassroom(admin);
      expect((await admin.delete(`/api/classrooms/${room.id}`)).status).toBe(200);
      archivedRoomId = room.id;
    });

    it('replaces teacher, room and format on the same date and time', async () => {
      const entry = await createOverride(admin, {
        baseRuleSlotId: slot.phys,
        lessonDate: '2026-09-22',
        action: 'REPLACE',
        newTeacherId: T[3].id,
        newClassroomId: C[3].id,
        newLessonFormat: 'Онлайн',
      });
      expect(entry).toEqual({
        id: expect.any(Number),
        ...original('phys', '2026-09-22', 2, 1, 1),
        ...nothingNew,
        action: 'REPLACE',
        newTeacherId: T[3].id,
        newTeacherName: T[3].fullName,
        newClassroomId: C[3].id,
        newClassroomName: C[3].name,
        newLessonFormat: 'Онлайн',
        lessonTypeId: 2,
        lessonTypeName: 'Практика',
        comment: null,
      });
    });

    it('refuses a new date or pair, or nothing new (400)', async () => {
      const replace = { baseRuleSlotId: slot.phys, lessonDate: '2026-09-22', action: 'REPLACE' as const };
      await refusedPost({ ...replace, newTeacherId: T[3].id, targetLessonDate: '2026-09-24' }, 400, 'Замена (REPLACE) не меняет дату занятия: для переноса на другой день используйте MOVE');
      await refusedPost({ ...replace, newTeacherId: T[3].id, newTimeSlotId: P[2].id }, 400, 'Замена (REPLACE) не меняет время занятия: для переноса используйте MOVE');
      await refusedPost(replace, 400, 'Для замены (REPLACE) укажите нового преподавателя, аудиторию или формат занятия');
      await refusedPost(
        { ...replace, newTeacherId: T[1].id, newClassroomId: C[1].id, newLessonFormat: 'Очно' },
        400,
        'Замена должна менять преподавателя, аудиторию или формат занятия: указанные значения совпадают с исходными',
      );
    });

    it('takes only an active teacher and a room that is not archived (400)', async () => {
      const replace = { baseRuleSlotId: slot.phys, lessonDate: '2026-09-22', action: 'REPLACE' as const };
      await refusedPost({ ...replace, newTeacherId: 999999 }, 400, 'Преподаватель №999999 не найден');
      await refusedPost({ ...replace, newTeacherId: notTeacher.id }, 400, `Пользователь «${notTeacher.fullName}» не является преподавателем`);
      await refusedPost({ ...replace, newTeacherId: archivedTeacher.id }, 400, `Преподаватель «${archivedTeacher.fullName}» в архиве: выберите действующего`);
      await refusedPost({ ...replace, newClassroomId: 999999 }, 400, 'Аудитория №999999 не найдена');
      await refusedPost({ ...replace, newClassroomId: archivedRoomId }, 400, /^Аудитория «.+» в архиве: выберите действующую$/);
    });
  });

  describe('the lesson is rebuilt from the base series', () => {
    it('refuses a lesson that the rule does not produce (400)', async () => {
      const cancel = (baseRuleSlotId: number, lessonDate: string) => ({ baseRuleSlotId, lessonDate, action: 'CANCEL' as const });
      const missing = /^Занятие не найдено в расписании: по слоту №\d+ правила №\d+ \d{2}\.\d{2}\.2026 занятия нет/;
      await refusedPost(cancel(slot.math, '2026-09-09'), 400, missing); // a Wednesday
      await refusedPost(cancel(slot.math, '2026-10-06'), 400, missing); // its 10 hours are used up
      await refusedPost(cancel(slot.labA1, HOLIDAY), 400, missing); // the holiday
      await refusedPost(cancel(999999, '2026-09-08'), 400, 'Занятие не найдено в расписании: слот правила с таким идентификатором не существует');
    });

    it('refuses lessons of an archived rule and of a draft version (400)', async () => {
      await refusedPost(
        { baseRuleSlotId: slot.archived, lessonDate: '2026-09-04', action: 'CANCEL' },
        400,
        `Правило расписания №${w.rules.archived.id} в архиве: его занятия изменить нельзя`,
      );
      await refusedPost(
        { baseRuleSlotId: slot.draft, lessonDate: '2026-09-07', action: 'CANCEL' },
        400,
        'Разовые изменения вносятся только в опубликованное расписание, а занятие относится к черновику версии',
      );
    });

    it('validates the body (400 naming the field)', async () => {
      await refusedPost({ baseRuleSlotId: slot.math, lessonDate: '08.09.2026', action: 'CANCEL' }, 400, 'Поле «lessonDate» должно быть датой в формате ГГГГ-ММ-ДД');
      await refusedPost(
        { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'SWAP' as 'CANCEL' },
        400,
        'Поле «action» должно иметь одно из значений: CANCEL, MOVE, REPLACE',
      );
      await refusedPost(
        { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', action: 'REPLACE', newLessonFormat: 'Заочно' },
        400,
        'Поле «newLessonFormat» должно иметь одно из значений: Очно, Онлайн',
      );
    });
  });

  describe('clashes with every other lesson after all overrides (409)', () => {
    const move = (baseRuleSlotId: number, lessonDate: string, targetLessonDate: string | null, newTimeSlotId: number, extra: Partial<OverrideRequestBody> = {}) => ({
      baseRuleSlotId,
      lessonDate,
      targetLessonDate,
      action: 'MOVE' as const,
      newTimeSlotId,
      ...extra,
    });
    const replace = (baseRuleSlotId: number, lessonDate: string, extra: Partial<OverrideRequestBody>) => ({ baseRuleSlotId, lessonDate, action: 'REPLACE' as const, ...extra });

    it('by teacher, classroom and group, naming the moment and the other lesson', async () => {
      await refusedPost(
        move(slot.hist, '2026-09-02', '2026-09-01', P[1].id),
        409,
        `Изменение занятия пересекается 01.09.2026 (вторник), 10:10–11:40 с занятием «${w.rules.phys.subjectName}» (правило №${w.rules.phys.id}, 10:10–11:40): ` +
          'преподаватель уже занят в это время',
      );
      await refusedPost(
        replace(slot.math, '2026-09-01', { newClassroomId: C[2].id }),
        409,
        `Изменение занятия пересекается 01.09.2026 (вторник), 08:30–10:00 с занятием «${w.rules.chem.subjectName}» (правило №${w.rules.chem.id}, 08:30–10:00): ` +
          'аудитория уже занята в это время',
      );
      await refusedPost(
        move(slot.hist, '2026-09-02', '2026-09-01', P[0].id),
        409,
        /с занятием «.+» \(правило №\d+, 08:30–10:00\): аудитория уже занята в это время; у группы уже есть занятие в это время$/,
      );
    });

    it('by the same subgroup, but not between different subgroups, and never between adjacent intervals', async () => {
      await refusedPost(move(slot.labA1, '2026-09-03', '2026-09-10', P[0].id), 409, /у группы уже есть занятие в это время$/);
      await createOverride(admin, move(slot.labA1, '2026-09-10', '2026-09-11', P[0].id));
      await createOverride(admin, move(slot.labA2, '2026-09-10', '2026-09-11', P[0].id)); // the other subgroup, teacher and room
      await refusedPost(move(slot.hist, '2026-09-09', '2026-09-11', P[0].id), 409, /у группы уже есть занятие в это время$/); // the whole group
      // 10:00–11:30 right after mathematics (08:30–10:00, same group and room) on the manual day.
      const adjacent = await createOverride(admin, move(slot.hist, '2026-09-09', MANUAL_DAY, w.manual[1].id));
      expect(adjacent).toMatchObject({ newStartTime: '10:00:00', newEndTime: '11:30:00' });
    });

    it('counts moved-away lessons as gone and moved-in lessons as there', async () => {
      const intoMathsRoom = replace(slot.chem, '2026-09-08', { newClassroomId: C[0].id });
      await refusedPost(intoMathsRoom, 409, /аудитория уже занята в это время$/);
      await createOverride(admin, move(slot.math, '2026-09-08', null, P[2].id)); // mathematics leaves pair 1 for pair 3
      await createOverride(admin, intoMathsRoom);
      await refusedPost(move(slot.phys, '2026-09-08', null, P[2].id, { newClassroomId: C[0].id }), 409, /11:50–13:20\): аудитория уже занята в это время$/);
    });

    it('counts cancelled lessons as gone', async () => {
      const histIntoPhysicsTime = move(slot.hist, '2026-09-09', '2026-09-15', P[1].id); // T1 teaches physics then
      await refusedPost(histIntoPhysicsTime, 409, /преподаватель уже занят в это время$/);
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', action: 'CANCEL' });
      await createOverride(admin, histIntoPhysicsTime);
    });

    it('respects approved hard unavailability and absences of the resulting teacher (409); pending ones and cancelled ones do not block', async () => {
      const semesterId = w.u.semester.id;
      const blocked = await createPreference(admin, { teacherId: T[3].id, semesterId, preferenceType: 'HARD_UNAVAILABLE', preferenceDate: '2026-09-24' });
      expect(blocked.status).toBe('APPROVED');
      // T3's own request for the 23rd waits for review: it blocks nothing.
      const asT3 = await t.as('alpha').login(T[3].username, PASSWORD);
      const pending = await createPreference(asT3, { semesterId, preferenceType: 'HARD_UNAVAILABLE', preferenceDate: '2026-09-23' });
      expect(pending).toMatchObject({ teacherId: T[3].id, status: 'PENDING' });
      const away = await createAbsence(admin, { teacherId: T[3].id, startDate: '2026-09-25', endDate: '2026-09-25', reason: 'Командировка' });
      expect(away.status).toBe('APPROVED');
      try {
        await refusedPost(
          move(slot.math, '2026-09-22', '2026-09-24', P[1].id, { newTeacherId: T[3].id }),
          409,
          `Преподаватель «${T[3].fullName}» недоступен 24.09.2026 (четверг), 10:10–11:40: это время закрыто утверждённым ограничением`,
        );
        await refusedPost(
          move(slot.math, '2026-09-15', '2026-09-25', P[1].id, { newTeacherId: T[3].id }),
          409,
          new RegExp(`^Преподаватель «${T[3].fullName}» отсутствует 25\\.09\\.2026 – 25\\.09\\.2026 \\(отсутствие №${away.id}\\)`),
        );
        // The pending preference does not block the 23rd.
        await createOverride(admin, move(slot.math, '2026-09-22', '2026-09-23', P[1].id, { newTeacherId: T[3].id }));
        // Cancelling the preference lifts its block at once.
        await closePreference(admin, blocked.id);
        await createOverride(admin, move(slot.math, '2026-09-15', '2026-09-24', P[1].id, { newTeacherId: T[3].id }));
      } finally {
        await clearPreferences(t);
        await clearAbsences(t);
      }
    });

    it('allows one override per lesson: a second one is 409, and of two parallel ones exactly one wins', async () => {
      const cancel = { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'CANCEL' as const };
      await createOverride(admin, cancel);
      await refusedPost({ ...cancel, action: 'REPLACE', newLessonFormat: 'Онлайн' }, 409, DUPLICATE);
      await clearOverrides(t);

      const responses = await Promise.all([post(cancel), post({ ...cancel, action: 'REPLACE', newLessonFormat: 'Онлайн' }), post(cancel)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
      for (const response of responses.filter((item) => item.status === 409)) expectErrorBody(response.body, 409, OVERRIDES_PATH, DUPLICATE);
      expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM schedule_overrides`)).toEqual([{ n: 1 }]);
    });
  });

  describe('PUT /overrides/{id}', () => {
    const path = (id: number) => `${OVERRIDES_PATH}/${id}`;

    it('replaces what the override does, checked without itself', async () => {
      const created = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'MOVE', newTimeSlotId: P[2].id });
      const moved = await admin.put(path(created.id), { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'MOVE', newTimeSlotId: P[3].id, comment: 'позже' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: created.id, action: 'MOVE', newTimeSlotId: P[3].id, newStartTime: '14:00:00', comment: 'позже', createdAt: created.createdAt });
      const cancelled = await admin.put(path(created.id), { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      expect(cancelled.body).toMatchObject({ ...nothingNew, id: created.id, action: 'CANCEL', comment: null });
      expect(Date.parse((cancelled.body as OverrideBody).updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect(await t.sql('alpha', `SELECT action, new_time_slot_id FROM schedule_overrides`)).toEqual([{ action: 'CANCEL', new_time_slot_id: null }]);
    });

    it('never changes the lesson it names (400), and answers 404 for an unknown override', async () => {
      const created = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      const message = `Изменение относится к занятию слота №${slot.math} 15.09.2026: слот и исходную дату менять нельзя — удалите изменение и создайте новое`;
      await refused(() => admin.put(path(created.id), { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'CANCEL' }), 400, path(created.id), message);
      await refused(() => admin.put(path(created.id), { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', action: 'CANCEL' }), 400, path(created.id), message);
      await refused(() => admin.put(path(999999), { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' }), 404, path(999999), 'Разовое изменение расписания не найдено');
      await refused(() => admin.put(`${OVERRIDES_PATH}/abc`, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' }), 400, `${OVERRIDES_PATH}/abc`, 'Параметр «id» должен быть положительным целым числом');
    });
  });

  describe('DELETE /overrides/{id}', () => {
    it('deletes the override and answers the deleted entry', async () => {
      const created = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      const deleted = await admin.delete(`${OVERRIDES_PATH}/${created.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(created);
      expect(await t.sql('alpha', `SELECT * FROM schedule_overrides`)).toEqual([]);
      await refused(() => admin.delete(`${OVERRIDES_PATH}/${created.id}`), 404, `${OVERRIDES_PATH}/${created.id}`, 'Разовое изменение расписания не найдено');
    });

    it('refuses (409) when the returning lesson would clash with a lesson put in its place meanwhile', async () => {
      const cancel = await createOverride(admin, { baseRuleSlotId: slot.chem, lessonDate: '2026-09-01', action: 'CANCEL' });
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-01', action: 'REPLACE', newTeacherId: T[2].id }); // chemistry's teacher, now free
      await refused(
        () => admin.delete(`${OVERRIDES_PATH}/${cancel.id}`),
        409,
        `${OVERRIDES_PATH}/${cancel.id}`,
        /^Нельзя удалить изменение: восстановленное занятие пересекается 01\.09\.2026 \(вторник\), 08:30–10:00 с занятием .*преподаватель уже занят в это время$/,
      );
    });
  });

  describe('GET /overrides (registry)', () => {
    let cancel: OverrideBody;
    let moveOut: OverrideBody;
    let replace: OverrideBody;

    beforeEach(async () => {
      cancel = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL' });
      moveOut = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', targetLessonDate: '2026-09-24', action: 'MOVE', newTimeSlotId: P[1].id });
      replace = await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', action: 'REPLACE', newLessonFormat: 'Онлайн' });
    });
    const list = async (params: Record<string, string | undefined>) => {
      const response = await admin.get(`${OVERRIDES_PATH}?${query(params)}`);
      expect(response.status).toBe(200);
      return (response.body as OverrideBody[]).map((entry) => entry.id);
    };

    it('lists an override when its original or its target date is in the inclusive range, by original date', async () => {
      expect(await list({})).toEqual([cancel.id, replace.id, moveOut.id]);
      expect(await list({ startDate: '2026-09-08', endDate: '2026-09-08' })).toEqual([cancel.id]);
      expect(await list({ startDate: '2026-09-20', endDate: '2026-09-22' })).toEqual([moveOut.id]); // by the original date
      expect(await list({ startDate: '2026-09-24', endDate: '2026-09-30' })).toEqual([moveOut.id]); // by the target date
      expect(await list({ startDate: '2026-09-25', endDate: '2026-09-30' })).toEqual([]);
      expect(await list({ startDate: '2026-09-01', endDate: '2027-03-19' })).toEqual([cancel.id, replace.id, moveOut.id]); // 200 dates
      const [entry] = (await admin.get(`${OVERRIDES_PATH}?${query({ startDate: '2026-09-24', endDate: '2026-09-24' })}`)).body as OverrideBody[];
      expect(entry).toEqual(moveOut);
    });

    it('takes dates only as a pair, in order, at most 200 dates (400)', async () => {
      const bad = async (params: Record<string, string>, message: string) => refused(() => admin.get(`${OVERRIDES_PATH}?${query(params)}`), 400, OVERRIDES_PATH, message);
      const pair = 'Период реестра задаётся только парой дат: укажите и startDate, и endDate';
      await bad({ startDate: '2026-09-01' }, pair);
      await bad({ endDate: '2026-09-01' }, pair);
      await bad({ startDate: '2026-09-02', endDate: '2026-09-01' }, 'Дата начала периода (startDate) позже даты окончания (endDate)');
      await bad({ startDate: '2026-09-01', endDate: '2027-03-20' }, 'Период реестра может содержать не более 200 дат (обе границы включаются), запрошено 201');
      await bad({ startDate: '2026-9-1', endDate: '2026-09-20' }, 'Поле «startDate» должно быть датой в формате ГГГГ-ММ-ДД');
    });

    it('loads any number of entries in a fixed number of queries, and an unchanged registry again with one', async () => {
      const oneDay = `${OVERRIDES_PATH}?${query({ startDate: '2026-09-08', endDate: '2026-09-08' })}`;
      const one = await countQueries(() => admin.get(oneDay).expect(200));
      const all = await countQueries(() => admin.get(OVERRIDES_PATH).expect(200));
      expect(one).toBe(all);
      // The data stamp, the registry query, two for the bell schedules.
      expect(all).toBeLessThanOrEqual(4);
      // Issue 16: the answer is kept until the schedule data stamp moves.
      const first = await admin.get(OVERRIDES_PATH).expect(200);
      expect(await countQueries(() => admin.get(OVERRIDES_PATH).expect(200))).toBe(1);
      await createOverride(admin, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', action: 'CANCEL' });
      const after = (await admin.get(OVERRIDES_PATH).expect(200)).body as OverrideBody[];
      expect(after).toHaveLength((first.body as OverrideBody[]).length + 1);
    });

    it('never lists overrides of an archived version, which are read-only (400)', async () => {
      await setVersionStatus(t, w.u.versionId, 'ARCHIVED');
      try {
        expect(await list({})).toEqual([]);
        expect(await list({ startDate: '2026-09-01', endDate: '2026-09-30' })).toEqual([]);
        const message = 'Версия расписания в архиве доступна только для чтения: её занятия изменить нельзя';
        const path = `${OVERRIDES_PATH}/${cancel.id}`;
        await refused(() => admin.put(path, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newLessonFormat: 'Онлайн' }), 400, path, message);
        await refused(() => admin.delete(path), 400, path, message);
        await refusedPost({ baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' }, 400, message);
      } finally {
        await setVersionStatus(t, w.u.versionId, 'PUBLISHED');
      }
    });
  });

  describe('GET /overrides/availability', () => {
    const path = `${OVERRIDES_PATH}/availability`;

    /** The semester's dates from `from` on, without the lesson date, the holiday and Sundays. */
    const offeredFrom = (from: string): string[] => {
      const dates: string[] = [];
      for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse('2026-12-31T00:00:00Z'); day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        if (date !== '2026-09-08' && date !== HOLIDAY && new Date(day).getUTCDay() !== 0) dates.push(date);
      }
      return dates;
    };

    it('answers the semester and its dates on which every group of the lesson studies, except the lesson date and Sundays', async () => {
      const response = await admin.get(`${path}?${query({ baseRuleSlotId: slot.math, lessonDate: '2026-09-08' })}`);
      expect(response.status).toBe(200);
      const dates = offeredFrom('2026-09-01');
      // With what any room of the lesson should offer (issue 55): its pair, group A's 24 students, no equipment.
      expect(response.body).toEqual({
        semesterId: w.u.semester.id,
        semesterStartDate: '2026-09-01',
        semesterEndDate: '2026-12-31',
        availableDates: dates,
        timeSlotId: P[0].id,
        students: 24,
        requiredEquipment: [],
      });
      expect(dates).toHaveLength(103); // 120 study days, of which 17 Sundays (the calendar leaves them open)
    });

    it('offers no date gone by the university\'s clock, while a move back in time may still be recorded (issue 45)', async () => {
      standServiceAt('2026-09-10T09:00:00Z'); // Thursday 10.09.2026, 12:00 in Moscow
      try {
        const response = await admin.get(`${path}?${query({ baseRuleSlotId: slot.math, lessonDate: '2026-09-08' })}`);
        expect(response.status).toBe(200);
        expect((response.body as { availableDates: string[] }).availableDates).toEqual(offeredFrom('2026-09-10'));
        const recorded = await admin.post(OVERRIDES_PATH, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'MOVE', targetLessonDate: '2026-09-09', newTimeSlotId: w.pairs[0].id });
        expect(recorded.status).toBe(200);
      } finally {
        standServiceAt(BEFORE_AUTUMN_2026);
      }
    });

    it('refuses what is not a lesson of the published version, and missing parameters (400)', async () => {
      const bad = (params: Record<string, string | number>, message: string | RegExp) => refused(() => admin.get(`${path}?${query(params)}`), 400, path, message);
      await bad({ baseRuleSlotId: slot.math, lessonDate: '2026-09-09' }, /^Занятие не найдено в расписании: по слоту/);
      await bad({ baseRuleSlotId: slot.draft, lessonDate: '2026-09-07' }, /только в опубликованное расписание/);
      await bad({ baseRuleSlotId: 999999, lessonDate: '2026-09-08' }, 'Занятие не найдено в расписании: слот правила с таким идентификатором не существует');
      await bad({ lessonDate: '2026-09-08' }, 'Поле «baseRuleSlotId» обязательно');
      await bad({ baseRuleSlotId: slot.math }, 'Поле «lessonDate» обязательно');
    });
  });

  describe('roles', () => {
    it('refuses every role but ADMIN and EDUCATION_OFFICE (403), changing nothing', async () => {
      const existing = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL' });
      const body = { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' };
      const idPath = `${OVERRIDES_PATH}/${existing.id}`;
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const user = await createUser(admin, { role, departmentId: w.u.department.id });
        const client = await t.as('alpha').login(user.username, PASSWORD);
        await refused(() => client.get(OVERRIDES_PATH), 403, OVERRIDES_PATH);
        const availability = `${OVERRIDES_PATH}/availability`;
        await refused(() => client.get(`${availability}?${query({ baseRuleSlotId: slot.math, lessonDate: '2026-09-08' })}`), 403, availability);
        await refused(() => client.post(OVERRIDES_PATH, body), 403, OVERRIDES_PATH);
        await refused(() => client.put(idPath, body), 403, idPath);
        await refused(() => client.delete(idPath), 403, idPath);
      }
      await refused(() => t.as('alpha').get(OVERRIDES_PATH), 401, OVERRIDES_PATH);
    });
  });
});
