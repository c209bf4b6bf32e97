import { describeUsages, UsageSource } from './usages';

const groups: UsageSource = { countSql: '', noun: ['группа', 'группы', 'групп'] };
const calendars: UsageSource = { countSql: '', noun: ['учебный календарь', 'учебных календаря', 'учебных календарей'] };

describe('describeUsages', () => {
  it('is undefined when nothing refers to the row', () => {
    expect(describeUsages([{ source: groups, count: 0 }])).toBeUndefined();
  });

  it('agrees the verb and noun with the count', () => {
    expect(describeUsages([{ source: groups, count: 3 }])).toBe('используют 3 группы');
    expect(describeUsages([{ source: groups, count: 1 }])).toBe('использует 1 группа');
    expect(describeUsages([{ source: groups, count: 21 }])).toBe('использует 21 группа');
    expect(describeUsages([{ source: groups, count: 11 }])).toBe('используют 11 групп');
  });

  it('lists every source that refers to the row', () => {
    const counts = [
      { source: groups, count: 1 },
      { source: calendars, count: 2 },
    ];
    expect(describeUsages(counts)).toBe('используют 1 группа и 2 учебных календаря');
    expect(describeUsages([{ source: groups, count: 0 }, { source: calendars, count: 5 }])).toBe('используют 5 учебных календарей');
  });
});
