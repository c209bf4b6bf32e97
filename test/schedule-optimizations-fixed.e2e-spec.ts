import { OptimizationRunner } from '../src/schedule/optimizations/optimization-runner';
import { standServiceAt } from './support/clock';
import { expectErrorBody } from './support/factories';
import { createOverride } from './support/override-builders';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * What the solver may not move (issues 53 and 54 §1). The service stands on Thursday 1 October 2026,
 * 12:00 in Moscow, in the autumn semester that began on 1 September: a job changes the timetable from
 * its `fromDate` (tomorrow by default) and keeps every lesson before it, and the office's locks, stored
 * per version, hold their rules in place. The publication has five weekly rules of 24 lecture hours
 * (12 lessons from week 1); one of them was changed from 21 September, so its first period is history.
 */
const VERSIONS = '/api/edu-office/schedule/versions';
const JOBS = '/api/edu-office/schedule/optimizations';
const TOMORROW = '2026-10-02';
const HOURS = 24;

interface Job {
  id: number;
  status: string;
  fromDate: string | null;
  totalSlots: number;
  placedSlots: number;
  movedLessons: number;
  hardViolations: number;
  resultVersionId: number | null;
  lockedRuleIds: number[];
  versionLocks: Locks | null;
  message: string | null;
}
interface Locks {
  ruleIds: number[];
  groupIds: number[];
  teacherIds: number[];
  classroomIds: number[];
  departmentIds: number[];
  heldRuleIds: number[];
}
interface Lesson {
  date: string;
  subjectId: number;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  scheduleOverrideId?: number | null;
  [field: string]: unknown;
}
type Place = { dayOfWeek: number | null; timeSlotId: number | null; classroomId: number | null; activeFrom: string | null; activeTo: string | null };

