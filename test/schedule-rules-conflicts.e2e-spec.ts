import { expectErrorBody } from './support/factories';
import {
  archiveRule,
  createRule,
  createUniversity,
  insertVersion,
  LESSON_TYPES,
  requestOf,
  RuleBody,
  ruleBody,
  RuleRequest,
  RULES_PATH,
  RuleSlotRequest,
  ruleTableCounts,
  ruleTablesSnapshot,
  slotBody,
  University,
  updateRule,
} from './support/schedule-builders';
import { createGroup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { ASSIGNMENTS_PATH, assignDate, createManualGrid, createSlot } from './support/time-grid-builders';

/**
 * Conflict checks of schedule rules (spec 4.9 rules 8–13, spec 7 bodies). The autumn semester starts on
 * Tuesday 1 September 2026: its Tuesdays are 01.09 (week 1, odd), 08.09 (2), 15.09 (3), 22.09 (4).
 * Base pairs: 1 08:30–10:00, 2 10:00–11:30 (adjacent to 1), 3 11:40–13:10, 4 13:20–14:50.
 */
describe('schedule rule conflicts (4.9 rules 8–13)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let g0: University['groups'][number];
  let g1: University['groups'][number];
  const LAB = LESSON_TYPES.LABORATORY;
  const REASON = {
    teacher: 'Преподаватель уже занят в это время',
    classroom: 'Аудитория уже занята в это время',
    group: 'У группы уже есть занятие в это время',
    slot: 'Такой слот уже есть в правиле',
  };

  /** Slot `n` (0-based) of teacher `n` in room `n`, on Tuesday in pair 1, unless told otherwise. */
  const slot = (n: number, fields: Partial<RuleSlotRequest> = {}) =>
    slotBody(u, { teacherId: u.teachers[n].id, classroomId: u.classrooms[n].id, ...fields });
  /** A laboratory rule (2 hours a slot unless told) for `groupIds`. */
  const labRule = (groupIds: number[], slots: RuleSlotRequest[], hours = 2 * slots.length): RuleRequest =>
    ruleBody(u, { lectureAcademicHours: 0, laboratoryAcademicHours: hours, groupIds, slots: slots.map((s) => ({ ...s, lessonTypeId: LAB })) });

  /**
   * Posts (or puts) a body, expects 409 with exactly `body` in the spec's fields, and that no rule row
   * changed; answers the clash as data (`field`, `conflictSlot`), which the tests of issue 42 check.
   */
  async function conflict(
    send: () => Promise<{ status: number; body: unknown }>,
    body: Record<string, unknown>,
  ): Promise<{ field?: unknown; conflictSlot?: unknown }> {
    const before = await ruleTablesSnapshot(t);
    const response = await send();
    const { field, conflictSlot, ...spec } = response.body as Record<string, unknown>;
    expect({ status: response.status, body: spec }).toEqual({ status: 409, body });
    expect(await ruleTablesSnapshot(t)).toEqual(before);
    return { field, conflictSlot };
  }

  const storedConflict = (rule: RuleBody, message: string, fields: (keyof typeof REASON)[]) => ({
    message,
    conflictRule: { id: rule.id, subjectName: rule.subjectName, semesterId: rule.semesterId, groupNames: rule.groupNames, slots: rule.slots },
    conflictFields: fields,
    conflictReasons: fields.map((field) => REASON[field]),
  });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, {
      groups: 3,
      slotTimes: [['08:30', '10:00'], ['10:00', '11:30'], ['11:40', '13:10'], ['13:20', '14:50']],
    });
    [g0, g1] = u.groups;
  });
  afterAll(() => t.close());
  beforeEach(() => t.sql('alpha', `DELETE FROM schedule_rules`));

  describe('inside the payload (rule 8)', () => {
    it('refuses an exact duplicate slot with field «slot»', async () => {
      await conflict(() => admin.post(RULES_PATH, ruleBody(u, { slots: [slot(0), slot(1, { dayOfWeek: 3 }), slot(0, { lessonFormat: 'Онлайн' })] })), {
        message: 'Слот 3 повторяет слот 1 этого правила (вторник, 08:30–10:00, каждую неделю)',
        conflictFields: ['slot'],
        conflictReasons: [REASON.slot],
      });
    });

    it('names the slot of the body and the one it repeats or meets as data, so a client need not read the message (issue 42)', async () => {
      const timeSlotId = u.timeSlots[0].id;
      const duplicate = await conflict(() => admin.post(RULES_PATH, ruleBody(u, { slots: [slot(0), slot(1, { dayOfWeek: 3 }), slot(0, { lessonFormat: 'Онлайн' })] })), {
        message: 'Слот 3 повторяет слот 1 этого правила (вторник, 08:30–10:00, каждую неделю)',
        conflictFields: ['slot'],
        conflictReasons: [REASON.slot],
      });
      expect(duplicate).toEqual({
        field: 'slots[2]',
        conflictSlot: { ruleId: null, slotId: null, slotIndex: 0, dayOfWeek: 2, timeSlotId, parity: 'BOTH', pairNumber: 1, date: '2026-09-01', weeks: [1] },
      });
      // 8 hours over two Tuesday slots of one group: weeks 1 and 2 (two lessons a Tuesday).
      const own = await conflict(() => admin.post(RULES_PATH, ruleBody(u, { lectureAcademicHours: 8, slots: [slot(0), slot(1)] })), {
        message: 'Слоты 1 и 2 этого правила пересекаются 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время',
        conflictFields: ['group'],
        conflictReasons: [REASON.group],
      });
      expect(own).toEqual({
        field: 'slots[1]',
        conflictSlot: { ruleId: null, slotId: null, slotIndex: 0, dayOfWeek: 2, timeSlotId, parity: 'BOTH', pairNumber: 1, date: '2026-09-01', weeks: [1, 2] },
      });
    });

    it('refuses slots whose lessons share the group, naming the first date and time', async () => {
      await conflict(() => admin.post(RULES_PATH, ruleBody(u, { slots: [slot(0), slot(1)] })), {
        message: 'Слоты 1 и 2 этого правила пересекаются 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время',
        conflictFields: ['group'],
        conflictReasons: [REASON.group],
      });
      await conflict(
        () =>
          admin.post(
            RULES_PATH,
            ruleBody(u, { practiceAcademicHours: 2, slots: [slot(0), slot(0, { classroomId: u.classrooms[1].id, lessonTypeId: LESSON_TYPES.PRACTICE })] }),
          ),
        {
          message:
            'Слоты 1 и 2 этого правила пересекаются 01.09.2026 (вторник), 08:30–10:00: преподаватель уже занят в это время; у группы уже есть занятие в это время',
          conflictFields: ['teacher', 'group'],
          conflictReasons: [REASON.teacher, REASON.group],
        },
      );
    });

    it('lets different subgroups of a group share a pair, but not a whole-group slot with a subgroup', async () => {
      const shared = await createRule(admin, labRule([g0.id], [{ ...slot(0), subgroupIds: [g0.subgroups[0].id] }, { ...slot(1), subgroupIds: [g0.subgroups[1].id] }]));
      expect(shared.slots).toHaveLength(2);
      await archiveRule(admin, shared.id);

      await conflict(() => admin.post(RULES_PATH, labRule([g0.id], [slot(0), { ...slot(1), subgroupIds: [g0.subgroups[1].id] }])), {
        message: 'Слоты 1 и 2 этого правила пересекаются 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время',
        conflictFields: ['group'],
        conflictReasons: [REASON.group],
      });
    });

    it('does not compare lessons that never meet: other days, ODD and EVEN weeks, adjacent pairs', async () => {
      const rule = await createRule(
        admin,
        ruleBody(u, {
          lectureAcademicHours: 8,
          slots: [slot(0, { parity: 'ODD' }), slot(1, { parity: 'EVEN' }), slot(0, { timeSlotId: u.timeSlots[1].id }), slot(0, { dayOfWeek: 3 })],
        }),
      );
      expect(rule.slots).toHaveLength(4);
    });
  });

  describe('against the stored rules of the version (rules 8, 9, 10, 12)', () => {
    it('answers a teacher, classroom or group clash with the exact conflict body', async () => {
      const stored = await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      const when = `Конфликт с правилом №${stored.id} «${stored.subjectName}» 01.09.2026 (вторник), 08:30–10:00: `;
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { groupIds: [g1.id], slots: [slot(0, { classroomId: u.classrooms[1].id })] })),
        storedConflict(stored, `${when}преподаватель уже занят в это время`, ['teacher']),
      );
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { groupIds: [g1.id], slots: [slot(1, { classroomId: u.classrooms[0].id })] })),
        storedConflict(stored, `${when}аудитория уже занята в это время`, ['classroom']),
      );
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { slots: [slot(1)] })),
        storedConflict(stored, `${when}у группы уже есть занятие в это время`, ['group']),
      );
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[1].id, slots: [slot(0)] })),
        storedConflict(
          stored,
          `${when}преподаватель уже занят в это время; аудитория уже занята в это время; у группы уже есть занятие в это время`,
          ['teacher', 'classroom', 'group'],
        ),
      );
    });

    it('names the stored rule\'s slot and the weeks the body\'s slot meets it in as data (issue 42)', async () => {
      // The stored rule has Tuesday pair 1 in weeks 1 and 2; the body's second slot (Tuesdays) meets it in both.
      const stored = await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      const body = ruleBody(u, { subjectId: u.subjects[1].id, lectureAcademicHours: 8, slots: [slot(1, { dayOfWeek: 3 }), slot(1)] });
      const when = `Конфликт с правилом №${stored.id} «${stored.subjectName}» 01.09.2026 (вторник), 08:30–10:00: `;
      const place = await conflict(() => admin.post(RULES_PATH, body), storedConflict(stored, `${when}у группы уже есть занятие в это время`, ['group']));
      expect(place).toEqual({
        field: 'slots[1]',
        conflictSlot: {
          ruleId: stored.id,
          slotId: stored.slots[0].id,
          dayOfWeek: 2,
          timeSlotId: stored.slots[0].timeSlotId,
          parity: 'BOTH',
          pairNumber: 1,
          date: '2026-09-01',
          weeks: [1, 2],
        },
      });
    });

    it('compares real lessons: a rule that runs weeks 1–3 does not block the same pair from week 4 (rule 9)', async () => {
      const early = await createRule(admin, ruleBody(u, { lectureAcademicHours: 6, slots: [slot(0)] }));
      const later = await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, lectureStartWeek: 4, lectureAcademicHours: 30, slots: [slot(0)] }));
      expect(later.lectureStartWeek).toBe(4);
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[2].id, lectureStartWeek: 3, slots: [slot(0)] })),
        storedConflict(
          early,
          `Конфликт с правилом №${early.id} «${early.subjectName}» 15.09.2026 (вторник), 08:30–10:00: ` +
            'преподаватель уже занят в это время; аудитория уже занята в это время; у группы уже есть занятие в это время',
          ['teacher', 'classroom', 'group'],
        ),
      );
    });

    it('lets ODD and EVEN weeks share a pair, while BOTH meets either', async () => {
      const odd = await createRule(admin, ruleBody(u, { slots: [slot(0, { parity: 'ODD' })] }));
      await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, slots: [slot(0, { parity: 'EVEN' })] }));
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { groupIds: [g1.id], slots: [slot(1, { classroomId: u.classrooms[0].id })] })),
        storedConflict(odd, `Конфликт с правилом №${odd.id} «${odd.subjectName}» 01.09.2026 (вторник), 08:30–10:00: аудитория уже занята в это время`, [
          'classroom',
        ]),
      );
    });

    it('lets adjacent pairs follow each other', async () => {
      await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      const next = await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, slots: [slot(0, { timeSlotId: u.timeSlots[1].id })] }));
      expect(next.slots[0].timeSlotId).toBe(u.timeSlots[1].id);
    });

    it('lets subgroups of a group share a pair across rules, but a whole-group rule clashes with them (rule 10)', async () => {
      const first = await createRule(admin, labRule([g0.id], [{ ...slot(0), subgroupIds: [g0.subgroups[0].id] }]));
      await createRule(admin, { ...labRule([g0.id], [{ ...slot(1), subgroupIds: [g0.subgroups[1].id] }]), subjectId: u.subjects[1].id });
      await conflict(
        () => admin.post(RULES_PATH, { ...labRule([g0.id], [slot(2)]), subjectId: u.subjects[2].id }),
        storedConflict(first, `Конфликт с правилом №${first.id} «${first.subjectName}» 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время`, [
          'group',
        ]),
      );
      // A lecture of the whole group clashes with the subgroups' laboratory work too.
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[2].id, slots: [slot(2)] })),
        storedConflict(first, `Конфликт с правилом №${first.id} «${first.subjectName}» 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время`, [
          'group',
        ]),
      );
    });

    it('checks every group of a multi-group rule, subgroup by subgroup', async () => {
      const both = await createRule(admin, labRule([g0.id, g1.id], [{ ...slot(0), subgroupIds: [g0.subgroups[0].id, g1.subgroups[0].id] }]));
      expect(both.groupNames).toEqual([g0.name, g1.name]);
      await createRule(admin, {
        ...labRule([g0.id, g1.id], [{ ...slot(1), subgroupIds: [g0.subgroups[1].id, g1.subgroups[1].id] }]),
        subjectId: u.subjects[1].id,
      });
      // Only g0's second subgroup is named: g1 attends whole and meets g1's first subgroup in `both`.
      await conflict(
        () => admin.post(RULES_PATH, { ...labRule([g0.id, g1.id], [{ ...slot(2), subgroupIds: [g0.subgroups[1].id] }]), subjectId: u.subjects[2].id }),
        storedConflict(both, `Конфликт с правилом №${both.id} «${both.subjectName}» 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время`, [
          'group',
        ]),
      );
      await conflict(
        () => admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[2].id, groupIds: [g1.id], slots: [slot(2)] })),
        storedConflict(both, `Конфликт с правилом №${both.id} «${both.subjectName}» 01.09.2026 (вторник), 08:30–10:00: у группы уже есть занятие в это время`, [
          'group',
        ]),
      );
    });

    it('ignores archived rules, rules of other versions and lessons a group never has', async () => {
      const stored = await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      const draft = await insertVersion(t, u.semester.id, 'DRAFT');
      expect((await createRule(admin, ruleBody(u, { scheduleVersionId: draft, slots: [slot(0)] }))).scheduleVersionId).toBe(draft);
      await archiveRule(admin, stored.id);
      const again = await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      // A group without an academic calendar has no lessons, so its rule blocks nobody.
      const uncalendared = await createGroup(admin, u.study, { yearStartStudy: 2026 });
      await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, groupIds: [uncalendared.id], slots: [slot(0)] }));
      expect((await admin.get(`${RULES_PATH}?semesterId=${u.semester.id}`)).body.map((rule: RuleBody) => rule.id)).toContain(again.id);
    });

    it('uses the effective grid of each date: a manual grid can make neighbouring pairs overlap', async () => {
      // Friday 11 September gets a grid whose only pair 1 lasts 08:30–12:00; pair 2 keeps its base time.
      const grid = await createManualGrid(admin);
      await createSlot(admin, grid.id, 1, '08:30', '12:00');
      const assignment = await assignDate(admin, '2026-09-11', grid.id);
      try {
        const first = await createRule(admin, ruleBody(u, { slots: [slot(0, { dayOfWeek: 5 })] }));
        await conflict(
          () => admin.post(RULES_PATH, ruleBody(u, { subjectId: u.subjects[1].id, lectureAcademicHours: 8, slots: [slot(0, { dayOfWeek: 5, timeSlotId: u.timeSlots[1].id })] })),
          storedConflict(
            first,
            `Конфликт с правилом №${first.id} «${first.subjectName}» 11.09.2026 (пятница), 10:00–11:30: ` +
              'преподаватель уже занят в это время; аудитория уже занята в это время; у группы уже есть занятие в это время',
            ['teacher', 'classroom', 'group'],
          ),
        );
      } finally {
        expect((await admin.delete(`${ASSIGNMENTS_PATH}/${assignment.id}`)).status).toBe(200);
      }
    });
  });

  describe('update', () => {
    it('does not compare a rule with itself, and refuses a change into a clash without changing anything', async () => {
      const first = await createRule(admin, ruleBody(u, { slots: [slot(0)] }));
      expect((await updateRule(admin, first.id, requestOf(first))).slots).toEqual(first.slots);
      const second = await createRule(admin, ruleBody(u, { subjectId: u.subjects[1].id, slots: [slot(0, { dayOfWeek: 3 })] }));
      const moved = requestOf(second);
      moved.slots[0].dayOfWeek = 2;
      await conflict(
        () => admin.put(`${RULES_PATH}/${second.id}`, moved),
        storedConflict(
          first,
          `Конфликт с правилом №${first.id} «${first.subjectName}» 01.09.2026 (вторник), 08:30–10:00: ` +
            'преподаватель уже занят в это время; аудитория уже занята в это время; у группы уже есть занятие в это время',
          ['teacher', 'classroom', 'group'],
        ),
      );
      await conflict(() => admin.put(`${RULES_PATH}/${second.id}`, { ...requestOf(second), slots: [...requestOf(second).slots, slot(1, { dayOfWeek: 3 })] }), {
        message: 'Слоты 1 и 2 этого правила пересекаются 02.09.2026 (среда), 08:30–10:00: у группы уже есть занятие в это время',
        conflictFields: ['group'],
        conflictReasons: [REASON.group],
      });
    });
  });

  describe('serialization (rule 11)', () => {
    it('lets exactly one of several parallel conflicting creations win', async () => {
      for (let round = 0; round < 3; round++) {
        await t.sql('alpha', `DELETE FROM schedule_rules`);
        const bodies = [0, 1, 2, 3].map((n) => ruleBody(u, { subjectId: u.subjects[n % 3].id, groupIds: [u.groups[n % 3].id], slots: [slot(0)] }));
        const responses = await Promise.all(bodies.map((body) => admin.post(RULES_PATH, body)));
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409]);
        expect(await ruleTableCounts(t)).toEqual({ rules: 1, groups: 1, slots: 1, subgroups: 0 });
      }
    });
  });

  describe('teacher unavailability (rule 13)', () => {
    it('refuses lessons in an approved hard-unavailable time (approved preferences, 409)', async () => {
      const prefer = (fields: Record<string, unknown>) =>
        admin.post('/api/teacher-preferences', { semesterId: u.semester.id, preferenceType: 'HARD_UNAVAILABLE', ...fields });
      expect((await prefer({ teacherId: u.teachers[0].id, dayOfWeek: 2, timeSlotId: u.timeSlots[0].id })).status).toBe(200);
      expect((await prefer({ teacherId: u.teachers[1].id, preferenceDate: '2026-09-03' })).status).toBe(200);
      try {
        const before = await ruleTablesSnapshot(t);
        const response = await admin.post(RULES_PATH, ruleBody(u, { slots: [slot(0)] }));
        expect(response.status).toBe(409);
        expectErrorBody(
          response.body,
          409,
          RULES_PATH,
          `Преподаватель «${u.teachers[0].fullName}» недоступен 01.09.2026 (вторник), 08:30–10:00: это время закрыто утверждённым ограничением`,
        );
        const byDate = await admin.post(RULES_PATH, ruleBody(u, { lectureAcademicHours: 2, slots: [slot(1, { dayOfWeek: 4 })] }));
        expect(byDate.status).toBe(409);
        expect(byDate.body.message).toBe(`Преподаватель «${u.teachers[1].fullName}» недоступен 03.09.2026 (четверг), 08:30–10:00: это время закрыто утверждённым ограничением`);
        expect(await ruleTablesSnapshot(t)).toEqual(before);

        expect((await createRule(admin, ruleBody(u, { slots: [slot(0, { timeSlotId: u.timeSlots[2].id })] }))).id).toBeGreaterThan(0);
      } finally {
        await t.sql('alpha', `DELETE FROM teacher_preferences`);
      }
    });
  });
});
