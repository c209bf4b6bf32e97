import { ActualLesson } from '../../schedule-engine/override-application';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { StoredLessons } from './clash-guard';

/** A stored lesson on Tuesday 1 September 2026, pair 1, of group 30 unless told otherwise. */
const lesson = (fields: Partial<ActualLesson> & { slotId: number }): ActualLesson =>
  ({
    ruleId: fields.slotId,
    date: '2026-09-01',
    startTime: '08:30:00',
    endTime: '10:00:00',
    teacherId: 100,
    classroomId: 200,
    audience: [{ groupId: 30, subgroupId: null }],
    ...fields,
  }) as ActualLesson;

const schedule = {} as SemesterSchedule;

describe('StoredLessons', () => {
  const byRoom = lesson({ slotId: 1, teacherId: 101, classroomId: 200, audience: [{ groupId: 31, subgroupId: null }] });
  const byTeacher = lesson({ slotId: 2, teacherId: 100, classroomId: 201, audience: [{ groupId: 32, subgroupId: null }] });
  const otherSubgroup = lesson({ slotId: 3, teacherId: 102, classroomId: 202, audience: [{ groupId: 30, subgroupId: 2 }] });
  const later = lesson({ slotId: 4, startTime: '10:10:00', endTime: '11:40:00' });
  const otherDay = lesson({ slotId: 5, date: '2026-09-02' });
  const stored = new StoredLessons(schedule, [byRoom, byTeacher, otherSubgroup, later, otherDay]);

  it('answers the first clash in stored order, whichever resource it shares', () => {
    const proposed = lesson({ slotId: 9, teacherId: 100, classroomId: 200, audience: [{ groupId: 30, subgroupId: 1 }] });
    expect(stored.firstClash([proposed])).toMatchObject({ existing: byRoom, fields: ['classroom'] });
    expect(stored.firstClash([{ ...proposed, classroomId: 209 }])).toMatchObject({ existing: byTeacher, fields: ['teacher'] });
    // Subgroups 1 and 2 of group 30 may meet; adjacent pairs and other days never clash.
    expect(stored.firstClash([{ ...proposed, teacherId: 109, classroomId: 209 }])).toBeUndefined();
    expect(stored.firstClash([{ ...proposed, audience: [{ groupId: 30, subgroupId: null }], teacherId: 109, classroomId: 209 }])).toMatchObject({
      existing: otherSubgroup,
      fields: ['group'],
    });
  });

  it('leaves out the named base lessons, wherever an override put them, in a view that shares the index', () => {
    const moved = lesson({ slotId: 6, override: { scheduleOverrideId: 1, overrideAction: 'MOVE', originalLessonDate: '2026-08-25' } });
    const withMoved = new StoredLessons(schedule, [moved, byTeacher]);
    const proposed = lesson({ slotId: 9, audience: [] });
    expect(withMoved.firstClash([proposed])?.existing).toBe(moved);
    const without = withMoved.without(['6:2026-08-25']);
    expect(without.firstClash([proposed])?.existing).toBe(byTeacher);
    expect(without.without(['2:2026-09-01']).firstClash([proposed])).toBeUndefined();
    expect(withMoved.firstClash([proposed])?.existing).toBe(moved); // the original is untouched
    expect(withMoved.without(['6:2026-09-01']).firstClash([proposed])?.existing).toBe(moved); // named by its original date only
  });
});
