import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, RuleBody, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * What a subject's lessons need in their room (issues 43 and 45 §5): set by the office per subject
 * and lesson type, refused by rule creation for a room without it, listed by validation, kept by the
 * rule editor's free rooms and by «Составить расписание», which puts such a lesson only where the
 * equipment is.
 */
const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';
const equipmentPath = (subjectId: number) => `/api/subjects/${subjectId}/equipment`;

describe('equipment a subject’s lessons need in their room', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<string, TenantClient>;
  let u: University;
  let oscilloscope: number;
  let generator: number;
  let labRule: RuleBody;

  const requirementRows = () => t.sql('alpha', `SELECT subject_id, lesson_type_id, equipment_id FROM subject_equipment_requirements ORDER BY 1, 2, 3`);

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 1, classrooms: 3, subjects: 2 });
    clients = await clientsByRole(t, admin, u.department.id);
    oscilloscope = ((await admin.post('/api/equipments', { name: 'Осциллограф' })).body as { id: number }).id;
    generator = ((await admin.post('/api/equipments', { name: 'Генератор сигналов' })).body as { id: number }).id;
    // Only the third room is a laboratory.
    expect((await admin.put(`/api/classrooms/${u.classrooms[2].id}`, { equipmentIds: [oscilloscope, generator] })).status).toBe(200);
    // A laboratory work of subject 0 in the first room, stored before any requirement exists.
    labRule = await createRule(
      admin,
      ruleBody(u, {
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 36,
        slots: [slotBody(u, { dayOfWeek: 2, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LABORATORY })],
      }),
    );
  });
  afterAll(() => t.close());

  it('is set per lesson type by the office, read by everyone, and replaced as a whole', async () => {
    const office = clients.get('EDUCATION_OFFICE')!;
    const subject = u.subjects[0].id;
    expect((await office.get(equipmentPath(subject))).body).toEqual({ subjectId: subject, requirements: [] });
    const saved = await office.put(equipmentPath(subject), { requirements: [{ lessonTypeId: LESSON_TYPES.LABORATORY, equipmentIds: [oscilloscope, generator, oscilloscope] }] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      subjectId: subject,
      requirements: [
        {
          lessonTypeId: LESSON_TYPES.LABORATORY,
          lessonTypeName: expect.any(String),
          equipments: [
            { id: generator, name: 'Генератор сигналов' },
            { id: oscilloscope, name: 'Осциллограф' },
          ],
        },
      ],
    });
    for (const role of ['TEACHER', 'STUDENT', 'DEPARTMENT']) expect((await clients.get(role)!.get(equipmentPath(subject))).body).toEqual(saved.body);
    // Replaced as a whole: only the oscilloscope now.
    await office.put(equipmentPath(subject), { requirements: [{ lessonTypeId: LESSON_TYPES.LABORATORY, equipmentIds: [oscilloscope] }] }).expect(200);
    expect(await requirementRows()).toEqual([{ subject_id: subject, lesson_type_id: LESSON_TYPES.LABORATORY, equipment_id: oscilloscope }]);
  });

  it('refuses bad input with the field it concerns, other roles and anonymous callers, and changes nothing', async () => {
    const subject = u.subjects[0].id;
    const before = await requirementRows();
    const cases: [unknown, number, string, string][] = [
      [{}, 400, 'requirements', 'Поле «requirements» обязательно'],
      [{ requirements: [{ lessonTypeId: 99, equipmentIds: [oscilloscope] }] }, 400, 'requirements[0].lessonTypeId', 'Тип занятия 99 не найден'],
      [{ requirements: [{ lessonTypeId: LESSON_TYPES.LABORATORY, equipmentIds: [oscilloscope, 9999] }] }, 400, 'requirements[0].equipmentIds', 'Оборудование не найдено: 9999'],
      [
        { requirements: [{ lessonTypeId: LESSON_TYPES.LECTURE, equipmentIds: [] }, { lessonTypeId: LESSON_TYPES.LECTURE, equipmentIds: [generator] }] },
        400,
        'requirements[1].lessonTypeId',
        'Тип занятия указан в требованиях дважды',
      ],
      [{ requirements: [{ lessonTypeId: LESSON_TYPES.LABORATORY }] }, 400, 'requirements[0].equipmentIds', 'Поле «requirements[0].equipmentIds» обязательно'],
    ];
    for (const [body, status, field, message] of cases) {
      const response = await admin.put(equipmentPath(subject), body);
      expectErrorBody(response.body, status, equipmentPath(subject), message);
      expect({ body, field: response.body.field }).toEqual({ body, field });
    }
    expectErrorBody((await admin.put(equipmentPath(999_999), { requirements: [] })).body, 404, equipmentPath(999_999), 'Дисциплина не найдена');
    expect((await admin.get(equipmentPath(999_999))).status).toBe(404);
    for (const role of ['DEPARTMENT', 'TEACHER', 'STUDENT', 'SCHEDULE_VIEWER']) {
      expect({ role, status: (await clients.get(role)!.put(equipmentPath(subject), { requirements: [] })).status }).toEqual({ role, status: 403 });
    }
    expect((await t.as('alpha').put(equipmentPath(subject), { requirements: [] })).status).toBe(401);
    expect(await requirementRows()).toEqual(before);
  });

  it('rule creation refuses a room without the equipment, naming it at the slot’s room; the laboratory is accepted', async () => {
    const body = ruleBody(u, {
      subjectId: u.subjects[0].id,
      lectureAcademicHours: 0,
      laboratoryAcademicHours: 36,
      slots: [slotBody(u, { dayOfWeek: 4, classroomId: u.classrooms[1].id, lessonTypeId: LESSON_TYPES.LABORATORY })],
    });
    const refused = await admin.post(RULES_PATH, body);
    expectErrorBody(refused.body, 400, RULES_PATH);
    expect(refused.body.field).toBe('slots[0].classroomId');
    expect(refused.body.message).toBe(`Слот 1: в аудитории «${u.classrooms[1].name}» нет оборудования «Осциллограф», нужного для лабораторных работ по дисциплине «${u.subjects[0].name}»`);
    // Online it needs no room equipment; in the laboratory it fits.
    expect((await admin.post(RULES_PATH, { ...body, slots: [{ ...body.slots[0], lessonFormat: 'Онлайн' }] })).status).toBe(200);
    const equipped = await admin.post(RULES_PATH, { ...body, slots: [{ ...body.slots[0], dayOfWeek: 5, classroomId: u.classrooms[2].id }] });
    expect(equipped.status).toBe(200);
    // A lecture of the subject needs nothing.
    expect((await admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[0].id, slots: [slotBody(u, { dayOfWeek: 3, classroomId: u.classrooms[1].id })] }))).status).toBe(200);
  });

  it('validation lists the rule stored in a room that lacks it; the rule editor’s free rooms offer only the laboratory', async () => {
    const validated = (await admin.get(`${VERSIONS}/${u.versionId}/validate`)).body as { valid: boolean; problems: { ruleId: number; type: string; message: string }[] };
    expect(validated.valid).toBe(false);
    expect(validated.problems).toContainEqual(
      expect.objectContaining({
        ruleId: labRule.id,
        type: 'INVALID_REFERENCE',
        message: `Правило №${labRule.id} «${u.subjects[0].name}»: слот 1: в аудитории «${u.classrooms[0].name}» нет оборудования «Осциллограф», нужного для лабораторных работ`,
      }),
    );
    const query = (subjectId?: number) =>
      `${RULES_PATH}/free-cells/classrooms?versionId=${u.versionId}&groupIds=${u.groups[0].id}&teacherId=${u.teachers[1].id}&lessonTypeId=${LESSON_TYPES.LABORATORY}` +
      `&dayOfWeek=1&timeSlotId=${u.timeSlots[0].id}${subjectId ? `&subjectId=${subjectId}` : ''}`;
    const free = (await admin.get(query(u.subjects[0].id))).body as { classroomId: number }[];
    expect(free.map((room) => room.classroomId)).toEqual([u.classrooms[2].id]);
    // Another subject without requirements may use any free room.
    expect(((await admin.get(query(u.subjects[1].id))).body as unknown[]).length).toBe(3);
  });

  it('«Составить расписание» moves the laboratory work into the only room that has the equipment', async () => {
    const office = clients.get('EDUCATION_OFFICE')!;
    const draft = await createVersion(office, u.semester.id, 'Черновик с лабораториями', u.versionId);
    const accepted = await office.post(`${VERSIONS}/${draft.id}/optimizations`, { mode: 'GENERATE', timeLimitSeconds: 5, seed: 1 });
    expect(accepted.status).toBe(202);
    const runner = t.app.get(OptimizationRunner);
    let job: { status: string; resultVersionId: number | null; placedSlots: number; totalSlots: number };
    const deadline = Date.now() + 120_000;
    do {
      await runner.runRound();
      job = (await office.get(`${JOBS}/${(accepted.body as { id: number }).id}`)).body;
      if (Date.now() > deadline) throw new Error(`job still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } while (['QUEUED', 'RUNNING'].includes(job.status));
    expect(job).toMatchObject({ status: 'SUCCEEDED' });
    expect(job.placedSlots).toBe(job.totalSlots);
    const rooms = await t.sql<{ format: string; classroom: number }>(
      'alpha',
      `SELECT sl.lesson_format AS format, sl.classroom_id AS classroom FROM schedule_rules r JOIN schedule_rule_slots sl ON sl.rule_id = r.id
        WHERE r.schedule_version_id = $1 AND r.subject_id = $2 AND sl.lesson_type_id = $3 AND r.status = 'ACTIVE'`,
      [job.resultVersionId, u.subjects[0].id, LESSON_TYPES.LABORATORY],
    );
    expect(rooms.filter((room) => room.format === 'Очно').map((room) => room.classroom)).toEqual([u.classrooms[2].id, u.classrooms[2].id]);
    const checked = (await office.get(`${VERSIONS}/${job.resultVersionId}/validate`)).body as { problems: { type: string }[] };
    expect(checked.problems.filter((problem) => problem.type === 'INVALID_REFERENCE')).toEqual([]);
  });

  it('deleting equipment takes it out of every requirement', async () => {
    await admin.delete(`/api/equipments/${oscilloscope}`).expect(200);
    expect(await requirementRows()).toEqual([]);
    expect(((await admin.get(equipmentPath(u.subjects[0].id))).body as { requirements: unknown[] }).requirements).toEqual([]);
  });
});
