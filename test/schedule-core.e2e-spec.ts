import { TenantDb } from '../src/platform/database/tenant-db';
import { int, rowShape, text } from '../src/platform/database/row-shape';
import { BadRequestError } from '../src/platform/http/app-error';
import { ActualLesson } from '../src/schedule-engine/override-application';
import {
  ActualLessons,
  CandidateFinder,
  CandidateKind,
  LESSON_SLOT_NOT_FOUND,
  LessonCandidates,
  LessonChange,
  LessonSelection,
} from '../src/schedule/core';
import { eachDate } from '../src/schedule-engine/weeks';
import { inTenant, teacherOrRoomClashes } from './support/core-builders';
import {
  buildOverrideWorld,
  clearOverrides,
  countQueries,
  createOverride,
  HOLIDAY,
  MANUAL_DAY,
  OverrideRequestBody,
  overrideState,
  OverrideWorld,
  OVERRIDES_PATH,
  slotsOf,
} from './support/override-builders';
import { createSubject } from './support/resource-builders';
import { RuleBody, ruleBody, RULES_PATH, slotBody } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';

type Response = { status: number; body: Record<string, unknown> };

const ID = rowShape({ id: int });
const DEPARTMENT = rowShape({ id: int, name: text, code: int });

/**
 * The schedule core (src/schedule/core) as later features will use it, through the application's DI
 * container in a tenant context, on the override world of `buildOverrideWorld` (see its header):
 * autumn semester 2026-09-01 .. 2026-12-31, base pairs P1 08:30, P2 10:10, P3 11:50, P4 14:00; math
 * (A) Tue P1 T0 C0 on 09-01/08/15/22/29; phys (B) Tue P2 T1 C1 on 09-01/08/15/22; labs (A) Thu P1 —
 * A1 T2 C2, A2 T3 C3 — on 09-03/10; hist (A) Wed P2 T1 C0 on 09-02/09; chem (B) Tue P1 T2 C2 on
 * 09-01/08; an archived rule (B, Fri, T4 C4); a draft rule (A, Mon P1, T4 C4, 4 h) in version 2.
 */
// The service stands before the semester's lessons: the candidate finder offers only what is ahead.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

