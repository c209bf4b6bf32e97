import { generateSeries, SeriesContext, SeriesRule, SeriesSlot } from './lesson-series';

// Semester starting Tuesday 2026-09-01: week 1 is 2026-08-31..09-06, week 2 starts 09-07.
const BASE_TIMES: Record<number, { startTime: string; endTime: string; order: number }> = {
  1: { startTime: '08:30:00', endTime: '10:00:00', order: 1 },
  2: { startTime: '10:10:00', endTime: '11:40:00', order: 2 },
};

function context(overrides: Partial<SeriesContext> = {}): SeriesContext {
  return {
    semesterStart: '2026-09-01',
    semesterEnd: '2026-12-31',
    allowsLessons: () => true,
    timeOf: (timeSlotId) => BASE_TIMES[timeSlotId],
    ...overrides,
  };
}

function rule(slots: SeriesSlot[], hours: Partial<SeriesRule['hours']>, startWeeks: Partial<SeriesRule['startWeeks']> = {}): SeriesRule {
  return {
    id: 7,
    hours: { LECTURE: 0, PRACTICE: 0, LABORATORY: 0, ...hours },
    startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1, ...startWeeks },
    slots,
  };
}

const lecture = (id: number, dayOfWeek: number, parity: SeriesSlot['parity'] = 'BOTH', timeSlotId = 1): SeriesSlot => ({
  id,
  dayOfWeek,
  parity,
  timeSlotId,
  lessonKind: 'LECTURE',
});

describe('generateSeries', () => {
  it('lays out weekly lessons from week 1 until the hours are used up, with hour accounting', () => {
    const lessons = generateSeries(rule([lecture(1, 2)], { LECTURE: 6 }), context());
    expect(lessons.map((l) => [l.date, l.weekNumber, l.parity])).toEqual([
      ['2026-09-01', 1, 'ODD'],
      ['2026-09-08', 2, 'EVEN'],
      ['2026-09-15', 3, 'ODD'],
    ]);
    expect(lessons.map((l) => [l.lessonTypeAcademicHours, l.consumedLessonTypeAcademicHoursBeforeLesson, l.remainingLessonTypeAcademicHoursAfterLesson])).toEqual([
      [6, 0, 4],
      [6, 2, 2],
      [6, 4, 0],
    ]);
  });

  it('skips a weekday of week 1 that lies before the semester start', () => {
    // Monday 2026-08-31 is in week 1 but before the start.
    const lessons = generateSeries(rule([lecture(1, 1)], { LECTURE: 4 }), context());
    expect(lessons.map((l) => l.date)).toEqual(['2026-09-07', '2026-09-14']);
    expect(lessons[0].weekNumber).toBe(2);
  });

  it('honours parity: ODD and EVEN slots run in alternate weeks', () => {
    const odd = generateSeries(rule([lecture(1, 3, 'ODD')], { LECTURE: 4 }), context());
    expect(odd.map((l) => [l.date, l.weekNumber])).toEqual([
      ['2026-09-02', 1],
      ['2026-09-16', 3],
    ]);
    const even = generateSeries(rule([lecture(1, 3, 'EVEN')], { LECTURE: 4 }), context());
    expect(even.map((l) => l.weekNumber)).toEqual([2, 4]);
  });

  it('starts each type at its own start week', () => {
    const slots: SeriesSlot[] = [lecture(1, 4), { id: 2, dayOfWeek: 4, parity: 'BOTH', timeSlotId: 2, lessonKind: 'PRACTICE' }];
    const lessons = generateSeries(rule(slots, { LECTURE: 2, PRACTICE: 4 }, { PRACTICE: 3 }), context());
    expect(lessons.map((l) => [l.lessonKind, l.weekNumber])).toEqual([
      ['LECTURE', 1],
      ['PRACTICE', 3],
      ['PRACTICE', 4],
    ]);
  });

  it('lets forbidden days consume nothing', () => {
    const holidays = new Set(['2026-09-08', '2026-09-15']);
    const lessons = generateSeries(rule([lecture(1, 2)], { LECTURE: 6 }), context({ allowsLessons: (date) => !holidays.has(date) }));
    expect(lessons.map((l) => l.date)).toEqual(['2026-09-01', '2026-09-22', '2026-09-29']);
    expect(lessons[2].remainingLessonTypeAcademicHoursAfterLesson).toBe(0);
  });

  it('orders lessons of one day by time, then slot id, when hours run out mid-day', () => {
    const slots = [lecture(5, 2, 'BOTH', 2), lecture(9, 2, 'BOTH', 1)];
    const lessons = generateSeries(rule(slots, { LECTURE: 6 }), context());
    expect(lessons.map((l) => [l.date, l.slotId, l.startTime])).toEqual([
      ['2026-09-01', 9, '08:30:00'],
      ['2026-09-01', 5, '10:10:00'],
      ['2026-09-08', 9, '08:30:00'],
    ]);
  });

  it('uses the effective time of the day (Saturday or manual grids)', () => {
    const saturday = { startTime: '09:00:00', endTime: '10:20:00', order: 1 };
    const lessons = generateSeries(
      rule([lecture(1, 6)], { LECTURE: 2 }),
      context({ timeOf: (id, date) => (date === '2026-09-05' ? saturday : BASE_TIMES[id]) }),
    );
    expect(lessons[0]).toMatchObject({ date: '2026-09-05', startTime: '09:00:00', endTime: '10:20:00', timeSlotId: 1 });
  });

  it('stops at the semester end even with hours left', () => {
    const lessons = generateSeries(rule([lecture(1, 2)], { LECTURE: 100 }), context({ semesterEnd: '2026-09-20' }));
    expect(lessons.map((l) => l.date)).toEqual(['2026-09-01', '2026-09-08', '2026-09-15']);
    expect(lessons[2].remainingLessonTypeAcademicHoursAfterLesson).toBe(94);
  });

  it('produces nothing for a type with zero hours', () => {
    expect(generateSeries(rule([lecture(1, 2)], {}), context())).toEqual([]);
  });

  it('with `until`, lays out exactly the whole series\' lessons up to that date, hour accounting included', () => {
    const weekly = rule([lecture(1, 2), lecture(2, 4, 'ODD'), { ...lecture(3, 2, 'EVEN', 2), lessonKind: 'PRACTICE' }], { LECTURE: 12, PRACTICE: 4 }, { PRACTICE: 2 });
    const calendar = context({ allowsLessons: (date) => date !== '2026-09-08' });
    const whole = generateSeries(weekly, calendar);
    for (const until of ['2026-08-31', '2026-09-01', '2026-09-08', '2026-09-17', '2026-10-20', '2026-12-31']) {
      expect({ until, lessons: generateSeries(weekly, calendar, until) }).toEqual({ until, lessons: whole.filter((lesson) => lesson.date <= until) });
    }
  });
});

