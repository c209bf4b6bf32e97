/**
 * How replacement teachers are ranked in the absence wizard (pure). Higher is better:
 * - SAME_DEPARTMENT_BONUS when the candidate belongs, on the lesson date, to a department of the absent teacher;
 * - NO_GAP_BONUS when taking the lesson leaves the candidate no new gap that day (no lessons that day, or one in an adjacent pair);
 * - minus SUBSTITUTION_PENALTY for every lesson the candidate already takes over in the semester, to spread the load.
 */
export const SAME_DEPARTMENT_BONUS = 100;
export const NO_GAP_BONUS = 50;
export const SUBSTITUTION_PENALTY = 5;

export interface RankingFacts {
  sameDepartment: boolean;
  createsGap: boolean;
  substitutionCount: number;
}

export function replacementScore(facts: RankingFacts): number {
  return (facts.sameDepartment ? SAME_DEPARTMENT_BONUS : 0) + (facts.createsGap ? 0 : NO_GAP_BONUS) - SUBSTITUTION_PENALTY * facts.substitutionCount;
}

/**
 * Whether a lesson in pair `order` leaves a gap in a day whose other lessons are in `dayOrders`: the
 * day has lessons and none of them is in the same or an adjacent pair.
 */
export function createsGap(order: number, dayOrders: readonly number[]): boolean {
  return dayOrders.length > 0 && dayOrders.every((other) => Math.abs(other - order) > 1);
}
