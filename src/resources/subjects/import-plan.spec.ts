import { planImport } from './import-plan';

describe('planImport', () => {
  it('trims names and turns an empty or missing code into null', () => {
    expect(planImport([{ name: '  Физика ', code: ' Ф1 ' }, { name: 'Химия', code: '' }, { name: 'Биология' }])).toEqual([
      { name: 'Физика', code: 'Ф1' },
      { name: 'Химия', code: null },
      { name: 'Биология', code: null },
    ]);
  });

  it('keeps the last value of a name repeated in any case, at its first position', () => {
    const plan = planImport([
      { name: 'Физика', code: 'A' },
      { name: 'Химия', code: 'X' },
      { name: 'ФИЗИКА ', code: 'B' },
    ]);
    expect(plan).toEqual([
      { name: 'ФИЗИКА', code: 'B' },
      { name: 'Химия', code: 'X' },
    ]);
  });
});
