import { addDays, daysBetween, formatDate, isoDayOfWeek } from './dates';

describe('calendar dates', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-09-01', '2027-06-30')).toBe(302);
    expect(daysBetween('2026-09-02', '2026-09-01')).toBe(-1);
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoDayOfWeek('2026-11-23')).toBe(1);
    expect(isoDayOfWeek('2026-11-22')).toBe(7);
  });

  it('writes dates the Russian way', () => {
    expect(formatDate('2026-09-08')).toBe('08.09.2026');
  });
});
