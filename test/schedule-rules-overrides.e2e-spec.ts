import { buildOverrideWorld, clearOverrides, createOverride, OverrideRequestBody, overrideState, OverrideWorld } from './support/override-builders';
import {
  createRule,
  createVersion,
  requestOf,
  RuleBody,
  ruleBody,
  RuleRequest,
  RULES_PATH,
  ruleTableCounts,
  ruleTablesSnapshot,
  slotBody,
  updateRule,
} from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const REASON = {
  teacher: 'Преподаватель уже занят в это время',
  classroom: 'Аудитория уже занята в это время',
  group: 'У группы уже есть занятие в это время',
};
type Field = keyof typeof REASON;

/**
 * Rule conflict checks (spec 4.9 rules 8–12) against the lessons a PUBLISHED version actually has after
 * its one-off changes (spec 4.10): a lesson moved or reassigned into a new rule's time blocks it, a
 * cancelled or moved-away one no longer does, a rule's own overrides move its own lessons on update,
 * and a DRAFT is checked against its own rules only. The world is `buildOverrideWorld`'s (semester from
 * Tuesday 2026-09-01, pairs P1 08:30–10:00, P2 10:10–11:40, P3 11:50–13:20, P4 14:00–15:30; teacher T4
 * and room C4 are free in the published version).
 */
