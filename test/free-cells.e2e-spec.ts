import { expectErrorBody, signedInAs } from './support/factories';
import { createPreference } from './support/preference-builders';
import { archiveRule, createRule, createUniversity, insertVersion, LESSON_TYPES, RuleBody, ruleBody, RULES_PATH, setVersionStatus, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { assignDate, createManualGrid, createSlot } from './support/time-grid-builders';

/**
 * The free-cell grid (`GET /api/admin/schedule-rules/free-cells`) against rule creation. The autumn
 * semester 2026 starts on Tuesday 1 September (week 1, odd); Thursdays 03.09, 10.09, 17.09 are weeks
 * 1–3; Friday 11.09 is week 2. Base pairs: 1 08:30–10:00, 2 10:00–11:30, 3 11:40–13:10, 4 13:20–14:50.
 */
interface Reason {
  kind: string;
  text: string;
  weeks: number[];
  rule?: { id: number; subjectName: string; groupNames: string[] };
  preference?: { id: number; preferenceType: string };
}
interface Cell {
  dayOfWeek: number;
  timeSlotId: number;
  orderNumber: number;
  free: boolean;
  lessonCount: number;
  reasons: Reason[];
  hints: { kind: string; text: string; weeks: number[] }[];
}
interface Grid {
  versionId: number;
  pairs: { timeSlotId: number; orderNumber: number; startTime: string; endTime: string }[];
  cells: Cell[];
}

describe('free-cell grid (why not here)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  const LECTURE = LESSON_TYPES.LECTURE;
  const LAB = LESSON_TYPES.LABORATORY;
  // Stored rules (see beforeAll).
  let a: RuleBody;
  let b: RuleBody;
  let c: RuleBody;
  let d: RuleBody;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 4, groups: 2, classrooms: 4, subjects: 3 });
    const [g0, g1] = u.groups;
    const [T0, T1, T2, T3] = u.teachers;
    const [R0, R1, R2, R3] = u.classrooms;
    const pair = (n: number) => u.timeSlots[n].id;
    // A: group 0 on Monday, pair 1, every week.
    a = await createRule(admin, ruleBody(u, { lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 1, timeSlotId: pair(0), teacherId: T0.id, classroomId: R0.id })] }));
    // B: teacher 1 with group 1 on Wednesday, pair 2, odd weeks.
    b = await createRule(admin, ruleBody(u, { lectureAcademicHours: 16, groupIds: [g1.id], slots: [slotBody(u, { dayOfWeek: 3, parity: 'ODD', timeSlotId: pair(1), teacherId: T1.id, classroomId: R1.id })] }));
    // C: room 2 with group 1 on Thursday, pair 3, weeks 1–4 (8 hours).
    c = await createRule(admin, ruleBody(u, { lectureAcademicHours: 8, groupIds: [g1.id], slots: [slotBody(u, { dayOfWeek: 4, timeSlotId: pair(2), teacherId: T2.id, classroomId: R2.id })] }));
    // D: a laboratory work of group 0's first subgroup on Friday, pair 4.
    d = await createRule(
      admin,
      ruleBody(u, {
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 16,
        subjectId: u.subjects[1].id,
        slots: [slotBody(u, { dayOfWeek: 5, timeSlotId: pair(3), teacherId: T3.id, classroomId: R3.id, lessonTypeId: LAB, subgroupIds: [g0.subgroups[0].id] })],
      }),
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  async function grid(params: Record<string, string | number | number[]>, client = admin): Promise<Grid> {
    const response = await client.get(`${RULES_PATH}/free-cells?${query(params)}`);
    expect(response.status).toBe(200);
    return response.body as Grid;
  }
  const cellAt = (body: Grid, dayOfWeek: number, pairIndex: number) => {
    const cell = body.cells.find((item) => item.dayOfWeek === dayOfWeek && item.timeSlotId === u.timeSlots[pairIndex].id);
    if (!cell) throw new Error(`no cell ${dayOfWeek}/${pairIndex}`);
    return cell;
  };

  it('lists every day 1..7 × every base pair, and agrees with rule creation in every cell', async () => {
    const [g0] = u.groups;
    const teacherId = u.teachers[1].id;
    const classroomId = u.classrooms[2].id;
    const body = await grid({ versionId: u.versionId, groupIds: [g0.id], teacherId, classroomId, lessonTypeId: LECTURE, academicHours: 32 });
    expect(body.pairs.map((item) => item.timeSlotId)).toEqual(u.timeSlots.map((slot) => slot.id));
    expect(body.cells).toHaveLength(7 * u.timeSlots.length);

    expect(cellAt(body, 1, 0).reasons).toEqual([
      expect.objectContaining({ kind: 'group', rule: { id: a.id, subjectName: a.subjectName, groupNames: a.groupNames } }),
    ]);
    const byTeacher = cellAt(body, 3, 1).reasons;
    expect(byTeacher).toEqual([expect.objectContaining({ kind: 'teacher', rule: expect.objectContaining({ id: b.id }) })]);
    expect(byTeacher[0].weeks.every((week) => week % 2 === 1)).toBe(true);
    expect(byTeacher[0].text).toMatch(/^Преподаватель занят: правило №\d+ «.+» \(.+\), недели /);
    expect(cellAt(body, 4, 2).reasons).toEqual([expect.objectContaining({ kind: 'classroom', weeks: [1, 2, 3, 4], rule: expect.objectContaining({ id: c.id }) })]);
    expect(cellAt(body, 5, 3).reasons).toEqual([expect.objectContaining({ kind: 'subgroup', rule: expect.objectContaining({ id: d.id }) })]);
    expect(cellAt(body, 2, 0)).toMatchObject({ free: true, reasons: [] });

    // Every cell, tried for real: a free one is saved (then archived again), a busy one is refused
    // with 409 naming one of the rules the grid gave as its reasons.
    for (const cell of body.cells) {
      const response = await admin.post(
        RULES_PATH,
        ruleBody(u, {
          subjectId: u.subjects[2].id,
          lectureAcademicHours: 32,
          slots: [slotBody(u, { dayOfWeek: cell.dayOfWeek, timeSlotId: cell.timeSlotId, teacherId, classroomId })],
        }),
      );
      const where = `day ${cell.dayOfWeek}, pair ${cell.orderNumber}`;
      if (cell.free) {
        expect({ where, status: response.status }).toEqual({ where, status: 200 });
        await archiveRule(admin, response.body.id as number);
      } else if (cell.lessonCount === 0) {
        expect(cell.reasons.map((reason) => reason.kind)).toEqual(['no-lessons-that-day']);
        if (response.status === 200) await archiveRule(admin, response.body.id as number);
      } else {
        expect({ where, status: response.status }).toEqual({ where, status: 409 });
        expect(cell.reasons.map((reason) => reason.rule?.id)).toContain(response.body.conflictRule.id);
      }
    }
  });

  it('leaves the EVEN half of a cell an ODD rule takes free', async () => {
    const g1 = u.groups[1];
    const even = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id], parity: 'EVEN' }), 3, 1);
    expect(even).toMatchObject({ free: true, reasons: [] });
    const both = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id] }), 3, 1);
    expect(both.free).toBe(false);
    expect(both.reasons).toEqual([expect.objectContaining({ kind: 'group', rule: expect.objectContaining({ id: b.id }) })]);
    expect(both.reasons[0].weeks.length).toBeGreaterThan(0);
    expect(both.reasons[0].weeks.every((week) => week % 2 === 1)).toBe(true);
  });

  it('follows start weeks and hours: a rule ending in week 4 does not block week 5 on', async () => {
    const g1 = u.groups[1];
    // C meets on the Thursdays of weeks 1–4 only.
    const later = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id], startWeek: 5 }), 4, 2);
    expect(later).toMatchObject({ free: true });
    const fromStart = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id], startWeek: 1 }), 4, 2);
    expect(fromStart.reasons).toEqual([expect.objectContaining({ kind: 'group', weeks: [1, 2, 3, 4] })]);
    // Two hours from week 3 make one lesson, in week 3 only.
    const one = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id], startWeek: 3, academicHours: 2 }), 4, 2);
    expect(one).toMatchObject({ lessonCount: 1, reasons: [expect.objectContaining({ weeks: [3] })] });
  });

  it('lets another subgroup use the cell of a subgroup, not the same one', async () => {
    const g0 = u.groups[0];
    const params = { versionId: u.versionId, groupIds: [g0.id], lessonTypeId: LAB };
    expect(cellAt(await grid({ ...params, subgroupIds: [g0.subgroups[1].id] }), 5, 3)).toMatchObject({ free: true });
    const same = cellAt(await grid({ ...params, subgroupIds: [g0.subgroups[0].id] }), 5, 3);
    expect(same.reasons).toEqual([expect.objectContaining({ kind: 'subgroup', rule: expect.objectContaining({ id: d.id }) })]);
  });

  it('shows hard unavailability as a reason and soft wishes as hints', async () => {
    const teacher = u.teachers[3];
    const hard = await createPreference(admin, { teacherId: teacher.id, semesterId: u.semester.id, preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: 3, timeSlotId: u.timeSlots[2].id });
    const soft = await createPreference(admin, { teacherId: teacher.id, semesterId: u.semester.id, preferenceType: 'SOFT_PREFERRED', dayOfWeek: 2, timeSlotId: u.timeSlots[3].id });
    expect([hard.status, soft.status]).toEqual(['APPROVED', 'APPROVED']);

    const body = await grid({ versionId: u.versionId, teacherId: teacher.id });
    const blocked = cellAt(body, 3, 2);
    expect(blocked.free).toBe(false);
    expect(blocked.reasons).toEqual([expect.objectContaining({ kind: 'hard-unavailable', preference: expect.objectContaining({ id: hard.id }) })]);
    const preferred = cellAt(body, 2, 3);
    expect(preferred).toMatchObject({ free: true, hints: [expect.objectContaining({ kind: 'SOFT_PREFERRED' })] });

    const refused = await admin.post(
      RULES_PATH,
      ruleBody(u, { groupIds: [u.groups[1].id], slots: [slotBody(u, { dayOfWeek: 3, timeSlotId: u.timeSlots[2].id, teacherId: teacher.id, classroomId: u.classrooms[0].id })] }),
    );
    expect(refused.status).toBe(409);
  });

  it('hints that a lesson far from the group’s others opens a window', async () => {
    const body = await grid({ versionId: u.versionId, groupIds: [u.groups[0].id] });
    // Group 0 has A in pair 1 on Mondays: pair 3 leaves pair 2 empty between them.
    expect(cellAt(body, 1, 2).hints).toEqual([expect.objectContaining({ kind: 'GAP_OPENS' })]);
    expect(cellAt(body, 1, 1).hints).toEqual([]);
  });

  it('follows another bell grid on one date: only that week of the cell is busy', async () => {
    const g1 = u.groups[1];
    const grid1 = await createManualGrid(admin);
    await createSlot(admin, grid1.id, 1, '08:30', '12:00');
    await assignDate(admin, '2026-09-11', grid1.id);
    const long = await createRule(
      admin,
      ruleBody(u, { groupIds: [g1.id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 5, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id })] }),
    );
    const cell = cellAt(await grid({ versionId: u.versionId, groupIds: [g1.id] }), 5, 1);
    expect(cell.reasons).toEqual([expect.objectContaining({ kind: 'group', weeks: [2], rule: expect.objectContaining({ id: long.id }) })]);
    const refused = await admin.post(
      RULES_PATH,
      ruleBody(u, { groupIds: [g1.id], slots: [slotBody(u, { dayOfWeek: 5, timeSlotId: u.timeSlots[1].id, teacherId: u.teachers[2].id, classroomId: u.classrooms[3].id })] }),
    );
    expect({ status: refused.status, rule: refused.body.conflictRule?.id }).toEqual({ status: 409, rule: long.id });
    await archiveRule(admin, long.id);
  });

  it('does not count the rule being edited (excludeRuleId)', async () => {
    const params = { versionId: u.versionId, groupIds: [u.groups[0].id] };
    expect(cellAt(await grid(params), 1, 0).free).toBe(false);
    expect(cellAt(await grid({ ...params, excludeRuleId: a.id }), 1, 0)).toMatchObject({ free: true, reasons: [] });
  });

  it('is the education office’s: other roles get 403', async () => {
    for (const role of ['DEPARTMENT', 'TEACHER', 'STUDENT', 'SCHEDULE_VIEWER'] as const) {
      const { client } = await signedInAs(t, admin, { role, departmentId: u.department.id });
      const response = await client.get(`${RULES_PATH}/free-cells?versionId=${u.versionId}`);
      expect({ role, status: response.status }).toEqual({ role, status: 403 });
    }
  });

  it('refuses bad parameters with a Russian reason, and an archived version with 409', async () => {
    const refuse = async (params: string, status: number, message: RegExp) => {
      const response = await admin.get(`${RULES_PATH}/free-cells?${params}`);
      expect({ params, status: response.status }).toEqual({ params, status });
      expectErrorBody(response.body, status, `${RULES_PATH}/free-cells`);
      expect(response.body.message).toMatch(message);
    };
    const g0 = u.groups[0];
    await refuse('', 400, /versionId/);
    await refuse(`versionId=999999`, 400, /Версия расписания не найдена/);
    await refuse(`versionId=${u.versionId}&groupIds=${g0.id}&subgroupIds=${g0.subgroups[0].id}`, 400, /только для лабораторных/);
    await refuse(`versionId=${u.versionId}&teacherId=999999`, 400, /не найден/);
    await refuse(`versionId=${u.versionId}&parity=SOMETIMES`, 400, /parity/);
    await refuse(`versionId=${u.versionId}&academicHours=3`, 400, /кратно 2/);
    await refuse(`versionId=${u.versionId}&excludeRuleId=999999`, 400, /excludeRuleId/);
    const archived = await insertVersion(t, u.semester.id, 'ARCHIVED');
    await refuse(`versionId=${archived}`, 409, /в архиве/);
    const draft = await insertVersion(t, u.semester.id);
    await setVersionStatus(t, draft, 'DRAFT');
    expect((await grid({ versionId: draft, groupIds: [g0.id] })).cells.every((cell) => cell.free || cell.lessonCount === 0)).toBe(true);
  });
});

function query(params: Record<string, string | number | number[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}
