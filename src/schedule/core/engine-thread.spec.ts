import { AUTUMN_2026, newRule, newSlot, studyAllAutumn } from '../../schedule-engine/rule.fixtures';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { ScheduleInputs } from '../../schedule-engine/schedule-inputs';
import { CalendarSnapshot, GridSnapshot } from '../../schedule-engine/series-context';
import { QualityFacts } from '../../schedule-engine/quality';
import { EngineThread } from './engine-thread';

// Autumn 2026 from Tuesday 1 September, two base pairs; group 100 of 25 students may study every day.
const semester: LoadedSemester = AUTUMN_2026;
const grids: GridSnapshot = {
  base: {
    id: 1,
    applyMode: 'DEFAULT',
    slots: [
      { id: 11, orderNumber: 1, startTime: '08:30:00', endTime: '10:00:00' },
      { id: 12, orderNumber: 2, startTime: '10:10:00', endTime: '11:40:00' },
      { id: 13, orderNumber: 3, startTime: '11:50:00', endTime: '13:20:00' },
    ],
  },
  manualByDate: new Map(),
};
const calendars: CalendarSnapshot = studyAllAutumn([100]);
// Rule 7 on Tuesdays in pair 1 and rule 8 on Tuesdays in pair 3, both of group 100: a window in pair 2.
// Rule 9 puts teacher 5 into room 9 in pair 1 on Tuesdays as well: a clash of teacher, room and group with rule 7.
const rules = [
  newRule({ id: 7, hours: { LECTURE: 8, PRACTICE: 0, LABORATORY: 0 }, groupIds: [100], slots: [newSlot({ id: 70, ruleId: 7, timeSlotId: 11, teacherId: 5, classroomId: 9 })] }),
  newRule({ id: 8, hours: { LECTURE: 8, PRACTICE: 0, LABORATORY: 0 }, groupIds: [100], slots: [newSlot({ id: 80, ruleId: 8, timeSlotId: 13, teacherId: 6, classroomId: 10 })] }),
  newRule({ id: 9, hours: { LECTURE: 4, PRACTICE: 0, LABORATORY: 0 }, groupIds: [100], slots: [newSlot({ id: 90, ruleId: 9, timeSlotId: 11, teacherId: 5, classroomId: 9 })] }),
];
const inputs: ScheduleInputs = { semester, rules, grids, calendars, overrides: [] };
const facts: QualityFacts = {
  classrooms: new Map([
    [9, { name: '101', capacity: 200 }],
    [10, { name: '102', capacity: 20 }],
  ]),
  groups: new Map([[100, { name: 'ФИЗ-231', size: 25 }]]),
  subgroups: new Map(),
  teachers: new Map([
    [5, { name: 'Иванов' }],
    [6, { name: 'Петров' }],
  ]),
  wishes: [],
};
// Teacher 6 is blocked on Tuesday 8 September, pair 3.
const blocked = [{ teacherId: 6, date: '2026-09-08', timeSlotId: 13 }];

describe('EngineThread', () => {
  const inPlace = new EngineThread({ minRules: Number.MAX_SAFE_INTEGER });
  const threaded = new EngineThread({ minRules: 0 });
  afterAll(() => threaded.onApplicationShutdown());

  it('scores a version in its thread exactly as in place, and the score shows the window and the rooms', async () => {
    const here = await inPlace.run('quality', { inputs, facts });
    const there = await threaded.run('quality', { inputs, facts });
    expect(there).toEqual(here);
    expect(here.lessonCount).toBe(10);
    const metric = (code: string) => here.metrics.find((m) => m.code === code);
    expect(metric('GROUP_GAPS')?.value).toBeGreaterThan(0);
    expect(metric('CAPACITY_SHORTAGE')?.value).toBeGreaterThan(0);
    expect(here.score).toBeLessThan(100);
  });

  it('finds the same clashes and blocked lessons in its thread as in place', async () => {
    const here = await inPlace.run('checks', { inputs, blocked });
    const there = await threaded.run('checks', { inputs, blocked });
    expect(there).toEqual(here);
    expect(here.checkedLessonCount).toBe(10);
    expect(here.clashes.map((clash) => [clash.ruleId, clash.otherRuleId, clash.lessonPairCount])).toEqual([[7, 9, 2]]);
    expect(here.unavailable.map((lesson) => [lesson.ruleId, lesson.date])).toEqual([[8, '2026-09-08']]);
  });

  it('fails a task whose input breaks it with the error, and answers the next one', async () => {
    const broken = { ...inputs, grids: undefined as unknown as GridSnapshot };
    await expect(threaded.run('checks', { inputs: broken, blocked })).rejects.toThrow(/engine task failed in its thread/);
    await expect(threaded.run('checks', { inputs, blocked })).resolves.toMatchObject({ checkedLessonCount: 10 });
  });
});
