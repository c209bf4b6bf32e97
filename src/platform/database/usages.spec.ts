import { defineReferences, describeUsages, referenceCountSql, referredAmongSql, referencesTo, UsageSource } from './usages';

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

describe('references declared by the referring feature', () => {
  const noun = ['ссылка', 'ссылки', 'ссылок'] as const;

  it('counts nothing while no feature declares a reference, and takes a declaration back', () => {
    expect(referenceCountSql('specialty-profile')).toBeUndefined();
    const undeclare = defineReferences('specialty-profile', [{ sql: 'SELECT profile_id AS id FROM a', noun }]);
    expect(referencesTo('specialty-profile')).toEqual([{ countSql: 'SELECT count(*)::int FROM (SELECT profile_id AS id FROM a) AS refs WHERE refs.id = $1', noun }]);
    undeclare();
    expect(referencesTo('specialty-profile')).toEqual([]);
    expect(referredAmongSql('specialty-profile')).toBeUndefined();
  });

  it('unites every declared reference in one query, whoever declared it', () => {
    const first = defineReferences('rule-slot', [{ sql: 'SELECT slot_id AS id FROM a', noun }]);
    const second = defineReferences('rule-slot', [{ sql: 'SELECT DISTINCT slot_id AS id, x FROM b', noun }]);
    expect(referenceCountSql('rule-slot')).toBe(
      'SELECT count(*)::int AS count FROM (SELECT r0.id FROM (SELECT slot_id AS id FROM a) AS r0' +
        ' UNION ALL SELECT r1.id FROM (SELECT DISTINCT slot_id AS id, x FROM b) AS r1) AS refs WHERE refs.id = ANY($1::int[])',
    );
    expect(referencesTo('rule-slot', 'IN (SELECT id FROM c WHERE d = $1)').map((usage) => usage.countSql)).toEqual([
      'SELECT count(*)::int FROM (SELECT slot_id AS id FROM a) AS refs WHERE refs.id IN (SELECT id FROM c WHERE d = $1)',
      'SELECT count(*)::int FROM (SELECT DISTINCT slot_id AS id, x FROM b) AS refs WHERE refs.id IN (SELECT id FROM c WHERE d = $1)',
    ]);
    first();
    second();
  });
});
