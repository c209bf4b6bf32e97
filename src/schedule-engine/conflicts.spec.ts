import { audiencesOverlap, clashFields, findClashes, Occupancy } from './conflicts';

function lesson(overrides: Partial<Occupancy>): Occupancy {
  return {
    ruleId: 1,
    slotId: 1,
    date: '2026-09-01',
    startTime: '08:30:00',
    endTime: '10:00:00',
    teacherId: 10,
    classroomId: 20,
    audience: [{ groupId: 30, subgroupId: null }],
    ...overrides,
  };
}

describe('clash detection', () => {
  it('reports every shared resource of overlapping lessons', () => {
    expect(clashFields(lesson({}), lesson({ ruleId: 2 }))).toEqual(['teacher', 'classroom', 'group']);
    expect(clashFields(lesson({}), lesson({ teacherId: 11, audience: [{ groupId: 31, subgroupId: null }] }))).toEqual(['classroom']);
  });

  it('does not clash on another date, with adjacent intervals, or without shared resources', () => {
    expect(clashFields(lesson({}), lesson({ date: '2026-09-02' }))).toEqual([]);
    expect(clashFields(lesson({}), lesson({ startTime: '10:00:00', endTime: '11:30:00' }))).toEqual([]);
    expect(clashFields(lesson({}), lesson({ teacherId: 11, classroomId: 21, audience: [{ groupId: 31, subgroupId: null }] }))).toEqual([]);
  });

  it('clashes on a partial overlap of intervals', () => {
    expect(clashFields(lesson({}), lesson({ startTime: '09:59:00', endTime: '11:00:00' }))).toContain('teacher');
  });

  it('lets different subgroups of one group share a time, but not a subgroup with its whole group', () => {
    const sub1 = [{ groupId: 30, subgroupId: 1 }];
    const sub2 = [{ groupId: 30, subgroupId: 2 }];
    const whole = [{ groupId: 30, subgroupId: null }];
    expect(audiencesOverlap(sub1, sub2)).toBe(false);
    expect(audiencesOverlap(sub1, sub1)).toBe(true);
    expect(audiencesOverlap(sub1, whole)).toBe(true);
    expect(audiencesOverlap(whole, [{ groupId: 31, subgroupId: null }])).toBe(false);
  });

  it('finds clashes against existing lessons of the same date only', () => {
    const existing = [lesson({ ruleId: 2, date: '2026-09-01' }), lesson({ ruleId: 3, date: '2026-09-08' })];
    const clashes = findClashes([lesson({ date: '2026-09-08' })], existing);
    expect(clashes).toHaveLength(1);
    expect(clashes[0].existing.ruleId).toBe(3);
  });
});
