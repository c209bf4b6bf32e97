// What the week shows of one-off changes (issue 45 §3): the API's lessons are where lessons are now;
// `GET /api/schedule/changes` tells where they were by the rule. A cancelled lesson keeps its place,
// struck through and marked «Отменено»; a moved lesson's old place says «Перенесено на …»; a lesson
// given to a substitute names both teachers («Замена» is kept for that); a lesson put in another room
// reads «Аудитория: 1-101 → 1-105»; a lesson made online reads «Онлайн» without its room; the
// office's comment is shown with each.
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, isoDay } from './dates';

type Lesson = Schemas['RenderedLessonDto'];
export type LessonChange = Schemas['LessonChangeResponse'];

/** Whose changes a week shows: a group's or a teacher's (exactly one). */
export type ChangesOf = { groupId: number } | { teacherId: number };

/** A lesson of the week as shown: where it is now with its change, or a place it left (`gone`). */
export type ShownLesson = Lesson & { change?: LessonChange; gone?: 'CANCELLED' | 'MOVED_AWAY' | 'GIVEN_AWAY' };

export function loadChanges(of: ChangesOf, startDate: string, endDate: string): Promise<LessonChange[]> {
  return data(api.GET('/api/schedule/changes', { params: { query: { ...of, startDate, endDate } } }));
}

/** The place a changed lesson left, as a lesson of the week (its rule's date, pair, room and teacher). */
function placeLeft(change: LessonChange): ShownLesson {
  return {
    scheduleRuleId: change.scheduleRuleId,
    scheduleRuleSlotId: change.scheduleRuleSlotId,
    date: change.lessonDate,
    dayOfWeek: isoDay(change.lessonDate),
    dayName: '',
    weekNumber: 0,
    // Not shown for a place left (the week line names the week's parity).
    parity: 'ODD',
    timeSlotId: 0,
    timeSlotOrder: change.originalTimeSlotOrder,
    startTime: change.originalStartTime,
    endTime: change.originalEndTime,
    subjectId: 0,
    subjectName: change.subjectName,
    teacherId: change.originalTeacherId,
    teacherName: change.originalTeacherName,
    classroomId: 0,
    classroomName: change.originalClassroomName,
    lessonTypeId: 0,
    lessonTypeName: change.lessonTypeName,
    lessonFormat: change.originalLessonFormat,
    subgroupId: null,
    subgroupName: null,
    subgroupIds: [],
    subgroupNames: change.subgroupNames,
    groupIds: change.groupIds,
    groupNames: change.groupNames,
    activityType: null,
    lessonTypeAcademicHours: 0,
    consumedLessonTypeAcademicHoursBeforeLesson: 0,
    remainingLessonTypeAcademicHoursAfterLesson: 0,
    scheduleOverrideId: change.scheduleOverrideId,
    overrideAction: null,
    originalLessonDate: null,
    change,
    gone: change.action === 'CANCEL' ? 'CANCELLED' : change.action === 'MOVE' ? 'MOVED_AWAY' : 'GIVEN_AWAY',
  };
}

/**
 * The week's lessons with their changes, and the places cancelled and moved lessons left (those in
 * `startDate..endDate`; a lesson moved to another pair of the same day leaves its pair too); in a
 * teacher's week, also the lessons given to a substitute (no longer among the teacher's lessons).
 */
export function withChanges(lessons: Lesson[], changes: LessonChange[], startDate: string, endDate: string): ShownLesson[] {
  const byId = new Map(changes.map((change) => [change.scheduleOverrideId, change]));
  const shown: ShownLesson[] = lessons.map((lesson) => {
    const change = lesson.scheduleOverrideId === null ? undefined : byId.get(lesson.scheduleOverrideId);
    return change ? { ...lesson, change } : lesson;
  });
  const present = new Set(lessons.map((lesson) => lesson.scheduleOverrideId));
  for (const change of changes) {
    const left = change.action === 'CANCEL' || change.action === 'MOVE' || !present.has(change.scheduleOverrideId);
    if (left && change.lessonDate >= startDate && change.lessonDate <= endDate) shown.push(placeLeft(change));
  }
  return shown;
}

/** «Перенесено на пт 11.09, 3-я пара» (the date only when it changed). */
export function movedToText(change: LessonChange): string {
  const date = change.newLessonDate && change.newLessonDate !== change.lessonDate ? `${formatShortDate(change.newLessonDate)}, ` : '';
  return `Перенесено на ${date}${change.newTimeSlotOrder ?? '?'}-ю пару`;
}

/** Whether the change made the lesson online (then its room is not shown). */
export const madeOnline = (change: LessonChange | undefined): boolean => change?.newLessonFormat === 'Онлайн' && change.originalLessonFormat !== 'Онлайн';

/** «1-101 → 1-105» when the change moved the lesson to another room (an online lesson has none). */
export function roomChange(change: LessonChange | undefined): string | undefined {
  if (!change?.newClassroomName || change.newClassroomName === change.originalClassroomName || madeOnline(change)) return undefined;
  return `${change.originalClassroomName} → ${change.newClassroomName}`;
}

/** The substitute and whom they replace, when the change gave the lesson to another teacher. */
export function substitution(change: LessonChange | undefined): string | undefined {
  if (!change?.newTeacherName || change.newTeacherId === change.originalTeacherId) return undefined;
  return `${change.newTeacherName} (замена; по расписанию — ${change.originalTeacherName})`;
}
