import { LessonKind } from '../../schedule-engine/lesson-series';
import { Parity } from '../../schedule-engine/weeks';

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

export interface RuleFilter {
  versionIds: number[];
  ruleIds?: number[];
  groupIds?: number[];
  teacherIds?: number[];
  classroomIds?: number[];
  /** Archived rules are left out unless asked for. */
  includeArchived?: boolean;
}

/** Display names of everything a rendered lesson mentions. */
export interface NameBook {
  teachers: ReadonlyMap<number, string>;
  classrooms: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
  subgroups: ReadonlyMap<number, { name: string; groupId: number }>;
  lessonTypes: ReadonlyMap<number, string>;
}
