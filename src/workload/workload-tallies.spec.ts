import { ActualLesson } from '../schedule-engine/override-application';
import { audienceSize, ClassroomTally, tallyDepartments, tallyPairs, tallyTeachers } from './workload-tallies';

function lesson(fields: Partial<ActualLesson>): ActualLesson {
  return {
    ruleId: 1,
    slotId: 1,
    lessonKind: 'LECTURE',
    date: '2026-09-01',
    dayOfWeek: 2,
    weekNumber: 1,
    parity: 'ODD',
    timeSlotId: 11,
    timeSlotOrder: 1,
    startTime: '08:30:00',
    endTime: '10:00:00',
    teacherId: 5,
    classroomId: 3,
    audience: [{ groupId: 1, subgroupId: null }],
    ...fields,
  } as ActualLesson;
}

describe('workload tallies', () => {
  it('counts lessons, 2 hours each, and distinct moments per teacher and department', () => {
    const tallies = tallyTeachers([
      { lesson: lesson({ audience: [{ groupId: 1, subgroupId: null }, { groupId: 2, subgroupId: null }] }), departmentId: 10 },
      { lesson: lesson({ date: '2026-09-08' }), departmentId: 10 },
      { lesson: lesson({ date: '2026-09-15' }), departmentId: 20 },
    ]);
    const first = tallies.get(5)?.get(10);
    expect([first?.lessonCount, first?.academicHours, first?.occupiedSlotCount]).toEqual([2, 4, 2]);
    expect(tallies.get(5)?.get(20)?.lessonCount).toBe(1);
  });

  it('two lessons of one teacher at the same moment occupy one slot', () => {
    const tallies = tallyTeachers([
      { lesson: lesson({ slotId: 1 }), departmentId: null },
      { lesson: lesson({ slotId: 2 }), departmentId: null },
    ]);
    const row = tallies.get(5)?.get(null);
    expect([row?.lessonCount, row?.occupiedSlotCount]).toEqual([2, 1]);
  });

  it('departments: teachers and hours by lesson kind', () => {
    const tally = tallyDepartments([
      { lesson: lesson({ lessonKind: 'LECTURE' }), departmentId: 10 },
      { lesson: lesson({ lessonKind: 'LABORATORY', teacherId: 6, date: '2026-09-02' }), departmentId: 10 },
    ]).get(10);
    expect([tally?.teachers.size, tally?.academicHours, tally?.hoursByKind]).toEqual([2, 4, { LECTURE: 2, PRACTICE: 0, LABORATORY: 2 }]);
  });

  it('rooms: audience from group sizes and subgroup capacities, average fill and overfilled lessons', () => {
    const sizes = { groups: new Map([[1, 24], [2, 20]]), subgroups: new Map([[9, 12]]) };
    expect(audienceSize([{ groupId: 1, subgroupId: 9 }, { groupId: 2, subgroupId: null }], sizes)).toBe(32);
    const room = new ClassroomTally(30);
    room.addAudience(lesson({}), 45);
    room.addAudience(lesson({ date: '2026-09-02' }), 15);
    expect([room.averageAudience, room.averageFillPercent, room.overfilledLessonCount]).toEqual([30, 100, 1]);
  });

  it('pairs: by number, per weekday, with the busiest date', () => {
    const pairs = tallyPairs([
      { lesson: lesson({ classroomId: 1 }), departmentId: null },
      { lesson: lesson({ classroomId: 2 }), departmentId: null },
      { lesson: lesson({ date: '2026-09-03', dayOfWeek: 4 }), departmentId: null },
      { lesson: lesson({ timeSlotOrder: 2, date: '2026-09-05', dayOfWeek: 6 }), departmentId: null },
    ]);
    expect([pairs.get(1)?.lessonCount, pairs.get(1)?.peakLessonCount, pairs.get(1)?.byWeekday]).toEqual([3, 2, [0, 2, 0, 1, 0, 0, 0]]);
    expect(pairs.get(2)?.byWeekday[5]).toBe(1);
  });
});
