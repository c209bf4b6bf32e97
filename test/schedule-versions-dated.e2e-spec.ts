import { standServiceAt } from './support/clock';
import { createOverride, OVERRIDES_PATH } from './support/override-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { pastReaders, subscribePastFeeds } from './support/past-readers';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * A draft published from a date (issue 53): the lessons before the date stay as the publication had
 * them (its periods, the rules the draft dropped, its one-off changes), those from the date follow the
 * draft. The service stands on Thursday 1 October 2026, 12:00 in Moscow, in the autumn semester that
 * began on 1 September. The publication has three rules of 32 lecture hours from week 2: Mondays
 * (group 0), Fridays (group 1) and Wednesdays (group 2). The draft, a copy, moves the Mondays to
 * Tuesdays, drops the Fridays, keeps the Wednesdays and adds Thursdays for group 3.
 */
const VERSIONS = '/api/edu-office/schedule/versions';
const TOMORROW = '2026-10-02';

interface Lesson {
  date: string;
  dayOfWeek: number;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  scheduleOverrideId?: number | null;
  consumedLessonTypeAcademicHoursBeforeLesson: number;
}

describe('publication of a draft from a date', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let monday: RuleBody;
  let friday: RuleBody;
  let draftId: number;
  const weekly = (index: number, dayOfWeek: number, versionId?: number) =>
    createRule(
      admin,
      ruleBody(u, {
        ...(versionId === undefined ? {} : { scheduleVersionId: versionId }),
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 32,
        lectureStartWeek: 2,
        slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
  const lessonsOf = async (group: number): Promise<Lesson[]> =>
    (await admin.get(`/api/schedule?groupId=${u.groups[group].id}&startDate=2026-09-01&endDate=2026-12-31`)).body as Lesson[];
  /** What a reader sees of a lesson, without the ids a publication renumbers. */
  const seen = (lessons: Lesson[], test: (date: string) => boolean) =>
    lessons.filter((lesson) => test(lesson.date)).map(({ scheduleRuleId: _r, scheduleRuleSlotId: _s, scheduleOverrideId: _o, ...rest }) => rest);
  const beforeDate = (date: string) => date < TOMORROW;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 4, groups: 4, classrooms: 4, subjects: 4 });
    monday = await weekly(0, 1);
    friday = await weekly(1, 5);
    const wednesday = await weekly(2, 3);
    // One-off changes of the Mondays: two given (14 and 21 September), two ahead.
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-09-14', action: 'REPLACE', newTeacherId: u.teachers[3].id, newClassroomId: u.classrooms[3].id });
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-09-21', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-10-12', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-10-19', action: 'REPLACE', newClassroomId: u.classrooms[3].id });
    // And of the Wednesdays the draft leaves as they are (its rows are kept, not copied): one given, one ahead.
    await createOverride(admin, { baseRuleSlotId: wednesday.slots[0].id, lessonDate: '2026-09-16', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: wednesday.slots[0].id, lessonDate: '2026-10-14', action: 'REPLACE', newClassroomId: u.classrooms[3].id });

    const draft = await createVersion(admin, u.semester.id, 'С октября', u.versionId);
    draftId = draft.id;
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draftId}`)).body as RuleBody[];
    const mondayCopy = copies.find((rule) => rule.subjectId === monday.subjectId) as RuleBody;
    const toTuesday = requestOf(mondayCopy);
    toTuesday.slots[0].dayOfWeek = 2;
    expect((await admin.put(`${RULES_PATH}/${mondayCopy.id}`, toTuesday)).status).toBe(200);
    const fridayCopy = copies.find((rule) => rule.subjectId === friday.subjectId) as RuleBody;
    expect((await admin.delete(`${RULES_PATH}/${fridayCopy.id}`)).status).toBe(200);
    await weekly(3, 4, draftId);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('validates and diffs the draft as its publication from the date would make it, writing nothing', async () => {
    const draftRules = await t.sql('alpha', `SELECT count(*)::int AS n FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1`, [draftId]);
    const whole = (await admin.get(`${VERSIONS}/${draftId}/validate`)).body as { pastLessonCount: number };
    expect(whole.pastLessonCount).toBeGreaterThan(0);

    const response = await admin.get(`${VERSIONS}/${draftId}/validate?effectiveFrom=${TOMORROW}`);
    expect(response.status).toBe(200);
    const report = response.body as { valid: boolean; pastLessonCount: number; effectiveFrom: string; problems: { type: string }[]; unmatchedOverrides: { lessonDate: string; keepable: boolean }[] };
    expect(report).toMatchObject({ effectiveFrom: TOMORROW, pastLessonCount: 0 });
    expect(report.problems.filter((problem) => problem.type === 'PAST_LESSONS')).toEqual([]);
    expect(report.unmatchedOverrides.map((item) => [item.lessonDate, item.keepable])).toEqual([
      ['2026-10-12', true],
      ['2026-10-19', true],
    ]);
    // The rehearsal was rolled back.
    expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE r.schedule_version_id = $1`, [draftId])).toEqual(draftRules);
    expect(await t.sql('alpha', `SELECT count(*)::int AS n FROM schedule_overrides WHERE schedule_version_id = $1`, [draftId])).toEqual([{ n: 0 }]);

    const diff = (await admin.get(`${VERSIONS}/${draftId}/diff?baseVersionId=${u.versionId}&effectiveFrom=${TOMORROW}`)).body as { lessons: { added: { date: string }[]; removed: { date: string }[] } };
    expect([...diff.lessons.added, ...diff.lessons.removed].every((lesson) => lesson.date >= TOMORROW)).toBe(true);
    expect(diff.lessons.removed.length).toBeGreaterThan(0);
  });

  it('refuses a date outside the semester, and a publication with undecided one-off changes, changing nothing', async () => {
    const outside = await admin.post(`${VERSIONS}/${draftId}/publish`, { reason: 'С октября', effectiveFrom: '2027-03-01' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ field: 'effectiveFrom' });
    const undecided = await admin.post(`${VERSIONS}/${draftId}/publish`, { reason: 'С октября', effectiveFrom: TOMORROW });
    expect(undecided.status).toBe(409);
    expect((undecided.body as { unmatchedOverrides: unknown[] }).unmatchedOverrides).toHaveLength(2);
    const statuses = (await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[];
    expect(statuses.find((version) => version.id === u.versionId)?.status).toBe('PUBLISHED');
    expect(statuses.find((version) => version.id === draftId)?.status).toBe('DRAFT');
  });

  it('publishes from tomorrow: every lesson before it as it was, from it the draft, hours kept, one-off changes carried over', async () => {
    const was = await Promise.all([0, 1, 2, 3].map(lessonsOf));
    // Every reader of the given lessons, for the moved rule's, the dropped rule's and the new rule's group,
    // teacher and room (the new rule's teacher and room took the Monday of 14 September by a one-off change).
    // A publication renumbers the slot rows a feed event's UID names (as every publication always did):
    // the events are compared without UID and SEQUENCE.
    const targets = [0, 1, 3].map((index) => ({ groupId: u.groups[index].id, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, departmentId: u.department.id, semesterId: u.semester.id }));
    const feeds = await Promise.all(targets.map((target) => subscribePastFeeds(admin, target)));
    const readers = () => Promise.all(targets.map((target, index) => pastReaders(t, admin, target, feeds[index], '2026-09-01', TOMORROW, false)));
    const readBefore = await readers();
    const [unmatchedLater] = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE schedule_version_id = $1 AND lesson_date = '2026-10-19'`, [u.versionId]);
    const [cancelAhead] = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE schedule_version_id = $1 AND lesson_date = '2026-10-12'`, [u.versionId]);
    const response = await admin.post(`${VERSIONS}/${draftId}/publish`, {
      reason: 'С октября',
      effectiveFrom: TOMORROW,
      overrideDecisions: [
        { overrideId: cancelAhead.id, decision: 'KEEP' },
        { overrideId: unmatchedLater.id, decision: 'DROP' },
      ],
    });
    expect(response.status).toBe(200);
    const versions = (await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[];
    expect(versions.filter((version) => version.status === 'PUBLISHED').map((version) => version.id)).toEqual([draftId]);

    const now = await Promise.all([0, 1, 2, 3].map(lessonsOf));
    expect(await readers()).toEqual(readBefore);
    for (const group of [0, 1, 2, 3]) expect([group, seen(now[group], beforeDate)]).toEqual([group, seen(was[group], beforeDate)]);
    // Mondays before, Tuesdays from the date; the given cancellation stays; the kept one moved to that week's Tuesday.
    expect(now[0].filter((lesson) => lesson.date >= TOMORROW).every((lesson) => lesson.dayOfWeek === 2)).toBe(true);
    expect(now[0].map((lesson) => lesson.date)).not.toContain('2026-09-21');
    expect(now[0].map((lesson) => lesson.date)).not.toContain('2026-10-13');
    expect(now[0].find((lesson) => lesson.date >= TOMORROW)?.consumedLessonTypeAcademicHoursBeforeLesson).toBe(8); // four Mondays given (a cancelled one still counts, spec 4.5)
    // The dropped Fridays end: their given lessons stay, nothing from the date.
    expect(now[1].length).toBe(was[1].filter((lesson) => lesson.date < TOMORROW).length);
    expect(now[1].length).toBeGreaterThan(0);
    // The unchanged Wednesdays read as before, their one-off changes on both sides of the date with them;
    // the new Thursdays start from the date.
    expect(seen(now[2], () => true)).toEqual(seen(was[2], () => true));
    expect(now[2].filter((lesson) => lesson.scheduleOverrideId).map((lesson) => lesson.date)).toEqual(was[2].filter((lesson) => lesson.scheduleOverrideId).map((lesson) => lesson.date));
    expect(now[2].some((lesson) => lesson.date === '2026-10-14' && lesson.scheduleOverrideId)).toBe(true);
    expect(was[3]).toEqual([]);
    expect(now[3].length).toBeGreaterThan(0);
    expect(now[3].every((lesson) => lesson.date >= TOMORROW)).toBe(true);

    const registry = (await admin.get(`${OVERRIDES_PATH}?startDate=2026-09-01&endDate=2026-12-31`)).body as { lessonDate: string; action: string }[];
    expect(registry.map((entry) => [entry.lessonDate, entry.action]).sort()).toEqual([
      ['2026-09-14', 'REPLACE'],
      ['2026-09-16', 'CANCEL'],
      ['2026-09-21', 'CANCEL'],
      ['2026-10-13', 'CANCEL'],
      ['2026-10-14', 'REPLACE'],
    ]);
  });

  it('copies a publication that has periods into a draft that keeps them (its lessons read the same)', async () => {
    const copy = await admin.post(VERSIONS, { semesterId: u.semester.id, name: 'Копия с историей', basedOnVersionId: draftId });
    expect(copy.status).toBe(200);
    const copied = (await admin.get(`${RULES_PATH}?versionId=${(copy.body as { id: number }).id}`)).body as { subjectId: number; activeTo: string | null }[];
    expect(copied.find((rule) => rule.subjectId === friday.subjectId)?.activeTo).toBe('2026-10-01');
    const diff = (await admin.get(`${VERSIONS}/${(copy.body as { id: number }).id}/diff?baseVersionId=${draftId}`)).body as { lessons: { addedCount: number; removedCount: number } };
    expect(diff.lessons).toMatchObject({ addedCount: 0, removedCount: 0 });
  });
});
