import { ConflictField } from '../../schedule-engine/conflicts';

/** The spec's reasons for each kind of clash (spec 4.9: `conflictReasons`). */
export const CONFLICT_REASONS: Record<ConflictField, string> = {
  teacher: 'Преподаватель уже занят в это время',
  classroom: 'Аудитория уже занята в это время',
  group: 'У группы уже есть занятие в это время',
  slot: 'Такой слот уже есть в правиле',
};

/** The reasons inside a sentence: «преподаватель уже занят в это время; аудитория …». */
export function reasonsText(fields: readonly ConflictField[]): string {
  return fields.map((field) => CONFLICT_REASONS[field].charAt(0).toLowerCase() + CONFLICT_REASONS[field].slice(1)).join('; ');
}

export const DAY_NAMES = ['', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];

export const hhmm = (time: string) => time.slice(0, 5);

/** «01.09.2026 (вторник), 08:30–10:00» */
export function describeMoment(lesson: { date: string; dayOfWeek: number; startTime: string; endTime: string }): string {
  const [year, month, day] = lesson.date.split('-');
  return `${day}.${month}.${year} (${DAY_NAMES[lesson.dayOfWeek]}), ${hhmm(lesson.startTime)}–${hhmm(lesson.endTime)}`;
}
