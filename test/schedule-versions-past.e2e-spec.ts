import { standServiceAt } from './support/clock';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Validation of a draft mid-semester (issue 45 §2): lessons its publication would change in the
 * past are a problem of their own kind (PAST_LESSONS) per rule, with how many, instead of «no
 * problems»; they do not refuse the publication itself. The service stands on Thursday 1 October
 * 2026, 12:00 in Moscow: the Monday lectures of 7, 14, 21 and 28 September (weeks 2..5) are past.
 */
const VERSIONS = '/api/edu-office/schedule/versions';

interface Validation {
  valid: boolean;
  problemCount: number;
  pastLessonCount: number;
  problems: { ruleId: number; type: string; date?: string; pastLessonCount?: number; message: string }[];
}

describe('validation of a draft lists what its publication changes in the past', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let monday: RuleBody;
  let friday: RuleBody;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    const weekly = (group: number, dayOfWeek: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[group].id,
          groupIds: [u.groups[group].id],
          lectureAcademicHours: 36,
          lectureStartWeek: 2,
          slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[group].id, classroomId: u.classrooms[group].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    monday = await weekly(0, 1);
    friday = await weekly(1, 5);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it('a copy of the publication has no problems; moving a rule’s pair names the rule and its four past lessons', async () => {
    const draft = await createVersion(admin, u.semester.id, 'Перенос лекций', u.versionId);
    const untouched = (await admin.get(`${VERSIONS}/${draft.id}/validate`)).body as Validation;
    expect(untouched).toMatchObject({ valid: true, problemCount: 0, pastLessonCount: 0, problems: [] });

    const copies = (await admin.get(`/api/admin/schedule-rules?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((rule) => rule.subjectId === monday.subjectId) as RuleBody;
    const request = requestOf(copy);
    request.slots[0].timeSlotId = u.timeSlots[2].id;
    expect((await admin.put(`/api/admin/schedule-rules/${copy.id}`, request)).status).toBe(200);

    const report = (await admin.get(`${VERSIONS}/${draft.id}/validate`)).body as Validation;
    expect(report).toMatchObject({ valid: false, problemCount: 1, pastLessonCount: 4 });
    expect(report.problems).toEqual([
      {
        ruleId: copy.id,
        type: 'PAST_LESSONS',
        date: '2026-09-07',
        pastLessonCount: 4,
        message: `Правило №${copy.id} «${u.subjects[0].name}»: публикация изменит уже прошедшие занятия — 4 (07.09–28.09)`,
      },
    ]);
    // The other rule (Fridays) is unchanged and not named; the publication itself is not refused.
    expect(report.problems.some((problem) => problem.ruleId === friday.id)).toBe(false);
    expect((await admin.post(`${VERSIONS}/${draft.id}/publish`, { reason: 'Лекции на третью пару' })).status).toBe(200);
  });

  it('a rule the draft drops is named as the publication’s', async () => {
    const published = (await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[];
    const current = published.find((version) => version.status === 'PUBLISHED') as { id: number };
    const draft = await createVersion(admin, u.semester.id, 'Без пятничных лекций', current.id);
    const copies = (await admin.get(`/api/admin/schedule-rules?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((rule) => rule.subjectId === friday.subjectId) as RuleBody;
    expect((await admin.delete(`/api/admin/schedule-rules/${copy.id}`)).status).toBe(200);
    const report = (await admin.get(`${VERSIONS}/${draft.id}/validate`)).body as Validation;
    const publishedRules = (await admin.get(`/api/admin/schedule-rules?versionId=${current.id}`)).body as RuleBody[];
    const original = publishedRules.find((rule) => rule.subjectId === friday.subjectId) as RuleBody;
    expect(report.problems).toEqual([
      expect.objectContaining({
        ruleId: original.id,
        type: 'PAST_LESSONS',
        pastLessonCount: 3,
        message: `Правило №${original.id} «${u.subjects[1].name}» опубликованной версии (в черновике его нет): публикация изменит уже прошедшие занятия — 3 (11.09–25.09)`,
      }),
    ]);
  });
});
