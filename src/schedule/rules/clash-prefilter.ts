import { isoDayOfWeek } from '../../platform/http/dates';
import { audiencesOverlap } from '../../schedule-engine/conflicts';
import { GridSnapshot } from '../../schedule-engine/series-context';
import { audienceOf } from '../data/lesson-generator';
import { LoadedRule, LoadedSlot } from '../data/schedule-data.types';

/**
 * Which stored rules are worth generating before a clash check. Laying out a rule's lessons costs far
 * more than looking at its weekly slots, so rules whose slots can never meet the new rule's are left
 * out. The test is exact on the "never" side: two lessons clash only on one date (so one weekday), in
 * a week both parities accept, at overlapping times and with a shared teacher, room or audience.
 */

/**
 * Weekdays on which some date of the semester has a bell schedule other than the base one (the
 * Saturday grid, when it has pairs, or a manual grid). Only there can two different base pairs overlap:
 * pairs of one grid never do, and each base pair maps to the pair with its number or keeps its time.
 */
export function irregularWeekdays(grids: GridSnapshot): Set<number> {
  const days = new Set<number>();
  if (grids.saturday && grids.saturday.slots.length > 0) days.add(6);
  for (const date of grids.manualByDate.keys()) days.add(isoDayOfWeek(date));
  return days;
}

function slotsMayMeet(a: LoadedRule, x: LoadedSlot, b: LoadedRule, y: LoadedSlot, irregular: ReadonlySet<number>): boolean {
  if (x.dayOfWeek !== y.dayOfWeek) return false;
  if (x.parity !== 'BOTH' && y.parity !== 'BOTH' && x.parity !== y.parity) return false;
  if (x.timeSlotId !== y.timeSlotId && !irregular.has(x.dayOfWeek)) return false;
  return x.teacherId === y.teacherId || x.classroomId === y.classroomId || audiencesOverlap(audienceOf(a, x), audienceOf(b, y));
}

/** Whether some lesson of `a` could ever clash with some lesson of `b`. */
export function mayMeet(a: LoadedRule, b: LoadedRule, irregular: ReadonlySet<number>): boolean {
  return a.slots.some((x) => b.slots.some((y) => slotsMayMeet(a, x, b, y, irregular)));
}
