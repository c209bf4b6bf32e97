import { eachDate, mondayOf, parityAccepts, weekMonday, weekNumber, weekParity } from './weeks';

describe('week arithmetic', () => {
  it('counts week 1 from the Monday of the start date when the period starts mid-week', () => {
    // 2026-01-01 is a Thursday: week 1 runs Monday 2025-12-29 .. Sunday 2026-01-04.
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
    expect(weekNumber('2026-01-01', '2026-01-01')).toBe(1);
    expect(weekNumber('2026-01-01', '2026-01-04')).toBe(1);
    expect(weekNumber('2026-01-01', '2026-01-05')).toBe(2);
  });

  it('handles a period starting on a Sunday and on a Monday', () => {
    // 2026-02-01 is a Sunday: the next day is already week 2.
    expect(weekNumber('2026-02-01', '2026-02-01')).toBe(1);
    expect(weekNumber('2026-02-01', '2026-02-02')).toBe(2);
    // 2026-09-07 is a Monday.
    expect(weekNumber('2026-09-07', '2026-09-13')).toBe(1);
    expect(weekNumber('2026-09-07', '2026-09-14')).toBe(2);
  });

  it('crosses year boundaries', () => {
    expect(weekNumber('2026-09-01', '2026-12-31')).toBe(18);
    expect(weekNumber('2026-09-01', '2027-01-01')).toBe(18);
    expect(weekNumber('2026-09-01', '2027-01-04')).toBe(19);
    expect(weekNumber('2026-09-01', '2027-06-30')).toBe(44);
  });

  it('gives 0 or less before the period', () => {
    expect(weekNumber('2026-09-01', '2026-08-30')).toBe(0);
    expect(weekNumber('2026-09-01', '2026-08-23')).toBe(-1);
  });

  it('numbers parity ODD for odd weeks and EVEN for even ones', () => {
    expect([1, 2, 3, 18].map(weekParity)).toEqual(['ODD', 'EVEN', 'ODD', 'EVEN']);
    expect(parityAccepts('BOTH', 4)).toBe(true);
    expect(parityAccepts('ODD', 3)).toBe(true);
    expect(parityAccepts('ODD', 4)).toBe(false);
    expect(parityAccepts('EVEN', 4)).toBe(true);
  });

  it('finds the Monday of a week and lists dates inclusively', () => {
    expect(weekMonday('2026-09-01', 1)).toBe('2026-08-31');
    expect(weekMonday('2026-09-01', 3)).toBe('2026-09-14');
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(eachDate('2026-01-02', '2026-01-01')).toEqual([]);
  });
});
