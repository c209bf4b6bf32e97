import { ABSENCES_PATH, createAbsence } from './support/absence-builders';
import { ChangeRequest, listRequests, reviewRequest, submitRequest } from './support/change-request-builders';
import { standServiceAt } from './support/clock';
import { createOverride } from './support/override-builders';
import { PASSWORD } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Requests and absence decisions waiting on lessons from the date a timetable change takes effect
 * (issue 53). The service stands on Thursday 1 October 2026 in the autumn semester (from 1 September);
 * the changes take effect on Monday 12 October. Each rule meets on Mondays from week 2 (32 lecture
 * hours), one teacher, group and room of its own. A request or decision whose lesson goes on (same
 * date, pair and teacher) follows it to its new row; one whose lesson is gone is rejected with the
 * reason (a request, its teacher told) or removed so the lesson is decided again (an absence); both are
 * listed in the write's answer, its 409 and the publication's preview. Those dated before the date
 * stay as they were.
 */
const FROM = '2026-10-12';
const VERSIONS = '/api/edu-office/schedule/versions';

interface Affected {
  kind: 'CHANGE_REQUEST' | 'ABSENCE_DECISION';
  id: number;
  lessonDate: string;
  teacherName: string;
  subjectName: string;
  outcome: 'FOLLOWED' | 'REJECTED' | 'REOPENED';
  reason: string;
}

interface Lesson {
  date: string;
  dayOfWeek: number;
  scheduleRuleSlotId: number;
  classroomId: number;
  overrideAction?: string | null;
}