describe('schedule rule conflicts with one-off changes (4.9 rules 8–12, 4.10)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let A: OverrideWorld['u']['groups'][number];
  let B: OverrideWorld['u']['groups'][number];
  let T: number[];
  let C: number[];
  let P: number[];
  /** Rules created by a test, removed after it (the world's rules stay). */
  let created: number[] = [];

  /** A lecture rule of the published version: `hours` hours for `groupId` in one slot. */
  const lectures = (groupId: number, dayOfWeek: number, pair: number, teacher: number, room: number, hours = 2, subject = 5): RuleRequest =>
    ruleBody(w.u, {
      subjectId: w.u.subjects[subject].id,
      groupIds: [groupId],
      lectureAcademicHours: hours,
      slots: [slotBody(w.u, { dayOfWeek, timeSlotId: P[pair - 1], teacherId: T[teacher], classroomId: C[room] })],
    });

  const create = async (body: RuleRequest): Promise<RuleBody> => {
    const rule = await createRule(admin, body);
    created.push(rule.id);
    return rule;
  };

  const move = (rule: RuleBody, lessonDate: string, targetLessonDate: string | null, pair: number): OverrideRequestBody => ({
    baseRuleSlotId: rule.slots[0].id,
    lessonDate,
    targetLessonDate,
    action: 'MOVE',
    newTimeSlotId: P[pair - 1],
  });

  const storedConflict = (rule: RuleBody, message: string, fields: Field[]) => ({
    message,
    conflictRule: { id: rule.id, subjectName: rule.subjectName, semesterId: rule.semesterId, groupNames: rule.groupNames, slots: rule.slots },
    conflictFields: fields,
    conflictReasons: fields.map((field) => REASON[field]),
  });

  /** Every rule and override row, their counts and the data stamp. */
  const state = async () => ({ counts: await ruleTableCounts(t), rules: await ruleTablesSnapshot(t), overrides: await overrideState(t) });

  /** Sends, expects 409 with exactly `body`, and that nothing changed (counts, rows, stamp). */
  async function refused(send: () => Promise<{ status: number; body: unknown }>, body: Record<string, unknown>): Promise<void> {
    const before = await state();
    const response = await send();
    // The spec's fields; the clash as data (`field`, `conflictSlot`) is checked in schedule-rules-conflicts.
    const { field, conflictSlot, ...spec } = response.body as Record<string, unknown>;
    expect({ status: response.status, body: spec, placed: typeof field === 'string' && conflictSlot !== undefined }).toEqual({ status: 409, body, placed: true });
    expect(await state()).toEqual(before);
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    [A, B] = w.u.groups;
    T = w.u.teachers.map((teacher) => teacher.id);
    C = w.u.classrooms.map((room) => room.id);
    P = w.pairs.map((pair) => pair.id);
  });
  afterEach(async () => {
    await clearOverrides(t);
    if (created.length > 0) await t.sql('alpha', `DELETE FROM schedule_rules WHERE id = ANY($1::int[])`, [created]);
    created = [];
  });
  afterAll(() => t.close());

  it('refuses a rule where a lesson of another rule was moved, though that rule has no slot on the day and pair', async () => {
    const { hist } = w.rules; // Wednesdays P2, T1, C0, group A: 02.09 and 09.09
    await createOverride(admin, move(hist, '2026-09-02', '2026-09-04', 3));
    const moved = ' (занятие перенесено разовым изменением с 02.09.2026)';
    const when = `Конфликт с правилом №${hist.id} «${hist.subjectName}» 04.09.2026 (пятница), 11:50–13:20: `;

    // Friday P3 with the moved lesson's teacher, then with its group.
    await refused(
      () => admin.post(RULES_PATH, lectures(B.id, 5, 3, 1, 4)),
      storedConflict(hist, `${when}преподаватель уже занят в это время${moved}`, ['teacher']),
    );
    await refused(() => admin.post(RULES_PATH, lectures(A.id, 5, 3, 4, 4)), storedConflict(hist, `${when}у группы уже есть занятие в это время${moved}`, ['group']));

    // Without the move Friday P3 is free.
    await clearOverrides(t);
    expect((await create(lectures(B.id, 5, 3, 1, 4))).slots[0].timeSlotId).toBe(P[2]);
  });

  it('refuses a rule where a lesson was moved to another pair of the same day', async () => {
    const { math } = w.rules; // Tuesdays P1, T0, C0, group A
    await createOverride(admin, move(math, '2026-09-08', null, 3));
    await refused(
      () => admin.post(RULES_PATH, lectures(B.id, 2, 3, 0, 4, 4)),
      storedConflict(
        math,
        `Конфликт с правилом №${math.id} «${math.subjectName}» 08.09.2026 (вторник), 11:50–13:20: преподаватель уже занят в это время` +
          ' (занятие перенесено на это время разовым изменением)',
        ['teacher'],
      ),
    );
  });

  it("refuses a rule whose teacher a replacement gave to another rule's lesson at that time", async () => {
    const { phys } = w.rules; // Tuesdays P2, T1, C1, group B: 01.09 .. 22.09
    await createOverride(admin, { baseRuleSlotId: phys.slots[0].id, lessonDate: '2026-09-08', action: 'REPLACE', newTeacherId: T[4] });
    // Group A with T4 in C4 on Tuesdays P2 shares nothing with phys's rule, only with its replaced lesson of 08.09.
    await refused(
      () => admin.post(RULES_PATH, lectures(A.id, 2, 2, 4, 4, 4)),
      storedConflict(
        phys,
        `Конфликт с правилом №${phys.id} «${phys.subjectName}» 08.09.2026 (вторник), 10:10–11:40: преподаватель уже занят в это время (в занятии разовая замена)`,
        ['teacher'],
      ),
    );
    // The replacement frees phys's own teacher T1 on 08.09 only: a rule with T1 from week 2 clashes on 15.09, one for 08.09 alone passes.
    await refused(
      () => admin.post(RULES_PATH, { ...lectures(A.id, 2, 2, 1, 4, 4), lectureStartWeek: 2 }),
      storedConflict(phys, `Конфликт с правилом №${phys.id} «${phys.subjectName}» 15.09.2026 (вторник), 10:10–11:40: преподаватель уже занят в это время`, [
        'teacher',
      ]),
    );
    expect((await create({ ...lectures(A.id, 2, 2, 1, 4, 2), lectureStartWeek: 2 })).lectureStartWeek).toBe(2);
  });

  it('accepts a rule whose only blocking lessons were cancelled or moved away', async () => {
    const { chem } = w.rules; // Tuesdays P1, T2, C2, group B: 01.09 and 08.09
    const body = lectures(B.id, 2, 1, 4, 4, 4);
    const clash = (date: string) =>
      storedConflict(chem, `Конфликт с правилом №${chem.id} «${chem.subjectName}» ${date} (вторник), 08:30–10:00: у группы уже есть занятие в это время`, [
        'group',
      ]);
    await refused(() => admin.post(RULES_PATH, body), clash('01.09.2026'));
    await createOverride(admin, { baseRuleSlotId: chem.slots[0].id, lessonDate: '2026-09-01', action: 'CANCEL' });
    await refused(() => admin.post(RULES_PATH, body), clash('08.09.2026'));
    await createOverride(admin, move(chem, '2026-09-08', '2026-09-10', 3));

    const rule = await create(body);
    expect(rule.slots[0]).toMatchObject({ dayOfWeek: 2, timeSlotId: P[0], teacherId: T[4], classroomId: C[4] });
  });

  it("checks a rule's own moved lessons at their targets on update", async () => {
    const { hist } = w.rules;
    await createOverride(admin, move(hist, '2026-09-02', '2026-09-04', 3));
    // Friday 04.09 P3 with T4: hist's moved lesson there has T1, so this passes.
    const friday = await create(lectures(B.id, 5, 3, 4, 4));
    expect((await updateRule(admin, hist.id, requestOf(hist))).slots).toEqual(hist.slots);

    // Giving hist's slot T4 gives it to the moved lesson too (the override names no teacher).
    const changed = requestOf(hist);
    changed.slots[0].teacherId = T[4];
    await refused(
      () => admin.put(`${RULES_PATH}/${hist.id}`, changed),
      storedConflict(friday, `Конфликт с правилом №${friday.id} «${friday.subjectName}» 04.09.2026 (пятница), 11:50–13:20: преподаватель уже занят в это время`, [
        'teacher',
      ]),
    );
  });

  it('checks a DRAFT against its own rules only: published overrides neither block nor free anything there', async () => {
    const { hist, chem } = w.rules;
    const draft = await createVersion(admin, w.u.semester.id, 'Копия для проверки', w.u.versionId);
    await createOverride(admin, move(hist, '2026-09-02', '2026-09-04', 3));
    await createOverride(admin, { baseRuleSlotId: chem.slots[0].id, lessonDate: '2026-09-01', action: 'CANCEL' });
    await createOverride(admin, move(chem, '2026-09-08', '2026-09-10', 3));
    const inDraft = (body: RuleRequest): RuleRequest => ({ ...body, scheduleVersionId: draft.id });

    // The published version refuses Friday P3 with T1 (hist's moved lesson); the draft's copy of hist stays on Wednesdays.
    expect((await admin.post(RULES_PATH, lectures(B.id, 5, 3, 1, 4))).status).toBe(409);
    const friday = await create(inDraft(lectures(B.id, 5, 3, 1, 4)));
    expect(friday.scheduleVersionId).toBe(draft.id);

    // The published version has chem's Tuesday lessons cancelled and moved; the draft's copy still has them.
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const chemCopy = copies.find((rule) => rule.subjectId === chem.subjectId) as RuleBody;
    created.push(...copies.map((rule) => rule.id));
    await refused(
      () => admin.post(RULES_PATH, inDraft(lectures(B.id, 2, 1, 4, 4, 4))),
      storedConflict(
        chemCopy,
        `Конфликт с правилом №${chemCopy.id} «${chemCopy.subjectName}» 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время`,
        ['group'],
      ),
    );
    expect((await create(lectures(B.id, 2, 1, 4, 4, 4))).scheduleVersionId).toBe(w.u.versionId);
  });
});
