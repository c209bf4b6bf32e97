import { isCalendarDate, todayInBusinessZone } from './dates';

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
});
