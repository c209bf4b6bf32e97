import { AssignmentPeriod, DepartmentAttribution } from './department-attribution';

const period = (id: number, departmentId: number, primary: boolean, validFrom: string, validTo: string | null = null): AssignmentPeriod => ({
  id,
  teacherId: 7,
  departmentId,
  primary,
  validFrom,
  validTo,
});

describe('department attribution on the lesson date', () => {
  it('takes the primary assignment in effect that day, before any additional one', () => {
    const attribution = new DepartmentAttribution([period(1, 20, false, '2026-01-01'), period(2, 10, true, '2026-01-01')]);
    expect(attribution.departmentOn(7, '2026-09-01')).toBe(10);
  });

  it('splits at a transfer: the old department up to the day before, the new one from the transfer date', () => {
    const attribution = new DepartmentAttribution([period(1, 10, true, '2026-01-01', '2026-09-08'), period(2, 20, true, '2026-09-09')]);
    expect(attribution.departmentOn(7, '2026-09-08')).toBe(10);
    expect(attribution.departmentOn(7, '2026-09-09')).toBe(20);
    expect([...attribution.departmentsBetween(7, '2026-09-01', '2026-09-30')]).toEqual([10, 20]);
    expect([...attribution.departmentsBetween(7, '2026-09-09', '2026-09-30')]).toEqual([20]);
    expect([...attribution.departmentsBetween(7, '2025-12-01', '2026-01-31')]).toEqual([null, 10]);
  });

  it('falls back to an additional assignment, the longest-standing first, and to none', () => {
    const attribution = new DepartmentAttribution([
      period(3, 30, false, '2026-03-01'),
      period(2, 20, false, '2026-02-01', '2026-12-31'),
      period(1, 10, true, '2026-01-01', '2026-09-05'),
    ]);
    expect(attribution.departmentOn(7, '2026-09-05')).toBe(10);
    expect(attribution.departmentOn(7, '2026-09-06')).toBe(20);
    expect(attribution.departmentOn(7, '2027-01-01')).toBe(30);
    expect(attribution.departmentOn(7, '2025-12-31')).toBeNull();
    expect(attribution.departmentOn(8, '2026-09-06')).toBeNull();
  });
});
