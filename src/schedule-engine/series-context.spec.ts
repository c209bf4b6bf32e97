import { generateSeries } from './lesson-series';
import { assignmentKey, CalendarSnapshot, GridSnapshot, SemesterContextFactory, SemesterFrame } from './series-context';

const semester: SemesterFrame = { startDate: '2026-09-01', endDate: '2026-12-31', academicYearId: 1, academicYearStart: '2026-09-01' };

const grids: GridSnapshot = {
  base: {
    id: 1,
    applyMode: 'DEFAULT',
    slots: [
      { id: 11, orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' },
      { id: 12, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' },
    ],
  },
  saturday: { id: 2, applyMode: 'SATURDAY', slots: [{ id: 21, orderNumber: 1, startTime: '09:00:00', endTime: '10:20:00' }] },
  manualByDate: new Map([['2026-09-08', { id: 3, applyMode: 'MANUAL' as const, slots: [{ id: 31, orderNumber: 2, startTime: '12:00:00', endTime: '13:00:00' }] }]]),
};

// Group 100 (started 2026: course 1) studies theory all semester except an exam week; group 200
// (started 2025: course 2) has no calendar assigned.
const calendars: CalendarSnapshot = {
  assignments: new Map([[assignmentKey(100, 1), 500]]),
  periodsByCalendar: new Map([
    [
      500,
      [
        { courseNumber: 1, startDate: '2026-09-01', endDate: '2026-09-13', activityTypeId: 1 },
        { courseNumber: 1, startDate: '2026-09-14', endDate: '2026-09-20', activityTypeId: 2 },
        { courseNumber: 1, startDate: '2026-09-21', endDate: '2027-06-30', activityTypeId: 1 },
        { courseNumber: 2, startDate: '2026-09-01', endDate: '2027-06-30', activityTypeId: 2 },
      ],
    ],
  ]),
  activityTypes: [
    { id: 1, allowSchedule: true },
    { id: 2, allowSchedule: false },
  ],
  groupStartYears: new Map([
    [100, 2026],
    [200, 2025],
  ]),
};

describe('SemesterContextFactory', () => {
  const factory = new SemesterContextFactory(semester, grids, calendars);

  it('allows lessons by the calendar of the group course and its activity', () => {
    expect(factory.groupAllows(100, '2026-09-02')).toBe(true);
    expect(factory.groupAllows(100, '2026-09-15')).toBe(false);
    expect(factory.groupAllows(200, '2026-09-02')).toBe(false);
  });

  it('requires every group of a multi-group rule to allow the date', () => {
    expect(factory.forGroups([100]).allowsLessons('2026-09-02')).toBe(true);
    expect(factory.forGroups([100, 200]).allowsLessons('2026-09-02')).toBe(false);
    expect(factory.forGroups([]).allowsLessons('2026-09-02')).toBe(false);
  });

  it('takes times from the manual grid, then the Saturday grid, then the base grid', () => {
    expect(factory.timeOf(12, '2026-09-08')).toEqual({ startTime: '12:00:00', endTime: '13:00:00', order: 2 });
    expect(factory.timeOf(11, '2026-09-08')).toEqual({ startTime: '08:30:00', endTime: '10:00:00', order: 1 });
    expect(factory.timeOf(11, '2026-09-05')).toEqual({ startTime: '09:00:00', endTime: '10:20:00', order: 1 });
    expect(factory.timeOf(12, '2026-09-07')).toEqual({ startTime: '10:10:00', endTime: '11:40:00', order: 2 });
  });

  it('feeds the series generator: exam weeks consume no hours', () => {
    const lessons = generateSeries(
      {
        id: 1,
        hours: { LECTURE: 6, PRACTICE: 0, LABORATORY: 0 },
        startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
        slots: [{ id: 1, dayOfWeek: 2, parity: 'BOTH', timeSlotId: 12, lessonKind: 'LECTURE' }],
      },
      factory.forGroups([100]),
    );
    expect(lessons.map((l) => [l.date, l.startTime])).toEqual([
      ['2026-09-01', '10:10:00'],
      ['2026-09-08', '12:00:00'],
      ['2026-09-22', '10:10:00'],
    ]);
  });
});
