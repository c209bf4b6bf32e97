import { LessonKind } from '../../schedule-engine/lesson-series';
import { SlotParity } from './dto/schedule-rule.dto';
import { RuleRequest } from './dto/schedule-rule.dto';

/**
 * A slot of a rule body, normalized: subgroups merged from both forms, sorted, without repeats; a
 * missing day, pair or room is null (all three null: a draft's unplaced slot).
 */
export interface PayloadSlot {
  /** 1-based place in the body, for messages. */
  position: number;
  /** The id of an existing slot of the rule (update only). */
  id?: number;
  dayOfWeek: number | null;
  parity: SlotParity;
  timeSlotId: number | null;
  teacherId: number;
  classroomId: number | null;
  lessonTypeId: number;
  lessonFormat: string;
  subgroupIds: number[];
}

export interface RulePayload {
  versionId: number;
  semesterId: number;
  subjectId: number;
  hours: Record<LessonKind, number>;
  startWeeks: Record<LessonKind, number>;
  groupIds: number[];
  slots: PayloadSlot[];
}

/** Start weeks default to 1; on create any slot ids are ignored (every slot is new). */
export function toPayload(request: RuleRequest, keepSlotIds: boolean): RulePayload {
  return {
    versionId: request.scheduleVersionId,
    semesterId: request.semesterId,
    subjectId: request.subjectId,
    hours: { LECTURE: request.lectureAcademicHours, LABORATORY: request.laboratoryAcademicHours, PRACTICE: request.practiceAcademicHours },
    startWeeks: {
      LECTURE: request.lectureStartWeek ?? 1,
      LABORATORY: request.laboratoryStartWeek ?? 1,
      PRACTICE: request.practiceStartWeek ?? 1,
    },
    groupIds: [...request.groupIds].sort((a, b) => a - b),
    slots: request.slots.map((slot, index) => {
      const subgroupIds = [...(slot.subgroupIds ?? []), ...(slot.subgroupId ? [slot.subgroupId] : [])];
      return {
        position: index + 1,
        id: keepSlotIds ? slot.id : undefined,
        dayOfWeek: slot.dayOfWeek ?? null,
        parity: slot.parity,
        timeSlotId: slot.timeSlotId ?? null,
        teacherId: slot.teacherId,
        classroomId: slot.classroomId ?? null,
        lessonTypeId: slot.lessonTypeId,
        lessonFormat: slot.lessonFormat,
        subgroupIds: [...new Set(subgroupIds)].sort((a, b) => a - b),
      };
    }),
  };
}

/** A body's slot with its day, pair and room. */
export type PlacedPayloadSlot = PayloadSlot & { dayOfWeek: number; timeSlotId: number; classroomId: number };

/** A slot is placed when it names a day, a pair and a room (anything less is unplaced or refused). */
export function isPlacedPayload(slot: PayloadSlot): slot is PlacedPayloadSlot {
  return slot.dayOfWeek !== null && slot.timeSlotId !== null && slot.classroomId !== null;
}

/** Every id the body names, for the one lookup query. */
export function referencedIds(payload: RulePayload) {
  const distinct = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];
  return {
    subjectId: payload.subjectId,
    groupIds: payload.groupIds,
    subgroupIds: distinct(payload.slots.flatMap((slot) => slot.subgroupIds)),
    timeSlotIds: distinct(payload.slots.map((slot) => slot.timeSlotId)),
    userIds: distinct(payload.slots.map((slot) => slot.teacherId)),
    classroomIds: distinct(payload.slots.map((slot) => slot.classroomId)),
  };
}
