import { expectErrorBody, UserBody } from './support/factories';
import { buildOverrideWorld, clearOverrides, countQueries, createOverride, HOLIDAY, LessonBody, overrideState, OverrideWorld, OVERRIDES_PATH, slotsOf } from './support/override-builders';
import { createTeachers, LESSON_TYPES } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

// Every lesson of the test semester is still ahead: what is offered and refused by the hour stays put.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

const ABSENCES = '/api/teacher-absences';
const ABSENCE_START = '2026-09-07';
const ABSENCE_END = '2026-09-13';

interface Candidates {
  lesson: { baseRuleSlotId: number; lessonDate: string; subjectName: string; teacherId?: number };
  decision: { id: number; resolution: string } | null;
  replacementTeachers: { teacherId: number; sameDepartment: boolean; createsGap: boolean; substitutionCount: number; score: number }[];
  moveOptions: { targetLessonDate: string | null; newTimeSlotId: number; distanceDays: number }[];
  classrooms: { classroomId: number; classroomName: string }[];
  canCancel: boolean;
}
interface Wizard {
  absence: { id: number; status: string };
  lessons: Candidates[];
  remainingLessonCount: number;
  decisions: { id: number; resolution: string; scheduleOverrideId: number | null; baseRuleSlotId: number; lessonDate: string }[];
}

/**
 * The replacement wizard and resolution (spec 4.13) on a hand-built week: T1 is absent 7–13 September
 * 2026, so his practice «phys» (group B, Tuesday 8th, pair 2, room C1) and lecture «hist» (group A,
 * Wednesday 9th, pair 2, room C0) are affected. On Tuesday 8th the math lecture of group A is moved to
 * pair 2 in C0 and handed to T4 (so T4 is busy then and C0 taken); T3 is absent that day; T5 exists but
 * teaches nothing linked.
 */