describe('generateSeries with periods (the timetable changed from a date, issue 53)', () => {
  // Tuesday lectures until 2026-09-14, Thursday ones from 2026-09-15 (a Tuesday): one change mid-week.
  const tuesday = { ...lecture(1, 2), activeTo: '2026-09-14' };
  const thursday = { ...lecture(2, 4), activeFrom: '2026-09-15' };

  it('lays out each period on its own dates and counts the hours on across the change', () => {
    const lessons = generateSeries(rule([tuesday, thursday], { LECTURE: 10 }), context());
    expect(lessons.map((l) => [l.slotId, l.date, l.weekNumber, l.consumedLessonTypeAcademicHoursBeforeLesson])).toEqual([
      [1, '2026-09-01', 1, 0],
      [1, '2026-09-08', 2, 2],
      [2, '2026-09-17', 3, 4],
      [2, '2026-09-24', 4, 6],
      [2, '2026-10-01', 5, 8],
    ]);
  });

  it('keeps the lessons before a change exactly as the whole-semester rule laid them out', () => {
    const before = generateSeries(rule([lecture(1, 2)], { LECTURE: 10 }), context());
    const after = generateSeries(rule([tuesday, thursday], { LECTURE: 10 }), context());
    const upTo = (lessons: typeof before) => lessons.filter((l) => l.date < '2026-09-15').map((l) => ({ ...l }));
    expect(upTo(after)).toEqual(upTo(before));
  });

  it('gives the lessons before a change of hours their old total and those after the new one', () => {
    const changed: SeriesRule = { ...rule([lecture(1, 2)], { LECTURE: 8 }), hoursHistory: [{ until: '2026-09-14', hours: { LECTURE: 4, PRACTICE: 0, LABORATORY: 0 } }] };
    const lessons = generateSeries(changed, context());
    expect(lessons.map((l) => [l.date, l.lessonTypeAcademicHours, l.consumedLessonTypeAcademicHoursBeforeLesson, l.remainingLessonTypeAcademicHoursAfterLesson])).toEqual([
      ['2026-09-01', 4, 0, 2],
      ['2026-09-08', 4, 2, 0],
      ['2026-09-15', 8, 4, 2],
      ['2026-09-22', 8, 6, 0],
    ]);
  });

  it('lays out nothing from a slot whose period has no date of its weekday', () => {
    const lessons = generateSeries(rule([{ ...lecture(1, 2), activeFrom: '2026-09-02', activeTo: '2026-09-07' }], { LECTURE: 4 }), context());
    expect(lessons).toEqual([]);
  });
});