describe('what the solver may not move: fromDate and locks', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;
  let rules: RuleBody[];

  const start = (versionId: number, body: Record<string, unknown>) => office.post(`${VERSIONS}/${versionId}/optimizations`, body);
  async function finished(id: number): Promise<Job> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      await t.app.get(OptimizationRunner).runRound();
      const current = (await office.get(`${JOBS}/${id}`)).body as Job;
      if (!['QUEUED', 'RUNNING'].includes(current.status)) return current;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  /** Every lesson of the semester each group, teacher and room reads in the published timetable, without the ids a publication renumbers. */
  async function everyonesLessons(): Promise<Map<string, Lesson[]>> {
    const seen = new Map<string, Lesson[]>();
    const who = [
      ...u.groups.map((group) => `groupId=${group.id}`),
      ...u.teachers.map((teacher) => `teacherId=${teacher.id}`),
      ...u.classrooms.map((room) => `classroomId=${room.id}`),
    ];
    for (const query of who) {
      // Rooms are read through the search (the week view takes a group or a teacher).
      const path = query.startsWith('classroomId') ? '/api/schedule/search' : '/api/schedule';
      const response = await admin.get(`${path}?${query}&startDate=2026-09-01&endDate=2026-12-31`);
      expect([response.status, query, response.body.message]).toEqual([200, query, undefined]);
      seen.set(query, response.body as Lesson[]);
    }
    return seen;
  }
  const withoutIds = (lessons: Lesson[]) => lessons.map(({ scheduleRuleId: _r, scheduleRuleSlotId: _s, scheduleOverrideId: _o, ...rest }) => rest);
  const before = (lessons: Lesson[], date: string) => withoutIds(lessons.filter((lesson) => lesson.date < date));
  /** Each active rule's slots of a version by the rule's lineage, in id order. */
  async function slotsByLineage(versionId: number): Promise<Map<number, Place[]>> {
    const rows = await t.sql<Place & { lineage: number }>(
      'alpha',
      `SELECT COALESCE(r.lineage_rule_id, r.id) AS lineage, sl.day_of_week AS "dayOfWeek", sl.time_slot_id AS "timeSlotId", sl.classroom_id AS "classroomId",
              to_char(sl.active_from, 'YYYY-MM-DD') AS "activeFrom", to_char(sl.active_to, 'YYYY-MM-DD') AS "activeTo"
         FROM schedule_rules r JOIN schedule_rule_slots sl ON sl.rule_id = r.id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' ORDER BY sl.id`,
      [versionId],
    );
    const map = new Map<number, Place[]>();
    for (const { lineage, ...place } of rows) map.set(lineage, [...(map.get(lineage) ?? []), place]);
    return map;
  }
  const publishedId = async () => ((await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[]).find((v) => v.status === 'PUBLISHED')?.id as number;
  /** Each subject's lessons in the published timetable give exactly its planned hours (given before a date plus those from it, counted on, not restarted). */
  async function expectPlannedHours(): Promise<void> {
    const lessons = (await Promise.all(u.groups.map((group) => admin.get(`/api/schedule?groupId=${group.id}&startDate=2026-09-01&endDate=2026-12-31`)))).flatMap(
      (response) => response.body as Lesson[],
    );
    for (const rule of rules) {
      const own = lessons.filter((lesson) => lesson.subjectId === rule.subjectId).sort((a, b) => a.date.localeCompare(b.date));
      // The one-off cancellation of 15 September keeps its place in the accounting but is not shown.
      const cancelled = rule.id === rules[0].id ? 1 : 0;
      expect((own.length + cancelled) * 2).toBe(HOURS);
      expect(own[own.length - 1]).toMatchObject({ consumedLessonTypeAcademicHoursBeforeLesson: HOURS - 2, remainingLessonTypeAcademicHoursAfterLesson: 0 });
    }
  }

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 4, groups: 3, classrooms: 3, subjects: 5 });
    office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    const [T0, T1, T2, T3] = u.teachers.map((teacher) => teacher.id);
    const rule = (subject: number, group: number, dayOfWeek: number, pair: number, teacherId: number, room: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [u.groups[group].id],
          lectureAcademicHours: HOURS,
          slots: [slotBody(u, { dayOfWeek, timeSlotId: u.timeSlots[pair - 1].id, teacherId, classroomId: u.classrooms[room].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    // Group 0 has a window on Tuesdays (pairs 1 and 3): something the solver would like to move.
    rules = [await rule(0, 0, 2, 1, T0, 0), await rule(1, 0, 2, 3, T1, 1), await rule(2, 1, 3, 1, T2, 0), await rule(3, 1, 4, 2, T0, 2), await rule(4, 2, 5, 1, T3, 1)];
    // Rule 2 moved to the second pair from 21 September: its first period is history now.
    const moved = requestOf(rules[2]);
    moved.slots[0].timeSlotId = u.timeSlots[1].id;
    const changed = await admin.put(`${RULES_PATH}/${rules[2].id}`, { ...moved, effectiveFrom: '2026-09-21' });
    expect(changed.status).toBe(200);
    // A one-off change given before tomorrow: a publication from a date keeps it.
    await createOverride(admin, { baseRuleSlotId: rules[0].slots[0].id, lessonDate: '2026-09-15', action: 'CANCEL' });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('refuses a fromDate outside the semester with 400 at fromDate, queueing nothing', async () => {
    for (const fromDate of ['2026-08-31', '2027-01-01']) {
      const response = await start(u.versionId, { mode: 'REPAIR', fromDate });
      expectErrorBody(response.body, 400, `${VERSIONS}/${u.versionId}/optimizations`);
      expect(response.body).toMatchObject({ field: 'fromDate' });
    }
    expect((await start(u.versionId, { mode: 'REPAIR', fromDate: '1 октября' })).status).toBe(400);
    expect((await office.get(`${JOBS}?versionId=${u.versionId}`)).body).toEqual([]);
  });

  it('REPAIR from tomorrow (the default): only lessons from it move; published from its date, every lesson before it stays for every group, teacher and room', async () => {
    // Teacher 3 can no longer teach on Friday mornings.
    await t.sql(
      'alpha',
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, status) VALUES ($1, $2, 'HARD_UNAVAILABLE', 5, $3, 'APPROVED')`,
      [u.teachers[3].id, u.semester.id, u.timeSlots[0].id],
    );
    const was = await everyonesLessons();
    const source = await slotsByLineage(u.versionId);
    const accepted = await start(u.versionId, { mode: 'REPAIR', timeLimitSeconds: 5 });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ fromDate: TOMORROW });
    const done = await finished((accepted.body as Job).id);
    // The closed period of rule 2 is no event: five slots from tomorrow, not six.
    expect(done).toMatchObject({ status: 'SUCCEEDED', fromDate: TOMORROW, totalSlots: 5, placedSlots: 5, hardViolations: 0 });
    expect(done.movedLessons).toBeGreaterThanOrEqual(1);
    expect(done.movedLessons).toBeLessThanOrEqual(3);
    const resultId = done.resultVersionId as number;
    expect((await office.get(`${VERSIONS}/${resultId}`)).body).toMatchObject({ status: 'DRAFT', solverFromDate: TOMORROW });

    // In the draft the Friday rule keeps its row up to today and continues elsewhere from tomorrow.
    const result = await slotsByLineage(resultId);
    const friday = result.get(rules[4].id) as Place[];
    expect(friday[0]).toEqual({ ...(source.get(rules[4].id) as Place[])[0], activeTo: '2026-10-01' });
    expect(friday[1]).toMatchObject({ activeFrom: TOMORROW, activeTo: null });
    expect(friday[1]).not.toMatchObject({ dayOfWeek: 5, timeSlotId: u.timeSlots[0].id });
    // Rule 2's history is copied as it was.
    expect((result.get(rules[2].id) as Place[])[0]).toEqual((source.get(rules[2].id) as Place[])[0]);

    // Published without a date: the result's own date applies (and the past one-off change comes along).
    const published = await admin.post(`${VERSIONS}/${resultId}/publish`, { reason: 'Преподаватель не может по пятницам' });
    expect([published.status, published.body.message]).toEqual([200, undefined]);
    const now = await everyonesLessons();
    for (const [who, lessons] of was) expect(before(now.get(who) as Lesson[], TOMORROW)).toEqual(before(lessons, TOMORROW));
    expect(withoutIds(now.get(`teacherId=${u.teachers[3].id}`) as Lesson[]).filter((lesson) => lesson.date >= TOMORROW && lesson.dayOfWeek === 5 && lesson.timeSlotId === u.timeSlots[0].id)).toEqual([]);
    await expectPlannedHours();
    await t.sql('alpha', `DELETE FROM teacher_preferences WHERE teacher_id = $1`, [u.teachers[3].id]);
  });

  it('GENERATE from a later date keeps every lesson before it, in the draft and after publication; its figures count from that date', async () => {
    const source = (await createVersion(office, u.semester.id, 'С 12 октября', await publishedId())).id;
    const from = '2026-10-12';
    const was = await everyonesLessons();
    const accepted = await start(source, { mode: 'GENERATE', timeLimitSeconds: 5, seed: 3, fromDate: from });
    expect(accepted.status).toBe(202);
    const done = await finished((accepted.body as Job).id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', fromDate: from, totalSlots: 5, hardViolations: 0 });
    const sourceSlots = await slotsByLineage(source);
    const resultId = done.resultVersionId;
    if (resultId === null) {
      // Nothing better than the source: no draft, and nothing moved.
      expect(done.movedLessons).toBe(0);
      return;
    }
    // Every row of the draft that lays out lessons before the date has them where the source had them.
    const result = await slotsByLineage(resultId);
    let moved = 0;
    for (const [lineage, slots] of sourceSlots) {
      const copies = result.get(lineage) as Place[];
      const past = (place: Place) => place.activeFrom === null || place.activeFrom < from;
      const pastOf = (list: Place[]) => list.filter(past).map(({ dayOfWeek, timeSlotId, classroomId, activeFrom }) => ({ dayOfWeek, timeSlotId, classroomId, activeFrom }));
      expect(pastOf(copies)).toEqual(pastOf(slots));
      moved += copies.filter((place) => place.activeFrom === from).length;
    }
    expect(done.movedLessons).toBe(moved);
    expect(done.movedLessons).toBeLessThanOrEqual(5);

    const published = await admin.post(`${VERSIONS}/${resultId}/publish`, { reason: 'Составлено с 12 октября' });
    expect(published.status).toBe(200);
    const now = await everyonesLessons();
    for (const [who, lessons] of was) expect(before(now.get(who) as Lesson[], from)).toEqual(before(lessons, from));
    await expectPlannedHours();
  });

  describe('locks (issue 54 §1)', () => {
    let draftId: number;
    const LOCKS = (id: number) => `${VERSIONS}/${id}/locks`;

    beforeAll(async () => {
      draftId = (await createVersion(office, u.semester.id, 'Закрепления', await publishedId())).id;
    });

    it('answers empty locks of a new version, and refuses other roles (403)', async () => {
      expect((await office.get(LOCKS(draftId))).body).toEqual({ ruleIds: [], groupIds: [], teacherIds: [], classroomIds: [], departmentIds: [], heldRuleIds: [] });
      const teacher = (await clientsByRole(t, admin, u.department.id)).get('TEACHER') as TenantClient;
      expect((await teacher.get(LOCKS(draftId))).status).toBe(403);
      expect((await teacher.put(LOCKS(draftId), { groupIds: [u.groups[0].id] })).status).toBe(403);
      expect((await office.get(LOCKS(999999))).status).toBe(404);
    });

    it('refuses unknown ids at their field and an archived version with 409, changing nothing', async () => {
      const publishedRule = rules[0].id; // a rule of another version
      for (const [field, body] of [
        ['ruleIds', { ruleIds: [publishedRule] }],
        ['groupIds', { groupIds: [999999] }],
        ['teacherIds', { teacherIds: [ADMIN_ID] }],
        ['classroomIds', { classroomIds: [999999] }],
        ['departmentIds', { departmentIds: [999999] }],
      ] as const) {
        const response = await office.put(LOCKS(draftId), body);
        expectErrorBody(response.body, 400, LOCKS(draftId));
        expect(response.body).toMatchObject({ field });
      }
      expect((await office.put(LOCKS(draftId), { groupIds: 'все' })).status).toBe(400);
      const archived = ((await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[]).find((v) => v.status === 'ARCHIVED')?.id as number;
      const refused = await office.put(LOCKS(archived), { groupIds: [u.groups[0].id] });
      expectErrorBody(refused.body, 409, LOCKS(archived), /только для чтения/);
      expect((await office.get(LOCKS(archived))).body).toMatchObject({ groupIds: [] });
      expect((await office.get(LOCKS(draftId))).body).toMatchObject({ ruleIds: [], groupIds: [], teacherIds: [] });
    });

    it('holds the rules of a locked teacher, group, room or department; a copy carries the locks; GENERATE and REPAIR never move a held rule', async () => {
      const draftRules = (await admin.get(`${RULES_PATH}?versionId=${draftId}`)).body as RuleBody[];
      const bySubject = (index: number) => draftRules.find((rule) => rule.subjectId === u.subjects[index].id) as RuleBody;
      // Teacher 0 teaches subjects 0 and 3; group 2 has subject 4; subject 1 is locked by itself.
      const saved = await office.put(LOCKS(draftId), { teacherIds: [u.teachers[0].id], groupIds: [u.groups[2].id], ruleIds: [bySubject(1).id] });
      expect(saved.status).toBe(200);
      const held = [0, 1, 3, 4].map((index) => bySubject(index).id).sort((a, b) => a - b);
      expect(saved.body).toMatchObject({ teacherIds: [u.teachers[0].id], groupIds: [u.groups[2].id], ruleIds: [bySubject(1).id], heldRuleIds: held });
      const byRoom = await office.put(LOCKS(draftId), { classroomIds: [u.classrooms[2].id] });
      expect((byRoom.body as Locks).heldRuleIds).toEqual([bySubject(3).id]);
      const byDepartment = await office.put(LOCKS(draftId), { departmentIds: [u.department.id] });
      expect((byDepartment.body as Locks).heldRuleIds).toEqual(draftRules.map((rule) => rule.id).sort((a, b) => a - b));
      await office.put(LOCKS(draftId), { teacherIds: [u.teachers[0].id], groupIds: [u.groups[2].id], ruleIds: [bySubject(1).id] });

      // A copy carries them, its rule locks on its own copies of the rules.
      const copy = (await createVersion(office, u.semester.id, 'Копия с закреплениями', draftId)).id;
      const copyRules = (await admin.get(`${RULES_PATH}?versionId=${copy}`)).body as RuleBody[];
      const copied = (await office.get(LOCKS(copy))).body as Locks;
      expect(copied).toMatchObject({ teacherIds: [u.teachers[0].id], groupIds: [u.groups[2].id] });
      expect(copied.ruleIds).toEqual([copyRules.find((rule) => rule.subjectId === u.subjects[1].id)?.id]);
      expect(copied.heldRuleIds).toHaveLength(4);

      for (const mode of ['GENERATE', 'REPAIR']) {
        // Subject 2 is the only free rule; the request may lock more, as before.
        const accepted = await start(draftId, { mode, timeLimitSeconds: 5, seed: 5 });
        expect(accepted.status).toBe(202);
        expect((accepted.body as Job).versionLocks).toMatchObject({ heldRuleIds: held });
        const done = await finished((accepted.body as Job).id);
        expect(done.status).toBe('SUCCEEDED');
        if (done.resultVersionId === null) continue;
        const source = await slotsByLineage(draftId);
        const result = await slotsByLineage(done.resultVersionId);
        const lineageOf = new Map(
          (await t.sql<{ id: number; lineage: number }>('alpha', `SELECT id, COALESCE(lineage_rule_id, id) AS lineage FROM schedule_rules WHERE schedule_version_id = $1`, [draftId])).map(
            (row) => [row.id, row.lineage],
          ),
        );
        // Every held rule of the result: the same rows, placed the same, as in the source.
        for (const ruleId of held) expect(result.get(lineageOf.get(ruleId) as number)).toEqual(source.get(lineageOf.get(ruleId) as number));
        // The result shows the locks it ran with.
        expect(((await office.get(LOCKS(done.resultVersionId))).body as Locks).heldRuleIds).toHaveLength(4);
      }
    });
  });
});

/** The bootstrap administrator's id: a user who is not a teacher. */
const ADMIN_ID = 1;