describe('teacher absence wizard and resolution (4.13)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let T: UserBody[];
  let slot: ReturnType<typeof slotsOf>;
  let absenceId: number;
  let t3AbsenceId: number;

  const wizard = async (): Promise<Wizard> => {
    const response = await admin.get(`${ABSENCES}/${absenceId}/wizard`);
    expect(response.status).toBe(200);
    return response.body as Wizard;
  };
  const itemOf = (view: Wizard, slotId: number) => view.lessons.find((item) => item.lesson.baseRuleSlotId === slotId) as Candidates;
  const resolve = (decisions: Record<string, unknown>[]) => admin.post(`${ABSENCES}/${absenceId}/resolve`, { decisions });
  const groupBView = async (date: string): Promise<LessonBody[]> => {
    const response = await admin.get(`/api/schedule?groupId=${w.u.groups[1].id}&startDate=${date}&endDate=${date}`);
    expect(response.status).toBe(200);
    return response.body as LessonBody[];
  };
  const link = async (teacher: UserBody, subjectIndex: number) => {
    const response = await admin.post('/api/teacher-subjects', { userId: teacher.id, subjectId: w.u.subjects[subjectIndex].id });
    expect(response.status).toBe(200);
  };
  const absenceState = async () => ({
    overrides: await overrideState(t),
    absences: await t.sql('alpha', `SELECT id, status, resolved_at FROM teacher_absences ORDER BY id`),
    decisions: await t.sql('alpha', `SELECT * FROM teacher_absence_decisions ORDER BY id`),
  });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    T = [...w.u.teachers, ...(await createTeachers(admin, w.u.department.id, 1))];
    slot = slotsOf(w);
    // Accounts created today are assigned from today: date the department assignments back to cover the autumn.
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-01-01'`);
    // phys is subject 1, hist subject 3; T0, T2, T3, T4 may teach both, T5 only lectures of phys (see the restriction test).
    for (const teacher of [T[0], T[2], T[3], T[4]]) {
      await link(teacher, 1);
      await link(teacher, 3);
    }
  });

  beforeEach(async () => {
    await clearOverrides(t);
    await t.sql('alpha', `DELETE FROM teacher_absence_decisions`);
    await t.sql('alpha', `DELETE FROM teacher_absences`);
    await createOverride(admin, {
      baseRuleSlotId: slot.math,
      lessonDate: '2026-09-08',
      action: 'MOVE',
      newTimeSlotId: w.pairs[1].id,
      newTeacherId: T[4].id,
    });
    const absent = await admin.post(ABSENCES, { teacherId: T[1].id, startDate: ABSENCE_START, endDate: ABSENCE_END, reason: 'Больничный' });
    expect(absent.status).toBe(200);
    absenceId = (absent.body as { id: number }).id;
    const t3 = await admin.post(ABSENCES, { teacherId: T[3].id, startDate: '2026-09-08', endDate: '2026-09-08', reason: 'Командировка' });
    t3AbsenceId = (t3.body as { id: number }).id;
  });
  afterAll(() => t.close());

  describe('the wizard', () => {
    it('lists the absent teacher’s actual lessons inside the period, each waiting for a decision', async () => {
      const view = await wizard();
      expect(view.lessons.map((item) => [item.lesson.subjectName, item.lesson.lessonDate, item.decision])).toEqual([
        [w.rules.phys.subjectName, '2026-09-08', null],
        [w.rules.hist.subjectName, '2026-09-09', null],
      ]);
      expect(view.remainingLessonCount).toBe(2);
      expect(view.decisions).toEqual([]);
      expect(view.lessons.every((item) => item.canCancel)).toBe(true);
    });

    it('offers only free, present, linked teachers: never the busy T4, the absent T3 or the unlinked T5', async () => {
      const phys = itemOf(await wizard(), slot.phys);
      expect(phys.replacementTeachers.map((candidate) => candidate.teacherId).sort()).toEqual([T[0].id, T[2].id].sort());
      for (const candidate of phys.replacementTeachers) {
        expect(candidate).toMatchObject({ sameDepartment: true, createsGap: false, substitutionCount: 0, score: 150 });
      }
      // T3's absence cancelled: T3 is free on Tuesday pair 2 and is offered at once.
      expect((await admin.delete(`${ABSENCES}/${t3AbsenceId}`)).status).toBe(200);
      const again = itemOf(await wizard(), slot.phys);
      expect(again.replacementTeachers.map((candidate) => candidate.teacherId)).toContain(T[3].id);
    });

    it('honours a lesson-type restriction of the teacher-subject link, set through the API', async () => {
      const linked = await admin.post('/api/teacher-subjects', { userId: T[5].id, subjectId: w.u.subjects[1].id, lessonTypeIds: [LESSON_TYPES.LECTURE] });
      expect(linked.status).toBe(200);
      try {
        expect(itemOf(await wizard(), slot.phys).replacementTeachers.map((candidate) => candidate.teacherId)).not.toContain(T[5].id);
        const widened = await admin.put('/api/teacher-subjects', { userId: T[5].id, subjectId: w.u.subjects[1].id, lessonTypeIds: [LESSON_TYPES.PRACTICE] });
        expect(widened.status).toBe(200);
        expect(itemOf(await wizard(), slot.phys).replacementTeachers.map((candidate) => candidate.teacherId)).toContain(T[5].id);
      } finally {
        await admin.delete('/api/teacher-subjects', { userId: T[5].id, subjectId: w.u.subjects[1].id });
      }
    });

    it('ranks a teacher who already substitutes below one who does not', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-02', action: 'REPLACE', newTeacherId: T[2].id });
      const phys = itemOf(await wizard(), slot.phys);
      expect(phys.replacementTeachers.map((candidate) => [candidate.teacherId, candidate.substitutionCount])).toEqual([
        [T[0].id, 0],
        [T[2].id, 1],
      ]);
    });

    it('offers moves only to teaching dates outside the absence, nearest first, never to the group’s holiday', async () => {
      const { moveOptions } = itemOf(await wizard(), slot.phys);
      expect(moveOptions.length).toBeGreaterThan(0);
      expect(moveOptions.length).toBeLessThanOrEqual(10);
      const dates = moveOptions.map((option) => option.targetLessonDate as string);
      expect(dates.every((date) => date < ABSENCE_START || date > ABSENCE_END)).toBe(true);
      expect(dates).not.toContain(HOLIDAY);
      const distances = moveOptions.map((option) => option.distanceDays);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    });

    it('by the university\'s clock: no move to a day gone, a pair begun or a Sunday; a lesson already given may still get a substitute (issue 45)', async () => {
      // Monday 14.09.2026, 09:00 in Moscow: the whole absence is over; of that Monday, pair 1 (08:30) has begun.
      standServiceAt('2026-09-14T06:00:00Z');
      try {
        const phys = itemOf(await wizard(), slot.phys);
        const moves = phys.moveOptions.map((option) => ({ date: option.targetLessonDate as string, pair: w.pairs.find((pair) => pair.id === option.newTimeSlotId) }));
        expect(moves.length).toBeGreaterThan(0);
        expect(moves.filter(({ date }) => date < '2026-09-14' || new Date(`${date}T00:00:00Z`).getUTCDay() === 0)).toEqual([]);
        expect(moves.filter(({ date, pair }) => date === '2026-09-14' && pair?.orderNumber === 1)).toEqual([]);
        expect(phys.replacementTeachers.map((candidate) => candidate.teacherId).sort()).toEqual([T[0].id, T[2].id].sort());
      } finally {
        standServiceAt(BEFORE_AUTUMN_2026);
      }
    });

    it('offers only free active rooms: not C0, taken by the moved math lecture, nor the lesson’s own C1', async () => {
      const { classrooms } = itemOf(await wizard(), slot.phys);
      expect(classrooms.map((room) => room.classroomId).sort()).toEqual([w.u.classrooms[2].id, w.u.classrooms[3].id, w.u.classrooms[4].id].sort());
    });

    it('offers only what resolving accepts as it is: every candidate of every lesson of a month, each saved alone', async () => {
      expect((await admin.delete(`${ABSENCES}/${absenceId}`)).status).toBe(200);
      const month = await admin.post(ABSENCES, { teacherId: T[1].id, startDate: '2026-09-01', endDate: '2026-09-30', reason: 'Больничный' });
      expect(month.status).toBe(200);
      absenceId = (month.body as { id: number }).id;
      const view = await wizard();
      expect(view.lessons.length).toBe(6); // phys on four Tuesdays, hist on two Wednesdays
      let saved = 0;
      for (const { lesson, replacementTeachers, moveOptions, classrooms } of view.lessons) {
        const at = { baseRuleSlotId: lesson.baseRuleSlotId, lessonDate: lesson.lessonDate };
        const decisions = [
          ...replacementTeachers.map((candidate) => ({ ...at, resolution: 'REPLACE_TEACHER', newTeacherId: candidate.teacherId })),
          ...moveOptions.map((option) => ({ ...at, resolution: 'MOVE_TIME', targetLessonDate: option.targetLessonDate, newTimeSlotId: option.newTimeSlotId })),
          ...classrooms.map((room) => ({ ...at, resolution: 'CHANGE_CLASSROOM', newClassroomId: room.classroomId })),
        ];
        for (const decision of decisions) {
          const response = await resolve([decision]);
          expect({ decision, status: response.status }).toEqual({ decision, status: 200 });
          const [applied] = (response.body as { applied: Wizard['decisions'] }).applied;
          expect((await admin.delete(`${OVERRIDES_PATH}/${applied.scheduleOverrideId}`)).status).toBe(200);
          saved++;
        }
      }
      expect(saved).toBeGreaterThan(30);
    });

    it('answers in a fixed number of queries, whatever the number of affected lessons', async () => {
      const week = await countQueries(() => wizard());
      expect((await admin.delete(`${ABSENCES}/${absenceId}`)).status).toBe(200);
      const month = await admin.post(ABSENCES, { teacherId: T[1].id, startDate: '2026-09-01', endDate: '2026-09-30', reason: 'Больничный' });
      absenceId = (month.body as { id: number }).id;
      let lessonCount = 0;
      const monthQueries = await countQueries(async () => (lessonCount = (await wizard()).lessons.length));
      expect(lessonCount).toBe(6);
      // Checking lesson by lesson cost about 20 queries per lesson (about 60 and 140 here).
      expect({ week, month: monthQueries }).toEqual({ week, month: week });
      expect(week).toBeLessThanOrEqual(40);
    });

    it('is for the office only, and only for an approved absence', async () => {
      const pending = await t.sql<{ id: number }>(
        'alpha',
        `INSERT INTO teacher_absences (teacher_id, start_date, end_date, reason, status) VALUES ($1, '2026-10-01', '2026-10-02', 'x', 'PENDING') RETURNING id`,
        [T[0].id],
      );
      const response = await admin.get(`${ABSENCES}/${pending[0].id}/wizard`);
      expectErrorBody(response.body as Record<string, unknown>, 409, `${ABSENCES}/${pending[0].id}/wizard`, /ещё не утверждено/);
      expect((await admin.get(`${ABSENCES}/999999/wizard`)).status).toBe(404);
    });
  });

  describe('resolve', () => {
    it('applies every decision as an ordinary override and marks the absence RESOLVED when none waits', async () => {
      const response = await resolve([
        { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'REPLACE_TEACHER', newTeacherId: T[0].id, comment: 'Замена' },
        { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', resolution: 'REJECT', comment: 'Проведёт онлайн' },
      ]);
      expect(response.status).toBe(200);
      const body = response.body as { absence: { status: string; resolvedAt: string | null }; applied: Wizard['decisions']; remainingLessonCount: number };
      expect(body.absence.status).toBe('RESOLVED');
      expect(body.absence.resolvedAt).not.toBeNull();
      expect(body.remainingLessonCount).toBe(0);
      const [replace, reject] = body.applied;
      expect(reject).toMatchObject({ resolution: 'REJECT', scheduleOverrideId: null });

      const [phys] = (await groupBView('2026-09-08')).filter((lesson) => lesson.scheduleRuleId === w.rules.phys.id);
      expect(phys).toMatchObject({ teacherId: T[0].id, scheduleOverrideId: replace.scheduleOverrideId, overrideAction: 'REPLACE' });
      const registry = await admin.get(`${OVERRIDES_PATH}?startDate=2026-09-08&endDate=2026-09-08`);
      expect((registry.body as { id: number }[]).map((entry) => entry.id)).toContain(replace.scheduleOverrideId);

      // The wizard now shows both decisions in force and the log.
      const view = await wizard();
      expect(view.remainingLessonCount).toBe(0);
      expect(view.decisions.map((decision) => decision.resolution)).toEqual(['REPLACE_TEACHER', 'REJECT']);
      expect(view.lessons.map((item) => item.lesson.subjectName)).toEqual([w.rules.hist.subjectName]);
      expect(itemOf(view, slot.hist).decision).toMatchObject({ resolution: 'REJECT' });
    });

    it('rolls back every decision of the batch when one clashes (checked through the schedule)', async () => {
      const before = await absenceState();
      const response = await resolve([
        { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'REPLACE_TEACHER', newTeacherId: T[0].id },
        // Tuesday 15th pair 1 is group A's math lecture: a group clash.
        { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', resolution: 'MOVE_TIME', targetLessonDate: '2026-09-15', newTimeSlotId: w.pairs[0].id },
      ]);
      expectErrorBody(response.body as Record<string, unknown>, 409, `${ABSENCES}/${absenceId}/resolve`, /^Решение 2 \(MOVE_TIME.*Ни одно решение не применено$/);
      expect(await absenceState()).toEqual(before);
      const [phys] = (await groupBView('2026-09-08')).filter((lesson) => lesson.scheduleRuleId === w.rules.phys.id);
      expect(phys).toMatchObject({ teacherId: T[1].id, scheduleOverrideId: null });
    });

    it('refuses a replacement by a busy or absent teacher with 409, and by an unlinked one with 400', async () => {
      const before = await absenceState();
      const one = (newTeacherId: number) => resolve([{ baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'REPLACE_TEACHER', newTeacherId }]);
      expect((await one(T[4].id)).status).toBe(409);
      const absent = await one(T[3].id);
      expect(absent.status).toBe(409);
      expect((absent.body as { message: string }).message).toMatch(/отсутствует/);
      const unlinked = await one(T[5].id);
      expect(unlinked.status).toBe(400);
      expect((unlinked.body as { message: string }).message).toMatch(/не закреплён за дисциплиной/);
      expect(await absenceState()).toEqual(before);
    });

    it('moves a lesson out of the absence, keeps the absence open while a lesson waits, and refuses a second decision', async () => {
      const [option] = itemOf(await wizard(), slot.phys).moveOptions;
      const moved = await resolve([
        { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'MOVE_TIME', targetLessonDate: option.targetLessonDate, newTimeSlotId: option.newTimeSlotId },
      ]);
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ absence: { status: 'APPROVED' }, remainingLessonCount: 1 });
      expect((await groupBView(option.targetLessonDate as string)).some((lesson) => lesson.scheduleRuleId === w.rules.phys.id)).toBe(true);

      const before = await absenceState();
      const again = await resolve([{ baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', resolution: 'CANCEL' }, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'CANCEL' }]);
      expect(again.status).toBe(400); // the moved lesson is no longer inside the absence
      expect(await absenceState()).toEqual(before);
    });

    it('changes only the room of a lesson the office keeps, and cancels another', async () => {
      const response = await resolve([
        { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'CHANGE_CLASSROOM', newClassroomId: w.u.classrooms[3].id },
        { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', resolution: 'CANCEL' },
      ]);
      expect(response.status).toBe(200);
      const [phys] = (await groupBView('2026-09-08')).filter((lesson) => lesson.scheduleRuleId === w.rules.phys.id);
      expect(phys).toMatchObject({ classroomId: w.u.classrooms[3].id, teacherId: T[1].id });
      const histView = await admin.get(`/api/schedule?groupId=${w.u.groups[0].id}&startDate=2026-09-09&endDate=2026-09-09`);
      expect((histView.body as LessonBody[]).some((lesson) => lesson.scheduleRuleId === w.rules.hist.id)).toBe(false);
      expect(response.body).toMatchObject({ absence: { status: 'RESOLVED' } });
    });

    it('lets the created override be deleted like any other; the lesson then waits for a decision again', async () => {
      const response = await resolve([{ baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'CANCEL' }]);
      const [cancel] = (response.body as { applied: Wizard['decisions'] }).applied;
      expect((await admin.delete(`${OVERRIDES_PATH}/${cancel.scheduleOverrideId}`)).status).toBe(200);
      const view = await wizard();
      expect(view.remainingLessonCount).toBe(2);
      expect(view.decisions).toEqual([expect.objectContaining({ id: cancel.id, resolution: 'CANCEL', scheduleOverrideId: null })]);
      expect(itemOf(view, slot.phys).decision).toBeNull();
    });

    it('refuses malformed batches before touching anything', async () => {
      const before = await absenceState();
      const path = `${ABSENCES}/${absenceId}/resolve`;
      const cases: [Record<string, unknown>[], RegExp][] = [
        [[], /хотя бы одно решение/],
        [[{ baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'REPLACE_TEACHER' }], /укажите newTeacherId/],
        [[{ baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'CANCEL', newTeacherId: T[0].id }], /не допускает полей newTeacherId/],
        [
          [
            { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'CANCEL' },
            { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', resolution: 'REJECT' },
          ],
          /Решения 1 и 2 относятся к одному занятию/,
        ],
        [[{ baseRuleSlotId: slot.math, lessonDate: '2026-09-15', resolution: 'CANCEL' }], /не затронуто этим отсутствием/],
      ];
      for (const [decisions, message] of cases) {
        const response = await resolve(decisions);
        expectErrorBody(response.body as Record<string, unknown>, 400, path, message);
      }
      expect(await absenceState()).toEqual(before);
    });
  });
});
