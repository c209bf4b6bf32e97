import { activityOn, allowsLessons, CalendarDay, CalendarPeriod, expandPeriods, mergeDays } from './calendar-days';

const T = 1;
const EXAM = 2;
const HOLIDAY = 3;

const day = (courseNumber: number, date: string, activityTypeId: number): CalendarDay => ({ courseNumber, date, activityTypeId });
const period = (courseNumber: number, startDate: string, endDate: string, activityTypeId: number): CalendarPeriod => ({
  courseNumber,
  startDate,
  endDate,
  activityTypeId,
});

describe('mergeDays', () => {
  it('merges consecutive days of one activity into one inclusive period', () => {
    const days = [day(1, '2026-09-01', T), day(1, '2026-09-02', T), day(1, '2026-09-03', T)];
    expect(mergeDays(days)).toEqual([period(1, '2026-09-01', '2026-09-03', T)]);
  });

  it('keeps a single day as a one-day period', () => {
    expect(mergeDays([day(2, '2027-01-15', EXAM)])).toEqual([period(2, '2027-01-15', '2027-01-15', EXAM)]);
  });

  it('starts a new period after a gap of one day', () => {
    const days = [day(1, '2026-09-01', T), day(1, '2026-09-02', T), day(1, '2026-09-04', T)];
    expect(mergeDays(days)).toEqual([period(1, '2026-09-01', '2026-09-02', T), period(1, '2026-09-04', '2026-09-04', T)]);
  });

  it('starts a new period when the activity changes, also back to an earlier one', () => {
    const days = [day(1, '2026-12-30', T), day(1, '2026-12-31', HOLIDAY), day(1, '2027-01-01', HOLIDAY), day(1, '2027-01-02', T)];
    expect(mergeDays(days)).toEqual([
      period(1, '2026-12-30', '2026-12-30', T),
      period(1, '2026-12-31', '2027-01-01', HOLIDAY),
      period(1, '2027-01-02', '2027-01-02', T),
    ]);
  });

  it('keeps courses apart and sorts unordered input by course, then date', () => {
    const days = [day(2, '2026-09-02', T), day(1, '2026-09-02', T), day(2, '2026-09-01', T), day(1, '2026-09-01', T)];
    expect(mergeDays(days)).toEqual([period(1, '2026-09-01', '2026-09-02', T), period(2, '2026-09-01', '2026-09-02', T)]);
  });

  it('merges across month ends and a leap day', () => {
    const days = [day(1, '2028-02-28', T), day(1, '2028-02-29', T), day(1, '2028-03-01', T)];
    expect(mergeDays(days)).toEqual([period(1, '2028-02-28', '2028-03-01', T)]);
  });

  it('answers no periods for no days', () => {
    expect(mergeDays([])).toEqual([]);
  });
});

describe('expandPeriods', () => {
  it('yields every date of every period, both ends included, by course then date', () => {
    const periods = [period(2, '2026-09-01', '2026-09-02', EXAM), period(1, '2026-08-31', '2026-09-01', T)];
    expect(expandPeriods(periods)).toEqual([
      day(1, '2026-08-31', T),
      day(1, '2026-09-01', T),
      day(2, '2026-09-01', EXAM),
      day(2, '2026-09-02', EXAM),
    ]);
  });

  it('is the inverse of mergeDays', () => {
    const days = [
      day(1, '2026-09-01', T),
      day(1, '2026-09-02', T),
      day(1, '2026-09-05', HOLIDAY),
      day(1, '2026-09-06', T),
      day(3, '2026-12-31', EXAM),
      day(3, '2027-01-01', EXAM),
    ];
    expect(expandPeriods(mergeDays(days))).toEqual(days);
  });
});

describe('activityOn and allowsLessons', () => {
  const periods = [period(1, '2026-09-01', '2026-12-28', T), period(1, '2026-12-29', '2027-01-10', HOLIDAY), period(2, '2026-09-01', '2026-09-30', EXAM)];
  const types = [
    { id: T, allowSchedule: true },
    { id: EXAM, allowSchedule: false },
    { id: HOLIDAY, allowSchedule: false },
  ];

  it('finds the activity of a course on a date, both period ends included', () => {
    expect(activityOn(periods, 1, '2026-09-01')).toBe(T);
    expect(activityOn(periods, 1, '2026-12-28')).toBe(T);
    expect(activityOn(periods, 1, '2026-12-29')).toBe(HOLIDAY);
    expect(activityOn(periods, 2, '2026-09-15')).toBe(EXAM);
  });

  it('answers undefined for an empty cell', () => {
    expect(activityOn(periods, 1, '2026-08-31')).toBeUndefined();
    expect(activityOn(periods, 2, '2026-10-01')).toBeUndefined();
    expect(activityOn(periods, 3, '2026-09-01')).toBeUndefined();
  });

  it('allows lessons only on days whose activity allows them', () => {
    expect(allowsLessons(periods, types, 1, '2026-10-01')).toBe(true);
    expect(allowsLessons(periods, types, 1, '2027-01-05')).toBe(false);
    expect(allowsLessons(periods, types, 2, '2026-09-15')).toBe(false);
  });

  it('allows no lessons on an empty cell or with an unknown activity', () => {
    expect(allowsLessons(periods, types, 1, '2027-02-01')).toBe(false);
    expect(allowsLessons(periods, [{ id: EXAM, allowSchedule: false }], 1, '2026-10-01')).toBe(false);
  });
});
