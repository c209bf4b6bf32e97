/** Dividing a group into equal-sized subgroups; pure. */
export const DIVISION_MODES = ['NONE', 'TWO', 'THREE'] as const;
export type DivisionMode = (typeof DIVISION_MODES)[number];

export const DIVISION_COUNTS: Record<DivisionMode, number> = { NONE: 0, TWO: 2, THREE: 3 };

export interface PlannedSubgroup {
  name: string;
  studentCapacity: number;
}

/**
 * `count` subgroups named «Подгруппа 1..n» whose capacities split `groupSize` as evenly as possible,
 * the larger ones first (25 into two: 13 + 12). Undefined when the group is too small to give every
 * subgroup at least one student.
 */
export function planDivision(groupSize: number, count: number): PlannedSubgroup[] | undefined {
  if (count === 0) return [];
  if (groupSize < count) return undefined;
  const base = Math.floor(groupSize / count);
  const remainder = groupSize % count;
  return Array.from({ length: count }, (_, index) => ({
    name: `Подгруппа ${index + 1}`,
    studentCapacity: base + (index < remainder ? 1 : 0),
  }));
}
