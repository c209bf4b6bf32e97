import { allSlots, LoadedRule, RuleSlot } from '../../schedule-engine/rule-model';
import { NameBook } from '../core';
import { ConflictRuleResponse, RuleResponse, RuleSlotResponse } from './dto/schedule-rule-response.dto';

export interface RuleStamps {
  createdAt: Date;
  updatedAt: Date;
}

/** A slot as the API shows it; an unplaced one has no day, pair or room (all null). */
export function toSlotResponse(slot: RuleSlot, names: NameBook): RuleSlotResponse {
  const subgroupIds = slot.subgroups.map((subgroup) => subgroup.id);
  return {
    id: slot.id,
    dayOfWeek: slot.dayOfWeek,
    parity: slot.parity,
    timeSlotId: slot.timeSlotId,
    subgroupId: subgroupIds.length === 1 ? subgroupIds[0] : null,
    subgroupIds,
    teacherId: slot.teacherId,
    teacherName: names.teachers.get(slot.teacherId) ?? '',
    classroomId: slot.classroomId,
    classroomName: slot.classroomId === null ? null : names.classrooms.get(slot.classroomId) ?? '',
    lessonTypeId: slot.lessonTypeId,
    lessonTypeName: names.lessonTypes.get(slot.lessonTypeId) ?? '',
    lessonFormat: slot.lessonFormat,
  };
}

const groupNamesOf = (rule: LoadedRule, names: NameBook) => rule.groupIds.map((id) => names.groups.get(id) ?? '');

export function toRuleResponse(rule: LoadedRule, names: NameBook, stamps: RuleStamps): RuleResponse {
  return {
    id: rule.id,
    scheduleVersionId: rule.versionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    subjectName: rule.subjectName,
    status: rule.status,
    lectureAcademicHours: rule.hours.LECTURE,
    laboratoryAcademicHours: rule.hours.LABORATORY,
    practiceAcademicHours: rule.hours.PRACTICE,
    lectureStartWeek: rule.startWeeks.LECTURE,
    laboratoryStartWeek: rule.startWeeks.LABORATORY,
    practiceStartWeek: rule.startWeeks.PRACTICE,
    groupIds: rule.groupIds,
    groupNames: groupNamesOf(rule, names),
    slots: allSlots(rule).map((slot) => toSlotResponse(slot, names)),
    createdAt: stamps.createdAt,
    updatedAt: stamps.updatedAt,
  };
}

export function toConflictRule(rule: LoadedRule, names: NameBook): ConflictRuleResponse {
  return {
    id: rule.id,
    subjectName: rule.subjectName,
    semesterId: rule.semesterId,
    groupNames: groupNamesOf(rule, names),
    slots: allSlots(rule).map((slot) => toSlotResponse(slot, names)),
  };
}
