import { addDays, isoDayOfWeek } from '../schedule-engine/dates';
import { roomLabel } from '../schedule-engine/room-label';
import { mondayOf, weekNumber, weekParity } from '../schedule-engine/weeks';
import type { RenderedLessonDto } from '../schedule';
import type { LoadedSemester } from '../schedule-engine/rule-model';

/**
 * The printed timetable as plain data, shared by the XLSX and PDF writers: one sheet per week of the
 * range, rows of days and pairs, one column per group (a department) or a single column (a group,
 * teacher or classroom). Cells hold the lessons of their row and column; adjacent columns holding the
 * same lessons (a lesson shared by those groups) are one merged cell.
 */
export type TargetKind = 'group' | 'teacher' | 'classroom' | 'department';

export interface ExportColumn {
  name: string;
  /** The lessons of this column: a group column takes its group's lessons, a single column takes all. */
  groupId?: number;
}

export interface ExportTarget {
  kind: TargetKind;
  id: number;
  /** «ИВТ-21», the teacher's name, «Ауд. 101», the department's name. */
  name: string;
  columns: ExportColumn[];
}

export interface GridRow {
  date: string;
  dayName: string;
  /** The pair number (empty on a day without lessons in a week without any). */
  pair: number | null;
  /** «08:30–10:00»: the time of this pair on this date. */
  time: string;
}

export interface GridCell {
  lessons: RenderedLessonDto[];
  /** Columns this cell covers (1, or more for a lesson shared by adjacent group columns). */
  span: number;
}

export interface WeekSheet {
  monday: string;
  /** The first and last date of the week inside the range. */
  firstDate: string;
  lastDate: string;
  /** Week of the semester holding the week and its parity; null outside every semester. */
  semester: { title: string; weekNumber: number; parity: 'ODD' | 'EVEN' } | null;
  rows: GridRow[];
  /** `cells[row][column]`; a column covered by a merged cell to its left is null. */
  cells: (GridCell | null)[][];
}

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const SEMESTER_NAMES: Record<string, string> = { autumn: 'осенний семестр', spring: 'весенний семестр' };

/** «ДД.ММ.ГГГГ»: dates as Russian readers write them. */
export function russianDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

export const hhmm = (time: string) => time.slice(0, 5);

/** «нечётная неделя»: parity as the web client's week view words it. */
export const parityWord = (parity: 'ODD' | 'EVEN') => (parity === 'ODD' ? 'нечётная' : 'чётная');

/** «2-я неделя, чётная» (осенний семестр 2026/2027), or a note that the week is outside every semester. */
export function weekCaption(sheet: WeekSheet): string {
  const dates = `${russianDate(sheet.firstDate)} – ${russianDate(sheet.lastDate)}`;
  if (!sheet.semester) return `${dates} · неделя вне семестра`;
  const { title, weekNumber: number, parity } = sheet.semester;
  return `${dates} · ${number}-я неделя, ${parityWord(parity)} · ${title}`;
}

/** The lessons of one column and row. */
function columnTakes(column: ExportColumn, lesson: RenderedLessonDto): boolean {
  return column.groupId === undefined || lesson.groupIds.includes(column.groupId);
}

const lessonKey = (lesson: RenderedLessonDto) => `${lesson.scheduleRuleSlotId}@${lesson.date}`;

/** Semester week and parity of the week starting `monday`, counted as the web client's week view does. */
function semesterOf(semesters: readonly LoadedSemester[], monday: string): WeekSheet['semester'] {
  const sunday = addDays(monday, 6);
  const semester = semesters.find((item) => item.startDate <= sunday && item.endDate >= monday);
  if (!semester) return null;
  const number = weekNumber(semester.startDate, monday);
  return { title: `${semester.academicYearTitle}, ${SEMESTER_NAMES[semester.semesterType] ?? 'семестр'}`, weekNumber: number, parity: weekParity(number) };
}

/**
 * Rows of a week: each day of the range (Sunday only when it has lessons) times the pair numbers used
 * anywhere in the week, so every day shows the same pairs as on a corridor board. A pair's time is
 * the one of that date's lessons, else the time the pair has most often that week.
 */
