import { expectErrorBody } from './support/factories';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import {
  createRule,
  createUniversity,
  createVersion,
  LESSON_TYPES,
  RuleBody,
  ruleBody,
  RuleRequest,
  RULES_PATH,
  slotBody,
  University,
  VERSIONS_PATH,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Unplaced lessons in a draft (issue 43, part 1): a slot without day, pair and room. Accepted only in
 * a DRAFT, shown by the rules API with nulls, listed by validation as UNPLACED, never laid out as
 * lessons, carried by copies and diffs, and a version holding one cannot be published.
 */
describe('unplaced lessons in a draft (issue 43)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;

  const QUALITY_PATH = '/api/edu-office/schedule/quality';

  /** A lecture slot with no day, pair or room (the fields left out, as a teaching plan has them). */
  const unplacedSlot = (fields: Record<string, unknown> = {}) => {
    const { dayOfWeek: _day, timeSlotId: _pair, classroomId: _room, ...rest } = slotBody(u, fields);
    return rest;
  };
  const unplacedShape = { dayOfWeek: null, timeSlotId: null, classroomId: null, classroomName: null };

  /** Every schedule table a refusal must leave as it was. */
  async function scheduleState() {
    const [versions, events, rules, slots, subgroups] = await Promise.all([
      t.sql('alpha', `SELECT * FROM schedule_versions ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_version_events ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_rules ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_rule_slots ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_rule_slot_subgroups ORDER BY slot_id, subgroup_id`),
    ]);
    return { versions, events, rules, slots, subgroups };
  }

  async function refused(send: () => Promise<{ status: number; body: Record<string, unknown> }>, status: number, path: string, message: string | RegExp, field?: string) {
    const before = await scheduleState();
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(response.body.field).toBe(field);
    expect(await scheduleState()).toEqual(before);
  }

  const draftOf = async (name: string, semesterId = u.semester.id, basedOn?: number) => (await createVersion(admin, semesterId, name, basedOn)).id;
  const onDraft = (draftId: number, fields: Partial<RuleRequest> = {}) => ruleBody(u, { scheduleVersionId: draftId, ...fields });

  beforeAll(async () => {
    // Before the semester: a draft's publication changes no past lesson (listed by validation mid-semester, issue 45 §2).
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  describe('the rules API', () => {
    it('creates a rule of a draft with unplaced slots (fields left out or null) and shows them with nulls, the teacher named', async () => {
      const draftId = await draftOf('План нагрузки');
      const response = await admin.post(
        RULES_PATH,
        onDraft(draftId, {
          lectureAcademicHours: 8,
          slots: [slotBody(u), unplacedSlot() as never, { ...slotBody(u, { teacherId: u.teachers[1].id }), dayOfWeek: null, timeSlotId: null, classroomId: null } as never],
        }),
      );
      expect(response.status).toBe(200);
      const rule = response.body as RuleBody;
      expect(rule.slots).toEqual([
        expect.objectContaining({ dayOfWeek: 2, timeSlotId: u.timeSlots[0].id, classroomId: u.classrooms[0].id }),
        { ...slotShape(rule.slots[1].id, u.teachers[0]), ...unplacedShape },
        { ...slotShape(rule.slots[2].id, u.teachers[1]), ...unplacedShape },
      ]);
      const one = await admin.get(`${RULES_PATH}/${rule.id}`);
      expect(one.body).toEqual(rule);
      const [stored] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM schedule_rule_slots WHERE rule_id = $1 AND day_of_week IS NULL`, [rule.id]);
      expect(stored.count).toBe(2);
    });

    it('places an unplaced slot later by updating the rule (its id kept), and may take the place away again in a draft', async () => {
      const draftId = await draftOf('Черновик размещения');
      const rule = await createRule(admin, onDraft(draftId, { slots: [unplacedSlot() as never] }));
      const slotId = rule.slots[0].id;
      const placed = await admin.put(`${RULES_PATH}/${rule.id}`, onDraft(draftId, { slots: [slotBody(u, { id: slotId, dayOfWeek: 4 })] }));
      expect(placed.status).toBe(200);
      expect((placed.body as RuleBody).slots).toEqual([expect.objectContaining({ id: slotId, dayOfWeek: 4, timeSlotId: u.timeSlots[0].id, classroomId: u.classrooms[0].id })]);

      const unplaced = await admin.put(`${RULES_PATH}/${rule.id}`, onDraft(draftId, { slots: [{ ...unplacedSlot(), id: slotId } as never] }));
      expect(unplaced.status).toBe(200);
      expect((unplaced.body as RuleBody).slots).toEqual([{ ...slotShape(slotId, u.teachers[0]), ...unplacedShape }]);
    });

    it('refuses a slot with only some of day, pair and room (400 naming the slot), whatever the version', async () => {
      const draftId = await draftOf('Черновик с половиной слота');
      const half = { ...unplacedSlot(), dayOfWeek: 3 };
      const together = /^Слот \d: день недели, пара и аудитория указываются вместе/;
      await refused(() => admin.post(RULES_PATH, onDraft(draftId, { slots: [slotBody(u), half as never] })), 400, RULES_PATH, together, 'slots[1].timeSlotId');
      await refused(() => admin.post(RULES_PATH, ruleBody(u, { slots: [{ ...slotBody(u), classroomId: null } as never] })), 400, RULES_PATH, together, 'slots[0].classroomId');
    });

    it('names the body\'s own slots in a clash between placed slots, unplaced ones counted in their places', async () => {
      const draftId = await draftOf('Черновик с пересечением');
      const body = onDraft(draftId, {
        lectureAcademicHours: 8,
        slots: [unplacedSlot() as never, slotBody(u), slotBody(u, { classroomId: u.classrooms[1].id })],
      });
      const before = await scheduleState();
      const response = await admin.post(RULES_PATH, body);
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/^Слоты 2 и 3 этого правила пересекаются/);
      expect(response.body.field).toBe('slots[2]');
      expect(response.body.conflictSlot).toMatchObject({ slotIndex: 1, dayOfWeek: 2 });
      expect(await scheduleState()).toEqual(before);
    });

    it('refuses unplaced slots in the published version with 400, on create and on update, and changes nothing', async () => {
      await refused(
        () => admin.post(RULES_PATH, ruleBody(u, { lectureAcademicHours: 8, slots: [slotBody(u), unplacedSlot() as never] })),
        400,
        RULES_PATH,
        /^Слот 2: неразмещённое занятие \(без дня недели, пары и аудитории\) возможно только в черновике/,
        'slots[1].dayOfWeek',
      );
      const published = await createRule(admin, ruleBody(u, { slots: [slotBody(u, { dayOfWeek: 5 })] }));
      const path = `${RULES_PATH}/${published.id}`;
      await refused(
        () => admin.put(path, ruleBody(u, { slots: [{ ...unplacedSlot(), id: published.slots[0].id } as never] })),
        400,
        path,
        /возможно только в черновике/,
        'slots[0].dayOfWeek',
      );
      await admin.delete(path);
    });

    it('the database itself refuses an unplaced slot outside a draft, and half a placement anywhere', async () => {
      const published = await createRule(admin, ruleBody(u, { slots: [slotBody(u, { dayOfWeek: 6 })] }));
      await expect(t.sql('alpha', `UPDATE schedule_rule_slots SET day_of_week = NULL, time_slot_id = NULL, classroom_id = NULL WHERE id = $1`, [published.slots[0].id]))
        .rejects.toMatchObject({ code: '23514', constraint: 'ck_schedule_rule_slots_unplaced_draft' });
      await expect(t.sql('alpha', `UPDATE schedule_rule_slots SET classroom_id = NULL WHERE id = $1`, [published.slots[0].id]))
        .rejects.toMatchObject({ code: '23514', constraint: 'ck_schedule_rule_slots_placement' });

      const draftId = await draftOf('Черновик для проверки базы');
      const rule = await createRule(admin, onDraft(draftId, { slots: [unplacedSlot() as never] }));
      await expect(t.sql('alpha', `UPDATE schedule_versions SET status = 'PUBLISHED', published_at = now() WHERE id = $1`, [draftId]))
        .rejects.toMatchObject({ code: '23514', constraint: 'ck_schedule_versions_slots_placed' });
      expect(await t.sql('alpha', `SELECT status FROM schedule_versions WHERE id = $1`, [draftId])).toEqual([{ status: 'DRAFT' }]);
      await admin.delete(`${RULES_PATH}/${rule.id}`);
      await admin.delete(`${RULES_PATH}/${published.id}`);
    });
  });

  describe('a draft holding unplaced slots', () => {
    let draftId: number;
    let rule: RuleBody;
    let onlyUnplaced: RuleBody;

    beforeAll(async () => {
      draftId = await draftOf('Черновик семестра');
      // 4 lecture hours: the placed Thursday slot carries both lessons; the unplaced one has none.
      rule = await createRule(admin, onDraft(draftId, { slots: [slotBody(u, { dayOfWeek: 4 }), unplacedSlot({ teacherId: u.teachers[1].id }) as never] }));
      onlyUnplaced = await createRule(
        admin,
        onDraft(draftId, {
          subjectId: u.subjects[1].id,
          lectureAcademicHours: 0,
          laboratoryAcademicHours: 4,
          groupIds: [u.groups[1].id],
          slots: [
            unplacedSlot({ lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [u.groups[1].subgroups[0].id] }) as never,
            unplacedSlot({ lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [u.groups[1].subgroups[0].id] }) as never,
          ],
        }),
      );
    });

    it('is validated with one UNPLACED problem per unplaced slot, and only the placed slot laid out as lessons', async () => {
      const response = await admin.get(`${VERSIONS_PATH}/${draftId}/validate`);
      expect(response.status).toBe(200);
      const teacher = (index: number) => u.teachers[index].fullName;
      expect(response.body).toEqual({
        versionId: draftId,
        valid: false,
        ruleCount: 2,
        checkedLessonCount: 2,
        problemCount: 3,
        unplacedSlotCount: 3,
        pastLessonCount: 0,
        problemsTruncated: false,
        problems: [
          {
            ruleId: rule.id,
            scheduleRuleSlotId: rule.slots[1].id,
            type: 'UNPLACED',
            message: `Правило №${rule.id} «${rule.subjectName}»: слот 2 (лекция, ${teacher(1)}) не размещён: не выбраны день недели, пара и аудитория`,
          },
          {
            ruleId: onlyUnplaced.id,
            scheduleRuleSlotId: onlyUnplaced.slots[0].id,
            type: 'UNPLACED',
            message: `Правило №${onlyUnplaced.id} «${onlyUnplaced.subjectName}»: слот 1 (лабораторная работа, ${teacher(0)}) не размещён: не выбраны день недели, пара и аудитория`,
          },
          {
            ruleId: onlyUnplaced.id,
            scheduleRuleSlotId: onlyUnplaced.slots[1].id,
            type: 'UNPLACED',
            message: `Правило №${onlyUnplaced.id} «${onlyUnplaced.subjectName}»: слот 2 (лабораторная работа, ${teacher(0)}) не размещён: не выбраны день недели, пара и аудитория`,
          },
        ],
      });
    });

    it('cannot be published: 409 naming how many lessons are unplaced, and nothing changes', async () => {
      const path = `${VERSIONS_PATH}/${draftId}/publish`;
      await refused(
        () => admin.post(path, { reason: 'Семестр готов' }),
        409,
        path,
        new RegExp(`^В версии 3 неразмещённых занятия: Правило №${rule.id} «${rule.subjectName}»: слот 2 \\(лекция, .+\\) не размещён`),
      );
    });

    it('scores only its placed lessons, and says how many slots are unplaced', async () => {
      const response = await admin.get(`${QUALITY_PATH}?semesterId=${u.semester.id}&versionId=${draftId}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ scheduleVersionId: draftId, lessonCount: 2, unplacedSlotCount: 3 });
      const published = await admin.get(`${QUALITY_PATH}?semesterId=${u.semester.id}`);
      expect(published.body).toMatchObject({ unplacedSlotCount: 0 });
    });

    it('is copied with its unplaced slots, and the diff tells a placed slot from an unplaced one', async () => {
      const copyId = await draftOf('Копия черновика', u.semester.id, draftId);
      const copied = (await admin.get(`${RULES_PATH}?versionId=${copyId}`)).body as RuleBody[];
      const copiedRule = copied.find((item) => item.subjectId === rule.subjectId)!;
      expect(copiedRule.slots).toEqual([
        expect.objectContaining({ dayOfWeek: 4, teacherId: u.teachers[0].id }),
        expect.objectContaining({ ...unplacedShape, teacherId: u.teachers[1].id }),
      ]);
      expect(copied.find((item) => item.subjectId === onlyUnplaced.subjectId)!.slots).toEqual([
        expect.objectContaining({ ...unplacedShape, subgroupIds: [u.groups[1].subgroups[0].id] }),
        expect.objectContaining({ ...unplacedShape, subgroupIds: [u.groups[1].subgroups[0].id] }),
      ]);
      const same = await admin.get(`${VERSIONS_PATH}/${copyId}/diff?baseVersionId=${draftId}`);
      expect(same.status).toBe(200);
      expect(same.body.rules).toEqual({ added: [], removed: [], changed: [] });

      // Place the copy's unplaced lecture on Friday: the diff shows the rule's slots changed and the Friday lessons added.
      const [placedSlot, unplacedOne] = copiedRule.slots;
      const body = onDraft(copyId, { slots: [{ ...slotBody(u, { dayOfWeek: 4 }), id: placedSlot.id }, slotBody(u, { id: unplacedOne.id, dayOfWeek: 5, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id })] });
      expect((await admin.put(`${RULES_PATH}/${copiedRule.id}`, body)).status).toBe(200);
      const diff = await admin.get(`${VERSIONS_PATH}/${copyId}/diff?baseVersionId=${draftId}`);
      expect(diff.body.rules.changed).toEqual([expect.objectContaining({ ruleId: copiedRule.id, changes: ['slots'] })]);
      const added = diff.body.lessons.added as { dayOfWeek: number; teacherId: number }[];
      expect(added.length).toBeGreaterThan(0);
      expect(added.every((lesson) => lesson.dayOfWeek === 5 && lesson.teacherId === u.teachers[1].id)).toBe(true);
    });
  });

  it('an unplaced slot and a publication at the same moment: exactly one wins, and no published version holds an unplaced slot', async () => {
    const draftId = await draftOf('Черновик весны', u.springSemester.id);
    const body = ruleBody(u, { scheduleVersionId: draftId, semesterId: u.springSemester.id, slots: [unplacedSlot() as never] });
    const [published, created] = await Promise.all([
      admin.post(`${VERSIONS_PATH}/${draftId}/publish`, { reason: 'Весна' }),
      admin.post(RULES_PATH, body),
    ]);
    const outcome = [published.status, created.status];
    expect([[200, 400], [409, 200]]).toContainEqual(outcome);
    if (outcome[0] === 409) expect(published.body.message).toMatch(/^В версии 1 неразмещённое занятие: /);
    else expect(created.body.message).toMatch(/возможно только в черновике/);
    const [held] = await t.sql<{ count: number }>(
      'alpha',
      `SELECT count(*)::int AS count FROM schedule_rule_slots s JOIN schedule_rules r ON r.id = s.rule_id JOIN schedule_versions v ON v.id = r.schedule_version_id
        WHERE s.day_of_week IS NULL AND r.status = 'ACTIVE' AND v.status <> 'DRAFT'`,
    );
    expect(held.count).toBe(0);
  });

  it('once every slot is placed the draft publishes, and the formerly unplaced slot is viewed as lessons', async () => {
    const draftId = await draftOf('Черновик к публикации');
    const rule = await createRule(admin, onDraft(draftId, { subjectId: u.subjects[2].id, groupIds: [u.groups[1].id], slots: [unplacedSlot({ teacherId: u.teachers[2].id }) as never] }));
    const week = `/api/schedule?groupId=${u.groups[1].id}&startDate=2026-09-01&endDate=2026-09-30`;
    const ofRule = async () => ((await admin.get(week)).body as { scheduleRuleId: number }[]).filter((lesson) => lesson.scheduleRuleId === rule.id);

    const onlyDraftRules = (await admin.get(`${VERSIONS_PATH}/${draftId}/validate`)).body;
    expect(onlyDraftRules).toMatchObject({ ruleCount: 1, checkedLessonCount: 0, unplacedSlotCount: 1 });

    const placed = onDraft(draftId, {
      subjectId: u.subjects[2].id,
      groupIds: [u.groups[1].id],
      slots: [slotBody(u, { id: rule.slots[0].id, dayOfWeek: 3, teacherId: u.teachers[2].id, classroomId: u.classrooms[2].id })],
    });
    expect((await admin.put(`${RULES_PATH}/${rule.id}`, placed)).status).toBe(200);
    const publication = await admin.post(`${VERSIONS_PATH}/${draftId}/publish`, { reason: 'Всё размещено' });
    expect(publication.status).toBe(200);
    const lessons = await ofRule();
    expect(lessons.map((lesson) => (lesson as unknown as { date: string }).date)).toEqual(['2026-09-02', '2026-09-09']);
  });

  /** The slot fields the API answers for a lecture slot of `teacher` (day, pair and room asserted apart). */
  function slotShape(id: number, teacher: { id: number; fullName: string }) {
    return {
      id,
      parity: 'BOTH',
      subgroupId: null,
      subgroupIds: [],
      teacherId: teacher.id,
      teacherName: teacher.fullName,
      lessonTypeId: LESSON_TYPES.LECTURE,
      lessonTypeName: 'Лекция',
      lessonFormat: 'Очно',
      // No period: the slot runs the whole semester.
      activeFrom: null,
      activeTo: null,
      continuesSlotId: null,
    };
  }
});
