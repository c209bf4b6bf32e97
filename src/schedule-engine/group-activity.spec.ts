import { courseInAcademicYear, groupActivityOn } from './group-activity';
import { assignmentKey, CalendarSnapshot, SemesterFrame } from './series-context';

const frame: SemesterFrame = { startDate: '2026-09-01', endDate: '2026-12-31', academicYearId: 7, academicYearStart: '2026-09-01' };

const calendars: CalendarSnapshot = {
  assignments: new Map([[assignmentKey(100, 7), 500]]),
  periodsByCalendar: new Map([
    [
      500,
      [
        { courseNumber: 1, startDate: '2026-09-01', endDate: '2026-09-13', activityTypeId: 1 },
        { courseNumber: 1, startDate: '2026-09-14', endDate: '2026-09-20', activityTypeId: 2 },
        { courseNumber: 2, startDate: '2026-09-01', endDate: '2027-06-30', activityTypeId: 3 },
      ],
    ],
  ]),
  activityTypes: [],
  groupStartYears: new Map([
    [100, 2026],
    [200, 2026],
  ]),
};

describe('groupActivityOn', () => {
  it('numbers the course from the academic year of the semester', () => {
    expect(courseInAcademicYear('2026-09-01', 2026)).toBe(1);
    expect(courseInAcademicYear('2026-09-01', 2025)).toBe(2);
  });

  it('reads the cell of the group course on the date', () => {
    expect(groupActivityOn(frame, calendars, 100, '2026-09-01')).toBe(1);
    expect(groupActivityOn(frame, calendars, 100, '2026-09-15')).toBe(2);
  });

  it('answers undefined for an empty cell or a group without a calendar', () => {
    expect(groupActivityOn(frame, calendars, 100, '2026-10-01')).toBeUndefined();
    expect(groupActivityOn(frame, calendars, 200, '2026-09-01')).toBeUndefined();
    expect(groupActivityOn({ ...frame, academicYearId: 8 }, calendars, 100, '2026-09-01')).toBeUndefined();
  });
});
