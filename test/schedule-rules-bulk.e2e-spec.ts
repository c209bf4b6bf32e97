import { createUser, PASSWORD } from './support/factories';
import { createRule, createUniversity, insertVersion, ruleBody, RuleBody, RULES_PATH, ruleTablesSnapshot, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const BULK_PATH = `${RULES_PATH}/bulk`;

/**
 * Issue 45 §8: several rules changed in one confirmed step, each checked as a single change, all or
 * nothing. The autumn semester starts on Tuesday 1 September 2026; every rule here is a Tuesday lecture.
 */
describe('bulk rule actions (issue 45 §8)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let office: TenantClient;
  let u: University;

  /** A Tuesday lecture of group `g` in pair `pair` with teacher `n` in room `n`. */
  const rule = (g: number, pair: number, n: number) =>
    createRule(
      admin,
      ruleBody(u, {
        groupIds: [u.groups[g].id],
        slots: [slotBody(u, { timeSlotId: u.timeSlots[pair].id, teacherId: u.teachers[n].id, classroomId: u.classrooms[n].id })],
      }),
    );
  const stored = async (id: number) => (await admin.get(`${RULES_PATH}/${id}`)).body as RuleBody;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { groups: 3, teachers: 3, classrooms: 3, slotTimes: [['08:30', '10:00'], ['10:00', '11:30'], ['11:40', '13:10']] });
    const officer = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    office = await t.as('alpha').login(officer.username, PASSWORD);
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('alpha', `DELETE FROM schedule_rules`));

  it('changes the teacher or the room of every slot of the selected rules, and archives them', async () => {
    const [a, b] = [await rule(0, 0, 0), await rule(1, 1, 1)];
    const teacher = await office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'CHANGE_TEACHER', teacherId: u.teachers[2].id });
    expect(teacher.status).toBe(200);
    expect(teacher.body).toEqual({ action: 'CHANGE_TEACHER', ruleIds: [a.id, b.id], changed: 2 });
    const room = await office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'CHANGE_CLASSROOM', classroomId: u.classrooms[2].id });
    expect(room.status).toBe(200);
    for (const id of [a.id, b.id]) {
      const { slots, status } = await stored(id);
      expect({ status, slots: slots.map((slot) => [slot.teacherId, slot.classroomId]) }).toEqual({ status: 'ACTIVE', slots: [[u.teachers[2].id, u.classrooms[2].id]] });
    }
    expect((await office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'ARCHIVE' })).status).toBe(200);
    expect([(await stored(a.id)).status, (await stored(b.id)).status]).toEqual(['ARCHIVED', 'ARCHIVED']);
  });

  it('moves the selected rules to a draft of the same semester, checked there', async () => {
    const draftId = await insertVersion(t, u.semester.id, 'DRAFT');
    const [a, b] = [await rule(0, 0, 0), await rule(1, 1, 1)];
    const moved = await office.post(BULK_PATH, { ruleIds: [b.id, a.id], action: 'MOVE', targetVersionId: draftId });
    expect(moved.status).toBe(200);
    expect([(await stored(a.id)).scheduleVersionId, (await stored(b.id)).scheduleVersionId]).toEqual([draftId, draftId]);
    const published = await admin.get(`${RULES_PATH}?versionId=${u.versionId}`);
    expect(published.body).toEqual([]);

    // Back to the published version, where a rule of the same group and pair now stands: refused, nothing moved.
    const blocker = await rule(0, 0, 2);
    const before = await ruleTablesSnapshot(t);
    const refused = await office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'MOVE', targetVersionId: u.versionId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ruleId: a.id, conflictRule: { id: blocker.id }, conflictFields: ['group'], field: 'targetVersionId' });
    expect(await ruleTablesSnapshot(t)).toEqual(before);
  });

  it('refuses the whole change when one rule would clash, with another selected rule or a stored one, naming both rules and the slot', async () => {
    const [a, b, c] = [await rule(0, 0, 0), await rule(1, 0, 1), await rule(2, 1, 2)];
    const before = await ruleTablesSnapshot(t);
    // a and b are in the same pair: one teacher cannot give both.
    const together = await office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'CHANGE_TEACHER', teacherId: u.teachers[2].id });
    expect(together.status).toBe(409);
    expect(together.body).toMatchObject({
      message: expect.stringMatching(new RegExp(`^Правило №${b.id} «.+»: конфликт с правилом №${a.id}`)),
      ruleId: b.id,
      slotId: b.slots[0].id,
      conflictRule: { id: a.id },
      conflictFields: ['teacher'],
      conflictSlot: { ruleId: a.id, slotId: a.slots[0].id, dayOfWeek: 2, timeSlotId: u.timeSlots[0].id },
      field: 'teacherId',
    });
    // Room 0 is a's in pair 1: c (pair 2) could take it, b (pair 1) cannot, so neither does.
    const room = await office.post(BULK_PATH, { ruleIds: [b.id, c.id], action: 'CHANGE_CLASSROOM', classroomId: u.classrooms[0].id });
    expect(room.status).toBe(409);
    expect(room.body).toMatchObject({ ruleId: b.id, conflictRule: { id: a.id }, conflictFields: ['classroom'], field: 'classroomId' });
    expect(await ruleTablesSnapshot(t)).toEqual(before);
  });

  it('answers 400 with the field, 404 for an unknown rule and 403 to a teacher, changing nothing', async () => {
    const a = await rule(0, 0, 0);
    const before = await ruleTablesSnapshot(t);
    const cases: [unknown, number, string][] = [
      [{ ruleIds: [a.id], action: 'CHANGE_TEACHER' }, 400, 'teacherId'],
      [{ ruleIds: [a.id], action: 'MOVE' }, 400, 'targetVersionId'],
      [{ ruleIds: [], action: 'ARCHIVE' }, 400, 'ruleIds'],
      [{ ruleIds: [a.id], action: 'DELETE' }, 400, 'action'],
      [{ ruleIds: [a.id], action: 'MOVE', targetVersionId: u.versionId }, 400, 'targetVersionId'],
      [{ ruleIds: [a.id], action: 'MOVE', targetVersionId: await insertVersion(t, u.semester.id, 'ARCHIVED') }, 409, 'targetVersionId'],
      [{ ruleIds: [a.id, a.id + 1000], action: 'ARCHIVE' }, 404, 'ruleIds'],
    ];
    for (const [body, status, field] of cases) {
      const response = await office.post(BULK_PATH, body);
      expect({ body, status: response.status, field: (response.body as { field?: string }).field, message: (response.body as { message: string }).message }).toEqual({
        body,
        status,
        field,
        message: expect.stringMatching(/[а-яё]/i),
      });
    }
    const teacher = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    expect((await teacher.post(BULK_PATH, { ruleIds: [a.id], action: 'ARCHIVE' })).status).toBe(403);
    expect(await ruleTablesSnapshot(t)).toEqual(before);
  });

  it('lets only one of two parallel bulk changes that would clash win, and never half of one', async () => {
    for (let round = 0; round < 3; round++) {
      await t.sql('alpha', `DELETE FROM schedule_rules`);
      // Both pairs of rules sit in pairs 1 and 3; giving both pairs teacher 2 cannot both pass.
      const [a, b, c, d] = [await rule(0, 0, 0), await rule(0, 2, 0), await rule(1, 0, 1), await rule(1, 2, 1)];
      const teacherId = u.teachers[2].id;
      const answers = await Promise.all([
        office.post(BULK_PATH, { ruleIds: [a.id, b.id], action: 'CHANGE_TEACHER', teacherId }),
        admin.post(BULK_PATH, { ruleIds: [c.id, d.id], action: 'CHANGE_TEACHER', teacherId }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const teachers = await Promise.all([a, b, c, d].map(async ({ id }) => (await stored(id)).slots[0].teacherId));
      const firstWon = answers[0].status === 200;
      expect(teachers).toEqual(firstWon ? [teacherId, teacherId, u.teachers[1].id, u.teachers[1].id] : [u.teachers[0].id, u.teachers[0].id, teacherId, teacherId]);
    }
  });
});
