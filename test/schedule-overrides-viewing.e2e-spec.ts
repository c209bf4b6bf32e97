import {
  buildOverrideWorld,
  clearOverrides,
  countQueries,
  createOverride,
  LessonBody,
  OverrideWorld,
  OVERRIDES_PATH,
  query,
} from './support/override-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const SEMESTER = { startDate: '2026-09-01', endDate: '2026-12-31' };
const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };
const WEEK_4 = { startDate: '2026-09-21', endDate: '2026-09-27' };
const NO_OVERRIDE = { scheduleOverrideId: null, overrideAction: null, originalLessonDate: null };

/** Lessons as compact `[date, slot id]` pairs, in answer order. */
const keys = (lessons: LessonBody[]) => lessons.map((lesson) => [lesson.date, lesson.scheduleRuleSlotId]);

/** How one-off changes show in the views (spec 4.5): group, teacher, search and department schedule. */
describe('schedule overrides in viewing (4.5)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let slot: { math: number; phys: number; hist: number; chem: number; labA1: number };
  let groupA: number;
  let groupB: number;
  let teacher: number[];
  let room: number[];

  const get = async (path: string, params: Record<string, string | number | undefined>): Promise<LessonBody[]> => {
    const response = await admin.get(`${path}?${query(params)}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as LessonBody[];
  };
  const view = (params: Record<string, string | number>) => get('/api/schedule', params);
  const search = (params: Record<string, string | number>) => get('/api/schedule/search', params);
  const of = (lessons: LessonBody[], slotId: number) => lessons.filter((lesson) => lesson.scheduleRuleSlotId === slotId);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    slot = {
      math: w.rules.math.slots[0].id,
      phys: w.rules.phys.slots[0].id,
      hist: w.rules.hist.slots[0].id,
      chem: w.rules.chem.slots[0].id,
      labA1: w.rules.labs.slots[0].id,
    };
    [groupA, groupB] = w.u.groups.map((group) => group.id);
    teacher = w.u.teachers.map((user) => user.id);
    room = w.u.classrooms.map((classroom) => classroom.id);
  });
  afterEach(() => clearOverrides(t));
  afterAll(() => t.close());

  describe('MOVE', () => {
    it('takes the lesson off its day and shows it on the target day with recomputed week data and the original hours', async () => {
      const before = of(await view({ groupId: groupA, ...SEMESTER }), slot.math).find((lesson) => lesson.date === '2026-09-22') as LessonBody;
      const move = await createOverride(admin, {
        baseRuleSlotId: slot.math,
        lessonDate: '2026-09-22',
        targetLessonDate: '2026-09-24',
        action: 'MOVE',
        newTimeSlotId: w.pairs[1].id,
      });
      const week = await view({ groupId: groupA, ...WEEK_4 });
      expect(keys(week)).toEqual([['2026-09-24', slot.math]]);
      expect(week[0]).toEqual({
        ...before,
        date: '2026-09-24',
        dayOfWeek: 4,
        dayName: 'Четверг',
        weekNumber: 4,
        parity: 'EVEN',
        timeSlotId: w.pairs[1].id,
        timeSlotOrder: 2,
        startTime: '10:10:00',
        endTime: '11:40:00',
        scheduleOverrideId: move.id,
        overrideAction: 'MOVE',
        originalLessonDate: '2026-09-22',
      });
      expect(before).toMatchObject({
        ...NO_OVERRIDE,
        weekNumber: 4,
        dayOfWeek: 2,
        lessonTypeAcademicHours: 10,
        consumedLessonTypeAcademicHoursBeforeLesson: 6,
        remainingLessonTypeAcademicHoursAfterLesson: 2,
      });
      // The same lesson in the teacher's view and in every kind of search.
      const moved = [['2026-09-24', slot.math]];
      expect(keys(of(await view({ teacherId: teacher[0], ...WEEK_4 }), slot.math))).toEqual(moved);
      expect(keys(of(await search({ groupId: groupA, ...WEEK_4 }), slot.math))).toEqual(moved);
      expect(keys(of(await search({ teacherId: teacher[0], ...WEEK_4 }), slot.math))).toEqual(moved);
      expect(keys(of(await search({ classroomId: room[0], ...WEEK_4 }), slot.math))).toEqual(moved);
      expect(keys(of(await search({ departmentId: w.u.department.id, ...WEEK_4 }), slot.math))).toEqual(moved);
      expect(keys(of(await get('/api/department/schedule', { departmentId: w.u.department.id, ...WEEK_4 }), slot.math))).toEqual(moved);
    });

    it('brings a lesson moved into the range from outside it and drops one moved out', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', targetLessonDate: '2026-09-24', action: 'MOVE', newTimeSlotId: w.pairs[1].id });
      const onlyTarget = { startDate: '2026-09-23', endDate: '2026-09-24' };
      const onlySource = { startDate: '2026-09-21', endDate: '2026-09-23' };
      expect(keys(await view({ groupId: groupA, ...onlyTarget }))).toEqual([['2026-09-24', slot.math]]);
      expect(keys(await view({ teacherId: teacher[0], ...onlyTarget }))).toEqual([['2026-09-24', slot.math]]);
      expect(keys(await search({ groupId: groupA, ...onlyTarget }))).toEqual([['2026-09-24', slot.math]]);
      expect(await view({ groupId: groupA, ...onlySource })).toEqual([]);
      expect(await view({ teacherId: teacher[0], ...onlySource })).toEqual([]);
      expect(await search({ groupId: groupA, ...onlySource })).toEqual([]);
    });

    it('recomputes week number and parity across weeks and takes the times of a Saturday pair', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-08', targetLessonDate: '2026-09-18', action: 'MOVE', newTimeSlotId: w.pairs[0].id });
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-15', targetLessonDate: '2026-09-19', action: 'MOVE', newTimeSlotId: w.saturday[0].id });
      const lessons = of(await view({ groupId: groupB, startDate: '2026-09-07', endDate: '2026-09-20' }), slot.phys);
      const pick = ({ date, dayOfWeek, dayName, weekNumber, parity, timeSlotId, timeSlotOrder, startTime, endTime, originalLessonDate }: LessonBody) => ({
        date,
        dayOfWeek,
        dayName,
        weekNumber,
        parity,
        timeSlotId,
        timeSlotOrder,
        startTime,
        endTime,
        originalLessonDate,
      });
      expect(lessons.map(pick)).toEqual([
        { date: '2026-09-18', dayOfWeek: 5, dayName: 'Пятница', weekNumber: 3, parity: 'ODD', timeSlotId: w.pairs[0].id, timeSlotOrder: 1, startTime: '08:30:00', endTime: '10:00:00', originalLessonDate: '2026-09-08' },
        { date: '2026-09-19', dayOfWeek: 6, dayName: 'Суббота', weekNumber: 3, parity: 'ODD', timeSlotId: w.saturday[0].id, timeSlotOrder: 1, startTime: '09:00:00', endTime: '10:20:00', originalLessonDate: '2026-09-15' },
      ]);
      expect(lessons.map((lesson) => lesson.consumedLessonTypeAcademicHoursBeforeLesson)).toEqual([2, 4]);
    });

    it('gives a lesson moved with a new teacher to that teacher and takes it from the original one', async () => {
      const move = await createOverride(admin, {
        baseRuleSlotId: slot.hist,
        lessonDate: '2026-09-09',
        targetLessonDate: '2026-09-11',
        action: 'MOVE',
        newTimeSlotId: w.pairs[2].id,
        newTeacherId: teacher[4],
        newClassroomId: room[4],
        newLessonFormat: 'Онлайн',
      });
      const week = WEEK_2;
      const theirs = await view({ teacherId: teacher[4], ...week });
      expect(keys(theirs)).toEqual([['2026-09-11', slot.hist]]);
      expect(theirs[0]).toMatchObject({
        teacherId: teacher[4],
        teacherName: w.u.teachers[4].fullName,
        classroomId: room[4],
        classroomName: w.u.classrooms[4].name,
        lessonFormat: 'Онлайн',
        startTime: '11:50:00',
        scheduleOverrideId: move.id,
        overrideAction: 'MOVE',
      });
      expect(keys(await search({ teacherId: teacher[4], ...week }))).toEqual([['2026-09-11', slot.hist]]);
      expect(of(await view({ teacherId: teacher[1], ...week }), slot.hist)).toEqual([]);
      expect(of(await search({ teacherId: teacher[1], ...week }), slot.hist)).toEqual([]);
    });
  });

  describe('REPLACE', () => {
    it('keeps date and time, shows the new teacher, room and format to the group, the new teacher and the new room', async () => {
      const replace = await createOverride(admin, {
        baseRuleSlotId: slot.phys,
        lessonDate: '2026-09-22',
        action: 'REPLACE',
        newTeacherId: teacher[3],
        newClassroomId: room[3],
        newLessonFormat: 'Онлайн',
      });
      const [lesson] = of(await view({ groupId: groupB, ...WEEK_4 }), slot.phys);
      expect(lesson).toMatchObject({
        date: '2026-09-22',
        dayOfWeek: 2,
        weekNumber: 4,
        startTime: '10:10:00',
        timeSlotId: w.pairs[1].id,
        teacherId: teacher[3],
        teacherName: w.u.teachers[3].fullName,
        classroomId: room[3],
        classroomName: w.u.classrooms[3].name,
        lessonFormat: 'Онлайн',
        lessonTypeAcademicHours: 8,
        consumedLessonTypeAcademicHoursBeforeLesson: 6,
        scheduleOverrideId: replace.id,
        overrideAction: 'REPLACE',
        originalLessonDate: '2026-09-22',
      });
      const replaced = [['2026-09-22', slot.phys]];
      expect(keys(await view({ teacherId: teacher[3], ...WEEK_4 }))).toEqual(replaced);
      expect(keys(await search({ teacherId: teacher[3], ...WEEK_4 }))).toEqual(replaced);
      expect(keys(await search({ classroomId: room[3], ...WEEK_4 }))).toEqual(replaced);
      expect(keys(await get('/api/department/schedule', { departmentId: w.u.department.id, teacherId: teacher[3], ...WEEK_4 }))).toEqual(replaced);
      expect(of(await view({ teacherId: teacher[1], ...WEEK_4 }), slot.phys)).toEqual([]);
      expect(of(await search({ teacherId: teacher[1], ...WEEK_4 }), slot.phys)).toEqual([]);
      expect(of(await search({ classroomId: room[1], ...WEEK_4 }), slot.phys)).toEqual([]);
      // The other lessons of the slot keep the rule's teacher, room and format (the shared slot is not changed).
      const others = of(await view({ groupId: groupB, ...SEMESTER }), slot.phys).filter((other) => other.date !== '2026-09-22');
      expect(others.map((other) => [other.teacherId, other.classroomId, other.lessonFormat, other.scheduleOverrideId])).toEqual([
        [teacher[1], room[1], 'Очно', null],
        [teacher[1], room[1], 'Очно', null],
        [teacher[1], room[1], 'Очно', null],
      ]);
    });
  });

  describe('CANCEL and DELETE', () => {
    it('never shows a cancelled lesson; deleting the override brings the base lesson back', async () => {
      const week = await view({ groupId: groupA, ...WEEK_2 });
      const cancel = await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'CANCEL' });
      const withoutMath = week.filter((lesson) => lesson.scheduleRuleSlotId !== slot.math);
      expect(await view({ groupId: groupA, ...WEEK_2 })).toEqual(withoutMath);
      expect(of(await view({ teacherId: teacher[0], ...WEEK_2 }), slot.math)).toEqual([]);
      expect(of(await search({ groupId: groupA, ...WEEK_2 }), slot.math)).toEqual([]);
      expect(of(await search({ classroomId: room[0], ...WEEK_2 }), slot.math)).toEqual([]);
      expect((await admin.delete(`${OVERRIDES_PATH}/${cancel.id}`)).status).toBe(200);
      expect(await view({ groupId: groupA, ...WEEK_2 })).toEqual(week);
      expect(of(week, slot.math)[0]).toMatchObject(NO_OVERRIDE);
    });
  });

  describe('cost', () => {
    it('keeps a warm view at one query and a cold one at a fixed number, with overrides in the snapshot', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', targetLessonDate: '2026-09-24', action: 'MOVE', newTimeSlotId: w.pairs[1].id });
      await createOverride(admin, { baseRuleSlotId: slot.phys, lessonDate: '2026-09-22', action: 'REPLACE', newTeacherId: teacher[3] });
      const cold = await countQueries(() => view({ groupId: groupA, ...SEMESTER }));
      expect(cold).toBeLessThanOrEqual(9);
      expect(await countQueries(() => view({ groupId: groupA, ...WEEK_4 }))).toBe(1);
      expect(await countQueries(() => search({ teacherId: teacher[3], ...SEMESTER }))).toBe(1);
    });
  });
});
