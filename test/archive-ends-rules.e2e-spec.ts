import { standServiceAt } from './support/clock';
import { createOverride } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University, VERSIONS_PATH } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Archiving what rules use (issue 53): archiving a group, subject, teacher or room ends the rules of
 * the publication (and of the drafts) that use it from the next day, the past kept. The service stands
 * on Thursday 1 October 2026, 12:00 in Moscow, in the autumn semester that began on 1 September.
 */
const TOMORROW = '2026-10-02';
const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };

interface Lesson {
  date: string;
  dayOfWeek: number;
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  overrideAction?: string | null;
}

interface Ending {
  ruleId: number;
  scheduleVersionId: number;
  versionStatus: string;
  endsFrom: string;
  scope: 'RULE' | 'SLOTS';
  slotIds: number[];
  lessonsEnded: number;
  droppedOverrides: { overrideId: number; lessonDate: string; action: string }[];
}

describe('archiving a group, subject, teacher or room ends the rules that use it from the next day', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 6, groups: 4, classrooms: 6, subjects: 4 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  async function lessons(filter: string): Promise<Lesson[]> {
    const path = filter.startsWith('classroomId') ? '/api/schedule/search' : '/api/schedule';
    const response = await admin.get(`${path}?${filter}&startDate=${SEMESTER.startDate}&endDate=${SEMESTER.endDate}`);
    expect(response.status).toBe(200);
    return response.body as Lesson[];
  }
  const seen = ({ scheduleRuleSlotId: _slot, ...lesson }: Lesson) => lesson;
  const before = (list: Lesson[], date = TOMORROW) => list.filter((lesson) => lesson.date < date).map(seen);
  /** Where and when a lesson is, with whom (its hour counters aside: a rule's hours may change from a date). */
  const placed = ({ date, timeSlotId, teacherId, classroomId, scheduleRuleId }: Lesson) => ({ date, timeSlotId, teacherId, classroomId, scheduleRuleId });
  const views = (rule: RuleBody) => [`groupId=${rule.groupIds[0]}`, `teacherId=${rule.slots[0].teacherId}`, `classroomId=${rule.slots[0].classroomId}`];

  it('a group: the preview names the rules and one-off changes that go, changing nothing; the archive ends them from tomorrow, and a copy of the publication validates and publishes', async () => {
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[0].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const draft = await admin.post(VERSIONS_PATH, { semesterId: u.semester.id, name: 'Черновик до архива', basedOnVersionId: u.versionId });
    expect(draft.status).toBe(200);
    const cancel = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-12', action: 'CANCEL' });
    const given = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-09-14', action: 'CANCEL' });
    const was = await Promise.all(views(rule).map(lessons));
    expect(was[0].filter((lesson) => lesson.date >= TOMORROW).length).toBeGreaterThan(0);

    const preview = await admin.get(`${RULES_PATH}/archive-preview?groupId=${u.groups[0].id}`);
    expect(preview.status).toBe(200);
    const endings = (preview.body as { endedRules: Ending[] }).endedRules;
    const published = endings.find((item) => item.scheduleVersionId === u.versionId);
    expect(published).toMatchObject({ ruleId: rule.id, versionStatus: 'PUBLISHED', endsFrom: TOMORROW, scope: 'RULE', slotIds: [] });
    expect(published?.lessonsEnded).toBe(was[0].filter((lesson) => lesson.date >= TOMORROW).length + 1); // the cancelled one of 12 October too
    expect(published?.droppedOverrides).toEqual([{ overrideId: cancel.id, lessonDate: '2026-10-12', action: 'CANCEL' }]);
    expect(endings.find((item) => item.scheduleVersionId === (draft.body as { id: number }).id)).toMatchObject({ versionStatus: 'DRAFT', endsFrom: TOMORROW });
    // Asking wrote nothing.
    expect(await lessons(views(rule)[0])).toEqual(was[0]);
    const none = await admin.get(`${RULES_PATH}/archive-preview?groupId=${u.groups[0].id}&teacherId=${u.teachers[0].id}`);
    expect(none.status).toBe(400);

    const archived = await admin.delete(`/api/groups/${u.groups[0].id}`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: u.groups[0].id, studyState: 'ARCHIVED', endedRules: endings });

    // The group's, the teacher's and the room's lessons before tomorrow are as they were; none from it.
    const now = await Promise.all(views(rule).map(lessons));
    for (const index of [0, 1, 2]) {
      expect([index, before(now[index])]).toEqual([index, before(was[index])]);
      expect(now[index].filter((lesson) => lesson.date >= TOMORROW)).toEqual([]);
    }
    const ended = (await admin.get(`${RULES_PATH}/${rule.id}`)).body as { status: string; activeTo: string | null };
    expect(ended).toMatchObject({ status: 'ACTIVE', activeTo: '2026-10-01' });
    const inDraft = (await admin.get(`${RULES_PATH}?versionId=${(draft.body as { id: number }).id}`)).body as { subjectId: number; activeTo: string | null }[];
    expect(inDraft.find((item) => item.subjectId === u.subjects[0].id)?.activeTo).toBe('2026-10-01');
    // The one-off change of a given lesson stays; the one of a lesson that no longer exists went with it.
    const registry = (await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 ORDER BY id`, [rule.slots[0].id])).map((row) => row.id);
    expect(registry).toEqual([given.id]);

    // A copy of the publication: no ARCHIVED_REFERENCE for the ended rule, and it publishes from tomorrow.
    const copy = await admin.post(VERSIONS_PATH, { semesterId: u.semester.id, name: 'Копия после архива', basedOnVersionId: u.versionId });
    expect(copy.status).toBe(200);
    const copyId = (copy.body as { id: number }).id;
    const report = (await admin.get(`${VERSIONS_PATH}/${copyId}/validate?effectiveFrom=${TOMORROW}`)).body as { problems: { type: string; message: string }[] };
    expect(report.problems.filter((problem) => problem.type === 'ARCHIVED_REFERENCE')).toEqual([]);
    const publication = await admin.post(`${VERSIONS_PATH}/${copyId}/publish`, { reason: 'После архива группы', effectiveFrom: TOMORROW });
    expect(publication.status).toBe(200);
    const after = await Promise.all(views(rule).map(lessons));
    // Ids aside (the new publication's rule took over the ended one), the same lessons.
    const unnumbered = (lesson: ReturnType<typeof seen>) => ({ ...lesson, scheduleRuleId: 0 });
    for (const index of [0, 1, 2]) expect([index, after[index].map(seen).map(unnumbered)]).toEqual([index, before(was[index]).map(unnumbered)]);
    u = { ...u, versionId: copyId };
  });

  it('a teacher of some slots: those slots end from tomorrow, the rule keeps its other slots’ lessons exactly, its hours lowered by those that went', async () => {
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [u.groups[1].id],
        lectureAcademicHours: 32,
        slots: [
          slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id, lessonTypeId: LESSON_TYPES.LECTURE }),
          slotBody(u, { dayOfWeek: 3, teacherId: u.teachers[2].id, classroomId: u.classrooms[2].id, lessonTypeId: LESSON_TYPES.LECTURE }),
        ],
      }),
    );
    const [monday, wednesday] = rule.slots;
    const [stays, leaving] = await Promise.all([`teacherId=${u.teachers[1].id}`, `teacherId=${u.teachers[2].id}`].map(lessons));
    const leavingAhead = leaving.filter((lesson) => lesson.date >= TOMORROW);
    expect(leavingAhead.length).toBeGreaterThan(0);

    const preview = await admin.get(`${RULES_PATH}/archive-preview?teacherId=${u.teachers[2].id}`);
    expect((preview.body as { endedRules: Ending[] }).endedRules).toEqual([
      expect.objectContaining({ ruleId: rule.id, scope: 'SLOTS', slotIds: [wednesday.id], endsFrom: TOMORROW, lessonsEnded: leavingAhead.length }),
    ]);
    const archived = await admin.delete(`/api/users/${u.teachers[2].id}`);
    expect(archived.status).toBe(200);
    expect((archived.body as { endedRules: Ending[] }).endedRules).toEqual([expect.objectContaining({ ruleId: rule.id, scope: 'SLOTS' })]);

    // The Monday teacher's lessons are exactly as they were (none moved in to take the hours); the Wednesday ones end.
    const kept = await lessons(`teacherId=${u.teachers[1].id}`);
    expect(kept.map(placed)).toEqual(stays.map(placed));
    expect(before(kept)).toEqual(before(stays));
    const now = await lessons(`teacherId=${u.teachers[2].id}`);
    expect(now.map(seen)).toEqual(before(leaving));
    const changed = (await admin.get(`${RULES_PATH}/${rule.id}?history=true`)).body as { lectureAcademicHours: number; activeTo: string | null; slots: { id: number }[] };
    expect(changed).toMatchObject({ lectureAcademicHours: 32 - 2 * leavingAhead.length, activeTo: null });
    expect(changed.slots.map((slot) => slot.id)).toEqual([monday.id]);

    const report = (await admin.get(`${VERSIONS_PATH}/${rule.scheduleVersionId}/validate`)).body as { problems: { type: string; ruleId: number }[] };
    expect(report.problems.filter((problem) => problem.ruleId === rule.id)).toEqual([]);
  });

  it('a room used by every slot of a rule, and a subject: the whole rule ends from tomorrow', async () => {
    const inRoom = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [u.groups[2].id],
        lectureAcademicHours: 24,
        slots: [slotBody(u, { dayOfWeek: 2, teacherId: u.teachers[3].id, classroomId: u.classrooms[3].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const ofSubject = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[3].id,
        groupIds: [u.groups[3].id],
        lectureAcademicHours: 24,
        slots: [slotBody(u, { dayOfWeek: 4, teacherId: u.teachers[4].id, classroomId: u.classrooms[4].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const was = await Promise.all([inRoom, ofSubject].map((rule) => lessons(`groupId=${rule.groupIds[0]}`)));
    const room = await admin.delete(`/api/classrooms/${u.classrooms[3].id}`);
    expect(room.status).toBe(200);
    expect((room.body as { endedRules: Ending[] }).endedRules).toEqual([expect.objectContaining({ ruleId: inRoom.id, scope: 'RULE' })]);
    const subject = await admin.delete(`/api/subjects/${u.subjects[3].id}?effectiveFrom=2026-11-02`);
    expect(subject.status).toBe(200);
    expect((subject.body as { endedRules: Ending[] }).endedRules).toEqual([expect.objectContaining({ ruleId: ofSubject.id, scope: 'RULE', endsFrom: '2026-11-02' })]);

    const now = await Promise.all([inRoom, ofSubject].map((rule) => lessons(`groupId=${rule.groupIds[0]}`)));
    expect(now[0].map(seen)).toEqual(before(was[0]));
    expect(now[1].map(seen)).toEqual(before(was[1], '2026-11-02'));
    expect(now[1].some((lesson) => lesson.date >= TOMORROW)).toBe(true);
  });

  it('a replacement the new placement makes empty is dropped and listed in the answer; one that still changes something follows its lesson', async () => {
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [u.groups[1].id],
        lectureAcademicHours: 24,
        slots: [slotBody(u, { dayOfWeek: 5, teacherId: u.teachers[4].id, classroomId: u.classrooms[4].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const emptied = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-09', action: 'REPLACE', newTeacherId: u.teachers[5].id });
    const still = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-16', action: 'REPLACE', newTeacherId: u.teachers[5].id, newClassroomId: u.classrooms[5].id });
    const request = requestOf(rule);
    const response = await admin.put(`${RULES_PATH}/${rule.id}`, { ...request, effectiveFrom: TOMORROW, slots: [{ ...request.slots[0], teacherId: u.teachers[5].id }] });
    expect(response.status).toBe(200);
    expect((response.body as { redundantOverrides?: unknown[] }).redundantOverrides).toEqual([
      expect.objectContaining({ overrideId: emptied.id, action: 'REPLACE', lessonDate: '2026-10-09', keepable: false, reason: expect.stringMatching(/совпадает с заменой/) }),
    ]);
    const left = await t.sql<{ id: number; lesson_date: string }>('alpha', `SELECT id, to_char(lesson_date, 'YYYY-MM-DD') AS lesson_date FROM schedule_overrides WHERE id = ANY($1::int[])`, [[emptied.id, still.id]]);
    expect(left).toEqual([{ id: still.id, lesson_date: '2026-10-16' }]);
    const lessonsNow = await lessons(`groupId=${u.groups[1].id}`);
    expect(lessonsNow.find((lesson) => lesson.date === '2026-10-09')).toMatchObject({ teacherId: u.teachers[5].id, classroomId: u.classrooms[4].id, overrideAction: null });
    expect(lessonsNow.find((lesson) => lesson.date === '2026-10-16')).toMatchObject({ teacherId: u.teachers[5].id, classroomId: u.classrooms[5].id, overrideAction: 'REPLACE' });
  });

  it('a teacher of a kind’s only slot whose hours never all fitted: the archive is not refused, the kind keeps the hours it gave', async () => {
    // 120 laboratory hours on one weekly slot: more than the autumn's dates hold, so the series ends short.
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [u.groups[2].id],
        lectureAcademicHours: 16,
        laboratoryAcademicHours: 120,
        slots: [
          slotBody(u, { dayOfWeek: 3, teacherId: u.teachers[3].id, classroomId: u.classrooms[2].id, lessonTypeId: LESSON_TYPES.LECTURE, timeSlotId: u.timeSlots[1].id }),
          slotBody(u, { dayOfWeek: 4, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LABORATORY, timeSlotId: u.timeSlots[1].id }),
        ],
      }),
    );
    const given = (await lessons(`teacherId=${u.teachers[0].id}`)).filter((lesson) => lesson.date < TOMORROW && lesson.dayOfWeek === 4);
    expect(given.length).toBeGreaterThan(0);

    const archived = await admin.delete(`/api/users/${u.teachers[0].id}`);
    expect(archived.status).toBe(200);
    expect((archived.body as { endedRules: Ending[] }).endedRules).toEqual([expect.objectContaining({ ruleId: rule.id, scope: 'SLOTS' })]);
    const changed = (await admin.get(`${RULES_PATH}/${rule.id}`)).body as { laboratoryAcademicHours: number; lectureAcademicHours: number };
    expect(changed).toMatchObject({ laboratoryAcademicHours: 2 * given.length, lectureAcademicHours: 16 });
  });
});
