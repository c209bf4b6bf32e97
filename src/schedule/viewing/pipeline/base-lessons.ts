import { GeneratedLesson } from '../../data/lesson-generator';
import { LoadedRule, LoadedSlot } from '../../data/schedule-data.types';
import { SemesterSnapshot } from '../snapshot/semester-snapshot';
import { LessonCriteria } from './lesson-criteria';

function slotMayMatch(slot: LoadedSlot, criteria: LessonCriteria): boolean {
  return (
    (criteria.teacherId === undefined || slot.teacherId === criteria.teacherId) &&
    (criteria.classroomId === undefined || slot.classroomId === criteria.classroomId) &&
    (criteria.lessonTypeId === undefined || slot.lessonTypeId === criteria.lessonTypeId) &&
    (criteria.timeSlotId === undefined || slot.timeSlotId === criteria.timeSlotId)
  );
}

function indexedRules(snapshot: SemesterSnapshot, criteria: LessonCriteria): readonly LoadedRule[] {
  if (criteria.groupIds) {
    if (criteria.groupIds.length === 1) return snapshot.rulesByGroup.get(criteria.groupIds[0]) ?? [];
    const rules = new Set(criteria.groupIds.flatMap((groupId) => snapshot.rulesByGroup.get(groupId) ?? []));
    return [...rules];
  }
  if (criteria.teacherId !== undefined) return snapshot.rulesByTeacher.get(criteria.teacherId) ?? [];
  if (criteria.classroomId !== undefined) return snapshot.rulesByClassroom.get(criteria.classroomId) ?? [];
  return snapshot.rules;
}

/**
 * The rules whose base lessons can matter for `criteria`: looked up in the snapshot's group, teacher
 * or classroom index, then kept when the subject matches and some slot could match. This only saves
 * work; the filter step decides lesson by lesson.
 */
export function candidateRules(snapshot: SemesterSnapshot, criteria: LessonCriteria): LoadedRule[] {
  return indexedRules(snapshot, criteria).filter(
    (rule) => (criteria.subjectId === undefined || rule.subjectId === criteria.subjectId) && rule.slots.some((slot) => slotMayMatch(slot, criteria)),
  );
}

/** Step 2: the base series (whole semester) of every candidate rule, from the shared generator. */
export function baseLessons(snapshots: readonly SemesterSnapshot[], criteria: LessonCriteria): GeneratedLesson[] {
  return snapshots.flatMap((snapshot) => candidateRules(snapshot, criteria).flatMap((rule) => snapshot.lessonsOf(rule)));
}
