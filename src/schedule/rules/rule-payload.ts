import { LessonKind } from '../../schedule-engine/lesson-series';
import { SlotParity } from './dto/schedule-rule.dto';
import { RuleRequest } from './dto/schedule-rule.dto';

/** A slot of a rule body, normalized: subgroups merged from both forms, sorted, without repeats. */
export interface PayloadSlot {
  /** 1-based place in the body, for messages. */
  position: number;
  /** The id of an existing slot of the rule (update only). */
  id?: number;
  dayOfWeek: number;
  parity: SlotParity;
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
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
        dayOfWeek: slot.dayOfWeek,
        parity: slot.parity,
        timeSlotId: slot.timeSlotId,
        teacherId: slot.teacherId,
        classroomId: slot.classroomId,
        lessonTypeId: slot.lessonTypeId,
        lessonFormat: slot.lessonFormat,
        subgroupIds: [...new Set(subgroupIds)].sort((a, b) => a - b),
      };
    }),
  };
}

/** Every id the body names, for the one lookup query. */
export function referencedIds(payload: RulePayload) {
  const distinct = (values: number[]) => [...new Set(values)];
  return {
    subjectId: payload.subjectId,
    groupIds: payload.groupIds,
    subgroupIds: distinct(payload.slots.flatMap((slot) => slot.subgroupIds)),
    timeSlotIds: distinct(payload.slots.map((slot) => slot.timeSlotId)),
    userIds: distinct(payload.slots.map((slot) => slot.teacherId)),
    classroomIds: distinct(payload.slots.map((slot) => slot.classroomId)),
  };
}
