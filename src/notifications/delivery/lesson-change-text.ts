import { LessonChangedEvent, LessonMoment } from '../../platform/outbox/outbox';

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

function moment(at: LessonMoment, names: ChangeNames): string {
  const slot = names.timeSlots.get(at.timeSlotId);
  const time = slot ? `${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)} (${slot.orderNumber}-я пара)` : 'пара';
  const format = at.format === 'Онлайн' ? ', онлайн' : '';
  return `${day(at.date)}, ${time}, ауд. ${names.classrooms.get(at.classroomId) ?? at.classroomId}, ${names.people.get(at.teacherId) ?? ''}${format}`;
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
      `Было: ${before ? moment(before, names) : 'занятие отменено'}`,
      `Стало: ${after ? moment(after, names) : 'занятие отменено'}`,
    ],
  };
}
