/**
 * The stored schedule as the engine reads it: a semester, its rules and their weekly slots. Plain data,
 * loaded in batches by the schedule core.
 */
import { HoursPeriod, LessonKind } from './lesson-series';
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
  /**
   * The slot's period (issue 53): lessons only on dates from `activeFrom` to `activeTo`; null or absent
   * is open (the semester's first or last day). A change from a date closes a slot and adds its
   * successor (`continuesSlotId`), so the rows of a rule are its whole history.
   */
  activeFrom?: string | null;
  activeTo?: string | null;
  continuesSlotId?: number | null;
}

/** Whether the slot still lays out lessons on `date` or later (its period has not ended before it). */
export function activeOnOrAfter(slot: Pick<LoadedSlot, 'activeTo'>, date: string): boolean {
  return slot.activeTo === null || slot.activeTo === undefined || slot.activeTo >= date;
}

/**
 * A slot of a DRAFT that is not placed yet (issue 43): its teacher, lesson type, parity, subgroups and
 * format are known, its day, pair and room are not. It has no lessons until it is placed.
 */
export interface UnplacedSlot extends Omit<LoadedSlot, 'dayOfWeek' | 'timeSlotId' | 'classroomId'> {
  dayOfWeek: null;
  timeSlotId: null;
  classroomId: null;
}

/** A stored slot, placed or not. */
export type RuleSlot = LoadedSlot | UnplacedSlot;

export function isPlaced(slot: RuleSlot): slot is LoadedSlot {
  return slot.dayOfWeek !== null;
}

export interface LoadedRule {
  id: number;
  versionId: number;
  semesterId: number;
  subjectId: number;
  subjectName: string;
  status: 'ACTIVE' | 'ARCHIVED';
  hours: Record<LessonKind, number>;
  /** Totals before a change of hours from a date (see HoursPeriod); absent when there was none. */
  hoursHistory?: readonly HoursPeriod[];
  startWeeks: Record<LessonKind, number>;
  groupIds: number[];
  /** The placed slots: the only ones laid out, checked for clashes and scored. */
  slots: LoadedSlot[];
  /**
   * The slots of a draft not placed yet, by id; absent when there are none (always so outside
   * drafts), so everything that lays out lessons reads `slots` alone and never sees them.
   */
  unplaced?: UnplacedSlot[];
}

/** Every slot of the rule, placed or not, by id (the order the rule's body lists them). */
export function allSlots(rule: Pick<LoadedRule, 'slots' | 'unplaced'>): RuleSlot[] {
  if (!rule.unplaced || rule.unplaced.length === 0) return rule.slots;
  return [...rule.slots, ...rule.unplaced].sort((a, b) => a.id - b.id);
}
