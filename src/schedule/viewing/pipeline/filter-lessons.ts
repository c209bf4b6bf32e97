import { LessonCriteria } from './lesson-criteria';
import { ViewLesson } from './override-step';

/** Step 4: the lessons inside the range that match every criterion. */
export function filterLessons(lessons: readonly ViewLesson[], criteria: LessonCriteria): ViewLesson[] {
  const groups = criteria.groupIds && new Set(criteria.groupIds);
  const activeTo = criteria.groupsActiveTo;
  const ofGroups = (lesson: ViewLesson) =>
    lesson.rule.groupIds.some((groupId) => {
      if (!groups?.has(groupId)) return false;
      const lastDay = activeTo?.get(groupId);
      return lastDay === undefined || lesson.date <= lastDay;
    });
  return lessons.filter(
    (lesson) =>
      lesson.date >= criteria.startDate &&
      lesson.date <= criteria.endDate &&
      (!groups || ofGroups(lesson)) &&
      (criteria.teacherId === undefined || lesson.teacherId === criteria.teacherId) &&
      (criteria.classroomId === undefined || lesson.classroomId === criteria.classroomId) &&
      (criteria.subjectId === undefined || lesson.rule.subjectId === criteria.subjectId) &&
      (criteria.lessonTypeId === undefined || lesson.slot.lessonTypeId === criteria.lessonTypeId) &&
      (criteria.timeSlotId === undefined || lesson.timeSlotId === criteria.timeSlotId) &&
      (criteria.parity === undefined || lesson.parity === criteria.parity),
  );
}
