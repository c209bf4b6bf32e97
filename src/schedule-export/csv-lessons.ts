import type { RenderedLessonDto } from '../schedule';

/**
 * CSV: one row per lesson, the columns named as RenderedLessonDto's fields (spec 2), in the spec's order.
 * Written as the web client's CSV downloads are (web/src/shared/csv.tsx): UTF-8 with a byte-order mark,
 * `;` between fields (what Russian spreadsheet programs expect), CRLF, quotes where a field needs them.
 * Lists are joined with «, »; null is an empty field.
 */
export const CSV_FIELDS = [
  'scheduleRuleId',
  'scheduleRuleSlotId',
  'date',
  'dayOfWeek',
  'dayName',
  'weekNumber',
  'parity',
  'timeSlotId',
  'timeSlotOrder',
  'startTime',
  'endTime',
  'subjectId',
  'subjectName',
  'teacherId',
  'teacherName',
  'classroomId',
  'classroomName',
  'lessonTypeId',
  'lessonTypeName',
  'lessonFormat',
  'subgroupId',
  'subgroupName',
  'subgroupIds',
  'subgroupNames',
  'groupIds',
  'groupNames',
  'activityType',
  'lessonTypeAcademicHours',
  'consumedLessonTypeAcademicHoursBeforeLesson',
  'remainingLessonTypeAcademicHoursAfterLesson',
  'scheduleOverrideId',
  'overrideAction',
  'originalLessonDate',
] as const satisfies readonly (keyof RenderedLessonDto)[];

type Value = RenderedLessonDto[(typeof CSV_FIELDS)[number]];

function field(value: Value): string {
  let text = value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  // A name starting like a formula would be run by the spreadsheet program: keep it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function lessonsCsv(lessons: readonly RenderedLessonDto[]): Buffer {
  const lines = [CSV_FIELDS.join(';'), ...lessons.map((lesson) => CSV_FIELDS.map((name) => field(lesson[name])).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
