import { planDivision } from './division';

describe('planDivision', () => {
  it('splits as evenly as possible with the larger subgroups first', () => {
    expect(planDivision(25, 2)).toEqual([
      { name: 'Подгруппа 1', studentCapacity: 13 },
      { name: 'Подгруппа 2', studentCapacity: 12 },
    ]);
    expect(planDivision(25, 3)?.map((s) => s.studentCapacity)).toEqual([9, 8, 8]);
    expect(planDivision(26, 3)?.map((s) => s.studentCapacity)).toEqual([9, 9, 8]);
    expect(planDivision(24, 3)?.map((s) => s.studentCapacity)).toEqual([8, 8, 8]);
  });

  it('always uses the whole group', () => {
    for (let size = 3; size < 60; size++) {
      for (const count of [2, 3]) {
        const plan = planDivision(size, count)!;
        expect(plan.reduce((sum, s) => sum + s.studentCapacity, 0)).toBe(size);
      }
    }
  });

  it('plans no subgroups for NONE', () => {
    expect(planDivision(25, 0)).toEqual([]);
  });

  it('refuses when a subgroup would be empty', () => {
    expect(planDivision(1, 2)).toBeUndefined();
    expect(planDivision(2, 3)).toBeUndefined();
    expect(planDivision(2, 2)?.map((s) => s.studentCapacity)).toEqual([1, 1]);
  });
});
