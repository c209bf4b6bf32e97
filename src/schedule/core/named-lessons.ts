import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { NameBook } from './schedule-data.repository';

/** A lesson's place and content with every id named: what a client shows for one lesson. */
export interface NamedLesson {
  baseRuleSlotId: number;
  dayOfWeek: number;
  timeSlotId: number;
  timeSlotOrder: number;
  startTime: string;
  endTime: string;
  scheduleRuleId: number;
  subjectId: number;
  subjectName: string;
  lessonTypeId: number;
  lessonTypeName: string;
  groupIds: number[];
  groupNames: string[];
  subgroupIds: number[];
  subgroupNames: string[];
  classroomId: number;
  classroomName: string;
  lessonFormat: string;
}

/** Names `lesson` from `names` (a `ScheduleDataRepository.names` answer covering its ids). */
export function namedLesson(lesson: GeneratedLesson, names: NameBook): NamedLesson {
  const subgroupIds = lesson.slot.subgroups.map((subgroup) => subgroup.id);
  return {
    baseRuleSlotId: lesson.slotId,
    dayOfWeek: lesson.dayOfWeek,
    timeSlotId: lesson.timeSlotId,
    timeSlotOrder: lesson.timeSlotOrder,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    scheduleRuleId: lesson.rule.id,
    subjectId: lesson.rule.subjectId,
    subjectName: lesson.rule.subjectName,
    lessonTypeId: lesson.slot.lessonTypeId,
    lessonTypeName: names.lessonTypes.get(lesson.slot.lessonTypeId) ?? '',
    groupIds: lesson.rule.groupIds,
    groupNames: lesson.rule.groupIds.map((id) => names.groups.get(id) ?? ''),
    subgroupIds,
    subgroupNames: subgroupIds.map((id) => names.subgroups.get(id)?.name ?? ''),
    classroomId: lesson.classroomId,
    classroomName: names.classrooms.get(lesson.classroomId) ?? '',
    lessonFormat: lesson.slot.lessonFormat,
  };
}
