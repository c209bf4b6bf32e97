import { isoDayOfWeek } from '../../schedule-engine/dates';
import { CalendarDay } from '../../schedule-engine/calendar-days';
import { weekNumber } from '../../schedule-engine/weeks';
import { ActivityCode, GridFrame } from './calendar-periods.repository';

/** A grid row as the client sent it (shape already validated). */
export interface GridCell {
  courseNumber: number;
  date: string;
  weekNumber: number;
  dayOfWeek: number;
  activityTypeId?: number;
  activityCode?: string;
}

export type GridCheck = { days: CalendarDay[] } | { problem: string };

/** «Строка №3 (курс 1, 2025-09-01)»: rows are numbered from 1 in messages. */
export function rowLabel(index: number, course?: unknown, date?: unknown): string {
  const known = typeof course === 'number' && typeof date === 'string';
  return known ? `Строка №${index + 1} (курс ${course}, ${date})` : `Строка №${index + 1}`;
}

/**
 * Checks every row against the calendar and resolves its activity; the first bad row is reported.
 * Pure: the activity codes the rows name are looked up beforehand.
 */
export function checkGrid(cells: readonly GridCell[], frame: GridFrame, activities: readonly ActivityCode[]): GridCheck {
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  const byCode = new Map(activities.map((activity) => [activity.code, activity]));
  const seen = new Map<string, number>();
  const days: CalendarDay[] = [];

  for (const [index, cell] of cells.entries()) {
    const problem = cellProblem(cell, frame);
    const label = rowLabel(index, cell.courseNumber, cell.date);
    if (problem) return { problem: `${label}: ${problem}` };

    const key = `${cell.courseNumber}/${cell.date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return { problem: `${label}: этот день курса уже задан в строке №${earlier + 1}` };
    seen.set(key, index);

    const activity = resolveActivity(cell, byId, byCode);
    if (typeof activity === 'string') return { problem: `${label}: ${activity}` };
    days.push({ courseNumber: cell.courseNumber, date: cell.date, activityTypeId: activity.id });
  }
  return { days };
}

function cellProblem(cell: GridCell, frame: GridFrame): string | undefined {
  if (cell.courseNumber > frame.courseCount) return `курс должен быть от 1 до ${frame.courseCount}`;
  if (cell.date < frame.yearStart || cell.date > frame.yearEnd) {
    return `дата вне учебного года ${frame.yearTitle} (${frame.yearStart} — ${frame.yearEnd})`;
  }
  const day = isoDayOfWeek(cell.date);
  if (cell.dayOfWeek !== day) return `день недели ${cell.dayOfWeek} не соответствует дате (должен быть ${day})`;
  const week = weekNumber(frame.yearStart, cell.date);
  if (cell.weekNumber !== week) return `номер недели ${cell.weekNumber} не соответствует дате (должен быть ${week})`;
  return undefined;
}

/** The activity a row names, or why it names none. */
function resolveActivity(
  cell: GridCell,
  byId: ReadonlyMap<number, ActivityCode>,
  byCode: ReadonlyMap<string, ActivityCode>,
): ActivityCode | string {
  const fromId = cell.activityTypeId !== undefined ? byId.get(cell.activityTypeId) : undefined;
  if (cell.activityTypeId !== undefined && !fromId) return `вид деятельности с id ${cell.activityTypeId} не найден`;
  const fromCode = cell.activityCode !== undefined ? byCode.get(cell.activityCode) : undefined;
  if (cell.activityCode !== undefined && !fromCode) return `вид деятельности с кодом «${cell.activityCode}» не найден`;
  if (fromId && fromCode && fromId.id !== fromCode.id) {
    return `activityTypeId ${cell.activityTypeId} и activityCode «${cell.activityCode}» указывают на разные виды деятельности`;
  }
  return fromId ?? fromCode ?? 'укажите activityTypeId или activityCode';
}
