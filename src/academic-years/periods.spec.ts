import { periodsOverlap, semesterConflict, semesterDateProblem, semesterListConflict, yearConflict, yearFromStart, yearStartProblem } from './periods';

describe('academic periods', () => {
  const year = yearFromStart('2025-09-01');

  it('derives the title and the end (30 June of the next year) from the start', () => {
    expect(year).toEqual({ title: '2025-2026', startDate: '2025-09-01', endDate: '2026-06-30' });
    expect(yearFromStart('2026-01-15')).toEqual({ title: '2026-2027', startDate: '2026-01-15', endDate: '2027-06-30' });
    expect(yearStartProblem('1899-09-01')).toMatch(/между 1900 и 2999/);
    expect(yearStartProblem('2025-09-01')).toBeUndefined();
  });

  it('treats bounds as inclusive: touching periods do not overlap, a shared day does', () => {
    expect(periodsOverlap({ startDate: '2025-09-01', endDate: '2025-12-31' }, { startDate: '2026-01-01', endDate: '2026-01-31' })).toBe(false);
    expect(periodsOverlap({ startDate: '2025-09-01', endDate: '2025-12-31' }, { startDate: '2025-12-31', endDate: '2026-01-31' })).toBe(true);
  });

  it('reports date order before bounds, and accepts a semester on the year’s own bounds', () => {
    expect(semesterDateProblem({ semesterType: 'autumn', startDate: '2025-12-01', endDate: '2025-11-30' }, year)).toBe(
      'Осенний семестр: дата окончания 2025-11-30 раньше даты начала 2025-12-01',
    );
    expect(semesterDateProblem({ semesterType: 'spring', startDate: '2026-02-01', endDate: '2026-07-01' }, year)).toBe(
      'Весенний семестр (2026-02-01 — 2026-07-01) должен лежать внутри учебного года 2025-2026 (2025-09-01 — 2026-06-30)',
    );
    expect(semesterDateProblem({ semesterType: 'autumn', startDate: '2025-09-01', endDate: '2026-06-30' }, year)).toBeUndefined();
  });

  it('finds a taken type before an overlap', () => {
    const autumn = { semesterType: 'autumn', startDate: '2025-09-01', endDate: '2025-12-31' } as const;
    expect(semesterConflict({ ...autumn, startDate: '2026-02-01', endDate: '2026-03-01' }, [autumn], year)).toBe(
      'В учебном году 2025-2026 уже есть осенний семестр',
    );
    expect(semesterListConflict([autumn, { semesterType: 'spring', startDate: '2025-12-31', endDate: '2026-06-01' }], year)).toEqual({
      message: 'Весенний семестр (2025-12-31 — 2026-06-01) пересекается с осенним семестром (2025-09-01 — 2025-12-31)',
      index: 1,
    });
    expect(semesterListConflict([autumn, { semesterType: 'spring', startDate: '2026-01-01', endDate: '2026-06-01' }], year)).toBeUndefined();
  });

  it('names a taken title or an overlapping year', () => {
    const earlier = yearFromStart('2024-09-01');
    expect(yearConflict(year, [yearFromStart('2025-10-01')])).toBe('Учебный год 2025-2026 уже существует');
    expect(yearConflict(yearFromStart('2026-06-30'), [year])).toBe(
      'Учебный год 2026-2027 (2026-06-30 — 2027-06-30) пересекается с учебным годом 2025-2026 (2025-09-01 — 2026-06-30)',
    );
    expect(yearConflict(yearFromStart('2025-06-30'), [earlier])).toBe(
      'Учебный год 2025-2026 (2025-06-30 — 2026-06-30) пересекается с учебным годом 2024-2025 (2024-09-01 — 2025-06-30)',
    );
    expect(yearConflict(yearFromStart('2025-07-01'), [earlier])).toBeUndefined();
  });
});
