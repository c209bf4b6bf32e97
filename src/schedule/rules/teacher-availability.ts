import { Injectable } from '@nestjs/common';
import { LoadedSemester } from '../data/schedule-data.types';

/**
 * A time a teacher cannot teach (an approved HARD_UNAVAILABLE preference). Absent fields match
 * anything: `{teacherId, date}` blocks a whole day, `{teacherId, dayOfWeek, timeSlotId}` a weekly pair.
 */
export interface BlockedTime {
  teacherId: number;
  date?: string;
  dayOfWeek?: number;
  timeSlotId?: number;
}

/**
 * The port through which rule validation learns when teachers are unavailable (spec 4.9 rule 13).
 * Teacher preferences come in a later issue; it only swaps the implementation bound in the module.
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
