import { activeOnOrAfter, allSlots, LoadedRule, RuleSlot } from '../../schedule-engine/rule-model';
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
    activeFrom: slot.activeFrom ?? null,
    activeTo: slot.activeTo ?? null,
    continuesSlotId: slot.continuesSlotId ?? null,
  };
}

/**
 * The rule's last day when it was ended from a date (every slot's period closed), else null. A rule
 * without slots (a draft's empty rule) has no end.
 */
export function ruleEnd(rule: Pick<LoadedRule, 'slots' | 'unplaced'>): string | null {
  const slots = allSlots(rule);
  if (slots.length === 0 || slots.some((slot) => !slot.activeTo)) return null;
  return slots.reduce((last, slot) => ((slot.activeTo as string) > last ? (slot.activeTo as string) : last), '');
}

const groupNamesOf = (rule: LoadedRule, names: NameBook) => rule.groupIds.map((id) => names.groups.get(id) ?? '');

/**
 * A rule as the lists and the editor show it: its current form (`slots`: periods that still hold on
 * `tomorrow`, the first day a change can take effect) and, when asked, its closed periods (`history`,
 * read-only). A rule that has ended shows its last form, so it never reads as empty.
 */
export function toRuleResponse(rule: LoadedRule, names: NameBook, stamps: RuleStamps, tomorrow: string, withHistory = false): RuleResponse {
  const every = allSlots(rule);
  const end = ruleEnd(rule);
  const current = every.filter((slot) => activeOnOrAfter(slot, end !== null && end < tomorrow ? end : tomorrow));
  const response: RuleResponse = {
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
    slots: current.map((slot) => toSlotResponse(slot, names)),
    activeTo: end,
    createdAt: stamps.createdAt,
    updatedAt: stamps.updatedAt,
  };
  if (withHistory) response.history = every.filter((slot) => !current.includes(slot)).map((slot) => toSlotResponse(slot, names));
  return response;
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
