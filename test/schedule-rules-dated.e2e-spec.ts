import { standServiceAt } from './support/clock';
import { importFile, xlsx } from './support/import-builders';
import { createOverride, OVERRIDES_PATH } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { feedEvents, pastReaders, PastTargets, subscribePastFeeds } from './support/past-readers';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * The timetable changes from a date on (issue 53), through the rule writes of the published
 * version. The service stands on Thursday 1 October 2026, 12:00 in Moscow; the semester began on
 * Tuesday 1 September. A rule of 32 lecture hours meets on Mondays from week 2, so its lessons of
 * 7, 14, 21 and 28 September are given, and 16 lessons make its hours.
 *
 * Each test checks the invariants: every lesson before the date answers as before (ids aside), the
 * lessons from it follow the change, and the planned hours are kept (no restart, no double count).
 */
const TOMORROW = '2026-10-02';
const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };

interface Lesson {
  date: string;
  dayOfWeek: number;
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  weekNumber: number;
  lessonTypeAcademicHours: number;
  consumedLessonTypeAcademicHoursBeforeLesson: number;
  remainingLessonTypeAcademicHoursAfterLesson: number;
  overrideAction?: string | null;
}

type DatedRule = RuleBody & {
  activeTo: string | null;
  effectiveFrom?: string;
  pastLessonsChanged?: number;
  hoursNotFitted?: number;
  slots: (RuleBody['slots'][number] & { activeFrom: string | null; activeTo: string | null; continuesSlotId: number | null })[];
  history?: { id: number; activeTo: string | null; dayOfWeek: number }[];
};

