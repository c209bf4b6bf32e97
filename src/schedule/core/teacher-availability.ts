import { Injectable } from '@nestjs/common';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { GridSlot } from '../../schedule-engine/series-context';

/**
 * A time a teacher cannot teach: an approved HARD_UNAVAILABLE preference, or an approved absence.
 * Absent fields match anything: `{teacherId, date}` blocks a whole day, `{teacherId, dayOfWeek,
 * timeSlotId}` a weekly base-grid pair, `{teacherId, from, to}` every day of an absence.
 */
export interface BlockedTime {
  teacherId: number;
  date?: string;
  /** First and last day (inclusive) of an absence. */
  from?: string;
  to?: string;
  dayOfWeek?: number;
  timeSlotId?: number;
  /** Set when the block is an absence (its id), for the message. */
  absenceId?: number;
  /** Set when the block is a HARD_UNAVAILABLE preference (its id), for the free-cell grid. */
  preferenceId?: number;
}

/**
 * Which blocks a check counts. Rules and publication obey approved hard unavailability only (an
 * absence is handled lesson by lesson in its wizard); one-off changes obey absences as well.
 */
export type BlockScope = 'PREFERENCES' | 'PREFERENCES_AND_ABSENCES';

/**
 * Approved HARD_UNAVAILABLE preferences of some teachers in a semester (a weekly base pair or a whole
 * date), each with its `preferenceId`. A port of the core, bound by the teacher preferences feature,
 * which owns the table and its statuses.
 */
export abstract class HardUnavailability {
  abstract blocks(teacherIds: number[], semesterId: number): Promise<BlockedTime[]>;
}

/**
 * Approved or resolved absences of some teachers that touch the days `from`..`to` (inclusive), each
 * with its `absenceId`. A port of the core, bound by the teacher absences feature.
 */
export abstract class AbsenceBlocks {
  abstract blocks(teacherIds: number[], from: string, to: string): Promise<BlockedTime[]>;
}

/**
 * Through this every schedule check learns when teachers are unavailable (spec 4.9 rule 13, 4.13):
 * the approved hard unavailability and, for one-off changes, the absences, asked of the features that
 * own them through the two ports above (bound by `TeacherAvailabilityModule.bind`). Pending,
 * rejected, withdrawn, cancelled and soft preferences never block; that is the owners' knowledge.
 */
@Injectable()
export class TeacherAvailability {
  constructor(
    private readonly preferences: HardUnavailability,
    private readonly absences: AbsenceBlocks,
  ) {}

  async blockedLessons(teacherIds: number[], semester: LoadedSemester, scope: BlockScope): Promise<BlockedTime[]> {
    if (teacherIds.length === 0) return [];
    const preferred = await this.preferences.blocks(teacherIds, semester.id);
    if (scope === 'PREFERENCES') return preferred;
    return [...preferred, ...(await this.absences.blocks(teacherIds, semester.startDate, semester.endDate))];
  }
}

/** Whether a lesson of `teacherId` on `date` in base slot `timeSlotId` falls into `block`. */
export function blocks(block: BlockedTime, lesson: { teacherId: number; date: string; dayOfWeek: number; timeSlotId: number }): boolean {
  return (
    block.teacherId === lesson.teacherId &&
    (block.date === undefined || block.date === lesson.date) &&
    (block.from === undefined || block.from <= lesson.date) &&
    (block.to === undefined || lesson.date <= block.to) &&
    (block.dayOfWeek === undefined || block.dayOfWeek === lesson.dayOfWeek) &&
    (block.timeSlotId === undefined || block.timeSlotId === lesson.timeSlotId)
  );
}

interface PlacedLesson {
  teacherId: number;
  date: string;
  dayOfWeek: number;
  timeSlotId: number;
  timeSlotOrder: number;
}

/** The blocked times of some teachers, ready to test lessons against. */
export class TeacherBlocks {
  private readonly basePairByOrder: ReadonlyMap<number, number>;

  constructor(
    private readonly blocked: readonly BlockedTime[],
    basePairs: readonly GridSlot[],
  ) {
    this.basePairByOrder = new Map(basePairs.map((slot) => [slot.orderNumber, slot.id]));
  }

  /**
   * The lessons (in their order) whose teacher is blocked at their time. Blocks name base-grid pairs:
   * a lesson in a pair of another grid counts as the base pair with its number.
   */
  among<T extends PlacedLesson>(lessons: readonly T[]): T[] {
    if (this.blocked.length === 0) return [];
    return lessons.filter((lesson) => this.blockOf(lesson) !== undefined);
  }

  /** The first block the lesson falls into, if any. */
  blockOf(lesson: PlacedLesson): BlockedTime | undefined {
    const timeSlotId = this.basePairByOrder.get(lesson.timeSlotOrder) ?? lesson.timeSlotId;
    return this.blocked.find((block) => blocks(block, { teacherId: lesson.teacherId, date: lesson.date, dayOfWeek: lesson.dayOfWeek, timeSlotId }));
  }
}
