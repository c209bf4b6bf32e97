import { standServiceAt } from './support/clock';
import { createOverride, OVERRIDES_PATH } from './support/override-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * A one-off replacement that a change from a date makes empty (issue 53): its lesson still exists on
 * its date and pair, and the new placement already has the replacement's teacher, room and format, so
 * it changes nothing any more. A bulk change from a date and a publication from a date delete it and
 * say so (`redundantOverrides`), as the rule's own PUT does; validation from the date lists it before.
 * Replacements before the date, and those the new placement does not make empty, stay.
 * The service stands on Thursday 1 October 2026, 12:00 in Moscow; the semester began on 1 September.
 */
const TOMORROW = '2026-10-02';
const VERSIONS = '/api/edu-office/schedule/versions';
const EMPTY_REASON = 'новое размещение уже совпадает с заменой: изменение больше ничего не меняет';

interface Registered {
  id: number;
  lessonDate: string;
  action: string;
  newClassroomId: number | null;
  newTeacherId: number | null;
}
interface Lesson {
  date: string;
  classroomId: number;
  teacherId: number;
  scheduleOverrideId?: number | null;
}

describe('a replacement made empty by a change from a date', () => {
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

  const weekly = (index: number, dayOfWeek: number, versionId?: number) =>
    createRule(
      admin,
      ruleBody(u, {
        ...(versionId === undefined ? {} : { scheduleVersionId: versionId }),
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
  /** The registry's one-off changes of lessons on `weekday` (each test's rule meets on a day of its own). */
  const registry = async (weekday: number): Promise<Registered[]> =>
    ((await admin.get(`${OVERRIDES_PATH}?startDate=2026-09-01&endDate=2026-12-31`)).body as Registered[])
      .filter((item) => new Date(`${item.lessonDate}T00:00:00Z`).getUTCDay() === weekday)
      .sort((a, b) => a.lessonDate.localeCompare(b.lessonDate));
  const lessonOn = async (groupIndex: number, date: string): Promise<Lesson | undefined> =>
    ((await admin.get(`/api/schedule?groupId=${u.groups[groupIndex].id}&startDate=${date}&endDate=${date}`)).body as Lesson[])[0];

  it('a bulk change of room from a date deletes the replacement it makes empty and lists it; the others stay', async () => {
    const rule = await weekly(0, 1);
    const slotId = rule.slots[0].id;
    const newRoom = u.classrooms[4].id;
    const given = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-09-28', action: 'REPLACE', newClassroomId: newRoom });
    const emptied = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-12', action: 'REPLACE', newClassroomId: newRoom });
    const stillChanges = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-19', action: 'REPLACE', newClassroomId: newRoom, newTeacherId: u.teachers[5].id });

    const response = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [rule.id], action: 'CHANGE_CLASSROOM', classroomId: newRoom, effectiveFrom: TOMORROW });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      action: 'CHANGE_CLASSROOM',
      ruleIds: [rule.id],
      changed: 1,
      redundantOverrides: [{ overrideId: emptied.id, action: 'REPLACE', lessonDate: '2026-10-12', reason: EMPTY_REASON, keepable: false }],
    });
    expect((await registry(1)).map((item) => item.id)).toEqual([given.id, stillChanges.id]);
    // The lesson of 12 October is in the new room by the rule itself now; the one of 19 October keeps its other teacher.
    expect(await lessonOn(0, '2026-10-12')).toMatchObject({ classroomId: newRoom, teacherId: u.teachers[0].id, scheduleOverrideId: null });
    expect(await lessonOn(0, '2026-10-19')).toMatchObject({ classroomId: newRoom, teacherId: u.teachers[5].id, scheduleOverrideId: stillChanges.id });
    // Before the date the given replacement still reads as it was.
    expect(await lessonOn(0, '2026-09-28')).toMatchObject({ classroomId: newRoom, scheduleOverrideId: given.id });

    // A bulk change that makes nothing empty answers as before, without the list.
    const again = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [rule.id], action: 'CHANGE_TEACHER', teacherId: u.teachers[0].id, effectiveFrom: '2026-11-02' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ action: 'CHANGE_TEACHER', ruleIds: [rule.id], changed: 1 });
  });

  it('a publication from a date lists the replacement its draft makes empty in validation, deletes it and says so; the rest carries over', async () => {
    const rule = await weekly(1, 3);
    const slotId = rule.slots[0].id;
    const draftRoom = u.classrooms[5].id;
    const given = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-09-30', action: 'REPLACE', newClassroomId: draftRoom });
    const emptied = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-14', action: 'REPLACE', newClassroomId: draftRoom });
    const otherTeacher = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-21', action: 'REPLACE', newTeacherId: u.teachers[5].id });

    // The draft, a copy, puts the Wednesdays into the room the replacements name.
    const draft = await createVersion(admin, u.semester.id, 'Другая аудитория', u.versionId);
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((item) => item.subjectId === rule.subjectId) as RuleBody;
    const body = requestOf(copy);
    body.slots[0].classroomId = draftRoom;
    expect((await admin.put(`${RULES_PATH}/${copy.id}`, body)).status).toBe(200);

    const expected = [{ overrideId: emptied.id, action: 'REPLACE', lessonDate: '2026-10-14', reason: EMPTY_REASON, keepable: false }];
    const validation = await admin.get(`${VERSIONS}/${draft.id}/validate?effectiveFrom=${TOMORROW}`);
    expect(validation.status).toBe(200);
    expect(validation.body).toMatchObject({ effectiveFrom: TOMORROW, unmatchedOverrides: [], redundantOverrides: expected });
    // The rehearsal wrote nothing: the publication still has all three.
    expect((await registry(3)).map((item) => item.id)).toEqual([given.id, emptied.id, otherTeacher.id]);

    const published = await admin.post(`${VERSIONS}/${draft.id}/publish`, { reason: 'Другая аудитория', effectiveFrom: TOMORROW });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: draft.id, status: 'PUBLISHED', redundantOverrides: expected });

    // The new publication reads: the given replacement before the date, the other teacher's after it, no empty one.
    const now = await registry(3);
    expect(now.map((item) => [item.lessonDate, item.newClassroomId, item.newTeacherId])).toEqual([
      ['2026-09-30', draftRoom, null],
      ['2026-10-21', null, u.teachers[5].id],
    ]);
    expect(await lessonOn(1, '2026-10-14')).toMatchObject({ classroomId: draftRoom, teacherId: u.teachers[1].id, scheduleOverrideId: null });
    expect(await lessonOn(1, '2026-09-30')).toMatchObject({ classroomId: draftRoom });
    expect((await lessonOn(1, '2026-10-07'))?.classroomId).toBe(draftRoom);
    // The archived version keeps its own one-off changes, the emptied one included (its history as it was).
    const archived = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE schedule_version_id = $1 ORDER BY id`, [u.versionId]);
    expect(archived.map((row) => row.id)).toEqual(expect.arrayContaining([given.id, emptied.id, otherTeacher.id]));
  });

  it('a publication over the whole semester (no date) keeps the spec’s answer: no list', async () => {
    const draft = await createVersion(admin, u.semester.id, 'Весь семестр', (await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body.find((v: { status: string }) => v.status === 'PUBLISHED').id);
    const response = await admin.post(`${VERSIONS}/${draft.id}/publish`, { reason: 'Весь семестр' });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('redundantOverrides');
  });
});