describe('schedule core', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let T: number[];
  let C: number[];
  let P: OverrideWorld['pairs'];
  let A: OverrideWorld['u']['groups'][number];
  let B: OverrideWorld['u']['groups'][number];
  let slot: ReturnType<typeof slotsOf>;

  const SEMESTER_START = '2026-09-01';
  const SEMESTER_END = '2026-12-31';

  const post = (body: OverrideRequestBody) => admin.post(OVERRIDES_PATH, body) as unknown as Promise<Response>;
  const put = (id: number, body: OverrideRequestBody) => admin.put(`${OVERRIDES_PATH}/${id}`, body) as unknown as Promise<Response>;
  const hhmm = (time: string) => time.slice(0, 5);

  /** «math 2026-09-01 08:30»: which base slot, where and when the lesson really is. */
  function brief(lesson: ActualLesson): string {
    const name = Object.entries(slot).find(([, id]) => id === lesson.slotId)?.[0] ?? `slot#${lesson.slotId}`;
    return `${name} ${lesson.date} ${hhmm(lesson.startTime)}`;
  }

  /** The lessons are exactly `expected` (in any order among themselves) and come in date, then start-time order. */
  function expectLessons(lessons: readonly ActualLesson[], expected: string[]): void {
    expect(lessons.map(brief).sort()).toEqual([...expected].sort());
    const order = lessons.map((lesson) => `${lesson.date} ${lesson.startTime}`);
    expect(order).toEqual([...order].sort());
  }

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    T = w.u.teachers.map((teacher) => teacher.id);
    C = w.u.classrooms.map((room) => room.id);
    P = w.pairs;
    [A, B] = w.u.groups;
    slot = slotsOf(w);
  });
  afterAll(() => t.close());

  // ---------------------------------------------------------------------------------------------

  describe('ActualLessons.ofSemester', () => {
    const override: Record<'cancel' | 'moveMath' | 'replaceTeacher' | 'replaceRoom' | 'moveHist', number> = {
      cancel: 0,
      moveMath: 0,
      replaceTeacher: 0,
      replaceRoom: 0,
      moveHist: 0,
    };
    const lessonsOf = async (selection: LessonSelection = {}, versionId?: number) => {
      const result = await inTenant(t, () => t.app.get(ActualLessons).ofSemester(w.u.semester.id, selection, versionId));
      if (!result) throw new Error('no lessons for the semester');
      return result;
    };

    beforeAll(async () => {
      override.cancel = (await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL' })).id;
      // Tuesday 09-15 pair 1 → Friday 09-18 pair 3.
      override.moveMath = (
        await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', targetLessonDate: '2026-09-18', action: 'MOVE', newTimeSlotId: P[2].id })
      ).id;
      // Physics (T1's rule) is given by T3 on 09-15.
      override.replaceTeacher = (await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', action: 'REPLACE', newTeacherId: T[3] })).id;
      // History 09-09 is held in C4 instead of C0.
      override.replaceRoom = (await createOverride(admin, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-09', action: 'REPLACE', newClassroomId: C[4] })).id;
      // History Wednesday 09-02 pair 2 → Tuesday 09-01 pair 4 (an earlier date, after the other lessons of that day).
      override.moveHist = (
        await createOverride(admin, { baseRuleSlotId: slot.hist, lessonDate: '2026-09-02', targetLessonDate: '2026-09-01', action: 'MOVE', newTimeSlotId: P[3].id })
      ).id;
    });
    afterAll(() => clearOverrides(t));

    /** The published version's lessons after the five overrides above. */
    const ALL = [
      'math 2026-09-01 08:30',
      'chem 2026-09-01 08:30',
      'phys 2026-09-01 10:10',
      'hist 2026-09-01 14:00', // moved in from 09-02
      'labA1 2026-09-03 08:30',
      'labA2 2026-09-03 08:30',
      // math 09-08 is cancelled
      'chem 2026-09-08 08:30',
      'phys 2026-09-08 10:10',
      'hist 2026-09-09 10:10', // in C4
      'labA1 2026-09-10 08:30',
      'labA2 2026-09-10 08:30',
      'phys 2026-09-15 10:10', // by T3; math 09-15 moved away
      'math 2026-09-18 11:50', // moved in from 09-15
      'math 2026-09-22 08:30',
      'phys 2026-09-22 10:10',
      'math 2026-09-29 08:30', // the manual grid's first pair keeps the base times
    ];

    it('answers the published version’s lessons with every override applied, in date and time order', async () => {
      const result = await lessonsOf();
      expect(result.versionId).toBe(w.u.versionId);
      expect(result.semester).toMatchObject({ id: w.u.semester.id, startDate: SEMESTER_START, endDate: SEMESTER_END, publishedVersionId: w.u.versionId });
      expectLessons(result.lessons, ALL);
      // The same when the published version is named.
      expect((await lessonsOf({}, w.u.versionId)).lessons.map(brief)).toEqual(result.lessons.map(brief));

      const at = (slotId: number, date: string) => result.lessons.filter((lesson) => lesson.slotId === slotId && lesson.date === date);
      // Cancelled: gone, under neither its date nor as anyone's original.
      expect(result.lessons.filter((lesson) => lesson.slotId === slot.math && (lesson.date === '2026-09-08' || lesson.override?.originalLessonDate === '2026-09-08'))).toEqual([]);
      // Unchanged lessons carry no override mark.
      expect(at(slot.math, '2026-09-01')[0].override).toBeUndefined();

      const [moved] = at(slot.math, '2026-09-18');
      expect(moved).toMatchObject({
        slotId: slot.math,
        date: '2026-09-18',
        dayOfWeek: 5,
        weekNumber: 3,
        timeSlotId: P[2].id,
        teacherId: T[0],
        classroomId: C[0],
        override: { scheduleOverrideId: override.moveMath, overrideAction: 'MOVE', originalLessonDate: '2026-09-15' },
      });
      expect([hhmm(moved.startTime), hhmm(moved.endTime)]).toEqual([hhmm(P[2].startTime), hhmm(P[2].endTime)]);
      expect(at(slot.math, '2026-09-15')).toEqual([]);

      const [movedEarlier] = at(slot.hist, '2026-09-01');
      expect(movedEarlier).toMatchObject({ timeSlotId: P[3].id, dayOfWeek: 2, weekNumber: 1, override: { overrideAction: 'MOVE', originalLessonDate: '2026-09-02' } });

      expect(at(slot.phys, '2026-09-15')).toEqual([
        expect.objectContaining({
          teacherId: T[3],
          classroomId: C[1],
          timeSlotId: P[1].id,
          override: { scheduleOverrideId: override.replaceTeacher, overrideAction: 'REPLACE', originalLessonDate: '2026-09-15' },
        }),
      ]);
      expect(at(slot.hist, '2026-09-09')).toEqual([
        expect.objectContaining({
          teacherId: T[1],
          classroomId: C[4],
          override: { scheduleOverrideId: override.replaceRoom, overrideAction: 'REPLACE', originalLessonDate: '2026-09-09' },
        }),
      ]);
    });

    it('narrows by teacher to the lessons the teacher really gives', async () => {
      // T3: own A2 labs, plus physics 09-15 replaced to T3 from T1's rule.
      expectLessons((await lessonsOf({ teacherIds: [T[3]] })).lessons, ['labA2 2026-09-03 08:30', 'labA2 2026-09-10 08:30', 'phys 2026-09-15 10:10']);
      // T1: physics without the lesson replaced away, history (moved and replaced-room ones included).
      expectLessons((await lessonsOf({ teacherIds: [T[1]] })).lessons, [
        'phys 2026-09-01 10:10',
        'hist 2026-09-01 14:00',
        'phys 2026-09-08 10:10',
        'hist 2026-09-09 10:10',
        'phys 2026-09-22 10:10',
      ]);
      // Any of several teachers; T4 only has archived and draft rules.
      expectLessons((await lessonsOf({ teacherIds: [T[3], T[4]] })).lessons, ['labA2 2026-09-03 08:30', 'labA2 2026-09-10 08:30', 'phys 2026-09-15 10:10']);
      expect((await lessonsOf({ teacherIds: [T[4]] })).lessons).toEqual([]);
    });

    it('narrows by group to its whole-group lessons and its subgroups’ labs', async () => {
      expectLessons((await lessonsOf({ groupIds: [A.id] })).lessons, [
        'math 2026-09-01 08:30',
        'hist 2026-09-01 14:00',
        'labA1 2026-09-03 08:30',
        'labA2 2026-09-03 08:30',
        'hist 2026-09-09 10:10',
        'labA1 2026-09-10 08:30',
        'labA2 2026-09-10 08:30',
        'math 2026-09-18 11:50',
        'math 2026-09-22 08:30',
        'math 2026-09-29 08:30',
      ]);
      expectLessons((await lessonsOf({ groupIds: [B.id] })).lessons, [
        'chem 2026-09-01 08:30',
        'phys 2026-09-01 10:10',
        'chem 2026-09-08 08:30',
        'phys 2026-09-08 10:10',
        'phys 2026-09-15 10:10',
        'phys 2026-09-22 10:10',
      ]);
      expectLessons((await lessonsOf({ groupIds: [A.id, B.id] })).lessons, ALL);
    });

    it('narrows by classroom to the lessons really held there', async () => {
      // C4: only the replaced history lesson (the archived and the draft rule's C4 do not count).
      expectLessons((await lessonsOf({ classroomIds: [C[4]] })).lessons, ['hist 2026-09-09 10:10']);
      // C0: mathematics wherever it went and history, but not the lesson replaced into C4.
      expectLessons((await lessonsOf({ classroomIds: [C[0]] })).lessons, [
        'math 2026-09-01 08:30',
        'hist 2026-09-01 14:00',
        'math 2026-09-18 11:50',
        'math 2026-09-22 08:30',
        'math 2026-09-29 08:30',
      ]);
    });

    it('narrows by base slot, wherever one-off changes put its lessons, and combines criteria (AND)', async () => {
      const math = await lessonsOf({ slotIds: [slot.math] });
      expectLessons(math.lessons, ['math 2026-09-01 08:30', 'math 2026-09-18 11:50', 'math 2026-09-22 08:30', 'math 2026-09-29 08:30']);
      // One slot of a two-slot rule: the other subgroup's lessons stay out.
      expectLessons((await lessonsOf({ slotIds: [slot.labA1] })).lessons, ['labA1 2026-09-03 08:30', 'labA1 2026-09-10 08:30']);
      expectLessons((await lessonsOf({ slotIds: [slot.labA1, slot.chem] })).lessons, [
        'chem 2026-09-01 08:30',
        'labA1 2026-09-03 08:30',
        'chem 2026-09-08 08:30',
        'labA1 2026-09-10 08:30',
      ]);
      expectLessons((await lessonsOf({ teacherIds: [T[1]], startDate: '2026-09-09', endDate: '2026-09-30' })).lessons, [
        'hist 2026-09-09 10:10',
        'phys 2026-09-22 10:10',
      ]);
      expect((await lessonsOf({ teacherIds: [T[1]], classroomIds: [C[4]] })).lessons.map(brief)).toEqual(['hist 2026-09-09 10:10']);
      expect((await lessonsOf({ groupIds: [B.id], classroomIds: [C[0]] })).lessons).toEqual([]);
    });

    it('takes the date range inclusively, after moves', async () => {
      // Mathematics 09-15 moved in to 09-18; nothing else is in 16..20 (labs are over, 09-17 is a holiday).
      expectLessons((await lessonsOf({ startDate: '2026-09-16', endDate: '2026-09-20' })).lessons, ['math 2026-09-18 11:50']);
      // 09-15 keeps only physics: mathematics moved out.
      expectLessons((await lessonsOf({ startDate: '2026-09-15', endDate: '2026-09-15' })).lessons, ['phys 2026-09-15 10:10']);
      // History 09-02 moved out to 09-01: 09-02 is empty, 09-01 has it.
      expect((await lessonsOf({ startDate: '2026-09-02', endDate: '2026-09-02' })).lessons).toEqual([]);
      expectLessons((await lessonsOf({ startDate: SEMESTER_START, endDate: SEMESTER_START })).lessons, ALL.slice(0, 4));
      // Both bounds included.
      expectLessons((await lessonsOf({ startDate: '2026-09-22', endDate: MANUAL_DAY })).lessons, ['math 2026-09-22 08:30', 'phys 2026-09-22 10:10', 'math 2026-09-29 08:30']);
      expectLessons((await lessonsOf({ startDate: '2026-09-03', endDate: '2026-09-08' })).lessons, ALL.slice(4, 8));
      expect((await lessonsOf({ startDate: '2026-09-30', endDate: SEMESTER_END })).lessons).toEqual([]);
    });

    it('shows a DRAFT version’s own rules as they are, without one-off changes', async () => {
      const draft = await lessonsOf({}, w.draftVersionId);
      expect(draft.versionId).toBe(w.draftVersionId);
      // 4 lecture hours on Mondays: the first two Mondays of the semester (31 Aug is before it).
      expectLessons(draft.lessons, ['draft 2026-09-07 08:30', 'draft 2026-09-14 08:30']);
      expect(draft.lessons.every((lesson) => lesson.override === undefined && lesson.teacherId === T[4] && lesson.classroomId === C[4])).toBe(true);

      // Even an override row stored for a draft lesson (the API never makes one) is not applied.
      const [row] = await t.sql<{ id: number }>(
        'alpha',
        `INSERT INTO schedule_overrides (schedule_version_id, base_rule_slot_id, lesson_date, action) VALUES ($1, $2, '2026-09-07', 'CANCEL') RETURNING id`,
        [w.draftVersionId, slot.draft],
      );
      try {
        expectLessons((await lessonsOf({}, w.draftVersionId)).lessons, ['draft 2026-09-07 08:30', 'draft 2026-09-14 08:30']);
      } finally {
        await t.sql('alpha', `DELETE FROM schedule_overrides WHERE id = $1`, [row.id]);
      }
      expect(await inTenant(t, () => t.app.get(ActualLessons).ofSemester(999_999))).toBeUndefined();
    });

    it('loads in a fixed number of queries, whatever the range, the rules and the overrides', async () => {
      const count = (selection: LessonSelection) => inTenant(t, () => countQueries(() => t.app.get(ActualLessons).ofSemester(w.u.semester.id, selection)));
      const whole = await count({});
      expect(whole).toBeGreaterThan(0);
      expect(whole).toBeLessThanOrEqual(6); // the class documents six: semester, rules, overrides, two for the grids, calendars
      expect(await count({ startDate: '2026-09-15', endDate: '2026-09-15' })).toBe(whole);
      expect(await count({ teacherIds: [T[3]], startDate: '2026-09-15', endDate: '2026-09-15' })).toBe(whole); // 2 of 5 rules
      expect(await count({ groupIds: [A.id, B.id], classroomIds: C })).toBe(whole);

      // More overrides change nothing either.
      const extra = [
        await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'REPLACE', newLessonFormat: 'Онлайн' }),
        await createOverride(admin, { baseRuleSlotId: slot.chem, lessonDate: '2026-09-01', action: 'CANCEL' }),
        await createOverride(admin, { baseRuleSlotId: slot.labA1, lessonDate: '2026-09-10', targetLessonDate: '2026-09-12', action: 'MOVE', newTimeSlotId: w.saturday[0].id }),
      ];
      try {
        expect(await count({})).toBe(whole);
      } finally {
        await t.sql('alpha', `DELETE FROM schedule_overrides WHERE id = ANY($1::int[])`, [extra.map((entry) => entry.id)]);
      }
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('CandidateFinder.find', () => {
    afterEach(() => clearOverrides(t));

    /** The finder's answer for one kind; every candidate carries that kind, which the assertions below then leave out. */
    const find = async (baseRuleSlotId: number, lessonDate: string, kind: CandidateKind): Promise<LessonCandidates> => {
      const found = await inTenant(t, () => t.app.get(CandidateFinder).find(baseRuleSlotId, lessonDate, kind));
      expect([...found.accepted, ...found.rejected].every((candidate) => candidate.kind === kind)).toBe(true);
      const withoutKind = <T extends { kind: CandidateKind }>({ kind: _kind, ...rest }: T) => rest as T;
      return { ...found, accepted: found.accepted.map(withoutKind), rejected: found.rejected.map(withoutKind) };
    };
    const bodyOf = (baseRuleSlotId: number, lessonDate: string, change: LessonChange): OverrideRequestBody => ({ baseRuleSlotId, lessonDate, ...change });

    /** Up to `count` items spread over the list (first and last included). */
    function spread<T>(items: readonly T[], count: number): T[] {
      if (items.length <= count) return [...items];
      return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]);
    }

    /** The API answers a rejected candidate exactly as the finder said, and changes nothing. */
    async function expectRefusedLikeFinder(send: () => Promise<Response>, rejected: { status: number; reason: string }): Promise<void> {
      const before = await overrideState(t);
      const response = await send();
      expect({ status: response.status, message: response.body.message }).toEqual({ status: rejected.status, message: rejected.reason });
      expect(await overrideState(t)).toEqual(before);
    }

    /**
     * Saves some accepted candidates of a lesson without an override (each created, checked, deleted)
     * and every rejected one (each refused with the finder's status and reason).
     */
    async function expectSameAsSaving(slotId: number, lessonDate: string, candidates: LessonCandidates, sample = 5): Promise<void> {
      expect(candidates.overrideId).toBeNull();
      for (const accepted of spread(candidates.accepted, sample)) {
        const response = await post(bodyOf(slotId, lessonDate, accepted.change));
        expect({ change: accepted.change, status: response.status, body: response.body }).toMatchObject({
          status: 200,
          body: {
            action: accepted.change.action,
            targetLessonDate: accepted.change.targetLessonDate,
            newTimeSlotId: accepted.change.newTimeSlotId,
            newTeacherId: accepted.change.newTeacherId,
            newClassroomId: accepted.change.newClassroomId,
          },
        });
        expect((await admin.delete(`${OVERRIDES_PATH}/${response.body.id as number}`)).status).toBe(200);
      }
      for (const rejected of candidates.rejected) await expectRefusedLikeFinder(() => post(bodyOf(slotId, lessonDate, rejected.change)), rejected);
    }

    const DAY = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];
    /** The refusal saving gives when the changed lesson meets a lesson of `other` (spec 4.10, 409). */
    const clash = (date: string, time: string, other: RuleBody, otherTime: string, reasons: string) =>
      `Изменение занятия пересекается ${date.split('-').reverse().join('.')} (${DAY[new Date(`${date}T00:00:00Z`).getUTCDay()]}), ${time} ` +
      `с занятием «${other.subjectName}» (правило №${other.id}, ${otherTime}): ${reasons}`;

    it('offers only candidates that saving accepts, and rejects exactly what saving refuses, for every kind', async () => {
      let rejectedSeen = 0;
      for (const [slotId, lessonDate] of [
        [slot.math, '2026-09-08'],
        [slot.chem, '2026-09-01'],
        [slot.labA2, '2026-09-10'],
      ] as const) {
        for (const kind of ['TIME_SLOT', 'DATE', 'CLASSROOM', 'TEACHER'] as const) {
          const candidates = await find(slotId, lessonDate, kind);
          expect({ kind, accepted: candidates.accepted.length > 0 }).toEqual({ kind, accepted: true });
          rejectedSeen += candidates.rejected.length;
          await expectSameAsSaving(slotId, lessonDate, candidates, Infinity); // every candidate, not a sample
        }
      }
      expect(rejectedSeen).toBeGreaterThan(0);
    }, 120_000);

    it('CLASSROOM: every other active room; a room used at that time is rejected with 409 naming the clash', async () => {
      const candidates = await find(slot.math, '2026-09-08', 'CLASSROOM');
      expect(candidates.lesson).toMatchObject({ slotId: slot.math, date: '2026-09-08', classroomId: C[0] });
      expect(candidates.accepted.map((item) => item.change.newClassroomId)).toEqual([C[1], C[3], C[4]]);
      for (const item of candidates.accepted) {
        expect(item.change).toEqual({ action: 'REPLACE', targetLessonDate: null, newTimeSlotId: null, newTeacherId: null, newClassroomId: item.lesson.classroomId, newLessonFormat: null });
        expect(item.lesson).toMatchObject({ date: '2026-09-08', teacherId: T[0], timeSlotId: P[0].id });
      }
      // Chemistry (group B, T2) is in C2 at 08:30 on Tuesdays.
      expect(candidates.rejected).toEqual([
        {
          change: expect.objectContaining({ action: 'REPLACE', newClassroomId: C[2] }),
          status: 409,
          reason: clash('2026-09-08', '08:30–10:00', w.rules.chem, '08:30–10:00', 'аудитория уже занята в это время'),
          // What the clash shares: a teacher's move may cure a room clash with another room, never this.
          clashFields: ['classroom'],
        },
      ]);
      await expectSameAsSaving(slot.math, '2026-09-08', candidates, 10);
    });

    it('TEACHER: every other active teacher; one busy at that time is rejected with 409', async () => {
      const candidates = await find(slot.math, '2026-09-08', 'TEACHER');
      // T1 teaches physics only in pair 2; T3 has labs on Thursdays; T4 only archived and draft rules.
      expect(candidates.accepted.map((item) => item.change.newTeacherId)).toEqual([T[1], T[3], T[4]]);
      expect(candidates.accepted.map((item) => item.lesson.teacherId)).toEqual([T[1], T[3], T[4]]);
      expect(candidates.rejected).toEqual([
        {
          change: expect.objectContaining({ action: 'REPLACE', newTeacherId: T[2] }),
          status: 409,
          reason: clash('2026-09-08', '08:30–10:00', w.rules.chem, '08:30–10:00', 'преподаватель уже занят в это время'),
          clashFields: ['teacher'],
        },
      ]);
      await expectSameAsSaving(slot.math, '2026-09-08', candidates, 10);
    });

    it('DATE: every other semester date with the same pair number of its grid; busy dates 409, the holiday 400', async () => {
      const candidates = await find(slot.math, '2026-09-08', 'DATE');
      const rejectedDates = Object.fromEntries(candidates.rejected.map((item) => [item.change.targetLessonDate, item.status]));
      // Pair 1 is taken for group A / T0 / C0 by mathematics itself (01, 15, 22, 29) and the A labs (03, 10); 17 is a holiday.
      expect(rejectedDates).toEqual({
        '2026-09-01': 409,
        '2026-09-03': 409,
        '2026-09-10': 409,
        '2026-09-15': 409,
        [HOLIDAY]: 400,
        '2026-09-22': 409,
        [MANUAL_DAY]: 409,
      });
      expect(candidates.rejected.find((item) => item.change.targetLessonDate === HOLIDAY)?.reason).toBe(`17.09.2026 учебный календарь группы «${A.name}» не допускает занятий`);
      expect(candidates.rejected.find((item) => item.change.targetLessonDate === '2026-09-03')?.reason).toMatch(/у группы уже есть занятие в это время$/);

      // Sundays are never offered (issue 45: suggestions are days a lesson can really be held).
      const sunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
      const expected = eachDate(SEMESTER_START, SEMESTER_END).filter((date) => date !== '2026-09-08' && !(date in rejectedDates) && !sunday(date));
      expect(candidates.accepted.map((item) => item.change.targetLessonDate)).toEqual(expected);
      for (const item of [...candidates.accepted, ...candidates.rejected]) {
        expect(item.change).toMatchObject({ action: 'MOVE', newTeacherId: null, newClassroomId: null, newLessonFormat: null });
      }
      for (const item of candidates.accepted) expect(item.lesson).toMatchObject({ date: item.change.targetLessonDate, timeSlotOrder: 1 });
      // On a Saturday the Saturday grid's pair 1, on the manual day the manual grid's pair 1, else the base pair 1.
      const on = (date: string) => [...candidates.accepted, ...candidates.rejected].find((item) => item.change.targetLessonDate === date)?.change.newTimeSlotId;
      expect(on('2026-09-12')).toBe(w.saturday[0].id);
      expect(hhmm(candidates.accepted.find((item) => item.change.targetLessonDate === '2026-09-12')?.lesson.startTime ?? '')).toBe('09:00');
      expect(on(MANUAL_DAY)).toBe(w.manual[0].id);
      expect(on('2026-09-09')).toBe(P[0].id);
      await expectSameAsSaving(slot.math, '2026-09-08', candidates, 6);
    });

    it('TIME_SLOT: the other pairs of the effective grid of the lesson’s date, never its own pair', async () => {
      const ids = (candidates: LessonCandidates) => [...candidates.accepted, ...candidates.rejected].map((item) => item.change.newTimeSlotId).sort((a, b) => (a ?? 0) - (b ?? 0));

      const manual = await find(slot.math, MANUAL_DAY, 'TIME_SLOT');
      // The manual grid's pair 1 has mathematics' own times: only its pairs 2 and 3 are offered, no base pair.
      expect(ids(manual)).toEqual([w.manual[1].id, w.manual[2].id].sort((a, b) => a - b));
      expect(manual.rejected).toEqual([]);
      for (const item of manual.accepted) expect(item.change).toMatchObject({ action: 'MOVE', targetLessonDate: null });
      await expectSameAsSaving(slot.math, MANUAL_DAY, manual);

      const ordinary = await find(slot.math, '2026-09-08', 'TIME_SLOT');
      expect(ids(ordinary)).toEqual([P[1].id, P[2].id, P[3].id]);
      expect(ordinary.rejected).toEqual([]);

      // Chemistry (group B) cannot go to pair 2: physics of group B is there.
      const chem = await find(slot.chem, '2026-09-01', 'TIME_SLOT');
      expect(chem.accepted.map((item) => item.change.newTimeSlotId)).toEqual([P[2].id, P[3].id]);
      expect(chem.rejected).toEqual([
        {
          change: expect.objectContaining({ action: 'MOVE', newTimeSlotId: P[1].id }),
          status: 409,
          reason: clash('2026-09-01', '10:10–11:40', w.rules.phys, '10:10–11:40', 'у группы уже есть занятие в это время'),
          clashFields: ['group'],
        },
      ]);
      await expectSameAsSaving(slot.chem, '2026-09-01', chem);
    });

    it('keeps a lesson’s move when it only changes its room or teacher, and counts lessons moved in next to it', async () => {
      const moveMath = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', targetLessonDate: '2026-09-23', action: 'MOVE', newTimeSlotId: P[2].id });
      // Physics (group B, T1) is moved to the same Wednesday pair, into C3.
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-22', targetLessonDate: '2026-09-23', action: 'MOVE', newTimeSlotId: P[2].id, newClassroomId: C[3] });

      const rooms = await find(slot.math, '2026-09-22', 'CLASSROOM');
      expect(rooms.overrideId).toBe(moveMath.id);
      expect(rooms.lesson).toMatchObject({ date: '2026-09-23', timeSlotId: P[2].id, classroomId: C[0], override: { originalLessonDate: '2026-09-22' } });
      expect(rooms.accepted.map((item) => item.change.newClassroomId)).toEqual([C[1], C[2], C[4]]);
      for (const item of [...rooms.accepted, ...rooms.rejected]) {
        expect(item.change).toMatchObject({ action: 'MOVE', targetLessonDate: '2026-09-23', newTimeSlotId: P[2].id });
      }
      for (const item of rooms.accepted) expect(item.lesson).toMatchObject({ date: '2026-09-23', timeSlotId: P[2].id });
      expect(rooms.rejected).toEqual([
        {
          change: expect.objectContaining({ newClassroomId: C[3] }),
          status: 409,
          reason: clash('2026-09-23', '11:50–13:20', w.rules.phys, '11:50–13:20', 'аудитория уже занята в это время'),
          clashFields: ['classroom'],
        },
      ]);

      const teachers = await find(slot.math, '2026-09-22', 'TEACHER');
      expect(teachers.rejected.map((item) => [item.change.newTeacherId, item.status])).toEqual([[T[1], 409]]);
      for (const item of teachers.accepted) expect(item.change).toMatchObject({ action: 'MOVE', targetLessonDate: '2026-09-23', newTimeSlotId: P[2].id });

      // A chosen candidate replaces the lesson's override: saving it through PUT is accepted, a rejected one refused alike.
      await expectRefusedLikeFinder(() => put(moveMath.id, bodyOf(slot.math, '2026-09-22', rooms.rejected[0].change)), rooms.rejected[0]);
      await expectRefusedLikeFinder(() => put(moveMath.id, bodyOf(slot.math, '2026-09-22', teachers.rejected[0].change)), teachers.rejected[0]);
      const chosen = rooms.accepted[rooms.accepted.length - 1];
      const saved = await put(moveMath.id, bodyOf(slot.math, '2026-09-22', chosen.change));
      expect({ status: saved.status, body: saved.body }).toMatchObject({
        status: 200,
        body: { id: moveMath.id, action: 'MOVE', targetLessonDate: '2026-09-23', newTimeSlotId: P[2].id, newClassroomId: chosen.change.newClassroomId },
      });
    });

    it('answers 400 like the API for an unknown slot, a draft lesson and a date without a lesson', async () => {
      const failure = (slotId: number, date: string) => find(slotId, date, 'CLASSROOM').then(() => undefined, (error: unknown) => error);

      const unknown = await failure(999_999, '2026-09-08');
      expect(unknown).toBeInstanceOf(BadRequestError);
      expect(unknown).toMatchObject({ status: 400, message: LESSON_SLOT_NOT_FOUND });

      const draft = await failure(slot.draft, '2026-09-07');
      expect(draft).toBeInstanceOf(BadRequestError);
      expect(draft).toMatchObject({ status: 400, message: expect.stringMatching(/только в опубликованное расписание/) });

      const noLesson = await failure(slot.math, '2026-09-09'); // a Wednesday
      expect(noLesson).toBeInstanceOf(BadRequestError);
      expect(noLesson).toMatchObject({ status: 400, message: expect.stringMatching(/^Занятие не найдено в расписании: по слоту/) });

      for (const [slotId, date, error] of [
        [999_999, '2026-09-08', unknown],
        [slot.draft, '2026-09-07', draft],
        [slot.math, '2026-09-09', noLesson],
      ] as const) {
        const refusal = error as BadRequestError;
        await expectRefusedLikeFinder(() => post({ baseRuleSlotId: slotId, lessonDate: date, action: 'REPLACE', newClassroomId: C[3] }), {
          status: refusal.status,
          reason: refusal.message,
        });
      }
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('the semester write unit across features', () => {
    it('lets exactly one of a parallel rule creation and a one-off move into the same teacher, room and pair win', async () => {
      const subject = await createSubject(admin, w.u.department.id);
      const worldRules = Object.values(w.rules).map((rule) => rule.id);
      // Mathematics (A, T0, C0) is moved to pair 3 of a day on which the new rule (B, T0, C0) has pair 3.
      const rounds = [
        { lessonDate: '2026-09-01', target: '2026-09-16', dayOfWeek: 3 },
        { lessonDate: '2026-09-15', target: '2026-09-24', dayOfWeek: 4 },
        { lessonDate: '2026-09-22', target: '2026-09-18', dayOfWeek: 5 },
        { lessonDate: '2026-09-08', target: '2026-09-21', dayOfWeek: 1 },
        { lessonDate: '2026-09-29', target: '2026-09-30', dayOfWeek: 3 },
      ];
      const winners: string[] = [];
      for (const round of rounds) {
        const rule = ruleBody(w.u, {
          subjectId: subject.id,
          groupIds: [B.id],
          lectureAcademicHours: 10, // five weeks: the target date is among its lessons
          slots: [slotBody(w.u, { dayOfWeek: round.dayOfWeek, timeSlotId: P[2].id, teacherId: T[0], classroomId: C[0] })],
        });
        const move: OverrideRequestBody = { baseRuleSlotId: slot.math, lessonDate: round.lessonDate, targetLessonDate: round.target, action: 'MOVE', newTimeSlotId: P[2].id };
        const [ruleResponse, moveResponse] = (await Promise.all([admin.post(RULES_PATH, rule), admin.post(OVERRIDES_PATH, move)])) as unknown as Response[];
        try {
          expect({ round, statuses: [ruleResponse.status, moveResponse.status].sort() }).toEqual({ round, statuses: [200, 409] });
          const [storedRules, storedOverrides] = await Promise.all([
            t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_rules WHERE NOT (id = ANY($1::int[]))`, [worldRules]),
            t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides`),
          ]);
          const target = round.target.split('-').reverse().join('.');
          if (ruleResponse.status === 200) {
            winners.push('rule');
            expect(storedRules).toEqual([{ id: ruleResponse.body.id }]);
            expect(storedOverrides).toEqual([]);
            expect(moveResponse.body.message).toMatch(
              new RegExp(`^Изменение занятия пересекается ${target} .*, 11:50–13:20 с занятием «${subject.name}» \\(правило №${ruleResponse.body.id as number}, `),
            );
          } else {
            winners.push('override');
            expect(storedRules).toEqual([]);
            expect(storedOverrides).toEqual([{ id: moveResponse.body.id }]);
            expect(ruleResponse.body.message).toMatch(new RegExp(`^Конфликт с правилом №${w.rules.math.id} «${w.rules.math.subjectName}» ${target} `));
          }
          // Whatever won, the stored timetable has no clash (checked independently of the core's clash code).
          const lessons = (await inTenant(t, () => t.app.get(ActualLessons).ofSemester(w.u.semester.id)))?.lessons ?? [];
          expect(lessons.filter((lesson) => lesson.date === round.target && lesson.teacherId === T[0])).toHaveLength(1);
          expect(teacherOrRoomClashes(lessons).map(([i, j]) => [brief(lessons[i]), brief(lessons[j])])).toEqual([]);
        } finally {
          await clearOverrides(t);
          await t.sql('alpha', `DELETE FROM schedule_rules WHERE NOT (id = ANY($1::int[]))`, [worldRules]);
        }
      }
      expect(winners).toHaveLength(rounds.length);
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('TenantDb', () => {
    it('rows() joins the open transaction: it sees its uncommitted rows, which roll back with it', async () => {
      const db = t.app.get(TenantDb);
      const code = 900_000 + Math.floor(Math.random() * 90_000);
      const name = `Кафедра транзакции ${code}`;
      const seen: { id?: number; inside?: unknown[]; otherConnection?: unknown[] } = {};

      const outcome = await inTenant(t, () =>
        db
          .transaction(async () => {
            const [row] = await db.rows(ID, `INSERT INTO departments (name, code) VALUES ($1, $2) RETURNING id`, [name, code]);
            seen.id = row.id;
            seen.inside = await db.rows(DEPARTMENT, `SELECT id, name, code FROM departments WHERE id = $1`, [row.id]);
            // Not committed: another connection does not see it.
            seen.otherConnection = await t.sql('alpha', `SELECT id FROM departments WHERE id = $1`, [row.id]);
            throw new Error('roll back');
          })
          .then(
            () => 'committed',
            (error: Error) => error.message,
          ),
      );

      expect(outcome).toBe('roll back');
      expect(seen.otherConnection).toEqual([]);
      expect(seen.inside).toEqual([{ id: seen.id, name, code }]);
      expect(await inTenant(t, () => db.rows(DEPARTMENT, `SELECT id, name, code FROM departments WHERE id = $1`, [seen.id]))).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM departments WHERE code = $1`, [code])).toEqual([]);
    });
  });
});
