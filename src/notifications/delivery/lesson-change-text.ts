import { LessonChangedEvent, LessonMoment } from '../../platform/outbox/outbox';
import { roomLabel } from '../../schedule-engine/room-label';
import type { PublishedLesson } from './publication-lessons';

/** Names of what `lesson.changed` events refer to by id, loaded once per batch of events. */
export interface ChangeNames {
  subjects: ReadonlyMap<number, string>;
  lessonTypes: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
  people: ReadonlyMap<number, string>;
  classrooms: ReadonlyMap<number, string>;
  timeSlots: ReadonlyMap<number, { orderNumber: number; startTime: string; endTime: string }>;
}

export interface ChangeText {
  title: string;
  /** Plain text lines: the lesson, before and after. */
  lines: string[];
}

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** «вт 08.09» */
function day(date: string): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${String(dayOfMonth).padStart(2, '0')}.${String(month).padStart(2, '0')}`;
}

/** «ауд. 1-105», or «онлайн» for an online lesson, whose room does not matter (issue 55). */
function place(format: string, classroomId: number, names: ChangeNames): string {
  return format === 'Онлайн' ? 'онлайн' : roomLabel(names.classrooms.get(classroomId) ?? String(classroomId));
}

function moment(at: LessonMoment, names: ChangeNames): string {
  const slot = names.timeSlots.get(at.timeSlotId);
  const time = slot ? `${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)} (${slot.orderNumber}-я пара)` : 'пара';
  return `${day(at.date)}, ${time}, ${place(at.format, at.classroomId, names)}, ${names.people.get(at.teacherId) ?? ''}`;
}

/** The one thing a person looks for first: «Аудитория: 1-101 → 1-105», «Формат: онлайн», a substitute. */
function whatChanged(before: LessonMoment, after: LessonMoment, names: ChangeNames): string[] {
  const lines: string[] = [];
  if (after.format === 'Онлайн' && before.format !== 'Онлайн') lines.push('Формат: онлайн');
  else if (after.format !== 'Онлайн' && before.classroomId !== after.classroomId) {
    lines.push(`Аудитория: ${names.classrooms.get(before.classroomId) ?? before.classroomId} → ${names.classrooms.get(after.classroomId) ?? after.classroomId}`);
  }
  if (before.teacherId !== after.teacherId) lines.push(`Замена: ведёт ${names.people.get(after.teacherId) ?? ''} вместо ${names.people.get(before.teacherId) ?? ''}`);
  return lines;
}

/** What changed, as a person reads it: the kind in the title, the lesson, and where it was and is. */
export function describeLessonChange(event: LessonChangedEvent, names: ChangeNames): ChangeText {
  const subject = names.subjects.get(event.subjectId) ?? 'Занятие';
  const type = names.lessonTypes.get(event.lessonTypeId);
  const lesson = `«${subject}»${type ? ` (${type.toLowerCase()})` : ''}`;
  const { before, after } = event;
  const when = day(event.lessonDate);
  let title: string;
  if (event.operation === 'deleted') title = `Занятие ${lesson}, ${when}, снова идёт по расписанию`;
  else if (!after) title = `Отменено занятие ${lesson}, ${when}`;
  else if (!before) title = `Отменённое занятие ${lesson}, ${when}, всё же проводится`;
  else if (before.date !== after.date || before.timeSlotId !== after.timeSlotId) title = `Перенесено занятие ${lesson}, ${when}`;
  else title = `Изменено занятие ${lesson}, ${when}`;
  const groups = event.groupIds.map((id) => names.groups.get(id) ?? String(id)).join(', ');
  return {
    title,
    lines: [
      `${lesson}, группы: ${groups}`,
      ...(before && after && event.operation !== 'deleted' ? whatChanged(before, after, names) : []),
      `Было: ${before ? moment(before, names) : 'занятие отменено'}`,
      `Стало: ${after ? moment(after, names) : 'занятие отменено'}`,
    ],
  };
}

/** How many lessons a publication's message lists; the rest are counted. */
const LISTED_LESSONS = 20;

/**
 * A publication, or a change of the publication's own rules (`RULES`), as one recipient reads it: the
 * lessons of theirs that are gone and those that are new.
 */
export function describePublication(lessons: readonly PublishedLesson[], names: ChangeNames, cause: 'PUBLICATION' | 'RULES' = 'PUBLICATION'): ChangeText {
  const line = (lesson: PublishedLesson) => {
    const subject = names.subjects.get(lesson.subjectId) ?? 'Занятие';
    const type = names.lessonTypes.get(lesson.lessonTypeId);
    const groups = lesson.groupIds.map((id) => names.groups.get(id) ?? String(id)).join(', ');
    const time = `${lesson.startTime.slice(0, 5)}–${lesson.endTime.slice(0, 5)} (${lesson.timeSlotOrder}-я пара)`;
    return `${lesson.change === 'removed' ? 'Больше нет' : 'Новое'}: ${day(lesson.date)}, ${time}, «${subject}»${type ? ` (${type.toLowerCase()})` : ''}, ${groups}, ${place(lesson.format, lesson.classroomId, names)}, ${names.people.get(lesson.teacherId) ?? ''}`;
  };
  const sorted = [...lessons].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.change.localeCompare(b.change));
  const lines = sorted.slice(0, LISTED_LESSONS).map(line);
  if (sorted.length > LISTED_LESSONS) lines.push(`и ещё изменений: ${sorted.length - LISTED_LESSONS}`);
  const headline = cause === 'RULES' ? 'Учебный отдел изменил действующее расписание' : 'Опубликовано новое расписание';
  return { title: `${headline}: изменились ваши занятия (${lessons.length})`, lines };
}