function rowsOf(dates: string[], lessons: RenderedLessonDto[]): GridRow[] {
  const pairTimes = new Map<number, Map<string, number>>();
  const dayTimes = new Map<string, string>();
  for (const lesson of lessons) {
    const time = `${hhmm(lesson.startTime)}–${hhmm(lesson.endTime)}`;
    const counts = pairTimes.get(lesson.timeSlotOrder) ?? new Map<string, number>();
    counts.set(time, (counts.get(time) ?? 0) + 1);
    pairTimes.set(lesson.timeSlotOrder, counts);
    dayTimes.set(`${lesson.date}#${lesson.timeSlotOrder}`, time);
  }
  const pairs = [...pairTimes.keys()].sort((a, b) => a - b);
  const usual = (pair: number) => [...(pairTimes.get(pair) as Map<string, number>).entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const rows: GridRow[] = [];
  for (const date of dates) {
    const dayName = DAY_NAMES[isoDayOfWeek(date) - 1];
    if (isoDayOfWeek(date) === 7 && !lessons.some((lesson) => lesson.date === date)) continue;
    if (pairs.length === 0) rows.push({ date, dayName, pair: null, time: '' });
    for (const pair of pairs) rows.push({ date, dayName, pair, time: dayTimes.get(`${date}#${pair}`) ?? usual(pair) });
  }
  return rows;
}

function sameLessons(a: RenderedLessonDto[], b: RenderedLessonDto[]): boolean {
  return a.length === b.length && a.every((lesson, index) => lessonKey(lesson) === lessonKey(b[index]));
}

/** One row's cells: the column's lessons, with equal non-empty neighbours merged. */
function cellsOf(columns: ExportColumn[], lessons: RenderedLessonDto[]): (GridCell | null)[] {
  const cells: (GridCell | null)[] = [];
  let open: GridCell | undefined;
  for (const column of columns) {
    const own = lessons.filter((lesson) => columnTakes(column, lesson));
    if (open && own.length > 0 && sameLessons(open.lessons, own)) {
      open.span++;
      cells.push(null);
      continue;
    }
    open = { lessons: own, span: 1 };
    cells.push(open);
  }
  return cells;
}

/** Splits the range into weeks and lays each out; `lessons` come in timetable order (date, time), kept within a day. */
export function layOut(target: ExportTarget, startDate: string, endDate: string, lessons: RenderedLessonDto[], semesters: readonly LoadedSemester[]): WeekSheet[] {
  const sheets: WeekSheet[] = [];
  const byDate = new Map<string, RenderedLessonDto[]>();
  for (const lesson of lessons) {
    const ofDate = byDate.get(lesson.date);
    if (ofDate) ofDate.push(lesson);
    else byDate.set(lesson.date, [lesson]);
  }
  for (let monday = mondayOf(startDate); monday <= endDate; monday = addDays(monday, 7)) {
    const firstDate = monday < startDate ? startDate : monday;
    const sunday = addDays(monday, 6);
    const lastDate = sunday > endDate ? endDate : sunday;
    const dates: string[] = [];
    for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) dates.push(date);
    const ofWeek = dates.flatMap((date) => byDate.get(date) ?? []);
    const rows = rowsOf(dates, ofWeek);
    const byRow = new Map<string, RenderedLessonDto[]>();
    for (const lesson of ofWeek) {
      const key = `${lesson.date}#${lesson.timeSlotOrder}`;
      byRow.set(key, [...(byRow.get(key) ?? []), lesson]);
    }
    const cells = rows.map((row) => cellsOf(target.columns, byRow.get(`${row.date}#${row.pair}`) ?? []));
    sheets.push({ monday, firstDate, lastDate, semester: semesterOf(semesters, monday), rows, cells });
  }
  return sheets;
}

/** What a cell says about a lesson: the lines the XLSX cell and the PDF box print. */
export function lessonLines(kind: TargetKind, lesson: RenderedLessonDto): string[] {
  const lines: string[] = [];
  const mark = changeMark(lesson);
  if (mark) lines.push(mark);
  lines.push(`${lesson.subjectName} (${lesson.lessonTypeName.toLowerCase()})`);
  const who: string[] = [];
  if (kind !== 'teacher') who.push(lesson.teacherName);
  if (kind !== 'classroom') who.push(roomLabel(lesson.classroomName));
  if (lesson.lessonFormat === 'Онлайн') who.push('онлайн');
  lines.push(who.join(', '));
  if (kind === 'teacher' || kind === 'classroom') lines.push(lesson.groupNames.join(', '));
  if (lesson.subgroupNames.length > 0) lines.push(`подгр. ${lesson.subgroupNames.join(', ')}`);
  return lines;
}

/** «изм.: перенесено с 22.09» / «изм.: замена»: the mark of a lesson changed by a one-off change. */
export function changeMark(lesson: RenderedLessonDto): string | null {
  if (lesson.overrideAction === 'MOVE') {
    const from = lesson.originalLessonDate;
    return from && from !== lesson.date ? `изм.: перенесено с ${russianDate(from).slice(0, 5)}` : 'изм.: перенесено на другое время';
  }
  if (lesson.overrideAction === 'REPLACE') return 'изм.: замена';
  return null;
}

export const CHANGE_LEGEND = 'изм. — занятие с разовым изменением (перенос или замена); такие ячейки выделены цветом';

/** A cell's text: its lessons' lines, lessons separated by an empty line. */
export function cellText(kind: TargetKind, cell: GridCell): string {
  return cell.lessons.map((lesson) => lessonLines(kind, lesson).join('\n')).join('\n\n');
}
