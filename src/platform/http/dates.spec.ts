import { addDays, daysBetween, isCalendarDate, isoDayOfWeek, todayInBusinessZone } from './dates';

describe('dates', () => {
  it('evaluates today in Europe/Moscow, not UTC', () => {
    expect(todayInBusinessZone(new Date('2026-11-21T20:59:00Z'))).toBe('2026-11-21');
    expect(todayInBusinessZone(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('2026-01-01T00:00:00Z')).toBe(false);
    expect(isCalendarDate(20260101)).toBe(false);
  });

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
});
