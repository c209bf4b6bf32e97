import { ActivityTypeFlags, allowsLessons, CalendarPeriod } from './calendar-days';
import { effectiveGridOf, effectiveSlotOf, GridApplyMode, GridChoices } from './effective-grid';
import { EffectiveTime, SeriesContext } from './lesson-series';

/** A slot of a time grid, as loaded. */
export interface GridSlot {
  id: number;
  orderNumber: number;
  startTime: string;
  endTime: string;
}

export interface LoadedGrid {
  id: number;
  applyMode: GridApplyMode;
  slots: GridSlot[];
}

/** The bell schedules that can apply in a date range. */
export interface GridSnapshot {
  base: LoadedGrid;
  saturday?: LoadedGrid;
  /** Manual grids by the dates they are assigned to. */
  manualByDate: ReadonlyMap<string, LoadedGrid>;
}

/** What decides whether a group may have ordinary lessons on a date. */
export interface CalendarSnapshot {
  /** `${groupId}:${academicYearId}` -> calendar id */
  assignments: ReadonlyMap<string, number>;
  periodsByCalendar: ReadonlyMap<number, CalendarPeriod[]>;
  activityTypes: readonly ActivityTypeFlags[];
  /** group id -> year the group started studying */
  groupStartYears: ReadonlyMap<number, number>;
}

export interface SemesterFrame {
  startDate: string;
  endDate: string;
  academicYearId: number;
  /** Start date of the semester's academic year; its year numbers the groups' courses. */
  academicYearStart: string;
}

type CountedGrid = LoadedGrid & { slotCount: number };

function counted(grid: LoadedGrid): CountedGrid {
  return { ...grid, slotCount: grid.slots.length };
}

export function assignmentKey(groupId: number, academicYearId: number): string {
  return `${groupId}:${academicYearId}`;
}

/**
 * Builds the context the series generator needs for the rules of one semester. Answers are memoised
 * per group and date, so the many rules of one group share the calendar work.
 */
export class SemesterContextFactory {
  /** By group, then date: nested maps, because a `${group}:${date}` key cost a new string per question. */
  private readonly allowedByGroup = new Map<number, Map<string, boolean>>();
  private readonly gridByDate = new Map<string, CountedGrid>();
  private readonly baseSlots: ReadonlyMap<number, GridSlot>;
  private readonly choices: GridChoices<CountedGrid>;

  constructor(
    readonly semester: SemesterFrame,
    readonly grids: GridSnapshot,
    readonly calendars: CalendarSnapshot,
  ) {
    this.baseSlots = new Map(grids.base.slots.map((slot) => [slot.id, slot]));
    this.choices = {
      base: counted(grids.base),
      saturday: grids.saturday && counted(grids.saturday),
      assignments: new Map([...grids.manualByDate].map(([date, grid]) => [date, counted(grid)])),
    };
  }

  /** The same semester, grids and calendars with none of this factory's remembered answers. */
  withoutAnswers(): SemesterContextFactory {
    return new SemesterContextFactory(this.semester, this.grids, this.calendars);
  }

  /** Whether `groupId` may have ordinary lessons on `date` (no calendar assigned: no lessons). */
  groupAllows(groupId: number, date: string): boolean {
    let byDate = this.allowedByGroup.get(groupId);
    if (!byDate) this.allowedByGroup.set(groupId, (byDate = new Map<string, boolean>()));
    const known = byDate.get(date);
    if (known !== undefined) return known;
    const answer = this.computeGroupAllows(groupId, date);
    byDate.set(date, answer);
    return answer;
  }

  /** The interval of a base slot on `date` in the effective grid of that day. */
  timeOf(timeSlotId: number, date: string): EffectiveTime {
    const base = this.baseSlots.get(timeSlotId);
    if (!base) throw new Error(`time slot ${timeSlotId} is not in the base grid`);
    let grid = this.gridByDate.get(date);
    if (!grid) {
      grid = effectiveGridOf(date, this.choices);
      this.gridByDate.set(date, grid);
    }
    const slot = effectiveSlotOf(base, grid.slots);
    return { startTime: slot.startTime, endTime: slot.endTime, order: slot.orderNumber };
  }

  /** The context for a rule taught to `groupIds`: a date counts only when every group allows it. */
  forGroups(groupIds: readonly number[]): SeriesContext {
    return {
      semesterStart: this.semester.startDate,
      semesterEnd: this.semester.endDate,
      allowsLessons: (date) => groupIds.length > 0 && groupIds.every((groupId) => this.groupAllows(groupId, date)),
      timeOf: (timeSlotId, date) => this.timeOf(timeSlotId, date),
    };
  }

  private computeGroupAllows(groupId: number, date: string): boolean {
    const calendarId = this.calendars.assignments.get(assignmentKey(groupId, this.semester.academicYearId));
    const startYear = this.calendars.groupStartYears.get(groupId);
    if (calendarId === undefined || startYear === undefined) return false;
    const course = Number(this.semester.academicYearStart.slice(0, 4)) - startYear + 1;
    const periods = this.calendars.periodsByCalendar.get(calendarId) ?? [];
    return allowsLessons(periods, this.calendars.activityTypes, course, date);
  }
}

/** `effectiveSlotsOn` answers per loaded snapshot and date: checks of thousands of candidate moves ask for the same few dates. */
const slotsOnByGrids = new WeakMap<GridSnapshot, Map<string, readonly GridSlot[]>>();

/** The pairs of the bell schedule in effect on `date` (manual, else Saturday, else base). */
export function effectiveSlotsOn(grids: GridSnapshot, date: string): readonly GridSlot[] {
  let byDate = slotsOnByGrids.get(grids);
  if (!byDate) {
    byDate = new Map();
    slotsOnByGrids.set(grids, byDate);
  }
  let slots = byDate.get(date);
  if (!slots) {
    const manual = grids.manualByDate.get(date);
    slots = effectiveGridOf(date, {
      base: counted(grids.base),
      saturday: grids.saturday && counted(grids.saturday),
      assignments: new Map(manual ? [[date, counted(manual)]] : []),
    }).slots;
    byDate.set(date, slots);
  }
  return slots;
}
