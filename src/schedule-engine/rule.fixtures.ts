import { LoadedRule, LoadedSemester, LoadedSlot } from './rule-model';
import { assignmentKey, CalendarSnapshot } from './series-context';

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

/** Autumn 2026 from Tuesday 1 September to the end of December, the published version 1. */
export const AUTUMN_2026: LoadedSemester = {
  id: 1,
  academicYearId: 1,
  academicYearTitle: '2026-2027',
  academicYearStart: '2026-09-01',
  semesterType: 'autumn',
  startDate: '2026-09-01',
  endDate: '2026-12-31',
  publishedVersionId: 1,
};

/** Calendars in which each of `groupIds` (first year of 2026) may study every day of the autumn. */
export function studyAllAutumn(groupIds: readonly number[]): CalendarSnapshot {
  return {
    assignments: new Map(groupIds.map((groupId) => [assignmentKey(groupId, 1), 500])),
    periodsByCalendar: new Map([[500, [{ courseNumber: 1, startDate: '2026-09-01', endDate: '2026-12-31', activityTypeId: 1 }]]]),
    activityTypes: [{ id: 1, allowSchedule: true }],
    groupStartYears: new Map(groupIds.map((groupId) => [groupId, 2026])),
  };
}
