import { slotUsageSql } from './slot-usage';

describe('slotUsageSql', () => {
  it('knows no usage while no table refers to slots', () => {
    expect(slotUsageSql([])).toBeUndefined();
  });

  it('counts the references of one table', () => {
    expect(slotUsageSql([{ table: 'schedule_rule_slots', column: 'time_slot_id' }])).toBe(
      'SELECT count(*)::int AS count FROM (SELECT 1 FROM schedule_rule_slots WHERE time_slot_id = ANY($1::int[])) AS refs',
    );
  });

  it('adds up every referring column in one query', () => {
    expect(
      slotUsageSql([
        { table: 'schedule_rule_slots', column: 'time_slot_id' },
        { table: 'schedule_overrides', column: 'new_time_slot_id' },
      ]),
    ).toBe(
      'SELECT count(*)::int AS count FROM (' +
        'SELECT 1 FROM schedule_rule_slots WHERE time_slot_id = ANY($1::int[])' +
        ' UNION ALL SELECT 1 FROM schedule_overrides WHERE new_time_slot_id = ANY($1::int[])' +
        ') AS refs',
    );
  });
});
