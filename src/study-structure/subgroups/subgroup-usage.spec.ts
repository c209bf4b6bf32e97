import { subgroupUsageSql } from './subgroup-usage';

describe('subgroupUsageSql', () => {
  it('knows no usage while no table refers to subgroups', () => {
    expect(subgroupUsageSql([])).toBeUndefined();
  });

  it('unites every referring column in one query', () => {
    expect(
      subgroupUsageSql([
        { table: 'rule_slot_subgroups', column: 'subgroup_id' },
        { table: 'rule_slots', column: 'legacy_subgroup_id' },
      ]),
    ).toBe(
      'SELECT subgroup_id AS id FROM rule_slot_subgroups WHERE subgroup_id = ANY($1::int[])' +
        ' UNION SELECT legacy_subgroup_id AS id FROM rule_slots WHERE legacy_subgroup_id = ANY($1::int[])',
    );
  });
});
