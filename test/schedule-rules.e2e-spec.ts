import { Role } from '../src/platform/auth/roles';
import { defineReferences } from '../src/platform/database/usages';
import { expectErrorBody } from './support/factories';
import { clientsByRole, createClassroom, createSubject } from './support/resource-builders';
import {
  archiveRule,
  createRule,
  createTeachers,
  createUniversity,
  insertVersion,
  LESSON_TYPES,
  requestOf,
  RuleBody,
  ruleBody,
  RuleRequest,
  RULES_PATH,
  ruleTablesSnapshot,
  setVersionStatus,
  slotBody,
  University,
  updateRule,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { createSlot, seededGrids } from './support/time-grid-builders';

/** Schedule rules (spec 4.9): reads, create/update/archive, rules 1–7 and 13's port; conflicts live in the next file. */
/** A slot without a period (the spec's whole-semester rule). */
const WHOLE_SEMESTER = { activeFrom: null, activeTo: null, continuesSlotId: null };

describe('schedule rules (4.9)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  let u: University;
  /** Groups, subgroups, teachers, rooms and subjects by short names. */
  let g0: University['groups'][number];
  let g1: University['groups'][number];

  const clear = () => t.sql('alpha', `DELETE FROM schedule_rules`);

  /** Sends `request`, expects `status` with the common body and `message`, and that no rule row changed. */
  async function refused(
    send: () => Promise<{ status: number; body: Record<string, unknown> }>,
    status: number,
    path: string,
    message?: string | RegExp,
  ): Promise<Record<string, unknown>> {
    const before = await ruleTablesSnapshot(t);
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await ruleTablesSnapshot(t)).toEqual(before);
    return response.body;
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { slotTimes: [['08:30', '10:00'], ['10:10', '11:40'], ['11:50', '13:20'], ['14:00', '15:30']] });
    [g0, g1] = u.groups;
    clients = await clientsByRole(t, admin, u.department.id);
  });
  afterAll(() => t.close());
  beforeEach(clear);

  describe('create and read', () => {
    it('creates a rule with lectures, laboratory work for subgroups and practice, and answers it with names', async () => {
      const body: RuleRequest = {
        scheduleVersionId: u.versionId,
        semesterId: u.semester.id,
        subjectId: u.subjects[0].id,
        lectureAcademicHours: 4,
        laboratoryAcademicHours: 8,
        practiceAcademicHours: 2,
        lectureStartWeek: 2,
        practiceStartWeek: 3,
        groupIds: [g1.id, g0.id],
        slots: [
          slotBody(u),
          {
            ...slotBody(u, { dayOfWeek: 3, parity: 'ODD', timeSlotId: u.timeSlots[1].id, lessonTypeId: LESSON_TYPES.LABORATORY }),
            subgroupIds: [g0.subgroups[0].id],
            subgroupId: g1.subgroups[1].id,
          },
          slotBody(u, {
            dayOfWeek: 4,
            parity: 'EVEN',
            timeSlotId: u.timeSlots[2].id,
            teacherId: u.teachers[1].id,
            classroomId: u.classrooms[1].id,
            lessonTypeId: LESSON_TYPES.PRACTICE,
            lessonFormat: 'Онлайн',
          }),
        ],
      };
      const response = await admin.post(RULES_PATH, body);
      expect(response.status).toBe(200);
      const rule = response.body as RuleBody;
      const [first, second, third] = rule.slots.map((slot) => slot.id);
      expect(second).toBe(first + 1);
      expect(third).toBe(first + 2);
      const teacher0 = { teacherId: u.teachers[0].id, teacherName: u.teachers[0].fullName };
      const room0 = { classroomId: u.classrooms[0].id, classroomName: u.classrooms[0].name };
      expect(rule).toEqual({
        id: expect.any(Number),
        scheduleVersionId: u.versionId,
        semesterId: u.semester.id,
        subjectId: u.subjects[0].id,
        subjectName: u.subjects[0].name,
        status: 'ACTIVE',
        lectureAcademicHours: 4,
        laboratoryAcademicHours: 8,
        practiceAcademicHours: 2,
        lectureStartWeek: 2,
        laboratoryStartWeek: 1,
        practiceStartWeek: 3,
        groupIds: [g0.id, g1.id],
        groupNames: [g0.name, g1.name],
        activeTo: null,
        slots: [
          {
            id: first,
            dayOfWeek: 2,
            parity: 'BOTH',
            timeSlotId: u.timeSlots[0].id,
            subgroupId: null,
            subgroupIds: [],
            ...teacher0,
            ...room0,
            lessonTypeId: 1,
            lessonTypeName: 'Лекция',
            lessonFormat: 'Очно',
            ...WHOLE_SEMESTER,
          },
          {
            id: second,
            dayOfWeek: 3,
            parity: 'ODD',
            timeSlotId: u.timeSlots[1].id,
            subgroupId: null,
            subgroupIds: [g0.subgroups[0].id, g1.subgroups[1].id],
            ...teacher0,
            ...room0,
            lessonTypeId: 3,
            lessonTypeName: 'Лабораторная работа',
            lessonFormat: 'Очно',
            ...WHOLE_SEMESTER,
          },
          {
            id: third,
            dayOfWeek: 4,
            parity: 'EVEN',
            timeSlotId: u.timeSlots[2].id,
            subgroupId: null,
            subgroupIds: [],
            teacherId: u.teachers[1].id,
            teacherName: u.teachers[1].fullName,
            classroomId: u.classrooms[1].id,
            classroomName: u.classrooms[1].name,
            lessonTypeId: 2,
            lessonTypeName: 'Практика',
            lessonFormat: 'Онлайн',
            ...WHOLE_SEMESTER,
          },
        ],
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updatedAt: rule.createdAt,
      });

      const [stored] = await t.sql('alpha', `SELECT created_by, status, archived_at FROM schedule_rules WHERE id = $1`, [rule.id]);
      expect(stored).toEqual({ created_by: 1, status: 'ACTIVE', archived_at: null });
      expect(await t.sql('alpha', `SELECT group_id FROM schedule_rule_groups WHERE rule_id = $1 ORDER BY group_id`, [rule.id])).toEqual([
        { group_id: g0.id },
        { group_id: g1.id },
      ]);
      expect(await t.sql('alpha', `SELECT slot_id, subgroup_id FROM schedule_rule_slot_subgroups ORDER BY subgroup_id`)).toEqual([
        { slot_id: second, subgroup_id: g0.subgroups[0].id },
        { slot_id: second, subgroup_id: g1.subgroups[1].id },
      ]);

      const one = await clients.get('SCHEDULE_VIEWER')!.get(`${RULES_PATH}/${rule.id}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(rule);
    });

    it('answers subgroupId with the single subgroup of a laboratory slot (legacy form accepted alone)', async () => {
      const rule = await createRule(
        admin,
        ruleBody(u, {
          lectureAcademicHours: 0,
          laboratoryAcademicHours: 2,
          slots: [{ ...slotBody(u, { lessonTypeId: LESSON_TYPES.LABORATORY }), subgroupId: g0.subgroups[1].id }],
        }),
      );
      expect(rule.slots[0]).toMatchObject({ subgroupId: g0.subgroups[1].id, subgroupIds: [g0.subgroups[1].id] });
    });

    it('answers 404 for an unknown rule and 400 for a malformed id', async () => {
      const missing = await admin.get(`${RULES_PATH}/999999`);
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, `${RULES_PATH}/999999`, 'Правило расписания не найдено');
      const bad = await admin.get(`${RULES_PATH}/abc`);
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, `${RULES_PATH}/abc`, 'Параметр «id» должен быть положительным целым числом');
    });
  });

  describe('lists and pages', () => {
    let draftId: number;
    let spring: RuleBody;
    let physics: RuleBody;
    let chemistry: RuleBody;
    let biology: RuleBody;
    let archived: RuleBody;
    let inDraft: RuleBody;

    beforeAll(async () => {
      draftId = await insertVersion(t, u.semester.id, 'DRAFT');
    });

    beforeEach(async () => {
      const lecture = (day: number, group = g0.id) => ruleBody(u, { groupIds: [group], slots: [slotBody(u, { dayOfWeek: day })] });
      physics = await createRule(admin, { ...lecture(1), subjectId: u.subjects[0].id });
      chemistry = await createRule(admin, { ...lecture(2, g1.id), subjectId: u.subjects[1].id });
      biology = await createRule(admin, { ...lecture(3, g1.id), subjectId: u.subjects[2].id });
      archived = await archiveRule(admin, (await createRule(admin, lecture(4))).id);
      inDraft = await createRule(admin, { ...lecture(1), scheduleVersionId: draftId });
      spring = await createRule(admin, { ...lecture(1), scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id });
    });

    const ids = (body: RuleBody[]) => body.map((rule) => rule.id);

    it('lists active rules of the published versions unless a version is named, filtered by semester and group', async () => {
      const viewer = clients.get('DEPARTMENT')!;
      const all = await viewer.get(RULES_PATH);
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual([physics.id, chemistry.id, biology.id, spring.id]);
      expect(all.body[0]).toEqual(physics);

      expect(ids((await viewer.get(`${RULES_PATH}?semesterId=${u.semester.id}`)).body)).toEqual([physics.id, chemistry.id, biology.id]);
      expect(ids((await viewer.get(`${RULES_PATH}?semesterId=${u.semester.id}&groupId=${g1.id}`)).body)).toEqual([chemistry.id, biology.id]);
      expect(ids((await viewer.get(`${RULES_PATH}?versionId=${draftId}`)).body)).toEqual([inDraft.id]);
      expect(ids((await viewer.get(`${RULES_PATH}?versionId=${draftId}&semesterId=${u.springSemester.id}`)).body)).toEqual([]);
      expect(ids((await viewer.get(`${RULES_PATH}?versionId=999999`)).body)).toEqual([]);
      expect(ids((await viewer.get(`${RULES_PATH}?groupId=${g1.id}`)).body)).toEqual([chemistry.id, biology.id]);

      const bad = await viewer.get(`${RULES_PATH}?groupId=x`);
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, RULES_PATH, 'Поле «groupId» должно быть целым числом');
    });

    it('pages the active rules of a version, newest first, searching subject, group or exact id', async () => {
      const viewer = clients.get('SCHEDULE_VIEWER')!;
      const page = await viewer.get(`${RULES_PATH}/page?versionId=${u.versionId}&size=2`);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ items: [biology, chemistry], page: 0, size: 2, totalItems: 3, totalPages: 2, first: true, last: false });
      const second = await viewer.get(`${RULES_PATH}/page?versionId=${u.versionId}&size=2&page=1`);
      expect(second.body).toMatchObject({ items: [physics], page: 1, totalItems: 3, first: false, last: true });

      const search = async (query: string) =>
        ids((await viewer.get(`${RULES_PATH}/page?versionId=${u.versionId}&query=${encodeURIComponent(query)}`)).body.items);
      expect(await search(u.subjects[1].name.toUpperCase())).toEqual([chemistry.id]);
      expect(await search(g1.name.toLowerCase())).toEqual([biology.id, chemistry.id]);
      expect(await search(String(physics.id))).toEqual([physics.id]);
      expect(await search(String(archived.id))).toEqual([]);
      expect(await search('%')).toEqual([]);

      const empty = await viewer.get(`${RULES_PATH}/page?versionId=999999`);
      expect(empty.body).toEqual({ items: [], page: 0, size: 25, totalItems: 0, totalPages: 0, first: true, last: true });
    });

    it('refuses a page without versionId or with a size outside 1..100 (400)', async () => {
      const path = `${RULES_PATH}/page`;
      for (const [query, message] of [
        ['', 'Поле «versionId» обязательно'],
        ['?versionId=0', 'Поле «versionId» должно быть положительным числом'],
        [`?versionId=${u.versionId}&size=0`, 'Поле «size» должно быть не меньше 1'],
        [`?versionId=${u.versionId}&size=101`, 'Поле «size» должно быть не больше 100'],
      ]) {
        const response = await admin.get(`${path}${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
        expectErrorBody(response.body, 400, path, message);
      }
    });
  });

  describe('update', () => {
    it('keeps the ids of slots sent with their id, adds new ones, deletes missing ones and replaces groups', async () => {
      const lab = LESSON_TYPES.LABORATORY;
      const rule = await createRule(
        admin,
        ruleBody(u, {
          laboratoryAcademicHours: 4,
          slots: [
            slotBody(u),
            { ...slotBody(u, { dayOfWeek: 3, lessonTypeId: lab }), subgroupIds: [g0.subgroups[0].id] },
            slotBody(u, { dayOfWeek: 5 }),
          ],
        }),
      );
      const [lecture, labSlot, dropped] = rule.slots;
      const body = requestOf(rule);
      body.groupIds = [g0.id, g1.id];
      body.lectureAcademicHours = 6;
      body.slots = [
        { ...body.slots[1], subgroupIds: [g0.subgroups[1].id, g1.subgroups[0].id], classroomId: u.classrooms[2].id },
        { ...body.slots[0], timeSlotId: u.timeSlots[3].id, lessonFormat: 'Онлайн' },
        slotBody(u, { dayOfWeek: 6 }),
      ];
      const updated = await updateRule(admin, rule.id, body);

      expect(updated.groupIds).toEqual([g0.id, g1.id]);
      expect(updated.lectureAcademicHours).toBe(6);
      expect(updated.createdAt).toBe(rule.createdAt);
      expect(updated.updatedAt > rule.updatedAt).toBe(true);
      expect(updated.slots.map((slot) => [slot.id, slot.dayOfWeek, slot.timeSlotId, slot.classroomId, slot.lessonFormat, slot.subgroupIds])).toEqual([
        [lecture.id, 2, u.timeSlots[3].id, u.classrooms[0].id, 'Онлайн', []],
        [labSlot.id, 3, u.timeSlots[0].id, u.classrooms[2].id, 'Очно', [g0.subgroups[1].id, g1.subgroups[0].id]],
        [expect.any(Number), 6, u.timeSlots[0].id, u.classrooms[0].id, 'Очно', []],
      ]);
      expect(updated.slots[2].id).toBeGreaterThan(dropped.id);
      expect(await t.sql('alpha', `SELECT id FROM schedule_rule_slots WHERE id = $1`, [dropped.id])).toEqual([]);
      expect((await admin.get(`${RULES_PATH}/${rule.id}`)).body).toEqual(updated);
    });

    it('refuses a slot id of another rule, a repeated slot id, and moving the rule to another version (400)', async () => {
      const other = await createRule(admin, ruleBody(u, { slots: [slotBody(u, { dayOfWeek: 1 })] }));
      const rule = await createRule(admin, ruleBody(u));
      const path = `${RULES_PATH}/${rule.id}`;
      const body = requestOf(rule);
      await refused(
        () => admin.put(path, { ...body, slots: [{ ...body.slots[0], id: other.slots[0].id }] }),
        400,
        path,
        `Слот 1: у правила нет слота с идентификатором ${other.slots[0].id}`,
      );
      await refused(
        () => admin.put(path, { ...body, slots: [body.slots[0], { ...body.slots[0], dayOfWeek: 4 }] }),
        400,
        path,
        `Слот 2: слот с идентификатором ${rule.slots[0].id} указан дважды`,
      );
      const draft = await insertVersion(t, u.semester.id, 'DRAFT');
      await refused(
        () => admin.put(path, { ...body, scheduleVersionId: draft }),
        400,
        path,
        'Правило нельзя перенести в другую версию расписания или другой семестр',
      );
      await refused(() => admin.put(`${RULES_PATH}/999999`, body), 404, `${RULES_PATH}/999999`, 'Правило расписания не найдено');
    });

    it('ignores slot ids on create (every slot is new)', async () => {
      const first = await createRule(admin, ruleBody(u));
      const second = await createRule(admin, ruleBody(u, { groupIds: [g1.id], slots: [{ ...slotBody(u, { dayOfWeek: 4 }), id: first.slots[0].id }] }));
      expect(second.slots[0].id).not.toBe(first.slots[0].id);
      expect((await admin.get(`${RULES_PATH}/${first.id}`)).body).toEqual(first);
    });
  });

  describe('archive and version status (rule 1)', () => {
    it('archives a rule: status ARCHIVED with archived_at, hidden from lists, readable by id; again is harmless', async () => {
      const rule = await createRule(admin, ruleBody(u));
      const path = `${RULES_PATH}/${rule.id}`;
      const response = await clients.get('EDUCATION_OFFICE')!.delete(path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...rule, status: 'ARCHIVED', updatedAt: expect.any(String) });
      const [row] = await t.sql<{ archived_at: Date | null }>('alpha', `SELECT archived_at FROM schedule_rules WHERE id = $1`, [rule.id]);
      expect(row.archived_at).toBeInstanceOf(Date);

      expect((await admin.get(RULES_PATH)).body).toEqual([]);
      expect((await admin.get(path)).body.status).toBe('ARCHIVED');
      const again = await admin.delete(path);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(response.body);

      await refused(() => admin.put(path, requestOf(rule)), 409, path, 'Правило в архиве: изменить его нельзя');
      await refused(() => admin.delete(`${RULES_PATH}/999999`), 404, `${RULES_PATH}/999999`, 'Правило расписания не найдено');
    });

    it('refuses to create, change or archive rules of an ARCHIVED version (409) and changes nothing', async () => {
      const rule = await createRule(admin, ruleBody(u));
      await setVersionStatus(t, u.versionId, 'ARCHIVED');
      try {
        const message = 'Версия в архиве доступна только для чтения';
        await refused(() => admin.post(RULES_PATH, ruleBody(u, { groupIds: [g1.id] })), 409, RULES_PATH, message);
        const path = `${RULES_PATH}/${rule.id}`;
        await refused(() => admin.put(path, { ...requestOf(rule), lectureAcademicHours: 6 }), 409, path, message);
        await refused(() => admin.delete(path), 409, path, message);
      } finally {
        await setVersionStatus(t, u.versionId, 'PUBLISHED');
      }
    });

    it('works in a DRAFT version, isolated from the published one', async () => {
      const draft = await insertVersion(t, u.semester.id, 'DRAFT');
      const published = await createRule(admin, ruleBody(u));
      const drafted = await createRule(admin, ruleBody(u, { scheduleVersionId: draft }));
      expect(drafted.scheduleVersionId).toBe(draft);
      expect((await admin.get(RULES_PATH)).body.map((rule: RuleBody) => rule.id)).toEqual([published.id]);
      expect((await updateRule(admin, drafted.id, { ...requestOf(drafted), lectureAcademicHours: 8 })).lectureAcademicHours).toBe(8);
      expect((await archiveRule(admin, drafted.id)).status).toBe('ARCHIVED');
    });

    it('requires a version of the given semester and an existing semester (400)', async () => {
      await refused(() => admin.post(RULES_PATH, ruleBody(u, { scheduleVersionId: 999999 })), 400, RULES_PATH, 'Версия расписания не найдена');
      await refused(
        () => admin.post(RULES_PATH, ruleBody(u, { scheduleVersionId: u.springVersionId })),
        400,
        RULES_PATH,
        'Версия расписания относится к другому семестру',
      );
      await refused(() => admin.post(RULES_PATH, ruleBody(u, { semesterId: 999999 })), 400, RULES_PATH, 'Семестр не найден');
      const { scheduleVersionId: _omitted, ...withoutVersion } = ruleBody(u);
      await refused(() => admin.post(RULES_PATH, withoutVersion), 400, RULES_PATH, 'Поле «scheduleVersionId» обязательно');
    });
  });

  describe('validation (rules 2–7)', () => {
    type Mutation = (body: RuleRequest) => RuleRequest;
    const withSlot = (fields: Record<string, unknown>): Mutation => (body) => ({ ...body, slots: [{ ...body.slots[0], ...fields }] });
    const lab = (fields: Record<string, unknown> = {}): Mutation => (body) => ({
      ...body,
      lectureAcademicHours: 0,
      laboratoryAcademicHours: 2,
      groupIds: [g0.id, g1.id],
      slots: [{ ...body.slots[0], lessonTypeId: LESSON_TYPES.LABORATORY, ...fields }],
    });

    it('refuses malformed bodies with a message naming the field (400)', async () => {
      const cases: [string, Mutation, string][] = [
        ['odd hours', (b) => ({ ...b, lectureAcademicHours: 3 }), 'Поле «lectureAcademicHours» должно быть кратно 2'],
        ['negative hours', (b) => ({ ...b, practiceAcademicHours: -2 }), 'Поле «practiceAcademicHours» должно быть не меньше 0'],
        ['missing hours', (b) => ({ ...b, laboratoryAcademicHours: undefined as unknown as number }), 'Поле «laboratoryAcademicHours» обязательно'],
        ['start week 0', (b) => ({ ...b, lectureStartWeek: 0 }), 'Поле «lectureStartWeek» должно быть не меньше 1'],
        ['no groups', (b) => ({ ...b, groupIds: [] }), 'Поле «groupIds» должно содержать хотя бы одну группу'],
        ['repeated group', (b) => ({ ...b, groupIds: [g0.id, g0.id] }), 'Поле «groupIds» не должно содержать повторяющихся групп'],
        ['slots missing', (b) => ({ ...b, slots: undefined as unknown as [] }), 'Поле «slots» обязательно'],
        ['day 8', withSlot({ dayOfWeek: 8 }), 'Поле «slots[0].dayOfWeek» должно быть не больше 7'],
        ['parity', withSlot({ parity: 'WEEKLY' }), 'Поле «slots[0].parity» должно иметь одно из значений: BOTH, ODD, EVEN'],
        ['format', withSlot({ lessonFormat: 'Заочно' }), 'Поле «slots[0].lessonFormat» должно иметь одно из значений: Очно, Онлайн'],
        ['teacher missing', withSlot({ teacherId: undefined }), 'Поле «slots[0].teacherId» обязательно'],
        ['subgroupIds not a list', withSlot({ subgroupIds: 5 }), 'Поле «slots[0].subgroupIds» должно быть массивом идентификаторов'],
      ];
      for (const [name, mutate, message] of cases) {
        const response = await admin.post(RULES_PATH, mutate(ruleBody(u)));
        // The quoted property is also the body's `field`, nested ones as a client writes them (`slots[0].teacherId`).
        const field = /«([^»]+)»/.exec(message)?.[1];
        expect({ name, status: response.status, message: response.body.message, field: response.body.field }).toEqual({ name, status: 400, message, field });
      }
      expect(await ruleTablesSnapshot(t)).toEqual({ rules: [], groups: [], slots: [], subgroups: [] });
    });

    it('refuses hours that do not match the slots and start weeks beyond the semester (rule 5)', async () => {
      const cases: [Mutation, string][] = [
        [(b) => ({ ...b, lectureAcademicHours: 0 }), 'Хотя бы один вид занятий должен иметь положительное число часов'],
        [(b) => ({ ...b, practiceAcademicHours: 4 }), 'Для практик указано 4 ч, но нет ни одного слота этого вида'],
        [(b) => ({ ...b, slots: [] }), 'Для лекций указано 4 ч, но нет ни одного слота этого вида'],
        [
          (b) => ({ ...b, slots: [b.slots[0], slotBody(u, { dayOfWeek: 3, lessonTypeId: LESSON_TYPES.PRACTICE })] }),
          'Слот 2: для практик не указаны часы',
        ],
        // The autumn semester runs from Tuesday 1 September to Thursday 31 December: 18 weeks.
        [(b) => ({ ...b, lectureStartWeek: 19 }), 'Поле «lectureStartWeek» не может быть больше числа недель семестра (18)'],
        [(b) => ({ ...b, laboratoryStartWeek: 19 }), 'Поле «laboratoryStartWeek» не может быть больше числа недель семестра (18)'],
      ];
      for (const [mutate, message] of cases) await refused(() => admin.post(RULES_PATH, mutate(ruleBody(u))), 400, RULES_PATH, message);
      expect((await createRule(admin, ruleBody(u, { lectureStartWeek: 18, lectureAcademicHours: 2 }))).lectureStartWeek).toBe(18);
    });

    it('refuses ids that do not exist (rule 6), naming the property as `field`', async () => {
      const cases: [Mutation, string, string][] = [
        [(b) => ({ ...b, subjectId: 999999 }), 'Дисциплина не найдена', 'subjectId'],
        [(b) => ({ ...b, groupIds: [g0.id, 999998, 999999] }), 'Группы не найдены: 999998, 999999', 'groupIds'],
        [withSlot({ timeSlotId: 999999 }), 'Слот 1: пара (временной слот) 999999 не найдена', 'slots[0].timeSlotId'],
        [withSlot({ teacherId: 999999 }), 'Слот 1: преподаватель 999999 не найден', 'slots[0].teacherId'],
        [withSlot({ classroomId: 999999 }), 'Слот 1: аудитория 999999 не найдена', 'slots[0].classroomId'],
        [withSlot({ lessonTypeId: 9 }), 'Слот 1: вид занятия 9 не найден', 'slots[0].lessonTypeId'],
        [lab({ subgroupIds: [999999] }), 'Слот 1: подгруппа 999999 не найдена', 'slots[0].subgroupIds'],
        [
          (b) => ({ ...b, lectureAcademicHours: 4, slots: [b.slots[0], { ...b.slots[0], dayOfWeek: 4, classroomId: 999999 }] }),
          'Слот 2: аудитория 999999 не найдена',
          'slots[1].classroomId',
        ],
      ];
      for (const [mutate, message, field] of cases) {
        const body = await refused(() => admin.post(RULES_PATH, mutate(ruleBody(u))), 400, RULES_PATH, message);
        expect({ message, field: body.field }).toEqual({ message, field });
      }
    });

    it('accepts only base-grid pairs (rule 3), teachers (rule 7) and laboratory subgroups of the rule groups (rule 4)', async () => {
      const { saturday } = await seededGrids(admin);
      const saturdayPair = await createSlot(admin, saturday.id, 1, '09:00', '10:30');
      const other = await createUniversity(t, admin, { year: u, timeSlots: u.timeSlots, department: u.department, teachers: 0, groups: 1, classrooms: 0, subjects: 0 });
      const foreign = other.groups[0];
      const cases: [Mutation, string][] = [
        [withSlot({ timeSlotId: saturdayPair.id }), 'Слот 1: пара должна быть из основной сетки'],
        [withSlot({ teacherId: 1 }), 'Слот 1: пользователь «Администратор» не является преподавателем'],
        [withSlot({ subgroupIds: [g0.subgroups[0].id] }), 'Слот 1: подгруппы указываются только для лабораторных работ'],
        [
          (b) => ({ ...b, lectureAcademicHours: 0, practiceAcademicHours: 2, slots: [{ ...b.slots[0], lessonTypeId: LESSON_TYPES.PRACTICE, subgroupId: g0.subgroups[0].id }] }),
          'Слот 1: подгруппы указываются только для лабораторных работ',
        ],
        [
          lab({ subgroupIds: [foreign.subgroups[0].id] }),
          `Слот 1: подгруппа «${foreign.subgroups[0].name}» группы «${foreign.name}» не относится к группам правила`,
        ],
        [
          lab({ subgroupIds: [g1.subgroups[0].id], subgroupId: g1.subgroups[1].id }),
          `Слот 1: в одном слоте может быть только одна подгруппа группы «${g1.name}»`,
        ],
      ];
      const [adminRow] = await t.sql<{ full_name: string }>('alpha', `SELECT full_name FROM users WHERE id = 1`);
      for (const [mutate, message] of cases) {
        await refused(() => admin.post(RULES_PATH, mutate(ruleBody(u))), 400, RULES_PATH, message.replace('Администратор', adminRow.full_name));
      }
      const accepted = await createRule(admin, lab({ subgroupIds: [g0.subgroups[0].id, g1.subgroups[1].id], subgroupId: g0.subgroups[0].id })(ruleBody(u)));
      expect(accepted.slots[0].subgroupIds).toEqual([g0.subgroups[0].id, g1.subgroups[1].id]);
    });

    it('refuses archived teachers, rooms, groups and subjects chosen anew, but keeps those a rule already had', async () => {
      const [teacher] = await createTeachers(admin, u.department.id, 1);
      const room = await createClassroom(admin);
      const subject = await createSubject(admin, u.department.id);
      const other = await createUniversity(t, admin, { year: u, timeSlots: u.timeSlots, department: u.department, teachers: 0, groups: 1, classrooms: 0, subjects: 0 });
      const group = other.groups[0];
      const rule = await createRule(
        admin,
        ruleBody(u, { subjectId: subject.id, groupIds: [group.id], slots: [slotBody(u, { teacherId: teacher.id, classroomId: room.id })] }),
      );
      for (const path of [`/api/users/${teacher.id}`, `/api/classrooms/${room.id}`, `/api/groups/${group.id}`, `/api/subjects/${subject.id}`]) {
        expect({ path, status: (await admin.delete(path)).status }).toEqual({ path, status: 200 });
      }
      // The subject is referenced by the rule, so it was archived rather than deleted.
      expect(await t.sql('alpha', `SELECT archived_at IS NOT NULL AS archived FROM subjects WHERE id = $1`, [subject.id])).toEqual([{ archived: true }]);

      const fresh = ruleBody(u, { groupIds: [g1.id], slots: [slotBody(u, { dayOfWeek: 5 })] });
      await refused(() => admin.post(RULES_PATH, { ...fresh, subjectId: subject.id }), 400, RULES_PATH, `Дисциплина «${subject.name}» в архиве: выберите действующую`);
      await refused(() => admin.post(RULES_PATH, { ...fresh, groupIds: [group.id] }), 400, RULES_PATH, `Группа «${group.name}» в архиве: выберите действующую`);
      await refused(
        () => admin.post(RULES_PATH, { ...fresh, slots: [{ ...fresh.slots[0], teacherId: teacher.id }] }),
        400,
        RULES_PATH,
        `Слот 1: преподаватель «${teacher.fullName}» в архиве: выберите действующего`,
      );
      await refused(
        () => admin.post(RULES_PATH, { ...fresh, slots: [{ ...fresh.slots[0], classroomId: room.id }] }),
        400,
        RULES_PATH,
        `Слот 1: аудитория «${room.name}» в архиве: выберите действующую`,
      );

      const kept = await updateRule(admin, rule.id, { ...requestOf(rule), lectureAcademicHours: 8, slots: [...requestOf(rule).slots, slotBody(u, { dayOfWeek: 4, teacherId: teacher.id, classroomId: room.id })] });
      expect(kept.lectureAcademicHours).toBe(8);
      expect(kept.slots).toHaveLength(2);
    });

    describe('slots referenced elsewhere (rule 2)', () => {
      // Overrides, teacher requests and absence decisions come later: a stand-in table plays their part.
      let undeclare = (): void => undefined;
      beforeAll(async () => {
        await t.sql('alpha', `CREATE TABLE test_lesson_refs (id serial PRIMARY KEY, rule_slot_id integer NOT NULL)`);
        undeclare = defineReferences('rule-slot', [{ sql: 'SELECT rule_slot_id AS id FROM test_lesson_refs', noun: ['ссылка', 'ссылки', 'ссылок'] }]);
      });
      afterAll(async () => {
        undeclare();
        await t.sql('alpha', `DROP TABLE test_lesson_refs`);
      });

      it('refuses to delete a referenced slot (400) and deletes it once unreferenced', async () => {
        const rule = await createRule(admin, ruleBody(u, { slots: [slotBody(u), slotBody(u, { dayOfWeek: 3 })] }));
        await t.sql('alpha', `INSERT INTO test_lesson_refs (rule_slot_id) VALUES ($1)`, [rule.slots[1].id]);
        const path = `${RULES_PATH}/${rule.id}`;
        const body = requestOf(rule);
        await refused(
          () => admin.put(path, { ...body, slots: [body.slots[0]] }),
          400,
          path,
          'Нельзя удалить слоты правила, на которые ссылаются разовые изменения, заявки преподавателей или решения по отсутствиям',
        );
        // Changing a referenced slot in place keeps its id, so it is allowed.
        const moved = await updateRule(admin, rule.id, { ...body, slots: [body.slots[0], { ...body.slots[1], dayOfWeek: 4 }] });
        expect(moved.slots.map((slot) => [slot.id, slot.dayOfWeek])).toEqual([
          [rule.slots[0].id, 2],
          [rule.slots[1].id, 4],
        ]);
        await t.sql('alpha', `DELETE FROM test_lesson_refs`);
        const updated = await updateRule(admin, rule.id, { ...body, slots: [body.slots[0]] });
        expect(updated.slots.map((slot) => slot.id)).toEqual([rule.slots[0].id]);
      });
    });
  });

  describe('tables that now refer to rules', () => {
    it('keeps used time slots, subgroups and academic years from deletion', async () => {
      const rule = await createRule(
        admin,
        ruleBody(u, { lectureAcademicHours: 0, laboratoryAcademicHours: 2, slots: [{ ...slotBody(u, { lessonTypeId: LESSON_TYPES.LABORATORY }), subgroupIds: [g0.subgroups[0].id] }] }),
      );
      const slotPath = `/api/admin/time-slots/${u.timeSlots[0].id}`;
      const slotDelete = await admin.delete(slotPath);
      expect(slotDelete.status).toBe(400);
      expectErrorBody(slotDelete.body, 400, slotPath, /используют правила расписания \(1\)/);

      const subgroupPath = `/api/groups/${g0.id}/subgroups/${g0.subgroups[0].id}`;
      const subgroupDelete = await admin.delete(subgroupPath);
      expect(subgroupDelete.status).toBe(400);
      expectErrorBody(subgroupDelete.body, 400, subgroupPath, `Подгруппу «${g0.subgroups[0].name}» нельзя удалить: она используется в расписании`);

      const yearPath = `/api/admin/calendar/years/${u.year.id}`;
      const yearDelete = await admin.delete(yearPath);
      expect(yearDelete.status).toBe(409);
      expectErrorBody(yearDelete.body, 409, yearPath, /1 правило расписания/);
      expect(rule.id).toBeGreaterThan(0);
    });
  });

  describe('roles', () => {
    it('lets EDUCATION_OFFICE create, change and archive rules', async () => {
      const office = clients.get('EDUCATION_OFFICE')!;
      const rule = await createRule(office, ruleBody(u));
      expect((await updateRule(office, rule.id, { ...requestOf(rule), lectureAcademicHours: 6 })).lectureAcademicHours).toBe(6);
      expect((await archiveRule(office, rule.id)).status).toBe('ARCHIVED');
    });

    it('lets DEPARTMENT and SCHEDULE_VIEWER read but not write; refuses TEACHER and STUDENT entirely (403)', async () => {
      const rule = await createRule(admin, ruleBody(u));
      const path = `${RULES_PATH}/${rule.id}`;
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER'] as Role[]) {
        const client = clients.get(role)!;
        for (const read of [RULES_PATH, `${RULES_PATH}/page?versionId=${u.versionId}`, path]) {
          expect({ role, read, status: (await client.get(read)).status }).toEqual({ role, read, status: 200 });
        }
      }
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        const client = clients.get(role)!;
        await refused(() => client.post(RULES_PATH, ruleBody(u, { groupIds: [g1.id] })), 403, RULES_PATH);
        await refused(() => client.put(path, { ...requestOf(rule), lectureAcademicHours: 6 }), 403, path);
        await refused(() => client.delete(path), 403, path);
      }
      for (const role of ['TEACHER', 'STUDENT'] as Role[]) {
        for (const read of [RULES_PATH, `${RULES_PATH}/page?versionId=${u.versionId}`, path]) {
          const response = await clients.get(role)!.get(read);
          expect({ role, read, status: response.status }).toEqual({ role, read, status: 403 });
        }
      }
      const anonymous = await t.as('alpha').get(RULES_PATH);
      expect(anonymous.status).toBe(401);
    });
  });
});
