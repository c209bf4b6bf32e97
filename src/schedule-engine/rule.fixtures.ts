import { LoadedRule, LoadedSlot } from './rule-model';

/** Builders of plain rules for the engine's specs (excluded from the build): a weekly lecture slot and a rule of one group. */
export const newSlot = (fields: Partial<LoadedSlot> = {}): LoadedSlot => ({
  id: 1,
  ruleId: 1,
  dayOfWeek: 2,
  parity: 'BOTH',
  timeSlotId: 10,
  teacherId: 100,
  classroomId: 200,
  lessonTypeId: 1,
  lessonKind: 'LECTURE',
  lessonFormat: 'Очно',
  subgroups: [],
  ...fields,
});

export const newRule = (fields: Partial<LoadedRule> = {}): LoadedRule => ({
  id: 1,
  versionId: 1,
  semesterId: 1,
  subjectId: 5,
  subjectName: 'Физика',
  status: 'ACTIVE',
  hours: { LECTURE: 4, PRACTICE: 0, LABORATORY: 0 },
  startWeeks: { LECTURE: 1, PRACTICE: 1, LABORATORY: 1 },
  groupIds: [30],
  slots: [newSlot()],
  ...fields,
});
