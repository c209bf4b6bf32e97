import { TeacherBlocks } from './teacher-availability';

const basePairs = [
  { id: 11, orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' },
  { id: 12, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' },
];
const lesson = (fields: Partial<{ teacherId: number; date: string; dayOfWeek: number; timeSlotId: number; timeSlotOrder: number }>) => ({
  teacherId: 5,
  date: '2026-09-01',
  dayOfWeek: 2,
  timeSlotId: 11,
  timeSlotOrder: 1,
  ...fields,
});

describe('TeacherBlocks', () => {
  it('blocks a whole day, or a weekly base pair, of the teacher only', () => {
    const blocks = new TeacherBlocks([{ teacherId: 5, date: '2026-09-01' }, { teacherId: 5, dayOfWeek: 4, timeSlotId: 12 }], basePairs);
    const dayOff = lesson({});
    const otherTeacher = lesson({ teacherId: 6 });
    const thursdayPair2 = lesson({ date: '2026-09-03', dayOfWeek: 4, timeSlotId: 12, timeSlotOrder: 2 });
    const thursdayPair1 = lesson({ date: '2026-09-03', dayOfWeek: 4 });
    expect(blocks.among([dayOff, otherTeacher, thursdayPair2, thursdayPair1])).toEqual([dayOff, thursdayPair2]);
  });

  it('counts a pair of another grid as the base pair with its number', () => {
    const blocks = new TeacherBlocks([{ teacherId: 5, dayOfWeek: 6, timeSlotId: 12 }], basePairs);
    const saturdayGridPair2 = lesson({ date: '2026-09-05', dayOfWeek: 6, timeSlotId: 42, timeSlotOrder: 2 });
    expect(blocks.among([saturdayGridPair2])).toEqual([saturdayGridPair2]);
    expect(new TeacherBlocks([], basePairs).among([saturdayGridPair2])).toEqual([]);
  });
});

describe('TeacherBlocks with absences', () => {
  it('blocks every day of an absence, both ends included, and nothing outside it', () => {
    const blocks = new TeacherBlocks([{ teacherId: 5, from: '2026-09-02', to: '2026-09-04', absenceId: 9 }], basePairs);
    const before = lesson({ date: '2026-09-01', dayOfWeek: 2 });
    const first = lesson({ date: '2026-09-02', dayOfWeek: 3 });
    const last = lesson({ date: '2026-09-04', dayOfWeek: 5, timeSlotId: 12, timeSlotOrder: 2 });
    const after = lesson({ date: '2026-09-05', dayOfWeek: 6 });
    expect(blocks.among([before, first, last, after])).toEqual([first, last]);
    expect(blocks.blockOf(first)?.absenceId).toBe(9);
  });
});
