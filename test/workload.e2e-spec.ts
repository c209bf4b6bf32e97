import { createDepartment, DepartmentBody, expectErrorBody, PASSWORD, signedInAs, UserBody } from './support/factories';
import { countQueries, createOverride, overrideState } from './support/override-builders';
import { ClassroomBody, createClassroom, createEquipment } from './support/resource-builders';
import { createRule, createUniversity, LESSON_TYPES, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

type Response = { status: number; body: Record<string, unknown> };
type Row = Record<string, unknown>;

const SEPTEMBER = 'startDate=2026-09-01&endDate=2026-09-30';
const FOREIGN = 'Кафедра может просматривать нагрузку только своей кафедры';

/**
 * Workload reports (spec 4.16) on a hand-built month with known totals. Autumn 2026 starts on
 * Tuesday 09-01; pairs P1..P4 (08:30, 10:10, 11:50, 14:00); groups A and B of 24 students; rooms
 * C0..C3 of 30 seats. Rules of the published version:
 * - shared: a lecture for A and B together, 8 h, Tuesdays P1, T0 in C0 → 09-01, 09-08, 09-15, 09-22;
 * - phys: practice for A, 8 h, Wednesdays P2, T1 in C1 → 09-02, 09-09, 09-16, 09-23;
 * - lab: laboratory work for B, 4 h, Thursdays P1, T2 in C2 → 09-03, 09-10;
 * - hist: a lecture for B, 4 h, Fridays P3, T3 in C3 → 09-04, 09-11.
 * One-off changes: shared 09-08 cancelled, shared 09-22 moved to Thursday 09-24 P2, phys 09-09 given to
 * T3, hist 09-11 moved to Friday 10-02.
 * Departments (from 2026-01-01): T0 and T3 primary in D (T3 also additionally in D2); T1 moves from D
 * to D2 on 09-09; T2 is primary in D until 09-05 and only additionally in D2 afterwards.
 */
describe('workload reports (4.16)', () => {
  let t: TestApp;
  let u: University;
  let admin: TenantClient;
  let D: DepartmentBody;
  let D2: DepartmentBody;
  let T: UserBody[];
  let C: ClassroomBody[];
  let rules: { shared: RuleBody; phys: RuleBody; lab: RuleBody; hist: RuleBody };
  const clients = new Map<string, TenantClient>();
  /** Rooms for the free-room filters: big with a projector and computers, small with a projector, archived, closed. */
  let big: ClassroomBody;
  let small: ClassroomBody;
  let projector: { id: number; name: string };
  let computers: { id: number; name: string };

  const get = (client: TenantClient, path: string) => client.get(path) as unknown as Promise<Response>;
  async function rows(client: TenantClient, path: string): Promise<Row[]> {
    const response = await get(client, path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as unknown as Row[];
  }
  /** A refused report: status, the common body with a Russian message, and nothing changed in the schedule. */
  async function refused(client: TenantClient, path: string, status: number, message?: string | RegExp): Promise<void> {
    const before = await overrideState(t);
    const response = await get(client, path);
    expect(response.status).toBe(status);
    expectErrorBody(response.body, status, path.split('?')[0], message);
    expect(await overrideState(t)).toEqual(before);
  }
  const teacherRow = (teacher: UserBody, department: DepartmentBody | null, lessonCount: number) => ({
    id: teacher.id,
    name: teacher.fullName,
    departmentId: department?.id ?? null,
    departmentName: department?.departmentName ?? null,
    lessonCount,
    academicHours: 2 * lessonCount,
    occupiedSlotCount: lessonCount,
  });
  /** Rows by teacher id, keeping each teacher's departments in the report's (chronological) order. */
  const byTeacher = <R extends Record<string, unknown>>(list: R[]) => [...list].sort((a, b) => Number(a.id) - Number(b.id));
  const september = async (client: TenantClient, extra = '') => byTeacher(await rows(client, `/api/workload/teachers?${SEPTEMBER}${extra}`));

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 4, groups: 2, classrooms: 4, subjects: 4 });
    D = u.department;
    D2 = await createDepartment(admin);
    T = u.teachers;
    C = u.classrooms;
    const [A, B] = u.groups;
    const P = u.timeSlots;
    const slot = (dayOfWeek: number, pair: number, teacher: number, room: number, lessonTypeId: number) =>
      slotBody(u, { dayOfWeek, timeSlotId: P[pair - 1].id, teacherId: T[teacher].id, classroomId: C[room].id, lessonTypeId });
    const rule = (subject: number, groupIds: number[], hours: Partial<Parameters<typeof ruleBody>[1]>, slots: ReturnType<typeof slot>[]) =>
      createRule(admin, ruleBody(u, { subjectId: u.subjects[subject].id, groupIds, lectureAcademicHours: 0, ...hours, slots }));
    rules = {
      shared: await rule(0, [A.id, B.id], { lectureAcademicHours: 8 }, [slot(2, 1, 0, 0, LESSON_TYPES.LECTURE)]),
      phys: await rule(1, [A.id], { practiceAcademicHours: 8 }, [slot(3, 2, 1, 1, LESSON_TYPES.PRACTICE)]),
      lab: await rule(2, [B.id], { laboratoryAcademicHours: 4 }, [slot(4, 1, 2, 2, LESSON_TYPES.LABORATORY)]),
      hist: await rule(3, [B.id], { lectureAcademicHours: 4 }, [slot(5, 3, 3, 3, LESSON_TYPES.LECTURE)]),
    };
    const baseSlot = (rule: RuleBody) => rule.slots[0].id;
    await createOverride(admin, { baseRuleSlotId: baseSlot(rules.shared), lessonDate: '2026-09-08', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: baseSlot(rules.shared), lessonDate: '2026-09-22', action: 'MOVE', targetLessonDate: '2026-09-24', newTimeSlotId: P[1].id });
    await createOverride(admin, { baseRuleSlotId: baseSlot(rules.phys), lessonDate: '2026-09-09', action: 'REPLACE', newTeacherId: T[3].id });
    await createOverride(admin, { baseRuleSlotId: baseSlot(rules.hist), lessonDate: '2026-09-11', action: 'MOVE', targetLessonDate: '2026-10-02', newTimeSlotId: P[2].id });

    // Department history: everything from 2026-01-01, then the transfer and the additional links.
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-01-01' WHERE user_id = ANY($1::int[])`, [T.map((teacher) => teacher.id)]);
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-09-08' WHERE user_id = $1`, [T[1].id]);
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-09-05' WHERE user_id = $1`, [T[2].id]);
    await t.sql(
      'alpha',
      `INSERT INTO user_department_assignments (user_id, department_id, is_primary, valid_from, valid_to)
       VALUES ($1, $4, true, '2026-09-09', NULL), ($2, $4, false, '2026-01-01', NULL), ($3, $4, false, '2026-01-01', NULL)`,
      [T[1].id, T[2].id, T[3].id, D2.id],
    );

    for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER', 'DEPARTMENT', 'STUDENT'] as const) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: D.id })).client);
    }
    clients.set('DEPARTMENT2', (await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D2.id })).client);
    clients.set('T3', await t.as('alpha').login(T[3].username, PASSWORD));

    projector = (await createEquipment(admin, 'Проектор'));
    computers = (await createEquipment(admin, 'Компьютеры'));
    big = await createClassroom(admin, { name: 'Большая', capacity: 120, equipmentIds: [projector.id, computers.id] });
    small = await createClassroom(admin, { name: 'Малая', capacity: 12, equipmentIds: [projector.id] });
    const archived = await createClassroom(admin, { name: 'Архивная', capacity: 200 });
    expect((await admin.delete(`/api/classrooms/${archived.id}`)).status).toBe(200);
    await createClassroom(admin, { name: 'Закрытая', capacity: 200, isAvailable: false });
  });
  afterAll(() => t.close());

  describe('teachers', () => {
    it('counts the actual month: a shared lecture once, cancelled for nobody, replaced for the new teacher, moved where it went', async () => {
      expect(await september(admin)).toEqual(byTeacher([
        teacherRow(T[0], D, 3), // 09-01, 09-15 and 09-24 (moved from 09-22); 09-08 cancelled; two groups, one lesson each time
        teacherRow(T[1], D, 1), // 09-02; 09-09 went to T3
        teacherRow(T[1], D2, 2), // 09-16, 09-23 after the transfer on 09-09
        teacherRow(T[2], D, 1), // 09-03 under the primary assignment
        teacherRow(T[2], D2, 1), // 09-10: no primary any more, the additional one counts
        teacherRow(T[3], D, 2), // hist 09-04 (09-11 moved to October) + phys 09-09 as the substitute; primary D beats additional D2
      ]));
      const names = (await rows(admin, `/api/workload/teachers?${SEPTEMBER}`)).map((row) => String(row.name).toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('a moved lesson counts on its new date: the October week has only the lesson moved there', async () => {
      const october = await rows(admin, '/api/workload/teachers?startDate=2026-10-01&endDate=2026-10-07');
      expect(october.filter((row) => row.lessonCount !== 0)).toEqual([teacherRow(T[3], D, 1)]);
      const week = await rows(admin, '/api/workload/teachers?startDate=2026-09-21&endDate=2026-09-27');
      expect(week.find((row) => row.id === T[0].id)).toEqual(teacherRow(T[0], D, 1)); // 09-24, not 09-22
    });

    it('teachers without lessons are listed with zeros, once per department they belonged to', async () => {
      const december = await rows(admin, '/api/workload/teachers?startDate=2026-12-01&endDate=2026-12-07');
      expect(december.filter((row) => row.id === T[0].id)).toEqual([teacherRow(T[0], D, 0)]);
      expect(december.filter((row) => row.id === T[1].id)).toEqual([teacherRow(T[1], D2, 0)]);
      expect(december.filter((row) => row.id === T[2].id)).toEqual([teacherRow(T[2], D2, 0)]); // only the additional link is left
    });

    it('a department gets its own rows: by the token when omitted or named, the split teachers only for their time there', async () => {
      const department = clients.get('DEPARTMENT') as TenantClient;
      const own = [teacherRow(T[0], D, 3), teacherRow(T[1], D, 1), teacherRow(T[2], D, 1), teacherRow(T[3], D, 2)];
      expect(await september(department)).toEqual(own);
      expect(await september(department, `&departmentId=${D.id}`)).toEqual(own);
      expect(await september(clients.get('DEPARTMENT2') as TenantClient)).toEqual([teacherRow(T[1], D2, 2), teacherRow(T[2], D2, 1)]);
      const everything = await september(admin);
      for (const role of ['EDUCATION_OFFICE', 'SCHEDULE_VIEWER']) {
        expect(await september(clients.get(role) as TenantClient)).toEqual(everything); // global without a department
        expect(await september(clients.get(role) as TenantClient, `&departmentId=${D2.id}`)).toEqual([teacherRow(T[1], D2, 2), teacherRow(T[2], D2, 1)]);
      }
    });

    it('a teacher sees only their own load, substitutions included', async () => {
      expect(await september(clients.get('T3') as TenantClient)).toEqual([teacherRow(T[3], D, 2)]);
      expect(await september(clients.get('T3') as TenantClient, `&departmentId=${D2.id}`)).toEqual([]);
    });

    it('follows a change made after a report at once, in a fixed number of queries whatever the size', async () => {
      expect((await september(admin)).filter((row) => row.id === T[1].id).map((row) => row.lessonCount)).toEqual([1, 2]);
      const cancel = await createOverride(admin, { baseRuleSlotId: rules.phys.slots[0].id, lessonDate: '2026-09-16', action: 'CANCEL' });
      try {
        expect((await september(admin)).filter((row) => row.id === T[1].id).map((row) => row.lessonCount)).toEqual([1, 1]);
        // A transfer is no schedule change, yet the next report already splits by it.
        await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-09-01' WHERE user_id = $1 AND is_primary AND valid_to IS NOT NULL`, [T[1].id]);
        await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-09-02' WHERE user_id = $1 AND is_primary AND valid_from = '2026-09-09'`, [T[1].id]);
        expect((await september(admin)).filter((row) => row.id === T[1].id).map((row) => [row.departmentId, row.lessonCount])).toEqual([
          [D.id, 0], // still in D on 09-01, without a lesson that day
          [D2.id, 2], // 09-02 now counts for D2, 09-16 is cancelled
        ]);
        const queries = await countQueries(() => september(admin));
        expect(queries).toBeLessThanOrEqual(12);
      } finally {
        await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-09-09' WHERE user_id = $1 AND is_primary AND valid_from = '2026-09-02'`, [T[1].id]);
        await t.sql('alpha', `UPDATE user_department_assignments SET valid_to = '2026-09-08' WHERE user_id = $1 AND is_primary AND valid_to = '2026-09-01'`, [T[1].id]);
        await t.sql('alpha', `DELETE FROM schedule_overrides WHERE id = $1`, [cancel.id]);
      }
      expect((await september(admin)).filter((row) => row.id === T[1].id).map((row) => row.lessonCount)).toEqual([1, 2]);
    });

    it('lessons of archived groups after their last active day leave the reports; the shared lecture stays for its active group', async () => {
      const B = u.groups[1];
      // Archived with its last active day before September (issue 53: it counts up to that day).
      await t.sql('alpha', `UPDATE study_groups SET status = 'ARCHIVED', archived_at = now(), active_to = '2026-08-31' WHERE id = $1`, [B.id]);
      try {
        const withoutB = await september(admin);
        expect(withoutB.filter((row) => row.lessonCount !== 0)).toEqual(byTeacher([teacherRow(T[0], D, 3), teacherRow(T[1], D, 1), teacherRow(T[1], D2, 2), teacherRow(T[3], D, 1)]));
      } finally {
        await t.sql('alpha', `UPDATE study_groups SET status = 'ACTIVE', archived_at = NULL, active_to = NULL WHERE id = $1`, [B.id]);
      }
    });
  });

  describe('departments, classrooms and pairs', () => {
    it('departments: lessons and hours by type, the transfer split between the two', async () => {
      const report = await rows(admin, `/api/workload/departments?${SEPTEMBER}`);
      const zero = { teacherCount: 0, lessonCount: 0, academicHours: 0, lectureHours: 0, practiceHours: 0, laboratoryHours: 0 };
      const byId = new Map(report.map((row) => [row.departmentId, row]));
      expect(byId.get(D.id)).toEqual({ departmentId: D.id, departmentName: D.departmentName, teacherCount: 4, lessonCount: 7, academicHours: 14, lectureHours: 8, practiceHours: 4, laboratoryHours: 2 });
      expect(byId.get(D2.id)).toEqual({ departmentId: D2.id, departmentName: D2.departmentName, ...zero, teacherCount: 2, lessonCount: 3, academicHours: 6, practiceHours: 4, laboratoryHours: 2 });
      expect(report.every((row) => row.departmentId !== null)).toBe(true); // every lesson has a department
      expect(await rows(clients.get('DEPARTMENT2') as TenantClient, `/api/workload/departments?${SEPTEMBER}`)).toEqual([byId.get(D2.id)]);
    });

    it('classrooms: occupied pairs, hours and how full the room was; idle rooms in the global report only', async () => {
      const report = await rows(admin, `/api/workload/classrooms?${SEPTEMBER}`);
      const use = (room: ClassroomBody, lessonCount: number, averageAudience: number, averageFillPercent: number, overfilledLessonCount: number) => ({
        id: room.id,
        name: room.name,
        building: room.building,
        floor: room.floor,
        capacity: room.capacity,
        isAvailable: true,
        lessonCount,
        occupiedSlotCount: lessonCount,
        academicHours: 2 * lessonCount,
        averageAudience,
        averageFillPercent,
        overfilledLessonCount,
      });
      const byId = new Map(report.map((row) => [row.id, row]));
      expect(byId.get(C[0].id)).toEqual(use(C[0], 3, 48, 160, 3)); // A and B together in 30 seats
      expect(byId.get(C[1].id)).toEqual(use(C[1], 4, 24, 80, 0)); // phys, the replaced lesson still in C1
      expect(byId.get(C[2].id)).toEqual(use(C[2], 2, 24, 80, 0));
      expect(byId.get(C[3].id)).toEqual(use(C[3], 1, 24, 80, 0)); // 09-11 moved to October
      expect(byId.get(big.id)).toEqual(use(big, 0, 0, 0, 0));
      expect(report.map((row) => row.name)).not.toContain('Архивная');
      const own = await rows(clients.get('DEPARTMENT2') as TenantClient, `/api/workload/classrooms?${SEPTEMBER}`);
      expect(byTeacher(own).map((row) => [row.id, row.lessonCount])).toEqual(byTeacher([{ id: C[1].id, n: 2 }, { id: C[2].id, n: 1 }]).map((row) => [row.id, row.n]));
    });

    it('time slots: each base pair by weekday with its busiest date', async () => {
      const report = await rows(admin, `/api/workload/time-slots?${SEPTEMBER}`);
      const days = (counts: Record<number, number>) =>
        [1, 2, 3, 4, 5, 6, 7].map((day) => ({ dayOfWeek: day, dayName: expect.any(String), lessonCount: counts[day] ?? 0 }));
      const P = u.timeSlots;
      expect(report).toEqual([
        { timeSlotId: P[0].id, orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00', lessonCount: 4, academicHours: 8, peakLessonCount: 1, days: days({ 2: 2, 4: 2 }) },
        { timeSlotId: P[1].id, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00', lessonCount: 5, academicHours: 10, peakLessonCount: 1, days: days({ 3: 4, 4: 1 }) },
        { timeSlotId: P[2].id, orderNumber: 3, startTime: '11:50:00', endTime: '13:20:00', lessonCount: 1, academicHours: 2, peakLessonCount: 1, days: days({ 5: 1 }) },
        { timeSlotId: P[3].id, orderNumber: 4, startTime: '14:00:00', endTime: '15:30:00', lessonCount: 0, academicHours: 0, peakLessonCount: 0, days: days({}) },
      ]);
      expect(report[0].days).toContainEqual({ dayOfWeek: 1, dayName: 'Понедельник', lessonCount: 0 });
      const own = await rows(clients.get('DEPARTMENT2') as TenantClient, `/api/workload/time-slots?${SEPTEMBER}`);
      expect(own.map((row) => row.lessonCount)).toEqual([1, 2, 0, 0]); // lab 09-10; phys 09-16, 09-23
    });
  });

  describe('free classrooms', () => {
    const free = async (client: TenantClient, query: string) => (await rows(client, `/api/workload/free-classrooms?${query}`)).map((row) => row.name);

    it('lists the open rooms no lesson takes at that pair, smallest first, with capacity and equipment', async () => {
      const P = u.timeSlots;
      const answer = await rows(admin, `/api/workload/free-classrooms?date=2026-09-01&timeSlotId=${P[0].id}`);
      expect(answer.map((row) => row.capacity)).toEqual([12, 30, 30, 30, 120]);
      expect(answer.map((row) => row.id).sort((a, b) => Number(a) - Number(b))).toEqual([C[1].id, C[2].id, C[3].id, small.id, big.id].sort((a, b) => a - b));
      expect(answer[answer.length - 1]).toEqual({
        id: big.id,
        name: 'Большая',
        building: big.building,
        floor: big.floor,
        capacity: 120,
        equipments: [computers, projector],
      });
      expect(await free(admin, `date=2026-09-01&timeSlotId=${P[1].id}`)).toContain(C[0].name); // the lecture is over
    });

    it('filters by capacity and by every listed piece of equipment', async () => {
      const P = u.timeSlots;
      expect(await free(admin, `date=2026-09-01&timeSlotId=${P[0].id}&minCapacity=31`)).toEqual(['Большая']);
      expect(await free(admin, `date=2026-09-01&timeSlotId=${P[0].id}&equipmentIds=${projector.id}`)).toEqual(['Малая', 'Большая']);
      expect(await free(admin, `date=2026-09-01&timeSlotId=${P[0].id}&equipmentIds=${projector.id}&equipmentIds=${computers.id}`)).toEqual(['Большая']);
      expect(await free(admin, `date=2026-09-01&timeSlotId=${P[0].id}&equipmentIds=${projector.id},${computers.id}&minCapacity=121`)).toEqual([]);
    });

    it('follows one-off changes: a moved lesson frees its room and takes the new one; a cancelled one frees it', async () => {
      const P = u.timeSlots;
      expect(await free(admin, `date=2026-09-22&timeSlotId=${P[0].id}`)).toContain(C[0].name); // moved away to 09-24
      expect(await free(admin, `date=2026-09-24&timeSlotId=${P[1].id}`)).not.toContain(C[0].name); // moved here
      expect(await free(admin, `date=2026-09-08&timeSlotId=${P[0].id}`)).toContain(C[0].name); // cancelled
      expect(await free(admin, `date=2026-09-15&timeSlotId=${P[0].id}`)).not.toContain(C[0].name);
      const move = await createOverride(admin, { baseRuleSlotId: rules.shared.slots[0].id, lessonDate: '2026-09-15', action: 'MOVE', newTimeSlotId: P[3].id });
      try {
        expect(await free(admin, `date=2026-09-15&timeSlotId=${P[0].id}`)).toContain(C[0].name);
        expect(await free(admin, `date=2026-09-15&timeSlotId=${P[3].id}`)).not.toContain(C[0].name);
      } finally {
        await t.sql('alpha', `DELETE FROM schedule_overrides WHERE id = $1`, [move.id]);
      }
    });

    it('is open to every role; a department may not name another department (403)', async () => {
      const query = `date=2026-09-01&timeSlotId=${u.timeSlots[0].id}`;
      for (const client of [...clients.values()]) expect((await get(client, `/api/workload/free-classrooms?${query}`)).status).toBe(200);
      expect((await get(clients.get('DEPARTMENT') as TenantClient, `/api/workload/free-classrooms?${query}&departmentId=${D.id}`)).status).toBe(200);
      await refused(clients.get('DEPARTMENT') as TenantClient, `/api/workload/free-classrooms?${query}&departmentId=${D2.id}`, 403, FOREIGN);
    });

    /** One entry of the answer over a period. */
    type AtPair = { date: string; timeSlotId: number; orderNumber: number; startTime: string; endTime: string; classrooms: { name: string; capacity: number }[] };
    const overPeriod = async (query: string) => (await rows(admin, `/api/workload/free-classrooms?${query}`)) as unknown as AtPair[];

    it('over a period (spec 4.16 startDate/endDate): every date at the asked pair, the same rooms as asking date by date', async () => {
      const P = u.timeSlots;
      const answer = await overPeriod(`startDate=2026-09-22&endDate=2026-09-24&timeSlotId=${P[0].id}`);
      expect(answer.map((row) => [row.date, row.timeSlotId, row.orderNumber, row.startTime, row.endTime])).toEqual(
        ['2026-09-22', '2026-09-23', '2026-09-24'].map((date) => [date, P[0].id, 1, '08:30:00', '10:00:00']),
      );
      for (const row of answer) {
        expect(row.classrooms).toEqual(await rows(admin, `/api/workload/free-classrooms?date=${row.date}&timeSlotId=${P[0].id}`));
      }
      expect(answer[0].classrooms.map((room) => room.name)).toContain(C[0].name); // moved away to 09-24
    });

    it('over a period without a pair: each pair of the day, one-off changes applied', async () => {
      const P = u.timeSlots;
      const answer = await overPeriod('startDate=2026-09-24&endDate=2026-09-24&minCapacity=20');
      expect(answer.map((row) => [row.date, row.timeSlotId, row.orderNumber])).toEqual(P.map((pair, index) => ['2026-09-24', pair.id, index + 1]));
      for (const row of answer) {
        expect(row.classrooms).toEqual(await rows(admin, `/api/workload/free-classrooms?date=2026-09-24&timeSlotId=${row.timeSlotId}&minCapacity=20`));
        expect(row.classrooms.every((room) => room.capacity >= 20)).toBe(true);
      }
      expect(answer[1].classrooms.map((room) => room.name)).not.toContain(C[0].name); // the lesson moved here
    });

    it('refuses a half, mixed, reversed or too long period (400), and a foreign department first (403)', async () => {
      const path = '/api/workload/free-classrooms';
      await refused(admin, `${path}?startDate=2026-09-01`, 400, /endDate/);
      await refused(admin, `${path}?endDate=2026-09-01`, 400, /startDate/);
      await refused(admin, `${path}?date=2026-09-01&startDate=2026-09-01&endDate=2026-09-02`, 400, /date/);
      await refused(admin, `${path}?startDate=2026-09-10&endDate=2026-09-01`, 400, /startDate/);
      await refused(admin, `${path}?startDate=2026-01-01&endDate=2026-12-31`, 400, /200/);
      await refused(admin, `${path}?startDate=2026-09-01&endDate=2026-09-02&timeSlotId=999999`, 400, /Пара с id 999999/);
      await refused(admin, path, 400, /date/);
      // A department naming another department is refused before any parameter is judged missing.
      const department = clients.get('DEPARTMENT') as TenantClient;
      await refused(department, `${path}?departmentId=${D2.id}`, 403, FOREIGN);
      await refused(department, `${path}?departmentId=${D2.id}&startDate=2026-09-01`, 403, FOREIGN);
      await refused(department, `${path}?departmentId=${D2.id}&date=2026-09-01`, 403, FOREIGN);
    });

    it('refuses a missing or unknown pair and a bad date (400)', async () => {
      const path = '/api/workload/free-classrooms';
      await refused(admin, `${path}?date=2026-09-01`, 400, /timeSlotId/);
      await refused(admin, `${path}?date=2026-09-01&timeSlotId=999999`, 400, /Пара с id 999999 не входит/);
      await refused(admin, `${path}?date=2026-02-30&timeSlotId=${u.timeSlots[0].id}`, 400, /date/);
      await refused(admin, `${path}?date=2026-09-01&timeSlotId=${u.timeSlots[0].id}&minCapacity=0`, 400, /minCapacity/);
    });
  });

  describe('roles and ranges', () => {
    const reports = ['teachers', 'classrooms', 'departments', 'time-slots'];

    it('a department naming another department gets 403 from every report, also with the other filters right', async () => {
      for (const report of reports) {
        await refused(clients.get('DEPARTMENT') as TenantClient, `/api/workload/${report}?${SEPTEMBER}&departmentId=${D2.id}`, 403, FOREIGN);
      }
    });

    it('a student gets no report, a teacher only their own teacher rows (403 elsewhere)', async () => {
      for (const report of reports) await refused(clients.get('STUDENT') as TenantClient, `/api/workload/${report}?${SEPTEMBER}`, 403);
      for (const report of reports.slice(1)) await refused(clients.get('T3') as TenantClient, `/api/workload/${report}?${SEPTEMBER}`, 403);
    });

    it('a department account without a department is refused, not widened', async () => {
      const { user } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: D.id });
      await t.sql('alpha', `DELETE FROM user_department_assignments WHERE user_id = $1`, [user.id]);
      const homeless = await t.as('alpha').login(user.username, PASSWORD);
      await refused(homeless, `/api/workload/teachers?${SEPTEMBER}`, 403);
    });

    it('an unknown department is 404 for the roles that may choose one', async () => {
      await refused(admin, `/api/workload/teachers?${SEPTEMBER}&departmentId=999999`, 404, 'Кафедра с id 999999 не найдена');
    });

    it('a range holds at most 200 dates, both ends counted, in order', async () => {
      for (const report of reports) {
        expect((await get(admin, `/api/workload/${report}?startDate=2026-09-01&endDate=2027-03-19`)).status).toBe(200); // 200 dates
        await refused(admin, `/api/workload/${report}?startDate=2026-09-01&endDate=2027-03-20`, 400, /не более 200 дат.*запрошено 201/);
        await refused(admin, `/api/workload/${report}?startDate=2026-09-02&endDate=2026-09-01`, 400, 'Дата начала периода (startDate) позже даты окончания (endDate)');
        await refused(admin, `/api/workload/${report}?endDate=2026-09-01`, 400, /startDate/);
        await refused(admin, `/api/workload/${report}?startDate=2026-9-1&endDate=2026-09-30`, 400, /startDate/);
      }
      expect((await get(admin, '/api/workload/teachers?startDate=2026-09-01&endDate=2026-09-01')).status).toBe(200); // one date
    });

    it('a range across two semesters counts both', async () => {
      const across = byTeacher(await rows(admin, '/api/workload/teachers?startDate=2026-09-01&endDate=2027-03-19'));
      expect(across.filter((row) => row.lessonCount !== 0).map((row) => [row.id, row.departmentId, row.lessonCount])).toEqual([
        [T[0].id, D.id, 3],
        [T[1].id, D.id, 1],
        [T[1].id, D2.id, 2],
        [T[2].id, D.id, 1],
        [T[2].id, D2.id, 1],
        [T[3].id, D.id, 3],
      ]);
    });

    it('without a token: 401', async () => {
      expect((await t.as('alpha').get(`/api/workload/teachers?${SEPTEMBER}`)).status).toBe(401);
    });
  });
});