describe('a rule changes from a date on: what was given stays given', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let group = 0;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 17, groups: 16, classrooms: 17, subjects: 16 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  /** A fresh Monday rule for a group of its own (each test its own, so none sees another's lessons). */
  async function mondayRule(): Promise<RuleBody> {
    const index = group++;
    return createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 32,
        lectureStartWeek: 2,
        slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
  }

  async function lessonsOf(rule: RuleBody, from = SEMESTER.startDate, to = SEMESTER.endDate): Promise<Lesson[]> {
    const response = await admin.get(`/api/schedule?groupId=${rule.groupIds[0]}&startDate=${from}&endDate=${to}`);
    expect(response.status).toBe(200);
    return response.body as Lesson[];
  }
  /** A lesson as a reader sees it, without the ids a change may renumber. */
  const seen = ({ scheduleRuleSlotId: _slot, ...lesson }: Lesson) => lesson;
  const before = (lessons: Lesson[], date: string) => lessons.filter((lesson) => lesson.date < date).map(seen);
  const totalHours = (lessons: Lesson[]) => lessons.length * 2;

  /**
   * Invariant 1 through every reader, for the rule's group, teacher and room (and `others`' teachers or
   * rooms that the change brings in): a function that reads them all for the dates before `date`.
   */
  async function watchPast(rule: RuleBody, date: string, others: Partial<PastTargets>[] = []) {
    const all = [
      { groupId: rule.groupIds[0], teacherId: rule.slots[0].teacherId, classroomId: rule.slots[0].classroomId, departmentId: u.department.id, semesterId: u.semester.id },
      ...others.map((other) => ({ groupId: rule.groupIds[0], teacherId: rule.slots[0].teacherId, classroomId: rule.slots[0].classroomId, departmentId: u.department.id, ...other })),
    ];
    const feeds = await Promise.all(all.map((targets) => subscribePastFeeds(admin, targets)));
    return () => Promise.all(all.map((targets, index) => pastReaders(t, admin, targets, feeds[index], SEMESTER.startDate, date)));
  }

  const moved = (rule: RuleBody, changes: Record<string, unknown>, slot: Record<string, unknown> = {}) => {
    const request = requestOf(rule);
    return { ...request, ...changes, slots: [{ ...request.slots[0], ...slot }] };
  };

  it('moves a rule from tomorrow: the four given Mondays stay, Wednesdays follow, the hours are kept', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    expect(was.filter((lesson) => lesson.date < TOMORROW).map((lesson) => lesson.date)).toEqual(['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28']);

    const response = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: TOMORROW }, { dayOfWeek: 3 }));
    expect(response.status).toBe(200);
    const changed = response.body as DatedRule;
    expect(changed).toMatchObject({ effectiveFrom: TOMORROW, pastLessonsChanged: 0, hoursNotFitted: 0, activeTo: null });
    // The current form is the new Wednesday period, continuing the Monday slot; the Monday period is history.
    expect(changed.slots).toEqual([expect.objectContaining({ dayOfWeek: 3, activeFrom: TOMORROW, activeTo: null, continuesSlotId: rule.slots[0].id })]);
    const withHistory = (await admin.get(`${RULES_PATH}/${rule.id}?history=true`)).body as DatedRule;
    expect(withHistory.history).toEqual([expect.objectContaining({ id: rule.slots[0].id, dayOfWeek: 1, activeTo: '2026-10-01' })]);

    const now = await lessonsOf(rule);
    expect(before(now, TOMORROW)).toEqual(before(was, TOMORROW));
    expect(now.filter((lesson) => lesson.date >= TOMORROW).every((lesson) => lesson.dayOfWeek === 3)).toBe(true);
    expect(now.find((lesson) => lesson.date >= TOMORROW)).toMatchObject({ date: '2026-10-07', weekNumber: 6, consumedLessonTypeAcademicHoursBeforeLesson: 8 });
    expect(totalHours(now)).toBe(32);
    expect(now[now.length - 1].remainingLessonTypeAcademicHoursAfterLesson).toBe(0);
  });

  it('moves day, pair, teacher and room from tomorrow: every reader of the given lessons answers as before, one-off changes before the date included', async () => {
    const rule = await mondayRule();
    const slotId = rule.slots[0].id;
    const other = u.teachers[15].id;
    const otherRoom = u.classrooms[15].id;
    // Given lessons changed once: another room on 14 September, cancelled on 21 September, moved to Tuesday's pair 2 on 28 September.
    await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-09-14', action: 'REPLACE', newClassroomId: u.classrooms[16].id });
    await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-09-21', action: 'CANCEL' });
    await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-09-28', targetLessonDate: '2026-09-29', action: 'MOVE', newTimeSlotId: u.timeSlots[1].id });
    const readers = await watchPast(rule, TOMORROW, [{ teacherId: other, classroomId: otherRoom }]);
    const was = await readers();

    const response = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: TOMORROW }, { dayOfWeek: 4, timeSlotId: u.timeSlots[2].id, teacherId: other, classroomId: otherRoom }));
    expect(response.status).toBe(200);
    const now = await readers();
    expect(now).toEqual(was);
    // The readers are not blind: from the date the other teacher has the Thursdays.
    const ahead = (await admin.get(`/api/schedule?teacherId=${other}&startDate=${TOMORROW}&endDate=2026-10-31`)).body as Lesson[];
    expect(ahead.filter((lesson) => lesson.scheduleRuleId === rule.id).map((lesson) => lesson.date)).toEqual(['2026-10-08', '2026-10-15', '2026-10-22', '2026-10-29']);
  });

  it('tells calendars of changed lessons only: a change from a date keeps the UID and SEQUENCE of every event before it and of the unchanged ones from it', async () => {
    const index = group++;
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 64,
        slots: [
          slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id }),
          slotBody(u, { dayOfWeek: 4, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id }),
        ],
      }),
    );
    const [monday, thursday] = rule.slots.map((slot) => slot.id);
    const { paths } = await subscribePastFeeds(admin, { groupId: rule.groupIds[0], teacherId: rule.slots[0].teacherId, classroomId: rule.slots[0].classroomId, departmentId: u.department.id });
    const was = await feedEvents(t, paths[0]);
    expect(was.filter((event) => event.date < TOMORROW).length).toBeGreaterThan(0);
    const request = requestOf(rule);
    request.slots[1].classroomId = u.classrooms[15].id;
    expect((await admin.put(`${RULES_PATH}/${rule.id}`, { ...request, effectiveFrom: TOMORROW })).status).toBe(200);
    const now = await feedEvents(t, paths[0]);
    const key = (event: { uid: string; sequence: number; start: string; location: string }) => `${event.uid} ${event.sequence} ${event.start} ${event.location}`;
    const unchanged = (event: { uid: string; date: string }) => event.date < TOMORROW || event.uid.startsWith(`lesson-${monday}-`);
    expect(now.filter(unchanged).map(key)).toEqual(was.filter(unchanged).map(key));
    expect(was.filter(unchanged).every((event) => event.sequence === 0)).toBe(true);
    // The Thursdays from the date are the new period's events, in the new room.
    const changed = now.filter((event) => !unchanged(event));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((event) => !event.uid.startsWith(`lesson-${thursday}-`) && event.location === u.classrooms[15].name)).toBe(true);
  });

  it('raises the hours from a date: the lessons given keep their old total, the new total counts on from them', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    const response = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: TOMORROW, lectureAcademicHours: 26 }));
    expect(response.status).toBe(200);
    const now = await lessonsOf(rule);
    expect(before(now, TOMORROW)).toEqual(before(was, TOMORROW));
    expect(totalHours(now)).toBe(26);
    expect(now.find((lesson) => lesson.date >= TOMORROW)).toMatchObject({ lessonTypeAcademicHours: 26, consumedLessonTypeAcademicHoursBeforeLesson: 8 });
  });

  it('refuses what cannot change from a date (400 at the field, nothing changed): hours below those given, the subject, the groups, a date outside the semester', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ effectiveFrom: TOMORROW, lectureAcademicHours: 6 }, 'lectureAcademicHours', /уже проведено 8 ч лекций/],
      [{ effectiveFrom: TOMORROW, subjectId: u.subjects[5].id }, 'subjectId', /дисциплину с даты их изменить нельзя: завершите правило/],
      [{ effectiveFrom: TOMORROW, groupIds: [u.groups[0].id, rule.groupIds[0]].sort((a, b) => a - b) }, 'groupIds', /группы с даты/],
      [{ effectiveFrom: '2027-01-15' }, 'effectiveFrom', /в пределах семестра: 01\.09\.2026–31\.12\.2026/],
      [{ effectiveFrom: '2026-13-01' }, 'effectiveFrom', /ГГГГ-ММ-ДД/],
    ];
    for (const [changes, field, message] of refusals) {
      const response = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, changes, { dayOfWeek: 4 }));
      expect([field, response.status]).toEqual([field, 400]);
      expect((response.body as { field?: string; message: string }).field).toBe(field);
      expect((response.body as { message: string }).message).toMatch(message);
    }
    expect(await lessonsOf(rule)).toEqual(was);
  });

  it('corrects the past on purpose: a date before tomorrow says how many given lessons it altered', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    const response = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: '2026-09-14' }, { timeSlotId: u.timeSlots[1].id }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ effectiveFrom: '2026-09-14', pastLessonsChanged: 3 });
    const now = await lessonsOf(rule);
    expect(before(now, '2026-09-14')).toEqual(before(was, '2026-09-14'));
    expect(now.filter((lesson) => lesson.date >= '2026-09-14').every((lesson) => lesson.timeSlotId === u.timeSlots[1].id)).toBe(true);
    expect(totalHours(now)).toBe(32);
  });

  it('lists the one-off changes a change no longer matches, and keeps or drops each as the office decides; a change that still matches follows', async () => {
    const rule = await mondayRule();
    const slotId = rule.slots[0].id;
    const cancelled = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-12', action: 'CANCEL' });
    const dropped = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-19', action: 'REPLACE', newClassroomId: u.classrooms[15].id });
    const stays = await createOverride(admin, { baseRuleSlotId: slotId, lessonDate: '2026-10-26', action: 'CANCEL' });

    // A new teacher only: every lesson stays on its date and pair, so each one-off change follows it.
    const teacherOnly = await admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: TOMORROW }, { teacherId: u.teachers[15].id }));
    expect(teacherOnly.status).toBe(200);
    const successor = (teacherOnly.body as DatedRule).slots[0].id;
    expect(successor).not.toBe(slotId);
    const registry = async () =>
      ((await admin.get(`${OVERRIDES_PATH}?startDate=2026-10-01&endDate=2026-11-30`)).body as { id: number; baseRuleSlotId: number; lessonDate: string }[])
        .map(({ id, baseRuleSlotId, lessonDate }) => ({ id, baseRuleSlotId, lessonDate }))
        .sort((a, b) => a.id - b.id);
    expect(await registry()).toEqual([
      { id: cancelled.id, baseRuleSlotId: successor, lessonDate: '2026-10-12' },
      { id: dropped.id, baseRuleSlotId: successor, lessonDate: '2026-10-19' },
      { id: stays.id, baseRuleSlotId: successor, lessonDate: '2026-10-26' },
    ]);

    // Mondays to Wednesdays: none matches any more; the write is refused with the list, nothing changed.
    const current = (await admin.get(`${RULES_PATH}/${rule.id}`)).body as RuleBody;
    const toWednesday = moved(current, { effectiveFrom: TOMORROW }, { dayOfWeek: 3 });
    const refused = await admin.put(`${RULES_PATH}/${rule.id}`, toWednesday);
    expect(refused.status).toBe(409);
    const listed = (refused.body as { unmatchedOverrides: { overrideId: number; keepable: boolean; reason: string }[] }).unmatchedOverrides;
    expect(listed.map((item) => [item.overrideId, item.keepable])).toEqual([
      [cancelled.id, true],
      [dropped.id, true],
      [stays.id, true],
    ]);
    expect(listed[0].reason).toBe('в этот день занятия больше нет');
    expect(await registry()).toHaveLength(3);

    const decided = await admin.put(`${RULES_PATH}/${rule.id}`, {
      ...toWednesday,
      overrideDecisions: [
        { overrideId: cancelled.id, decision: 'KEEP' },
        { overrideId: dropped.id, decision: 'DROP' },
        { overrideId: stays.id, decision: 'KEEP' },
      ],
    });
    expect(decided.status).toBe(200);
    const wednesday = (decided.body as DatedRule).slots[0].id;
    expect(await registry()).toEqual([
      { id: cancelled.id, baseRuleSlotId: wednesday, lessonDate: '2026-10-14' },
      { id: stays.id, baseRuleSlotId: wednesday, lessonDate: '2026-10-28' },
    ]);
    const now = await lessonsOf(rule, '2026-10-12', '2026-10-31');
    expect(now.map((lesson) => lesson.date)).toEqual(['2026-10-21']);
  });

  it('ends a rule from a date (DELETE with effectiveFrom): its past stays, it reads as ended, nothing from the date on', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-09-28', action: 'REPLACE', newTeacherId: u.teachers[16].id });
    await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-05', action: 'CANCEL' });
    const readers = await watchPast(rule, TOMORROW);
    const readBefore = await readers();
    const refused = await admin.delete(`${RULES_PATH}/${rule.id}?effectiveFrom=${TOMORROW}`);
    expect(refused.status).toBe(409);
    expect(await lessonsOf(rule)).toHaveLength(was.length - 1);

    const ended = await admin.delete(`${RULES_PATH}/${rule.id}?effectiveFrom=${TOMORROW}&dropOverrides=true`);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ACTIVE', activeTo: '2026-10-01', effectiveFrom: TOMORROW, pastLessonsChanged: 0 });
    const now = await lessonsOf(rule);
    expect(now.filter((lesson) => lesson.date !== '2026-09-28').map(seen)).toEqual(before(was, TOMORROW).filter((lesson) => lesson.date !== '2026-09-28'));
    expect(await readers()).toEqual(readBefore);
    // Still listed with the publication's rules, as an ended rule.
    const listed = (await admin.get(`${RULES_PATH}?versionId=${u.versionId}`)).body as DatedRule[];
    expect(listed.find((item) => item.id === rule.id)).toMatchObject({ activeTo: '2026-10-01' });

    // A rule created from a later date and ended before its first lesson keeps nothing: it is archived.
    const index = group++;
    const later = await createRule(admin, {
      ...ruleBody(u, { subjectId: u.subjects[index].id, groupIds: [u.groups[index].id], slots: [slotBody(u, { dayOfWeek: 5, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id })] }),
      effectiveFrom: '2026-11-02',
    } as never);
    const gone = await admin.delete(`${RULES_PATH}/${later.id}?effectiveFrom=${TOMORROW}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ status: 'ARCHIVED' });
  });

  it('serialises two changes of one rule from different dates: one after the other, no lesson lost or doubled', async () => {
    const rule = await mondayRule();
    const was = await lessonsOf(rule);
    const [first, second] = await Promise.all([
      admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: TOMORROW }, { dayOfWeek: 3 })),
      admin.put(`${RULES_PATH}/${rule.id}`, moved(rule, { effectiveFrom: '2026-11-02' }, { dayOfWeek: 4 })),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 200]);
    const now = await lessonsOf(rule);
    expect(before(now, TOMORROW)).toEqual(before(was, TOMORROW));
    expect(totalHours(now)).toBe(32);
    expect(new Set(now.map((lesson) => lesson.date)).size).toBe(now.length);
    // Whichever came second decided the weeks from its own date on.
    const thursdays = now.filter((lesson) => lesson.dayOfWeek === 4);
    const wednesdays = now.filter((lesson) => lesson.dayOfWeek === 3);
    expect(thursdays.length + wednesdays.length + 4).toBe(now.length);
    expect(thursdays.every((lesson) => lesson.date >= '2026-11-02') || wednesdays.every((lesson) => lesson.date >= TOMORROW)).toBe(true);
  });

  it('creates a rule from a date: no lesson before it, start weeks counted from the semester’s first week', async () => {
    const index = group++;
    const response = await admin.post(
      RULES_PATH,
      ruleBody(u, {
        subjectId: u.subjects[index].id,
        groupIds: [u.groups[index].id],
        lectureAcademicHours: 8,
        lectureStartWeek: 2,
        effectiveFrom: TOMORROW,
        slots: [slotBody(u, { dayOfWeek: 5, parity: 'EVEN', teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id })],
      } as never),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ effectiveFrom: TOMORROW, pastLessonsChanged: 0, hoursNotFitted: 0 });
    const lessons = await lessonsOf(response.body as RuleBody);
    // Friday 2 October is week 5 (odd): the first even Friday from the date is 9 October, week 6.
    expect(lessons.map((lesson) => [lesson.date, lesson.weekNumber])).toEqual([
      ['2026-10-09', 6],
      ['2026-10-23', 8],
      ['2026-11-06', 10],
      ['2026-11-20', 12],
    ]);
  });

  it('changes the teacher of several rules from a date in one bulk request; a move to another version takes no date', async () => {
    const first = await mondayRule();
    const created = await mondayRule();
    // The second meets in the second pair, so one teacher can take both.
    expect((await admin.put(`${RULES_PATH}/${created.id}`, moved(created, {}, { timeSlotId: u.timeSlots[1].id }))).status).toBe(200);
    const second = (await admin.get(`${RULES_PATH}/${created.id}`)).body as RuleBody;
    const was = await Promise.all([first, second].map((rule) => lessonsOf(rule)));
    const newTeacher = u.teachers[15].id;
    const watched = await Promise.all([first, second].map((rule) => watchPast(rule, '2026-11-02', [{ teacherId: newTeacher }])));
    const readBefore = await Promise.all(watched.map((readers) => readers()));
    const refused = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [first.id], action: 'MOVE', targetVersionId: u.versionId, effectiveFrom: TOMORROW });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'effectiveFrom' });

    // A one-off change the new teacher would not fit: listed with the rule, as the rule's own PUT lists it.
    const override = await createOverride(admin, { baseRuleSlotId: first.slots[0].id, lessonDate: '2026-11-09', action: 'CANCEL' });
    const listed = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [first.id, second.id], action: 'ARCHIVE', effectiveFrom: '2026-11-02' });
    expect(listed.status).toBe(409);
    expect(listed.body).toMatchObject({ ruleId: first.id, unmatchedOverrides: [expect.objectContaining({ overrideId: override.id, lessonDate: '2026-11-09' })] });

    const response = await admin.post(`${RULES_PATH}/bulk`, { ruleIds: [first.id, second.id], action: 'CHANGE_TEACHER', teacherId: newTeacher, effectiveFrom: '2026-11-02' });
    expect(response.status).toBe(200);
    const now = await Promise.all([first, second].map((rule) => lessonsOf(rule)));
    for (const index of [0, 1]) {
      expect(before(now[index], '2026-11-02')).toEqual(before(was[index], '2026-11-02'));
      expect(now[index].filter((lesson) => lesson.date >= '2026-11-02').every((lesson) => lesson.teacherId === newTeacher)).toBe(true);
      // The first rule's cancelled lesson of 9 November followed the change (still cancelled; it counts, it is not shown).
      expect(totalHours(now[index]) + (index === 0 ? 2 : 0)).toBe(32);
    }
    expect(now[0].map((lesson) => lesson.date)).not.toContain('2026-11-09');
    expect(await Promise.all(watched.map((readers) => readers()))).toEqual(readBefore);
  });

  it('imports rules into the publication from a date: their lessons start on it', async () => {
    const index = group++;
    // Every reader of the given lessons (the department's, another rule's, the imported rule's group, teacher and room) answers as before.
    const neighbour = await mondayRule();
    const readers = await watchPast(neighbour, TOMORROW, [{ groupId: u.groups[index].id, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id }]);
    const readBefore = await readers();
    const file = await xlsx(
      ['№ правила', 'Дисциплина', 'Группы', 'Часы лекций', 'День недели', 'Неделя', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория', 'Формат'],
      [[1, u.subjects[index].name, u.groups[index].name, 8, 4, 'каждая', 1, 'Лекция', u.teachers[index].username, u.classrooms[index].name, 'Очно']],
    );
    const outside = await importFile(admin, 'rules', file, { dryRun: false, versionId: u.versionId, effectiveFrom: '2027-02-01' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ field: 'effectiveFrom', message: expect.stringMatching(/в пределах семестра/) });
    const imported = await importFile(admin, 'rules', file, { dryRun: false, versionId: u.versionId, effectiveFrom: TOMORROW });
    expect(imported.status).toBe(200);
    const lessons = (await admin.get(`/api/schedule?groupId=${u.groups[index].id}&startDate=${SEMESTER.startDate}&endDate=${SEMESTER.endDate}`)).body as Lesson[];
    expect(lessons.map((lesson) => lesson.date)).toEqual(['2026-10-08', '2026-10-15', '2026-10-22', '2026-10-29']);
    expect(await readers()).toEqual(readBefore);
  });
});
