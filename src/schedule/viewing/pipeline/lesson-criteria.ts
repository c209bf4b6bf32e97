import { Parity } from '../../../schedule-engine/weeks';

/** What a view asks for; every field but the range narrows the lessons. */
export interface LessonCriteria {
  /** Both ends included. */
  startDate: string;
  endDate: string;
  /** Lessons of rules that include any of these groups (whole-group and subgroup slots alike). */
  groupIds?: readonly number[];
  /** The last day a group of `groupIds` counts for (an archived group of a department view); absent: no end. */
  groupsActiveTo?: ReadonlyMap<number, string>;
  teacherId?: number;
  classroomId?: number;
  subjectId?: number;
  lessonTypeId?: number;
  /** A base-grid slot id, as the rules name it. */
  timeSlotId?: number;
  /** Parity of the lesson's week; absent means both. */
  parity?: Parity;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}
