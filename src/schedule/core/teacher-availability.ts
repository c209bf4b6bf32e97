import { Injectable } from '@nestjs/common';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { GridSlot } from '../../schedule-engine/series-context';

/**
 * A time a teacher cannot teach (an approved HARD_UNAVAILABLE preference, later also an absence).
 * Absent fields match anything: `{teacherId, date}` blocks a whole day, `{teacherId, dayOfWeek,
 * timeSlotId}` a weekly base-grid pair.
 */
export interface BlockedTime {
  teacherId: number;
  date?: string;
  dayOfWeek?: number;
  timeSlotId?: number;
}

/**
 * The port through which every schedule check learns when teachers are unavailable (spec 4.9 rule
 * 13). Teacher preferences and absences (a later issue) only swap the implementation bound in the
 * schedule core's module.
 */
export abstract class TeacherAvailability {
  abstract blockedLessons(teacherIds: number[], semester: LoadedSemester): Promise<BlockedTime[]>;
}

/** Until teacher preferences exist nobody is blocked. */
@Injectable()
export class NoTeacherUnavailability extends TeacherAvailability {
  blockedLessons(): Promise<BlockedTime[]> {
    return Promise.resolve([]);
  }
}

/** Whether a lesson of `teacherId` on `date` in base slot `timeSlotId` falls into `block`. */
export function blocks(block: BlockedTime, lesson: { teacherId: number; date: string; dayOfWeek: number; timeSlotId: number }): boolean {
  return (
    block.teacherId === lesson.teacherId &&
    (block.date === undefined || block.date === lesson.date) &&
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
    return lessons.filter((lesson) => {
      const timeSlotId = this.basePairByOrder.get(lesson.timeSlotOrder) ?? lesson.timeSlotId;
      return this.blocked.some((block) => blocks(block, { teacherId: lesson.teacherId, date: lesson.date, dayOfWeek: lesson.dayOfWeek, timeSlotId }));
    });
  }
}