// The publication test comes last: it archives the version the other tests' rules are written into.
describe('requests and absence decisions pending from the date of a change', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let next = 0;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 10, groups: 10, classrooms: 12, subjects: 10 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  /** A Monday rule of its own (in the publication unless `versionId`), and its teacher signed in. */
  async function mondayRule(): Promise<{ rule: RuleBody; index: number; teacher: TenantClient }> {
    const index = next++;
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 32,
        lectureStartWeek: 2,
        slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const teacher = await t.as('alpha').login(u.teachers[index].username, PASSWORD);
    return { rule, index, teacher };
  }

  const cancelRequest = (teacher: TenantClient, slotId: number, lessonDate: string) =>
    submitRequest(teacher, { baseRuleSlotId: slotId, lessonDate, requestType: 'CANCEL', reason: 'Конференция' });
  const requestNow = async (id: number): Promise<ChangeRequest> => (await listRequests(admin)).find((request) => request.id === id) as ChangeRequest;
  const lessonsOf = async (index: number): Promise<Lesson[]> =>
    (await admin.get(`/api/schedule?groupId=${u.groups[index].id}&startDate=2026-09-01&endDate=2026-12-31`)).body as Lesson[];
  const changed = (rule: RuleBody, slot: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const body = requestOf(rule);
    return { ...body, effectiveFrom: FROM, ...extra, slots: [{ ...body.slots[0], ...slot }] };
  };

  it('a change of room from the date: the request follows its lesson, is approved onto it; one before the date stays', async () => {
    const { rule, index, teacher } = await mondayRule();
    const before = await cancelRequest(teacher, rule.slots[0].id, '2026-10-05');
    const ahead = await cancelRequest(teacher, rule.slots[0].id, '2026-10-19');

    const response = await admin.put(`${RULES_PATH}/${rule.id}`, changed(rule, { classroomId: u.classrooms[11].id }));
    expect(response.status).toBe(200);
    // The Monday row closes on 11 October and a new row continues it (the current form until then is the old one).
    const [{ id: successor }] = await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_rule_slots WHERE continues_slot_id = $1`, [rule.slots[0].id]);
    expect((response.body as { affectedRequests: Affected[] }).affectedRequests).toEqual([
      expect.objectContaining({ kind: 'CHANGE_REQUEST', id: ahead.id, lessonDate: '2026-10-19', outcome: 'FOLLOWED', subjectName: u.subjects[index].name }),
    ]);
    expect(await requestNow(ahead.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: successor, originalClassroomId: u.classrooms[11].id });
    expect(await requestNow(before.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id, originalClassroomId: u.classrooms[index].id });

    // The office approves the request that followed: the lesson it names, on 19 October, is the one cancelled.
    await reviewRequest(admin, ahead.id, true);
    const lessons = await lessonsOf(index);
    const onDay = (date: string) => lessons.filter((lesson) => lesson.date === date);
    expect(onDay('2026-10-19').every((lesson) => lesson.overrideAction === 'CANCEL')).toBe(true);
    expect(onDay('2026-10-26')).toEqual([expect.objectContaining({ scheduleRuleSlotId: successor, classroomId: u.classrooms[11].id, overrideAction: null })]);
    // And the one before the date still applies to its lesson on the closed row.
    await reviewRequest(admin, before.id, true);
    expect((await lessonsOf(index)).filter((lesson) => lesson.date === '2026-10-05').every((lesson) => lesson.overrideAction === 'CANCEL')).toBe(true);
  });

  it('a move to another day from the date: the request is rejected with the reason (the teacher told), the absence decision reopened', async () => {
    const { rule, index, teacher } = await mondayRule();
    const before = await cancelRequest(teacher, rule.slots[0].id, '2026-10-05');
    const gone = await cancelRequest(teacher, rule.slots[0].id, '2026-10-26');
    const absence = await createAbsence(admin, { teacherId: u.teachers[index].id, startDate: '2026-10-26', endDate: '2026-10-30', reason: 'Командировка' });
    const resolved = await admin.post(`${ABSENCES_PATH}/${absence.id}/resolve`, {
      decisions: [{ baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-26', resolution: 'REJECT', comment: 'Проведёт онлайн' }],
    });
    expect(resolved.status).toBe(200);
    const decisionId = (resolved.body as { applied: { id: number }[] }).applied[0].id;
    expect((await admin.get(`${ABSENCES_PATH}/${absence.id}/wizard`)).body).toMatchObject({ absence: { status: 'RESOLVED' }, remainingLessonCount: 0 });

    const response = await admin.put(`${RULES_PATH}/${rule.id}`, changed(rule, { dayOfWeek: 3 }));
    expect(response.status).toBe(200);
    const affected = (response.body as { affectedRequests: Affected[] }).affectedRequests;
    expect(affected).toEqual([
      expect.objectContaining({ kind: 'ABSENCE_DECISION', id: decisionId, lessonDate: '2026-10-26', outcome: 'REOPENED', reason: 'в этот день занятия больше нет' }),
      expect.objectContaining({ kind: 'CHANGE_REQUEST', id: gone.id, lessonDate: '2026-10-26', outcome: 'REJECTED', reason: 'в этот день занятия больше нет' }),
    ]);

    const rejected = await requestNow(gone.id);
    expect(rejected).toMatchObject({ status: 'REJECTED', reviewedById: null, reviewComment: 'Расписание изменено с 12.10.2026: в этот день занятия больше нет. Заявка отклонена автоматически' });
    expect(rejected.history.map((event) => event.eventType)).toEqual(['SUBMITTED', 'REJECTED']);
    expect(await requestNow(before.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id });
    // The teacher is told as after an office's rejection.
    const told = await t.sql<{ payload: { requestId: number; decision: string; comment: string } }>('alpha', `SELECT payload FROM outbox_events WHERE type = 'change-request.reviewed'`);
    expect(told.map((row) => row.payload)).toContainEqual(expect.objectContaining({ requestId: gone.id, decision: 'REJECTED', comment: rejected.reviewComment }));

    // The absence stays; its lesson of that week (now Wednesday 28 October) waits for a decision again.
    const wizard = (await admin.get(`${ABSENCES_PATH}/${absence.id}/wizard`)).body as {
      absence: { status: string };
      remainingLessonCount: number;
      lessons: { lesson: { lessonDate: string }; decision: unknown }[];
      decisions: { id: number }[];
    };
    expect(wizard.absence.status).toBe('APPROVED');
    expect(wizard.lessons.map((item) => [item.lesson.lessonDate, item.decision])).toEqual([['2026-10-28', null]]);
    expect(wizard.remainingLessonCount).toBe(1);
    expect(wizard.decisions.map((decision) => decision.id)).not.toContain(decisionId);
  });

  it('lists the requests in the 409 of one-off changes that no longer match, and changes nothing', async () => {
    const { rule, teacher } = await mondayRule();
    const override = await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-11-02', action: 'CANCEL' });
    const waiting = await cancelRequest(teacher, rule.slots[0].id, '2026-11-09');

    const refused = await admin.put(`${RULES_PATH}/${rule.id}`, changed(rule, { dayOfWeek: 3 }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      unmatchedOverrides: [expect.objectContaining({ overrideId: override.id })],
      affectedRequests: [expect.objectContaining({ kind: 'CHANGE_REQUEST', id: waiting.id, outcome: 'REJECTED', lessonDate: '2026-11-09' })],
    });
    expect(await requestNow(waiting.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id });

    const decided = await admin.put(`${RULES_PATH}/${rule.id}`, changed(rule, { dayOfWeek: 3 }, { overrideDecisions: [{ overrideId: override.id, decision: 'DROP' }] }));
    expect(decided.status).toBe(200);
    expect(await requestNow(waiting.id)).toMatchObject({ status: 'REJECTED' });
  });

  it('a rule ended from the date: its request from the date is rejected, the one before stays', async () => {
    const { rule, teacher } = await mondayRule();
    const before = await cancelRequest(teacher, rule.slots[0].id, '2026-10-05');
    const gone = await cancelRequest(teacher, rule.slots[0].id, '2026-10-19');

    const response = await admin.delete(`${RULES_PATH}/${rule.id}?effectiveFrom=${FROM}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      activeTo: '2026-10-11',
      affectedRequests: [{ kind: 'CHANGE_REQUEST', id: gone.id, lessonDate: '2026-10-19', outcome: 'REJECTED', reason: 'правило этого занятия больше не действует с этой даты' }],
    });
    expect(await requestNow(gone.id)).toMatchObject({ status: 'REJECTED' });
    expect(await requestNow(before.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id });
  });

  it('a bulk change of teacher from the date: the request of the teacher who no longer gives the lesson is rejected', async () => {
    const { rule, teacher } = await mondayRule();
    const before = await cancelRequest(teacher, rule.slots[0].id, '2026-10-05');
    const gone = await cancelRequest(teacher, rule.slots[0].id, '2026-10-19');

    const response = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [rule.id], action: 'CHANGE_TEACHER', teacherId: u.teachers[9].id, effectiveFrom: FROM });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      changed: 1,
      affectedRequests: [{ kind: 'CHANGE_REQUEST', id: gone.id, lessonDate: '2026-10-19', outcome: 'REJECTED', reason: 'занятие в этот день ведёт другой преподаватель' }],
    });
    expect(await requestNow(gone.id)).toMatchObject({ status: 'REJECTED' });
    expect(await requestNow(before.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id });
  });

  it('a room archived from the date ends its rule: the preview names the request, the archive rejects it', async () => {
    const { rule, index, teacher } = await mondayRule();
    const before = await cancelRequest(teacher, rule.slots[0].id, '2026-10-05');
    const gone = await cancelRequest(teacher, rule.slots[0].id, '2026-10-19');
    const listed = [expect.objectContaining({ kind: 'CHANGE_REQUEST', id: gone.id, lessonDate: '2026-10-19', outcome: 'REJECTED' })];

    const preview = await admin.get(`${RULES_PATH}/archive-preview?classroomId=${u.classrooms[index].id}&effectiveFrom=${FROM}`);
    expect(preview.status).toBe(200);
    expect((preview.body as { endedRules: { ruleId: number; affectedRequests?: Affected[] }[] }).endedRules).toEqual([
      expect.objectContaining({ ruleId: rule.id, scope: 'RULE', affectedRequests: listed }),
    ]);
    expect(await requestNow(gone.id)).toMatchObject({ status: 'PENDING' });

    const archived = await admin.delete(`/api/classrooms/${u.classrooms[index].id}?effectiveFrom=${FROM}`);
    expect(archived.status).toBe(200);
    expect((archived.body as { endedRules: { affectedRequests?: Affected[] }[] }).endedRules).toEqual([expect.objectContaining({ affectedRequests: listed })]);
    expect(await requestNow(gone.id)).toMatchObject({ status: 'REJECTED', reviewComment: expect.stringContaining('правило этого занятия больше не действует с этой даты') });
    expect(await requestNow(before.id)).toMatchObject({ status: 'PENDING', baseRuleSlotId: rule.slots[0].id });
  });

  it('an office rejecting a request while a change from the date rejects it too: one rejection, not two', async () => {
    const { rule, teacher } = await mondayRule();
    const waiting = await cancelRequest(teacher, rule.slots[0].id, '2026-10-19');
    const [change, review] = await Promise.all([
      admin.put(`${RULES_PATH}/${rule.id}`, changed(rule, { dayOfWeek: 3 })),
      admin.post(`/api/teacher-change-requests/${waiting.id}/review`, { approved: false, comment: 'Не согласовано' }),
    ]);
    expect(change.status).toBe(200);
    const after = await requestNow(waiting.id);
    expect(after.status).toBe('REJECTED');
    expect(after.history.filter((event) => event.eventType === 'REJECTED')).toHaveLength(1);
    // Whichever came first decided it; the other saw it no longer waiting.
    const listed = (change.body as { affectedRequests?: Affected[] }).affectedRequests ?? [];
    if (review.status === 200) {
      expect(after.reviewComment).toBe('Не согласовано');
      expect(listed).toEqual([]);
    } else {
      expect(review.status).toBe(409);
      expect(listed).toEqual([expect.objectContaining({ id: waiting.id, outcome: 'REJECTED' })]);
    }
  });

  it('a draft published from the date: the preview lists them, the publication moves the requests into it or rejects them', async () => {
    const kept = await mondayRule();
    const moved = await mondayRule();
    const keptBefore = await cancelRequest(kept.teacher, kept.rule.slots[0].id, '2026-10-05');
    const keptAhead = await cancelRequest(kept.teacher, kept.rule.slots[0].id, '2026-10-19');
    const movedAhead = await cancelRequest(moved.teacher, moved.rule.slots[0].id, '2026-10-19');

    const draft = await createVersion(admin, u.semester.id, 'С 12 октября', u.versionId);
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const copyOf = (rule: RuleBody) => copies.find((copy) => copy.subjectId === rule.subjectId) as RuleBody;
    const roomChanged = requestOf(copyOf(kept.rule));
    roomChanged.slots[0].classroomId = u.classrooms[10].id;
    expect((await admin.put(`${RULES_PATH}/${copyOf(kept.rule).id}`, roomChanged)).status).toBe(200);
    const toTuesday = requestOf(copyOf(moved.rule));
    toTuesday.slots[0].dayOfWeek = 2;
    expect((await admin.put(`${RULES_PATH}/${copyOf(moved.rule).id}`, toTuesday)).status).toBe(200);

    const expected = [
      expect.objectContaining({ kind: 'CHANGE_REQUEST', id: keptAhead.id, lessonDate: '2026-10-19', outcome: 'FOLLOWED' }),
      expect.objectContaining({ kind: 'CHANGE_REQUEST', id: movedAhead.id, lessonDate: '2026-10-19', outcome: 'REJECTED', reason: 'в этот день занятия больше нет' }),
    ];
    const preview = await admin.get(`${VERSIONS}/${draft.id}/validate?effectiveFrom=${FROM}`);
    expect(preview.status).toBe(200);
    expect((preview.body as { affectedRequests: Affected[] }).affectedRequests).toEqual(expected);
    // The preview wrote nothing.
    for (const request of [keptBefore, keptAhead, movedAhead]) expect(await requestNow(request.id)).toMatchObject({ status: 'PENDING', scheduleVersionId: u.versionId });

    const published = await admin.post(`${VERSIONS}/${draft.id}/publish`, { reason: 'С 12 октября', effectiveFrom: FROM });
    expect(published.status).toBe(200);
    expect((published.body as { affectedRequests: Affected[] }).affectedRequests).toEqual(expected);

    // Both of the kept rule's requests now name its lessons in the new publication (the one before the date unlisted).
    const followed = await requestNow(keptAhead.id);
    expect(followed).toMatchObject({ status: 'PENDING', scheduleVersionId: draft.id, originalClassroomId: u.classrooms[10].id });
    expect(await requestNow(keptBefore.id)).toMatchObject({ status: 'PENDING', scheduleVersionId: draft.id });
    expect(await requestNow(movedAhead.id)).toMatchObject({ status: 'REJECTED' });
    await reviewRequest(admin, keptAhead.id, true);
    await reviewRequest(admin, keptBefore.id, true);
    const lessons = await lessonsOf(kept.index);
    for (const date of ['2026-10-05', '2026-10-19']) expect(lessons.filter((lesson) => lesson.date === date).every((lesson) => lesson.overrideAction === 'CANCEL')).toBe(true);
    expect(lessons.filter((lesson) => lesson.date === '2026-10-26')).toEqual([expect.objectContaining({ overrideAction: null })]);
  });

});
