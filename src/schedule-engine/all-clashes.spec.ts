import { findAllClashes } from './all-clashes';
import { AudienceMember, clashFields, Occupancy } from './conflicts';

let nextSlot = 1;

function lesson(fields: Partial<Occupancy> & { ruleId: number }): Occupancy {
  return {
    slotId: nextSlot++,
    date: '2026-09-01',
    startTime: '08:30:00',
    endTime: '10:00:00',
    teacherId: 100 + fields.ruleId,
    classroomId: 200 + fields.ruleId,
    audience: [{ groupId: 300 + fields.ruleId, subgroupId: null }],
    ...fields,
  };
}

const group = (groupId: number, subgroupId: number | null = null): AudienceMember[] => [{ groupId, subgroupId }];

describe('findAllClashes', () => {
  it('finds nothing when lessons share nothing or only touch in time', () => {
    expect(findAllClashes([lesson({ ruleId: 1 }), lesson({ ruleId: 2 })])).toEqual([]);
    expect(
      findAllClashes([
        lesson({ ruleId: 1, teacherId: 7 }),
        lesson({ ruleId: 2, teacherId: 7, startTime: '10:00:00', endTime: '11:30:00' }),
        lesson({ ruleId: 3, teacherId: 7, date: '2026-09-02' }),
      ]),
    ).toEqual([]);
  });

  it('reports a rule pair once, with the earliest clash, every shared field and the number of clashing lessons', () => {
    const lessons = [
      lesson({ ruleId: 5, teacherId: 7, date: '2026-09-08', startTime: '09:00:00', endTime: '10:30:00' }),
      lesson({ ruleId: 2, teacherId: 7, date: '2026-09-08' }),
      lesson({ ruleId: 5, teacherId: 7, classroomId: 9, date: '2026-09-01' }),
      lesson({ ruleId: 2, teacherId: 7, classroomId: 9, date: '2026-09-01' }),
      lesson({ ruleId: 5, classroomId: 9, date: '2026-09-15' }),
      lesson({ ruleId: 2, classroomId: 9, audience: group(305), date: '2026-09-15' }),
    ];
    const [clash, ...rest] = findAllClashes(lessons);
    expect(rest).toEqual([]);
    expect(clash).toEqual({
      ruleId: 2,
      otherRuleId: 5,
      fields: ['teacher', 'classroom', 'group'],
      first: lessons[3],
      second: lessons[2],
      lessonPairCount: 3,
    });
  });

  it('lets different subgroups of a group meet, but not a whole group and its subgroup', () => {
    const a = lesson({ ruleId: 1, audience: group(50, 501) });
    const b = lesson({ ruleId: 2, audience: group(50, 502) });
    const whole = lesson({ ruleId: 3, audience: group(50) });
    const clashes = findAllClashes([a, b, whole]);
    expect(clashes.map((clash) => [clash.ruleId, clash.otherRuleId, clash.fields])).toEqual([
      [1, 3, ['group']],
      [2, 3, ['group']],
    ]);
  });

  it('reports two slots of one rule that clash as a pair of the rule with itself', () => {
    const a = lesson({ ruleId: 4, classroomId: 1 });
    const b = lesson({ ruleId: 4, classroomId: 2, teacherId: 8, startTime: '09:00:00', endTime: '10:30:00' });
    expect(findAllClashes([b, a])).toEqual([{ ruleId: 4, otherRuleId: 4, fields: ['group'], first: a, second: b, lessonPairCount: 1 }]);
  });

  it('orders the pairs by the date and time of their first clash', () => {
    const lessons = [
      lesson({ ruleId: 1, teacherId: 1, date: '2026-09-03' }),
      lesson({ ruleId: 2, teacherId: 1, date: '2026-09-03' }),
      lesson({ ruleId: 3, classroomId: 3, date: '2026-09-02', startTime: '12:00:00', endTime: '13:30:00' }),
      lesson({ ruleId: 4, classroomId: 3, date: '2026-09-02', startTime: '12:00:00', endTime: '13:30:00' }),
      lesson({ ruleId: 5, classroomId: 5, date: '2026-09-02' }),
      lesson({ ruleId: 6, classroomId: 5, date: '2026-09-02' }),
    ];
    expect(findAllClashes(lessons).map((clash) => clash.ruleId)).toEqual([5, 3, 1]);
  });

  it('agrees with comparing every pair of lessons on random data', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const times = [
      ['08:30:00', '10:00:00'],
      ['09:00:00', '10:30:00'],
      ['10:00:00', '11:30:00'],
      ['11:40:00', '13:10:00'],
    ];
    const lessons: Occupancy[] = [];
    for (let index = 0; index < 400; index++) {
      const [startTime, endTime] = times[random(times.length)];
      const groupId = random(6);
      lessons.push(
        lesson({
          ruleId: 1 + random(40),
          date: `2026-09-0${1 + random(3)}`,
          startTime,
          endTime,
          teacherId: random(8),
          classroomId: random(8),
          audience: [{ groupId, subgroupId: random(3) === 0 ? null : groupId * 10 + random(2) }],
        }),
      );
    }
    const expected = new Map<string, number>();
    for (let i = 0; i < lessons.length; i++) {
      for (let j = i + 1; j < lessons.length; j++) {
        if (clashFields(lessons[i], lessons[j]).length === 0) continue;
        const [low, high] = [lessons[i].ruleId, lessons[j].ruleId].sort((x, y) => x - y);
        expected.set(`${low}:${high}`, (expected.get(`${low}:${high}`) ?? 0) + 1);
      }
    }
    const found = new Map(findAllClashes(lessons).map((clash) => [`${clash.ruleId}:${clash.otherRuleId}`, clash.lessonPairCount]));
    expect(found).toEqual(expected);
    expect(found.size).toBeGreaterThan(10);
  });
});
