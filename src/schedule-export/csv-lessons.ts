import type { RenderedLessonDto } from '../schedule';

/**
 * CSV: one row per lesson, for a person reading it in a spreadsheet (issue 45 §7): Russian column
 * names and Russian values («нечётная», «перенос», dates as 07.09.2026), the lesson's numbers of rule
 * and change kept last for whoever needs to find it in the service. Written as the web client's CSV
 * downloads are (web/src/shared/csv.tsx): UTF-8 with a byte-order mark, `;` between fields (what
 * Russian spreadsheet programs expect), CRLF, quotes where a field needs them. Lists are joined
 * with «, »; an absent value is an empty field.
 */
type Cell = string | number | null;

const PARITY: Record<string, string> = { ODD: 'нечётная', EVEN: 'чётная' };
const CHANGE: Record<string, string> = { MOVE: 'перенос', REPLACE: 'замена' };
const hhmm = (time: string) => time.slice(0, 5);
const russianDate = (date: string | null) => (date ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : null);
const list = (items: readonly string[]) => (items.length ? items.join(', ') : null);

export const CSV_COLUMNS: readonly (readonly [string, (lesson: RenderedLessonDto) => Cell])[] = [
  ['Дата', (lesson) => russianDate(lesson.date)],
  ['День недели', (lesson) => lesson.dayName],
  ['Неделя', (lesson) => lesson.weekNumber],
  ['Чётность недели', (lesson) => PARITY[lesson.parity] ?? lesson.parity],
  ['Пара', (lesson) => lesson.timeSlotOrder],
  ['Начало', (lesson) => hhmm(lesson.startTime)],
  ['Конец', (lesson) => hhmm(lesson.endTime)],
  ['Дисциплина', (lesson) => lesson.subjectName],
  ['Вид занятия', (lesson) => lesson.lessonTypeName],
  ['Преподаватель', (lesson) => lesson.teacherName],
  ['Аудитория', (lesson) => lesson.classroomName],
  ['Формат', (lesson) => lesson.lessonFormat],
  ['Группы', (lesson) => list(lesson.groupNames)],
  ['Подгруппы', (lesson) => list(lesson.subgroupNames)],
  ['Вид деятельности', (lesson) => lesson.activityType],
  ['Часов вида занятия в правиле', (lesson) => lesson.lessonTypeAcademicHours],
  ['Часов до занятия', (lesson) => lesson.consumedLessonTypeAcademicHoursBeforeLesson],
  ['Часов останется', (lesson) => lesson.remainingLessonTypeAcademicHoursAfterLesson],
  ['Изменение', (lesson) => (lesson.overrideAction ? (CHANGE[lesson.overrideAction] ?? lesson.overrideAction) : null)],
  ['Исходная дата', (lesson) => russianDate(lesson.originalLessonDate)],
  ['Правило №', (lesson) => lesson.scheduleRuleId],
  ['Разовое изменение №', (lesson) => lesson.scheduleOverrideId],
];

function field(value: Cell): string {
  let text = value === null ? '' : String(value);
  // A name starting like a formula would be run by the spreadsheet program: keep it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function lessonsCsv(lessons: readonly RenderedLessonDto[]): Buffer {
  const lines = [CSV_COLUMNS.map(([title]) => title).join(';'), ...lessons.map((lesson) => CSV_COLUMNS.map(([, value]) => field(value(lesson))).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
