import { OverrideRecord } from './override-application';
import { LoadedRule, LoadedSemester } from './rule-model';
import { AUTUMN_2026, newRule, newSlot, studyAllAutumn } from './rule.fixtures';
import { SemesterSchedule } from './semester-schedule';
import { CalendarSnapshot, GridSnapshot, SemesterContextFactory } from './series-context';

// Autumn 2026 from Tuesday 1 September; one base pair; group 100 may study every day.
const semester: LoadedSemester = AUTUMN_2026;
const grids: GridSnapshot = {
  base: { id: 1, applyMode: 'DEFAULT', slots: [{ id: 11, orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' }, { id: 12, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' }] },
  manualByDate: new Map(),
};
const calendars: CalendarSnapshot = studyAllAutumn([100]);

// Lectures on Tuesdays in pair 1: 2026-09-01, 09-08, 09-15.
const rule: LoadedRule = newRule({
  id: 7,
  hours: { LECTURE: 6, PRACTICE: 0, LABORATORY: 0 },
  groupIds: [100],
  slots: [newSlot({ id: 70, ruleId: 7, timeSlotId: 11, teacherId: 5, classroomId: 9 })],
});

const override = (fields: Partial<OverrideRecord>): OverrideRecord => ({
  id: 1,
  versionId: 1,
  ruleId: 7,
  baseRuleSlotId: 70,
  lessonDate: '2026-09-01',
  action: 'CANCEL',
  targetLessonDate: null,
  newTime: null,
  newTeacherId: null,
  newClassroomId: null,
  newLessonFormat: null,
  ...fields,
});

const scheduleWith = (overrides: OverrideRecord[]) =>
  new SemesterSchedule(semester, [rule], new SemesterContextFactory(semester, grids, calendars), overrides);

describe('SemesterSchedule', () => {
  it('lays out each rule once and answers the same lesson objects', () => {
    const schedule = scheduleWith([]);
    const lessons = schedule.lessonsOf(rule);
    expect(lessons.map((lesson) => lesson.date)).toEqual(['2026-09-01', '2026-09-08', '2026-09-15']);
    expect(schedule.lessonsOf(rule)).toBe(lessons);
    expect(schedule.baseLessonAt(7, 70, '2026-09-08')).toBe(lessons[1]);
    expect(schedule.baseLessonAt(7, 70, '2026-09-09')).toBeUndefined();
    expect(schedule.actualLessonsOf(rule)).toBe(lessons);
  });

  it('gives a scratch copy what its original laid out, and keeps what the copy lays out to the copy', () => {
    const second: LoadedRule = newRule({ id: 8, groupIds: [100], slots: [newSlot({ id: 80, ruleId: 8, timeSlotId: 12, teacherId: 6, classroomId: 9 })] });
    const original = new SemesterSchedule(semester, [rule, second], new SemesterContextFactory(semester, grids, calendars));
    const laidOut = original.lessonsOf(rule);
    const counted = original.generatedLessons;

    const scratch = original.scratchCopy();
    expect(scratch.lessonsOf(rule)).toBe(laidOut); // read from the original: the same objects
    const own = scratch.lessonsOf(second);
    expect(own.length).toBeGreaterThan(0);
    expect(scratch.lessonsOf(second)).toBe(own);
    expect(original.generatedLessons).toBe(counted); // nothing added to the original
    expect(original.lessonsOf(second)).not.toBe(own);
    expect(original.lessonsOf(second)).toEqual(own);
  });

  it('applies overrides: a cancelled lesson is gone, a moved one is made once and keeps where it came from', () => {
    const schedule = scheduleWith([
      override({ id: 1 }),
      override({ id: 2, action: 'MOVE', lessonDate: '2026-09-08', targetLessonDate: '2026-09-10', newTime: { timeSlotId: 12, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' } }),
    ]);
    const actual = schedule.actualLessonsOf(rule);
    expect(actual.map((lesson) => [lesson.date, lesson.startTime, lesson.slotId, lesson.override?.originalLessonDate ?? null])).toEqual([
      ['2026-09-10', '10:10:00', 70, '2026-09-08'],
      ['2026-09-15', '08:30:00', 70, null],
    ]);
    expect(schedule.actualLessonsOf(rule)[0]).toBe(actual[0]);
    expect(schedule.shown(schedule.lessonsOf(rule)[0])).toBeUndefined();
    expect(schedule.overrideOf({ slotId: 70, date: '2026-09-08' })?.id).toBe(2);
  });

  it('lays out only up to a date on request: the same lessons as the whole series has there, moved ones where they went', () => {
    const moved = override({ id: 3, action: 'MOVE', lessonDate: '2026-09-15', targetLessonDate: '2026-09-02' });
    expect(scheduleWith([]).actualLessonsUntil(rule, '2026-09-08').map((lesson) => lesson.date)).toEqual(['2026-09-01', '2026-09-08']);
    expect(scheduleWith([moved]).actualLessonsUntil(rule, '2026-09-15').map((lesson) => lesson.date)).toEqual(['2026-09-01', '2026-09-08', '2026-09-02']);
    // The slot's one override names its own date only.
    expect(scheduleWith([moved]).overrideOf({ slotId: 70, date: '2026-09-15' })).toBe(moved);
    expect(scheduleWith([moved]).overrideOf({ slotId: 70, date: '2026-09-08' })).toBeUndefined();
    // Once the whole series is known, it is cut rather than laid out again.
    const schedule = scheduleWith([]);
    const whole = schedule.lessonsOf(rule);
    expect(schedule.actualLessonsUntil(rule, '2026-09-08')).toEqual(whole.slice(0, 2));
    expect(schedule.actualLessonsUntil(rule, '2026-09-08')[1]).toBe(whole[1]);
  });
});
