import { addDays } from '../schedule-engine/dates';

/**
 * Which department a lesson's teacher belonged to on the lesson's date (spec 4.16): the primary
 * assignment in effect that day, else an additional one (the longest-standing, then the lowest id),
 * else none. A range that contains a transfer therefore splits the teacher's load between the old
 * and the new department date by date.
 */
export interface AssignmentPeriod {
  id: number;
  teacherId: number;
  departmentId: number;
  primary: boolean;
  validFrom: string;
  /** Inclusive; null while open-ended. */
  validTo: string | null;
}

export class DepartmentAttribution {
  private readonly byTeacher = new Map<number, AssignmentPeriod[]>();

  constructor(periods: readonly AssignmentPeriod[]) {
    for (const period of periods) {
      const list = this.byTeacher.get(period.teacherId) ?? [];
      list.push(period);
      this.byTeacher.set(period.teacherId, list);
    }
    // Primary periods first (they never overlap one another), then additional ones by age and id.
    for (const list of this.byTeacher.values()) {
      list.sort((a, b) => Number(b.primary) - Number(a.primary) || compare(a.validFrom, b.validFrom) || a.id - b.id);
    }
  }

  /** The teacher's department on `date`, or null when no assignment covers it. */
  departmentOn(teacherId: number, date: string): number | null {
    const periods = this.byTeacher.get(teacherId);
    if (!periods) return null;
    const found = periods.find((period) => period.validFrom <= date && (period.validTo === null || period.validTo >= date));
    return found ? found.departmentId : null;
  }

  /**
   * Every department (null for "none") the teacher is attributed to on at least one date of the
   * inclusive range: the attribution can only change where a period starts or ends, so those dates
   * (and the range's first) are enough.
   */
  departmentsBetween(teacherId: number, startDate: string, endDate: string): Set<number | null> {
    const changes = new Set([startDate]);
    for (const period of this.byTeacher.get(teacherId) ?? []) {
      const after = period.validTo === null ? undefined : addDays(period.validTo, 1);
      for (const date of [period.validFrom, after]) if (date !== undefined && date > startDate && date <= endDate) changes.add(date);
    }
    return new Set([...changes].sort().map((date) => this.departmentOn(teacherId, date)));
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
