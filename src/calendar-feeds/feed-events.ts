import { formatDate } from '../schedule-engine/dates';
import { GeneratedLesson } from '../schedule-engine/lesson-expansion';
import { ActualLesson, originalDateOf } from '../schedule-engine/override-application';
import { instantIn } from '../platform/http/time-zones';
import type { NameBook } from '../schedule/core';

/** One calendar event: a lesson where it really is, or a cancelled one where it would have been. */
export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  cancelled: boolean;
  sequence: number;
  lastModified: Date | null;
}

/** What the event of one lesson was made from. */
export interface LessonOfFeed {
  lesson: ActualLesson | GeneratedLesson;
  cancelled: boolean;
}

export interface LessonRevision {
  revision: number;
  modifiedAt: Date;
}

/** How the events of a feed find their revisions: the lesson's own (one-off changes) and its slot's (rule edits). */
export interface RevisionBook {
  lesson(slotId: number, originalDate: string): LessonRevision | undefined;
  slot(slotId: number): LessonRevision | undefined;
}

/**
 * The event of a lesson. Its UID names the lesson of the base series (tenant, base rule slot and
 * original date), so a moved or replaced lesson stays the same event; SEQUENCE adds the revisions of
 * the lesson and of its slot, which only grow, so every change reaches the subscriber's calendar.
 */
export function lessonEvent(tenantKey: string, timeZone: string, item: LessonOfFeed, names: NameBook, revisions: RevisionBook): FeedEvent {
  const { lesson, cancelled } = item;
  const originalDate = 'override' in lesson && lesson.override ? originalDateOf(lesson) : lesson.date;
  const own = revisions.lesson(lesson.slotId, originalDate);
  const ofSlot = revisions.slot(lesson.slotId);
  const modified = [own?.modifiedAt, ofSlot?.modifiedAt].filter((moment): moment is Date => moment !== undefined);
  const subject = lesson.rule.subjectName;
  const lessonType = names.lessonTypes.get(lesson.slot.lessonTypeId) ?? '';
  const room = names.classrooms.get(lesson.classroomId) ?? '';
  const online = lesson.slot.lessonFormat === 'Онлайн';
  return {
    uid: `lesson-${lesson.slotId}-${originalDate}@${tenantKey}`,
    // Wall-clock times of the university's zone, written as UTC instants.
    start: instantIn(timeZone, lesson.date, lesson.startTime),
    end: instantIn(timeZone, lesson.date, lesson.endTime),
    summary: `${cancelled ? 'Отменено: ' : ''}${subject}${lessonType ? ` (${lessonType})` : ''}`,
    location: online ? `Онлайн${room ? ` (${room})` : ''}` : room,
    description: describe(item, names, originalDate),
    cancelled,
    sequence: (own?.revision ?? 0) + (ofSlot?.revision ?? 0),
    lastModified: modified.length === 0 ? null : new Date(Math.max(...modified.map((moment) => moment.getTime()))),
  };
}

function describe(item: LessonOfFeed, names: NameBook, originalDate: string): string {
  const { lesson, cancelled } = item;
  const nameOf = (map: ReadonlyMap<number, string>, id: number) => map.get(id) ?? `№${id}`;
  const subgroups = lesson.slot.subgroups.map((subgroup) => names.subgroups.get(subgroup.id)?.name ?? `№${subgroup.id}`);
  const lines = [
    `Преподаватель: ${nameOf(names.teachers, lesson.teacherId)}`,
    `Группы: ${lesson.rule.groupIds.map((id) => nameOf(names.groups, id)).join(', ')}`,
  ];
  if (subgroups.length > 0) lines.push(`Подгруппы: ${subgroups.join(', ')}`);
  lines.push(`Вид занятия: ${names.lessonTypes.get(lesson.slot.lessonTypeId) ?? ''}`);
  lines.push(`Формат: ${lesson.slot.lessonFormat}`);
  lines.push(`Пара: ${lesson.timeSlotOrder}, ${lesson.startTime.slice(0, 5)}–${lesson.endTime.slice(0, 5)}`);
  if (cancelled) lines.push('Занятие отменено');
  if (lesson.teacherId !== lesson.slot.teacherId) lines.push(`Замена преподавателя: вместо ${nameOf(names.teachers, lesson.slot.teacherId)}`);
  if (lesson.classroomId !== lesson.slot.classroomId) lines.push(`Замена аудитории: вместо ${nameOf(names.classrooms, lesson.slot.classroomId)}`);
  if (originalDate !== lesson.date) lines.push(`Перенесено с ${formatDate(originalDate)}`);
  return lines.join('\n');
}
