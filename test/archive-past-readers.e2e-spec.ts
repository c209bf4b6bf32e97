import { standServiceAt } from './support/clock';
import { createOverride } from './support/override-builders';
import { pastReaders, PastTargets, subscribePastFeeds } from './support/past-readers';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Invariant 1 of issue 53 through every reader for the archive path: archiving a group, a subject, a
 * teacher or a room from a date ends the publication's rules that use it the day before, and the
 * schedule of the group, teacher and room, the search (the department's too), the department's
 * schedule, the CSV exports, the calendar feeds' events, the one-off change registry, the workload
 * reports and the quality report's problems of the lessons before the date answer exactly as before
 * (ids aside). An archived group counts for the lessons dated up to its last active day, the day
 * before its archive took effect. The service stands on Thursday 1 October 2026, 12:00 in Moscow; the
 * semester began on 1 September; the archives take effect from 2 October.
 */
const TOMORROW = '2026-10-02';
const SEMESTER_START = '2026-09-01';

type Kind = 'group' | 'subject' | 'teacher' | 'room';
const KINDS: Kind[] = ['group', 'subject', 'teacher', 'room'];
const OCTOBER_FROM_TOMORROW = `startDate=${TOMORROW}&endDate=2026-10-31`;

/** Keys naming stored rows, which the archive may renumber. */
const ROW_IDS = new Set(['id', 'scheduleRuleId', 'scheduleRuleSlotId', 'baseRuleSlotId', 'scheduleOverrideId', 'scheduleVersionId']);

interface TeacherWorkloadRow {
  id: number;
  lessonCount: number;
}
interface SearchedLesson {
  scheduleRuleId: number;
  date: string;
}

describe('archiving what rules use keeps every reader of the lessons before the date', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let groupTargets: PastTargets;
  let groupFeeds: Awaited<ReturnType<typeof subscribePastFeeds>>;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 4, groups: 5, classrooms: 4, subjects: 4 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const archivePath = (kind: Kind, index: number) =>
    ({
      group: `/api/groups/${u.groups[index].id}`,
      subject: `/api/subjects/${u.subjects[index].id}`,
      teacher: `/api/users/${u.teachers[index].id}`,
      room: `/api/classrooms/${u.classrooms[index].id}`,
    })[kind];

  it.each(KINDS.map((kind, index) => [kind, index] as const))('archiving a %s from tomorrow: every reader of the given lessons answers as before', async (kind, index) => {
    // A rule of its own (group, subject, teacher, room), meeting Mondays and Thursdays, with one-off
    // changes both given (a room replaced, a lesson cancelled) and ahead (cancelled: it goes with the rule).
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 48,
        slots: [1, 4].map((dayOfWeek) =>
          slotBody(u, { dayOfWeek, timeSlotId: u.timeSlots[index].id, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE }),
        ),
      }),
    );
    const otherRoom = u.classrooms[(index + 1) % 4].id;
    await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-09-14', action: 'REPLACE', newClassroomId: otherRoom });
    await createOverride(admin, { baseRuleSlotId: rule.slots[1].id, lessonDate: '2026-09-24', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-12', action: 'CANCEL' });

    const targets: PastTargets = { groupId: u.groups[index].id, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, departmentId: u.department.id, semesterId: u.semester.id };
    const feeds = await subscribePastFeeds(admin, targets);
    const read = () => readAll(targets, feeds);
    const before = await read();
    if (kind === 'group') [groupTargets, groupFeeds] = [targets, feeds];
    // The readers are not blind: the given lessons and their one-off changes are there.
    expect((before.groupSchedule as unknown[]).length).toBeGreaterThan(0);
    expect((before.overrideRegistry as unknown[]).length).toBeGreaterThanOrEqual(2);

    const archived = await admin.delete(`${archivePath(kind, index)}?effectiveFrom=${TOMORROW}`);
    expect(archived.status).toBe(200);
    expect((archived.body as { endedRules?: { ruleId: number; endsFrom: string }[] }).endedRules).toEqual([expect.objectContaining({ ruleId: rule.id, endsFrom: TOMORROW })]);

    // Every reader, the workload reports and the department's views of an archived group included.
    expect(await read()).toEqual(before);
    // And nothing of the rule from the date on.
    const ahead = (await admin.get(`/api/schedule?groupId=${u.groups[index].id}&startDate=${TOMORROW}&endDate=2026-12-31`)).body as { scheduleRuleId: number }[];
    expect(ahead.filter((lesson) => lesson.scheduleRuleId === rule.id)).toEqual([]);
  });

  /** Every reader of the lessons before tomorrow, the department's schedule added to the shared ones. */
  async function readAll(targets: PastTargets, feeds: Awaited<ReturnType<typeof subscribePastFeeds>>): Promise<Record<string, unknown>> {
    const readers = await pastReaders(t, admin, targets, feeds, SEMESTER_START, TOMORROW);
    const departmentSchedule = await admin.get(`/api/department/schedule?departmentId=${targets.departmentId}&startDate=${SEMESTER_START}&endDate=2026-10-01`);
    expect(departmentSchedule.status).toBe(200);
    const withoutIds = (key: string, value: unknown) => (ROW_IDS.has(key) ? undefined : value);
    const lessons = (departmentSchedule.body as unknown[]).map((lesson) => JSON.stringify(lesson, withoutIds)).sort();
    return { ...readers, departmentSchedule: lessons };
  }

  const teacherLessons = async (teacherId: number, range: string) =>
    ((await admin.get(`/api/workload/teachers?${range}`)).body as TeacherWorkloadRow[]).filter((row) => row.id === teacherId).reduce((sum, row) => sum + row.lessonCount, 0);
  const departmentSearch = async (range: string) => (await admin.get(`/api/schedule/search?departmentId=${u.department.id}&${range}`)).body as SearchedLesson[];

  it('restoring the archived group brings it back whole: its past as before, and its new lessons count', async () => {
    expect(groupTargets).toBeDefined();
    // The other archives since added lessons of their own: the past is compared with just before the restore.
    const archived = await readAll(groupTargets, groupFeeds);
    const restored = await admin.post(`/api/groups/${u.groups[0].id}/restore`, {});
    expect(restored.status).toBe(200);
    expect((restored.body as { status: string }).status).toBe('ACTIVE');
    expect(await readAll(groupTargets, groupFeeds)).toEqual(archived);

    // A new rule of the restored group from tomorrow: its lessons count in the workload and the
    // department's search (the group no longer ends on the day its archive took effect).
    const body = { ...ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [u.groups[0].id], lectureAcademicHours: 8, slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id })] }), effectiveFrom: TOMORROW };
    const rule = await createRule(admin, body);
    const ahead = ((await admin.get(`/api/schedule?groupId=${u.groups[0].id}&${OCTOBER_FROM_TOMORROW}`)).body as SearchedLesson[]).filter((lesson) => lesson.scheduleRuleId === rule.id);
    expect(ahead.length).toBeGreaterThan(0);
    expect((await departmentSearch(OCTOBER_FROM_TOMORROW)).filter((lesson) => lesson.scheduleRuleId === rule.id).length).toBe(ahead.length);
    expect(await teacherLessons(u.teachers[0].id, OCTOBER_FROM_TOMORROW)).toBe(ahead.length);
  });

  it('an archived group whose rules still run (archived before its rules ended) counts only up to its last active day', async () => {
    // As the migration leaves a group archived before archives ended rules: its rule still lays out
    // lessons after the day it was archived (15 September), which no report may count.
    const group = u.groups[4];
    const rule = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [group.id], lectureAcademicHours: 16, slots: [slotBody(u, { dayOfWeek: 3, timeSlotId: u.timeSlots[1].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id })] }),
    );
    const september = `startDate=${SEMESTER_START}&endDate=2026-09-30`;
    const given = ((await admin.get(`/api/schedule?groupId=${group.id}&${september}`)).body as SearchedLesson[]).filter((lesson) => lesson.scheduleRuleId === rule.id);
    const upTo15th = given.filter((lesson) => lesson.date <= '2026-09-15');
    expect(upTo15th.length).toBeGreaterThan(0);
    expect(given.length).toBeGreaterThan(upTo15th.length);
    const teacherBefore = await teacherLessons(u.teachers[1].id, september);

    await t.sql('alpha', `UPDATE study_groups SET status = 'ARCHIVED', archived_at = '2026-09-15T09:00:00Z', active_to = '2026-09-15' WHERE id = $1`, [group.id]);

    // Its own schedule keeps every lesson; the department's search and the workload only those up to the 15th.
    expect(((await admin.get(`/api/schedule?groupId=${group.id}&${september}`)).body as SearchedLesson[]).filter((lesson) => lesson.scheduleRuleId === rule.id)).toHaveLength(given.length);
    expect((await departmentSearch(september)).filter((lesson) => lesson.scheduleRuleId === rule.id).map((lesson) => lesson.date).sort()).toEqual(upTo15th.map((lesson) => lesson.date).sort());
    expect(await teacherLessons(u.teachers[1].id, september)).toBe(teacherBefore - (given.length - upTo15th.length));
    // A period entirely after its last day: the group is not among the department's groups at all.
    expect((await departmentSearch('startDate=2026-09-16&endDate=2026-09-30')).filter((lesson) => lesson.scheduleRuleId === rule.id)).toEqual([]);
  });
});
