/**
 * The stored schedule as the engine reads it: a semester, its rules and their weekly slots. Plain data,
 * loaded in batches by the schedule core.
 */
import { LessonKind } from './lesson-series';
import { Parity } from './weeks';

/** How a lesson is held (spec 2): in person or online. */
export const LESSON_FORMATS = ['Очно', 'Онлайн'] as const;

/** A semester with what the schedule needs around it. */
export interface LoadedSemester {
  id: number;
  academicYearId: number;
  academicYearTitle: string;
  academicYearStart: string;
  semesterType: 'autumn' | 'spring';
  startDate: string;
  endDate: string;
  /** The version viewers see; null only if a semester somehow has none. */
  publishedVersionId: number | null;
}

export interface LoadedSlot {
  id: number;
  ruleId: number;
  dayOfWeek: number;
  parity: Parity | 'BOTH';
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  lessonTypeId: number;
  lessonKind: LessonKind;
  lessonFormat: string;
  /** Laboratory subgroups, each of one of the rule's groups; empty means whole groups. */
  subgroups: { id: number; groupId: number }[];
}

export interface LoadedRule {
  id: number;
  versionId: number;
  semesterId: number;
  subjectId: number;
  subjectName: string;
  status: 'ACTIVE' | 'ARCHIVED';
  hours: Record<LessonKind, number>;
  startWeeks: Record<LessonKind, number>;
  groupIds: number[];
  slots: LoadedSlot[];
}
