import { isoDayOfWeek } from './dates';

/**
 * Which time grid (bell schedule) applies on a date, and what time a base slot has there.
 *
 * Priority: a manual grid assigned to the date, else the Saturday grid on Saturdays, else the base
 * grid. A Saturday grid without slots is treated as not configured, so Saturday keeps the base bells.
 * A manual assignment always wins, even when its grid has no slots (each base slot then keeps its time).
 */
export type GridApplyMode = 'DEFAULT' | 'SATURDAY' | 'MANUAL';

/** What the rule needs to know about a grid. */
export interface GridCandidate {
  id: number;
  applyMode: GridApplyMode;
  slotCount: number;
}

export interface GridChoices<G extends GridCandidate> {
  /** The base grid (`DEFAULT`); always present. */
  base: G;
  /** The automatic Saturday grid, when one exists. */
  saturday?: G;
  /** Manual grids by the date ('YYYY-MM-DD') they are assigned to. */
  assignments: ReadonlyMap<string, G>;
}

const SATURDAY = 6;

/** The grid that applies on `date` ('YYYY-MM-DD'). */
export function effectiveGridOf<G extends GridCandidate>(date: string, choices: GridChoices<G>): G {
  const assigned = choices.assignments.get(date);
  if (assigned) return assigned;
  const saturday = choices.saturday;
  if (isoDayOfWeek(date) === SATURDAY && saturday && saturday.slotCount > 0) return saturday;
  return choices.base;
}

/** A slot as far as time substitution is concerned. */
export interface SlotTime {
  orderNumber: number;
  startTime: string;
  endTime: string;
}

/**
 * The slot a base slot turns into on a date whose effective grid has `effectiveSlots`: the one with
 * the same order number, or the base slot itself when that grid has no such number (rules keep their
 * lesson rather than lose it when a shortened grid has fewer pairs).
 */
export function effectiveSlotOf<S extends SlotTime>(baseSlot: S, effectiveSlots: readonly S[]): S {
  return effectiveSlots.find((slot) => slot.orderNumber === baseSlot.orderNumber) ?? baseSlot;
}
