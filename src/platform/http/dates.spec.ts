import { DataSource } from 'typeorm';
import { runInTenant } from '../tenancy/tenant-context';
import { isCalendarDate, todayInBusinessZone } from './dates';

describe('dates', () => {
  it('evaluates today in Europe/Moscow outside any university, not UTC', () => {
    expect(todayInBusinessZone(new Date('2026-11-21T20:59:00Z'))).toBe('2026-11-21');
    expect(todayInBusinessZone(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });

  it('evaluates today in the time zone of the university being served', () => {
    const scope = (timeZone: string) => ({ tenantKey: 'x', dataSource: {} as DataSource, timeZone });
    const at = new Date('2025-08-31T20:30:00Z');
    expect(runInTenant(scope('Asia/Vladivostok'), () => todayInBusinessZone(at))).toBe('2025-09-01');
    expect(runInTenant(scope('Europe/Moscow'), () => todayInBusinessZone(at))).toBe('2025-08-31');
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
