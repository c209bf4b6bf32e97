import { GeneratedLesson } from '../../../schedule-engine/lesson-expansion';
import { LoadedRule, LoadedSlot } from '../../../schedule-engine/rule-model';
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

/**
 * Lessons that one-off changes give to the criteria's teacher, room or pair (`newTeacherId`,
 * `newClassroomId`, `newTimeSlotId`) from rules the indexes did not pick: only the named base lessons
 * (`baseRuleSlotId + lessonDate`) whose new date lies in the range. Groups, subjects and lesson types
 * never change, so no other criterion can bring a lesson in.
 */
function reassignedLessons(snapshot: SemesterSnapshot, criteria: LessonCriteria, picked: ReadonlySet<LoadedRule>): GeneratedLesson[] {
  const overrides = [
    ...(criteria.teacherId === undefined ? [] : (snapshot.overridesByNewTeacher.get(criteria.teacherId) ?? [])),
    ...(criteria.classroomId === undefined ? [] : (snapshot.overridesByNewClassroom.get(criteria.classroomId) ?? [])),
    ...(criteria.timeSlotId === undefined ? [] : (snapshot.overridesByNewTimeSlot.get(criteria.timeSlotId) ?? [])),
  ];
  const lessons = new Set<GeneratedLesson>();
  for (const override of overrides) {
    const date = override.targetLessonDate ?? override.lessonDate;
    if (date < criteria.startDate || date > criteria.endDate) continue;
    const rule = snapshot.rule(override.ruleId);
    if (!rule || picked.has(rule) || (criteria.subjectId !== undefined && rule.subjectId !== criteria.subjectId)) continue;
    const base = snapshot.baseLessonAt(rule.id, override.baseRuleSlotId, override.lessonDate);
    if (base) lessons.add(base);
  }
  return [...lessons];
}

/**
 * Step 2: the base series (whole semester) of every candidate rule, from the shared generator, plus
 * the base lessons that overrides reassign to the criteria (see `reassignedLessons`); the override
 * step then changes them.
 */
export function baseLessons(snapshots: readonly SemesterSnapshot[], criteria: LessonCriteria): GeneratedLesson[] {
  return snapshots.flatMap((snapshot) => {
    const rules = candidateRules(snapshot, criteria);
    const lessons = rules.flatMap((rule) => snapshot.lessonsOf(rule));
    const reassigned = reassignedLessons(snapshot, criteria, new Set(rules));
    return reassigned.length === 0 ? lessons : [...lessons, ...reassigned];
  });
}
