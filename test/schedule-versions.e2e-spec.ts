import { Role } from '../src/platform/auth/roles';
import { expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import {
  archiveRule,
  createRule,
  createScheduleYear,
  createUniversity,
  createVersion,
  insertVersion,
  LESSON_TYPES,
  publishVersion,
  requestOf,
  RuleBody,
  ruleBody,
  RULES_PATH,
  ScheduleYear,
  slotBody,
  University,
  updateRule,
  VersionBody,
  VERSIONS_PATH,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/** Schedule versions (spec 4.11): drafts and copies, validation, diff, publication, restore, history, roles. */
describe('schedule versions (4.11)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let clients: Map<Role, TenantClient>;
  let u: University;
  let adminUser: { id: number; name: string };
  let nextYear = 2030;

  const ISO_MOMENT = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  /** A fresh academic year (no calendars, so its rules have no lessons) with its two published versions 1. */
  const freshYear = (): Promise<ScheduleYear> => createScheduleYear(t, admin, nextYear++);

  /** Every version row, version event and rule row, to check that a refused request changed nothing. */
  async function versionState() {
    const [versions, events, rules, slots] = await Promise.all([
      t.sql('alpha', `SELECT * FROM schedule_versions ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_version_events ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_rules ORDER BY id`),
      t.sql('alpha', `SELECT * FROM schedule_rule_slots ORDER BY id`),
    ]);
    return { versions, events, rules, slots };
  }

  /** Sends `request`, expects `status` with the common body and `message`, and that nothing changed. */
  async function refused(
    send: () => Promise<{ status: number; body: Record<string, unknown> }>,
    status: number,
    path: string,
    message?: string | RegExp,
  ): Promise<void> {
    const before = await versionState();
    const response = await send();
    expect({ status: response.status, message: response.body.message }).toEqual({ status, message: expect.anything() });
    expectErrorBody(response.body, status, path, message);
    expect(await versionState()).toEqual(before);
  }

  async function statuses(semesterId: number): Promise<Record<number, string>> {
    const rows = await t.sql<{ id: number; status: string }>('alpha', `SELECT id, status FROM schedule_versions WHERE semester_id = $1`, [semesterId]);
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  }

  async function rulesOf(versionId: number): Promise<RuleBody[]> {
    const response = await admin.get(`${RULES_PATH}?versionId=${versionId}`);
    expect(response.status).toBe(200);
    return (response.body as RuleBody[]).sort((a, b) => a.id - b.id);
  }

  async function lineageOf(versionId: number): Promise<{ id: number; lineage: number | null }[]> {
    return t.sql('alpha', `SELECT id, lineage_rule_id AS lineage FROM schedule_rules WHERE schedule_version_id = $1 ORDER BY id`, [versionId]);
  }

  /** The version record as the API answers it, with the fields a fresh draft of the admin has. */
  function draftRecord(fields: Partial<VersionBody> & Pick<VersionBody, 'semesterId' | 'versionNumber' | 'name'>) {
    return {
      id: expect.any(Number),
      status: 'DRAFT',
      versionGroupId: expect.any(Number),
      basedOnVersionId: null,
      ruleCount: 0,
      createdById: adminUser.id,
      createdByName: adminUser.name,
      createdAt: ISO_MOMENT,
      publishedAt: null,
      publishedById: null,
      publishedByName: null,
      archivedAt: null,
      solverFromDate: null,
      ...fields,
    };
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    [adminUser] = await t.sql<{ id: number; name: string }>('alpha', `SELECT id, full_name AS name FROM users WHERE username = 'admin'`);
    u = await createUniversity(t, admin);
    clients = await clientsByRole(t, admin, u.department.id);
  });
  afterAll(() => t.close());

  describe('reading and creating', () => {
    it('lists version 1 of a new semester with its author, and its CREATE and PUBLISH history', async () => {
      const y = await freshYear();
      const list = await admin.get(`${VERSIONS_PATH}?semesterId=${y.semester.id}`);
      expect(list.status).toBe(200);
      const first = {
        id: y.versionId,
        semesterId: y.semester.id,
        versionNumber: 1,
        name: 'Основное расписание',
        status: 'PUBLISHED',
        versionGroupId: expect.any(Number),
        basedOnVersionId: null,
        ruleCount: 0,
        createdById: adminUser.id,
        createdByName: adminUser.name,
        createdAt: ISO_MOMENT,
        publishedAt: ISO_MOMENT,
        publishedById: adminUser.id,
        publishedByName: adminUser.name,
        archivedAt: null,
        solverFromDate: null,
      };
      expect(list.body).toEqual([first]);
      const one = await admin.get(`${VERSIONS_PATH}/${y.versionId}`);
      expect({ status: one.status, body: one.body }).toEqual({ status: 200, body: first });

      const history = await admin.get(`${VERSIONS_PATH}/history?semesterId=${y.semester.id}`);
      expect(history.status).toBe(200);
      const event = (eventType: string) => ({
        id: expect.any(Number),
        semesterId: y.semester.id,
        versionId: y.versionId,
        versionNumber: 1,
        versionName: 'Основное расписание',
        eventType,
        reason: null,
        actorId: adminUser.id,
        actorName: adminUser.name,
        createdAt: ISO_MOMENT,
      });
      expect(history.body).toEqual([event('CREATE'), event('PUBLISH')]);
    });

    it('creates an empty draft with the next number in a new version group, listed first', async () => {
      const y = await freshYear();
      const response = await admin.post(VERSIONS_PATH, { semesterId: y.semester.id, name: '  Черновик весны  ' });
      expect(response.status).toBe(200);
      const draft = response.body as VersionBody;
      expect(draft).toEqual(draftRecord({ semesterId: y.semester.id, versionNumber: 2, name: 'Черновик весны' }));

      const [row] = await t.sql<{ group: number; firstGroup: number }>(
        'alpha',
        `SELECT v.version_group_id AS "group", f.version_group_id AS "firstGroup" FROM schedule_versions v, schedule_versions f
          WHERE v.id = $1 AND f.id = $2`,
        [draft.id, y.versionId],
      );
      expect(row.group).toBe(draft.versionGroupId);
      expect(row.firstGroup).not.toBe(draft.versionGroupId);

      const list = await admin.get(`${VERSIONS_PATH}?semesterId=${y.semester.id}`);
      expect((list.body as VersionBody[]).map((version) => [version.id, version.versionNumber])).toEqual([
        [draft.id, 2],
        [y.versionId, 1],
      ]);
      const history = await admin.get(`${VERSIONS_PATH}/history?semesterId=${y.semester.id}`);
      expect((history.body as { eventType: string; versionId: number }[]).map((event) => [event.eventType, event.versionId])).toEqual([
        ['CREATE', y.versionId],
        ['PUBLISH', y.versionId],
        ['CREATE', draft.id],
      ]);
    });

    it('copies every active rule with groups, slots and subgroups under new ids, keeping the version group and the lineage', async () => {
      const y = await freshYear();
      const [g0, g1] = u.groups;
      const onVersion = { scheduleVersionId: y.versionId, semesterId: y.semester.id };
      const ruleA = await createRule(
        admin,
        ruleBody(u, {
          ...onVersion,
          laboratoryAcademicHours: 4,
          groupIds: [g0.id, g1.id],
          slots: [
            slotBody(u),
            slotBody(u, {
              dayOfWeek: 3,
              parity: 'ODD',
              timeSlotId: u.timeSlots[1].id,
              teacherId: u.teachers[1].id,
              classroomId: u.classrooms[1].id,
              lessonTypeId: LESSON_TYPES.LABORATORY,
              subgroupIds: [g0.subgroups[0].id, g1.subgroups[1].id],
            }),
          ],
        }),
      );
      const ruleB = await createRule(
        admin,
        ruleBody(u, {
          ...onVersion,
          subjectId: u.subjects[1].id,
          lectureAcademicHours: 0,
          practiceAcademicHours: 2,
          practiceStartWeek: 2,
          groupIds: [g1.id],
          slots: [slotBody(u, { dayOfWeek: 4, lessonTypeId: LESSON_TYPES.PRACTICE, lessonFormat: 'Онлайн' })],
        }),
      );
      const ruleC = await createRule(admin, ruleBody(u, { ...onVersion, subjectId: u.subjects[2].id, slots: [slotBody(u, { dayOfWeek: 5 })] }));
      await archiveRule(admin, ruleC.id);

      const copy = await createVersion(admin, y.semester.id, 'Копия', y.versionId);
      const original = (await admin.get(`${VERSIONS_PATH}/${y.versionId}`)).body as VersionBody;
      expect(original.ruleCount).toBe(2);
      expect(copy).toEqual(
        draftRecord({ semesterId: y.semester.id, versionNumber: 2, name: 'Копия', versionGroupId: original.versionGroupId, basedOnVersionId: y.versionId, ruleCount: 2 }),
      );

      // Same content, new ids everywhere; the archived rule stays behind.
      const copied = await rulesOf(copy.id);
      const withoutIds = (rule: RuleBody) => ({
        ...rule,
        id: 0,
        scheduleVersionId: 0,
        createdAt: '',
        updatedAt: '',
        slots: rule.slots.map((slot) => ({ ...slot, id: 0 })),
      });
      expect(copied.map(withoutIds)).toEqual([ruleA, ruleB].map(withoutIds));
      const sourceRuleIds = new Set([ruleA, ruleB, ruleC].map((rule) => rule.id));
      const sourceSlotIds = new Set([ruleA, ruleB, ruleC].flatMap((rule) => rule.slots.map((slot) => slot.id)));
      for (const rule of copied) {
        expect(rule.scheduleVersionId).toBe(copy.id);
        expect(sourceRuleIds.has(rule.id)).toBe(false);
        for (const slot of rule.slots) expect(sourceSlotIds.has(slot.id)).toBe(false);
      }
      expect(copied[0].slots[1].subgroupIds).toEqual([g0.subgroups[0].id, g1.subgroups[1].id].sort((a, b) => a - b));
      expect(await lineageOf(copy.id)).toEqual([
        { id: copied[0].id, lineage: ruleA.id },
        { id: copied[1].id, lineage: ruleB.id },
      ]);
      expect((await lineageOf(y.versionId)).map((row) => row.lineage)).toEqual([null, null, null]);

      // A copy of the copy keeps the original as the origin of every rule.
      const second = await createVersion(admin, y.semester.id, 'Копия копии', copy.id);
      expect([second.versionNumber, second.versionGroupId, second.basedOnVersionId, second.ruleCount]).toEqual([3, original.versionGroupId, copy.id, 2]);
      expect((await lineageOf(second.id)).map((row) => row.lineage)).toEqual([ruleA.id, ruleB.id]);
      const events = await t.sql<{ type: string; version: number; actor: number }>(
        'alpha',
        `SELECT event_type AS type, schedule_version_id AS version, actor_id AS actor FROM schedule_version_events WHERE semester_id = $1 ORDER BY id`,
        [y.semester.id],
      );
      expect(events.slice(2)).toEqual([
        { type: 'CREATE', version: copy.id, actor: adminUser.id },
        { type: 'CREATE', version: second.id, actor: adminUser.id },
      ]);
    });

    it('refuses bad create requests with 400 and changes nothing', async () => {
      const y = await freshYear();
      const other = await freshYear();
      await refused(() => admin.post(VERSIONS_PATH, { name: 'Черновик' }), 400, VERSIONS_PATH, 'Поле «semesterId» обязательно');
      await refused(() => admin.post(VERSIONS_PATH, { semesterId: y.semester.id, name: '   ' }), 400, VERSIONS_PATH, 'Поле «name» не может быть пустым');
      await refused(() => admin.post(VERSIONS_PATH, { semesterId: y.semester.id }), 400, VERSIONS_PATH, 'Поле «name» обязательно');
      await refused(() => admin.post(VERSIONS_PATH, { semesterId: 999999, name: 'Черновик' }), 400, VERSIONS_PATH, 'Семестр не найден');
      await refused(
        () => admin.post(VERSIONS_PATH, { semesterId: y.semester.id, name: 'Черновик', basedOnVersionId: 999999 }),
        400,
        VERSIONS_PATH,
        'Исходная версия расписания не найдена',
      );
      await refused(
        () => admin.post(VERSIONS_PATH, { semesterId: y.semester.id, name: 'Черновик', basedOnVersionId: other.versionId }),
        400,
        VERSIONS_PATH,
        'Исходная версия расписания относится к другому семестру',
      );
    });

    it('answers 400 without semesterId, 404 for an unknown version, an empty list for an unknown semester', async () => {
      await refused(() => admin.get(VERSIONS_PATH), 400, VERSIONS_PATH, 'Поле «semesterId» обязательно');
      await refused(() => admin.get(`${VERSIONS_PATH}?semesterId=abc`), 400, VERSIONS_PATH, /semesterId/);
      await refused(() => admin.get(`${VERSIONS_PATH}/history`), 400, `${VERSIONS_PATH}/history`, 'Поле «semesterId» обязательно');
      await refused(() => admin.get(`${VERSIONS_PATH}/999999`), 404, `${VERSIONS_PATH}/999999`, 'Версия расписания не найдена');
      await refused(() => admin.get(`${VERSIONS_PATH}/999999/validate`), 404, `${VERSIONS_PATH}/999999/validate`, 'Версия расписания не найдена');
      await refused(() => admin.get(`${VERSIONS_PATH}/abc`), 400, `${VERSIONS_PATH}/abc`, 'Параметр «id» должен быть положительным целым числом');
      expect((await admin.get(`${VERSIONS_PATH}?semesterId=999999`)).body).toEqual([]);
      expect((await admin.get(`${VERSIONS_PATH}/history?semesterId=999999`)).body).toEqual([]);
    });
  });

  describe('viewing before and after publication', () => {
    it('shows draft rules only after the draft is published', async () => {
      const g0 = u.groups[0];
      const published = await createRule(admin, ruleBody(u, { groupIds: [g0.id] }));
      const draft = await createVersion(admin, u.semester.id, 'Осень, черновик', u.versionId);
      const added = await createRule(
        admin,
        ruleBody(u, {
          scheduleVersionId: draft.id,
          subjectId: u.subjects[1].id,
          groupIds: [g0.id],
          slots: [slotBody(u, { dayOfWeek: 3, timeSlotId: u.timeSlots[1].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id })],
        }),
      );
      const view = async () => {
        const response = await admin.get(`/api/schedule?groupId=${g0.id}&startDate=2026-09-01&endDate=2026-09-14`);
        expect(response.status).toBe(200);
        return (response.body as { scheduleRuleId: number; date: string }[]).map((lesson) => [lesson.date, lesson.scheduleRuleId]);
      };
      expect(await view()).toEqual([
        ['2026-09-01', published.id],
        ['2026-09-08', published.id],
      ]);

      await publishVersion(admin, draft.id, 'Осень утверждена');
      const [copyOfPublished] = (await rulesOf(draft.id)).filter((rule) => rule.id !== added.id);
      expect(await view()).toEqual([
        ['2026-09-01', copyOfPublished.id],
        ['2026-09-02', added.id],
        ['2026-09-08', copyOfPublished.id],
        ['2026-09-09', added.id],
      ]);
    });
  });

  describe('validation, diff and publication of a draft (spring semester)', () => {
    let base: number;
    let draft: VersionBody;
    let r2: RuleBody;
    let r3: RuleBody;
    let r4: RuleBody;
    let copies: Map<number, RuleBody>;
    let clashId: number;
    const onSpring = () => ({ scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id });

    beforeAll(async () => {
      base = u.springVersionId;
      const [g0, g1] = u.groups;
      const [s0, s1, s2] = u.subjects;
      const [p1, p2] = u.timeSlots;
      const [t0, t1, t2] = u.teachers;
      const [c0, c1, c2] = u.classrooms;
      const lecture = (day: number, pair: typeof p1, teacher: typeof t0, room: typeof c0) =>
        slotBody(u, { dayOfWeek: day, timeSlotId: pair.id, teacherId: teacher.id, classroomId: room.id });
      await createRule(admin, ruleBody(u, { ...onSpring(), subjectId: s0.id, groupIds: [g0.id], slots: [lecture(2, p1, t0, c0)] }));
      r2 = await createRule(admin, ruleBody(u, { ...onSpring(), subjectId: s1.id, groupIds: [g1.id], slots: [lecture(3, p1, t1, c1)] }));
      r3 = await createRule(admin, ruleBody(u, { ...onSpring(), subjectId: s2.id, groupIds: [g0.id], slots: [lecture(4, p2, t2, c2)] }));

      draft = await createVersion(admin, u.springSemester.id, 'Весна, правки', base);
      const lineage = await lineageOf(draft.id);
      const copied = await rulesOf(draft.id);
      copies = new Map(lineage.map((row) => [row.lineage as number, copied.find((rule) => rule.id === row.id) as RuleBody]));

      // In the draft: the copy of r2 goes, the copy of r3 gets a lesson more and another teacher, r4 is new.
      await archiveRule(admin, copies.get(r2.id)!.id);
      const r3copy = copies.get(r3.id)!;
      const changed = requestOf(r3copy);
      changed.lectureAcademicHours = 6;
      changed.slots[0].teacherId = t0.id;
      await updateRule(admin, r3copy.id, changed);
      r4 = await createRule(admin, ruleBody(u, { scheduleVersionId: draft.id, semesterId: u.springSemester.id, subjectId: s1.id, groupIds: [g1.id], slots: [lecture(5, p1, t1, c1)] }));
    });

    it('validates a sound draft: every rule and lesson checked, no problems', async () => {
      const response = await admin.get(`${VERSIONS_PATH}/${draft.id}/validate`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ versionId: draft.id, valid: true, ruleCount: 3, checkedLessonCount: 7, problemCount: 0, unplacedSlotCount: 0, pastLessonCount: 0, problemsTruncated: false, problems: [] });
    });

    it('compares the draft with its base: one rule added, one removed, one changed, and the lessons that differ', async () => {
      const response = await admin.get(`${VERSIONS_PATH}/${draft.id}/diff?baseVersionId=${base}`);
      expect(response.status).toBe(200);
      const [g0, g1] = u.groups;
      const summary = (rule: RuleBody, lineageRuleId: number) => ({
        ruleId: rule.id,
        lineageRuleId,
        subjectId: rule.subjectId,
        subjectName: rule.subjectName,
        groupIds: rule.groupIds,
        groupNames: rule.groupNames,
        lectureAcademicHours: rule.lectureAcademicHours,
        laboratoryAcademicHours: 0,
        practiceAcademicHours: 0,
        slotCount: 1,
        unplacedSlotCount: 0,
      });
      expect(response.body.rules).toEqual({
        added: [summary(r4, r4.id)],
        removed: [summary(r2, r2.id)],
        changed: [{ ruleId: copies.get(r3.id)!.id, baseRuleId: r3.id, subjectName: r3.subjectName, changes: ['lectureAcademicHours', 'slots'] }],
      });

      const [t0, t1, t2] = u.teachers;
      const [, c1, c2] = u.classrooms;
      const r3copy = copies.get(r3.id)!.id;
      const lesson = (date: string, ruleId: number, subject: number, teacher: typeof t0, room: typeof c1, group: typeof g0, pair: 0 | 1) => ({
        date,
        dayOfWeek: new Date(`${date}T12:00:00Z`).getUTCDay() || 7,
        startTime: pair === 0 ? '08:30:00' : '10:10:00',
        endTime: pair === 0 ? '10:00:00' : '11:40:00',
        ruleId,
        scheduleRuleSlotId: expect.any(Number),
        subjectId: u.subjects[subject].id,
        subjectName: u.subjects[subject].name,
        teacherId: teacher.id,
        teacherName: teacher.fullName,
        classroomId: room.id,
        classroomName: room.name,
        lessonTypeId: LESSON_TYPES.LECTURE,
        lessonTypeName: 'Лекция',
        lessonFormat: 'Очно',
        slotParity: 'BOTH',
        groupIds: [group.id],
        groupNames: [group.name],
        subgroupIds: [],
      });
      expect(response.body.lessons).toEqual({
        added: [
          lesson('2027-02-11', r3copy, 2, t0, c2, g0, 1),
          lesson('2027-02-12', r4.id, 1, t1, c1, g1, 0),
          lesson('2027-02-18', r3copy, 2, t0, c2, g0, 1),
          lesson('2027-02-19', r4.id, 1, t1, c1, g1, 0),
          lesson('2027-02-25', r3copy, 2, t0, c2, g0, 1),
        ],
        removed: [
          lesson('2027-02-10', r2.id, 1, t1, c1, g1, 0),
          lesson('2027-02-11', r3.id, 2, t2, c2, g0, 1),
          lesson('2027-02-17', r2.id, 1, t1, c1, g1, 0),
          lesson('2027-02-18', r3.id, 2, t2, c2, g0, 1),
        ],
        addedCount: 5,
        removedCount: 4,
        changedCount: 2,
        truncated: false,
      });

      const reverse = await admin.get(`${VERSIONS_PATH}/${base}/diff?baseVersionId=${draft.id}`);
      expect(reverse.body.rules.added.map((rule: { ruleId: number }) => rule.ruleId)).toEqual([r2.id]);
      expect(reverse.body.rules.removed.map((rule: { ruleId: number }) => rule.ruleId)).toEqual([r4.id]);
      expect(reverse.body.rules.changed).toEqual([{ ruleId: r3.id, baseRuleId: r3copy, subjectName: r3.subjectName, changes: ['lectureAcademicHours', 'slots'] }]);
      expect([reverse.body.lessons.addedCount, reverse.body.lessons.removedCount]).toEqual([4, 5]);

      const same = await admin.get(`${VERSIONS_PATH}/${base}/diff?baseVersionId=${base}`);
      expect(same.body).toEqual({
        versionId: base,
        baseVersionId: base,
        rules: { added: [], removed: [], changed: [] },
        lessons: { added: [], removed: [], addedCount: 0, removedCount: 0, changedCount: 0, truncated: false },
      });
    });

    it('refuses a diff without a base, with an unknown base, or across semesters', async () => {
      const path = `${VERSIONS_PATH}/${draft.id}/diff`;
      await refused(() => admin.get(path), 400, path, 'Поле «baseVersionId» обязательно');
      await refused(() => admin.get(`${path}?baseVersionId=999999`), 400, path, 'Базовая версия расписания не найдена');
      await refused(() => admin.get(`${path}?baseVersionId=${u.versionId}`), 400, path, 'Сравнивать можно только версии одного семестра');
      await refused(() => admin.get(`${VERSIONS_PATH}/999999/diff?baseVersionId=${base}`), 404, `${VERSIONS_PATH}/999999/diff`, 'Версия расписания не найдена');
    });

    it('finds a clash slipped in by SQL, and refuses to publish the draft while it lasts (409, nothing changes)', async () => {
      const [g0] = u.groups;
      const [row] = await t.sql<{ id: number }>(
        'alpha',
        `INSERT INTO schedule_rules (schedule_version_id, semester_id, subject_id, lecture_hours, laboratory_hours, practice_hours)
         VALUES ($1, $2, $3, 4, 0, 0) RETURNING id`,
        [draft.id, u.springSemester.id, u.subjects[0].id],
      );
      clashId = row.id;
      await t.sql('alpha', `INSERT INTO schedule_rule_groups (rule_id, group_id) VALUES ($1, $2)`, [clashId, g0.id]);
      await t.sql(
        'alpha',
        `INSERT INTO schedule_rule_slots (rule_id, day_of_week, parity, time_slot_id, teacher_id, classroom_id, lesson_type_id, lesson_format)
         VALUES ($1, 5, 'BOTH', $2, $3, $4, 1, 'Очно')`,
        [clashId, u.timeSlots[0].id, u.teachers[1].id, u.classrooms[2].id],
      );

      const response = await admin.get(`${VERSIONS_PATH}/${draft.id}/validate`);
      const message =
        `Правило №${r4.id} «${r4.subjectName}» и правило №${clashId} «${u.subjects[0].name}» пересекаются 12.02.2027 (пятница), 08:30–10:00: ` +
        'преподаватель уже занят в это время (всего пересечений: 2)';
      expect(response.body).toEqual({
        versionId: draft.id,
        valid: false,
        ruleCount: 4,
        checkedLessonCount: 9,
        problemCount: 1,
        unplacedSlotCount: 0,
        pastLessonCount: 0,
        problemsTruncated: false,
        problems: [{ ruleId: r4.id, otherRuleId: clashId, type: 'CONFLICT', fields: ['teacher'], date: '2027-02-12', startTime: '08:30:00', message }],
      });

      const path = `${VERSIONS_PATH}/${draft.id}/publish`;
      await refused(() => admin.post(path, { reason: 'Весна' }), 409, path, `Версия №2 «Весна, правки» не может быть опубликована: ${message}`);
      expect(await statuses(u.springSemester.id)).toEqual({ [base]: 'PUBLISHED', [draft.id]: 'DRAFT' });
    });

    it('refuses to publish a draft whose teacher was archived since (ARCHIVED_REFERENCE), then publishes it once restored', async () => {
      await archiveRule(admin, clashId);
      const teacher = u.teachers[1];
      // Archiving through the API now ends the rules that use the teacher (issue 53, archive-ends-rules.e2e-spec);
      // a teacher archived without that (data from before it, written directly) still stops the draft.
      await t.sql('alpha', `UPDATE users SET status = 'ARCHIVED', archived_at = now() WHERE id = $1`, [teacher.id]);
      const report = await admin.get(`${VERSIONS_PATH}/${draft.id}/validate`);
      const message = `Правило №${r4.id} «${r4.subjectName}»: слот 1: преподаватель «${teacher.fullName}» в архиве`;
      expect(report.body.problems).toEqual([{ ruleId: r4.id, type: 'ARCHIVED_REFERENCE', message }]);
      const path = `${VERSIONS_PATH}/${draft.id}/publish`;
      await refused(() => admin.post(path, { reason: 'Весна' }), 409, path, `Версия №2 «Весна, правки» не может быть опубликована: ${message}`);

      expect((await admin.post(`/api/users/${teacher.id}/restore`)).status).toBe(200);
      const published = await admin.post(path, { reason: '  Весна утверждена  ' });
      expect(published.status).toBe(200);
      expect(published.body).toEqual({
        ...draftRecord({ semesterId: u.springSemester.id, versionNumber: 2, name: 'Весна, правки' }),
        id: draft.id,
        versionGroupId: draft.versionGroupId,
        basedOnVersionId: base,
        ruleCount: 3,
        status: 'PUBLISHED',
        publishedAt: ISO_MOMENT,
        publishedById: adminUser.id,
        publishedByName: adminUser.name,
      });
      const previous = (await admin.get(`${VERSIONS_PATH}/${base}`)).body as VersionBody;
      expect([previous.status, previous.archivedAt]).toEqual(['ARCHIVED', ISO_MOMENT]);
      const events = await t.sql('alpha', `SELECT event_type AS type, schedule_version_id AS version, reason, actor_id AS actor FROM schedule_version_events WHERE semester_id = $1 ORDER BY id`, [
        u.springSemester.id,
      ]);
      expect(events.slice(-2)).toEqual([
        { type: 'ARCHIVE', version: base, reason: 'Весна утверждена', actor: adminUser.id },
        { type: 'PUBLISH', version: draft.id, reason: 'Весна утверждена', actor: adminUser.id },
      ]);
    });

    it('refuses publication without a reason (400) and of anything but a draft (409)', async () => {
      const path = (id: number) => `${VERSIONS_PATH}/${id}/publish`;
      await refused(() => admin.post(path(draft.id), {}), 400, path(draft.id), 'Поле «reason» обязательно');
      const fresh = await createVersion(admin, u.springSemester.id, 'Пустой черновик');
      await refused(() => admin.post(path(fresh.id), { reason: '   ' }), 400, path(fresh.id), 'Поле «reason» не может быть пустым');
      await refused(() => admin.post(path(fresh.id), { reason: 7 }), 400, path(fresh.id), 'Поле «reason» должно быть строкой');
      await refused(() => admin.post(path(draft.id), { reason: 'Ещё раз' }), 409, path(draft.id), 'Опубликовать можно только черновик: Версия №2 «Весна, правки» — опубликована');
      await refused(() => admin.post(path(base), { reason: 'Ещё раз' }), 409, path(base), 'Опубликовать можно только черновик: Версия №1 «Основное расписание» — в архиве');
      await refused(() => admin.post(path(999999), { reason: 'Ещё раз' }), 404, path(999999), 'Версия расписания не найдена');
    });

    it('restores the previous publication, and refuses to restore a version whose classroom was archived since', async () => {
      const restorePath = (id: number) => `${VERSIONS_PATH}/${id}/restore`;
      const restored = await admin.post(restorePath(base), { reason: 'Возврат к исходному' });
      expect(restored.status).toBe(200);
      expect([restored.body.status, restored.body.archivedAt, restored.body.publishedById]).toEqual(['PUBLISHED', null, adminUser.id]);
      expect(await statuses(u.springSemester.id)).toEqual(expect.objectContaining({ [base]: 'PUBLISHED', [draft.id]: 'ARCHIVED' }));

      // The draft's copy of r1 and its new r4 use rooms 0 and 1; archive room 1, used only by r4 and r2 (archived in the draft).
      const room = u.classrooms[1];
      expect((await admin.delete(`/api/classrooms/${room.id}`)).status).toBe(200);
      await refused(
        () => admin.post(restorePath(draft.id), { reason: 'Назад' }),
        409,
        restorePath(draft.id),
        `Версия №2 «Весна, правки» не может быть восстановлена: Правило №${r4.id} «${r4.subjectName}»: слот 1: аудитория «${room.name}» в архиве`,
      );
      expect((await admin.post(`/api/classrooms/${room.id}/restore`)).status).toBe(200);
      expect((await admin.post(restorePath(draft.id), { reason: 'Назад' })).status).toBe(200);
      expect(await statuses(u.springSemester.id)).toEqual(expect.objectContaining({ [base]: 'ARCHIVED', [draft.id]: 'PUBLISHED' }));
    });
  });

  describe('restore and history', () => {
    it('restores a previously published version, refuses others, and keeps the whole chronology with actors and reasons', async () => {
      const y = await freshYear();
      const office = clients.get('EDUCATION_OFFICE')!;
      const [officeUser] = await t.sql<{ id: number; name: string }>(
        'alpha',
        `SELECT id, full_name AS name FROM users WHERE role = 'EDUCATION_OFFICE' ORDER BY id LIMIT 1`,
      );
      const draft = await createVersion(office, y.semester.id, 'Новая сетка');
      await publishVersion(office, draft.id, 'Переход на новую сетку');
      const neverPublished = await insertVersion(t, y.semester.id, 'ARCHIVED');
      const waiting = await createVersion(admin, y.semester.id, 'Ждёт');

      const path = (id: number) => `${VERSIONS_PATH}/${id}/restore`;
      await refused(() => admin.post(path(neverPublished), { reason: 'Вернуть' }), 409, path(neverPublished), /никогда не была опубликована/);
      await refused(() => admin.post(path(waiting.id), { reason: 'Вернуть' }), 409, path(waiting.id), 'Восстановить можно только архивную версию: Версия №4 «Ждёт» — черновик');
      await refused(() => admin.post(path(draft.id), { reason: 'Вернуть' }), 409, path(draft.id), 'Восстановить можно только архивную версию: Версия №2 «Новая сетка» — опубликована');
      await refused(() => admin.post(path(y.versionId), {}), 400, path(y.versionId), 'Поле «reason» обязательно');
      await refused(() => admin.post(path(999999), { reason: 'Вернуть' }), 404, path(999999), 'Версия расписания не найдена');

      const restored = await admin.post(path(y.versionId), { reason: 'Старая сетка удобнее' });
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(
        expect.objectContaining({ id: y.versionId, status: 'PUBLISHED', archivedAt: null, publishedAt: ISO_MOMENT, publishedById: adminUser.id }),
      );
      expect(await statuses(y.semester.id)).toEqual({ [y.versionId]: 'PUBLISHED', [draft.id]: 'ARCHIVED', [neverPublished]: 'ARCHIVED', [waiting.id]: 'DRAFT' });

      const history = await admin.get(`${VERSIONS_PATH}/history?semesterId=${y.semester.id}`);
      expect(history.status).toBe(200);
      const first = { versionId: y.versionId, versionNumber: 1, versionName: 'Основное расписание' };
      const second = { versionId: draft.id, versionNumber: 2, versionName: 'Новая сетка' };
      const byAdmin = { actorId: adminUser.id, actorName: adminUser.name };
      const byOffice = { actorId: officeUser.id, actorName: officeUser.name };
      const event = (eventType: string, version: typeof first, actor: typeof byAdmin, reason: string | null = null) => ({
        id: expect.any(Number),
        semesterId: y.semester.id,
        ...version,
        eventType,
        reason,
        ...actor,
        createdAt: ISO_MOMENT,
      });
      expect(history.body).toEqual([
        event('CREATE', first, byAdmin),
        event('PUBLISH', first, byAdmin),
        event('CREATE', second, byOffice),
        event('ARCHIVE', first, byOffice, 'Переход на новую сетку'),
        event('PUBLISH', second, byOffice, 'Переход на новую сетку'),
        event('CREATE', { versionId: waiting.id, versionNumber: 4, versionName: 'Ждёт' }, byAdmin),
        event('ARCHIVE', second, byAdmin, 'Старая сетка удобнее'),
        event('RESTORE', first, byAdmin, 'Старая сетка удобнее'),
      ]);
    });
  });

  describe('one published version per semester', () => {
    it('keeps exactly one PUBLISHED version at every moment under parallel publications', async () => {
      const y = await freshYear();
      // Rules give the re-validation some work, so the parallel transactions really overlap.
      for (const [index, teacher] of u.teachers.entries()) {
        await createRule(
          admin,
          ruleBody(u, {
            scheduleVersionId: y.versionId,
            semesterId: y.semester.id,
            groupIds: [u.groups[index % 2].id],
            slots: [slotBody(u, { dayOfWeek: 1 + index, teacherId: teacher.id, classroomId: u.classrooms[index].id })],
          }),
        );
      }
      const a = await createVersion(admin, y.semester.id, 'A', y.versionId);
      const b = await createVersion(admin, y.semester.id, 'B', y.versionId);
      const c = await createVersion(admin, y.semester.id, 'C', y.versionId);

      const observed: number[] = [];
      let running = true;
      const watcher = (async () => {
        while (running) {
          const [row] = await t.sql<{ count: number }>(
            'alpha',
            `SELECT count(*)::int AS count FROM schedule_versions WHERE semester_id = $1 AND status = 'PUBLISHED'`,
            [y.semester.id],
          );
          observed.push(row.count);
        }
      })();

      // The same draft three times at once: exactly one publication succeeds.
      const same = await Promise.all([1, 2, 3].map(() => admin.post(`${VERSIONS_PATH}/${a.id}/publish`, { reason: 'Параллельно' })));
      expect(same.map((response) => response.status).sort()).toEqual([200, 409, 409]);
      for (const response of same.filter((item) => item.status === 409)) {
        expectErrorBody(response.body, 409, `${VERSIONS_PATH}/${a.id}/publish`, 'Опубликовать можно только черновик: Версия №2 «A» — опубликована');
      }

      // Two drafts at once: the publications run one after the other; the later one stays published.
      const both = await Promise.all([b, c].map((draft) => admin.post(`${VERSIONS_PATH}/${draft.id}/publish`, { reason: `Параллельно ${draft.name}` })));
      running = false;
      await watcher;
      expect(both.map((response) => response.status)).toEqual([200, 200]);

      const publishes = await t.sql<{ version: number }>(
        'alpha',
        `SELECT schedule_version_id AS version FROM schedule_version_events WHERE semester_id = $1 AND event_type = 'PUBLISH' ORDER BY id`,
        [y.semester.id],
      );
      const last = publishes[publishes.length - 1].version;
      expect(publishes.map((row) => row.version).slice(1, 2)).toEqual([a.id]);
      expect(new Set(publishes.slice(2).map((row) => row.version))).toEqual(new Set([b.id, c.id]));
      const expected = { [y.versionId]: 'ARCHIVED', [a.id]: 'ARCHIVED', [b.id]: 'ARCHIVED', [c.id]: 'ARCHIVED', [last]: 'PUBLISHED' };
      expect(await statuses(y.semester.id)).toEqual(expected);
      expect(observed.length).toBeGreaterThan(0);
      expect(new Set(observed)).toEqual(new Set([1]));

      // The partial unique index refuses a second PUBLISHED row even to a writer that skips the service.
      await expect(t.sql('alpha', `UPDATE schedule_versions SET status = 'PUBLISHED' WHERE id = $1`, [y.versionId])).rejects.toThrow(
        /uq_schedule_versions_published/,
      );
    });
  });

  describe('roles', () => {
    it('lets EDUCATION_OFFICE work with versions and refuses every other role (403), changing nothing', async () => {
      const y = await freshYear();
      const office = clients.get('EDUCATION_OFFICE')!;
      const draft = await createVersion(office, y.semester.id, 'Черновик отдела');
      expect((await office.get(`${VERSIONS_PATH}?semesterId=${y.semester.id}`)).status).toBe(200);
      expect((await office.get(`${VERSIONS_PATH}/${draft.id}/validate`)).status).toBe(200);
      expect((await office.get(`${VERSIONS_PATH}/${draft.id}/diff?baseVersionId=${y.versionId}`)).status).toBe(200);

      const calls: [string, (client: TenantClient) => Promise<{ status: number; body: Record<string, unknown> }>][] = [
        [VERSIONS_PATH, (client) => client.get(`${VERSIONS_PATH}?semesterId=${y.semester.id}`)],
        [`${VERSIONS_PATH}/history`, (client) => client.get(`${VERSIONS_PATH}/history?semesterId=${y.semester.id}`)],
        [`${VERSIONS_PATH}/${draft.id}`, (client) => client.get(`${VERSIONS_PATH}/${draft.id}`)],
        [VERSIONS_PATH, (client) => client.post(VERSIONS_PATH, { semesterId: y.semester.id, name: 'Чужой' })],
        [`${VERSIONS_PATH}/${draft.id}/validate`, (client) => client.get(`${VERSIONS_PATH}/${draft.id}/validate`)],
        [`${VERSIONS_PATH}/${draft.id}/diff`, (client) => client.get(`${VERSIONS_PATH}/${draft.id}/diff?baseVersionId=${y.versionId}`)],
        [`${VERSIONS_PATH}/${draft.id}/publish`, (client) => client.post(`${VERSIONS_PATH}/${draft.id}/publish`, { reason: 'Чужой' })],
        [`${VERSIONS_PATH}/${y.versionId}/restore`, (client) => client.post(`${VERSIONS_PATH}/${y.versionId}/restore`, { reason: 'Чужой' })],
      ];
      for (const role of ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'] as Role[]) {
        for (const [path, call] of calls) await refused(() => call(clients.get(role)!), 403, path);
      }
      expect((await t.as('alpha').get(`${VERSIONS_PATH}?semesterId=${y.semester.id}`)).status).toBe(401);
      expect((await office.post(`${VERSIONS_PATH}/${draft.id}/publish`, { reason: 'Отдел утвердил' })).status).toBe(200);
    });
  });
});
