import { joinJsonPieces } from '../../../platform/http/json-pieces';
import { RenderedLessonDto } from '../dto/rendered-lesson.dto';
import { ReferenceData } from '../snapshot/reference-data';
import { ViewLesson } from './override-step';

export const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'] as const;

/** The activity code shown with a lesson (its first group's calendar cell on the date). */
export type ActivityCodeOf = (lesson: ViewLesson) => string | null;

/** Plain code-unit order: dates and times are fixed-width ASCII, so no locale is needed. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Timetable order: date, start time, slot order, rule id, then slot id. */
export function byTimetableOrder(a: ViewLesson, b: ViewLesson): number {
  return (
    compareText(a.date, b.date) ||
    compareText(a.startTime, b.startTime) ||
    a.timeSlotOrder - b.timeSlotOrder ||
    a.rule.id - b.rule.id ||
    a.slot.id - b.slot.id
  );
}

export function renderLesson(lesson: ViewLesson, reference: ReferenceData, activityCodeOf: ActivityCodeOf): RenderedLessonDto {
  const { rule, slot } = lesson;
  const subgroupIds = slot.subgroups.map((subgroup) => subgroup.id);
  const subgroupNames = subgroupIds.map((id) => reference.subgroups.get(id) ?? '');
  return {
    scheduleRuleId: rule.id,
    scheduleRuleSlotId: slot.id,
    date: lesson.date,
    dayOfWeek: lesson.dayOfWeek,
    dayName: DAY_NAMES[lesson.dayOfWeek - 1],
    weekNumber: lesson.weekNumber,
    parity: lesson.parity,
    timeSlotId: lesson.timeSlotId,
    timeSlotOrder: lesson.timeSlotOrder,
    startTime: lesson.startTime,
    endTime: lesson.endTime,
    subjectId: rule.subjectId,
    subjectName: rule.subjectName,
    teacherId: lesson.teacherId,
    teacherName: reference.teachers.get(lesson.teacherId) ?? '',
    classroomId: lesson.classroomId,
    classroomName: reference.classrooms.get(lesson.classroomId) ?? '',
    lessonTypeId: slot.lessonTypeId,
    lessonTypeName: reference.lessonTypes.get(slot.lessonTypeId) ?? '',
    lessonFormat: slot.lessonFormat,
    subgroupId: subgroupIds.length === 1 ? subgroupIds[0] : null,
    subgroupName: subgroupIds.length === 1 ? subgroupNames[0] : null,
    subgroupIds,
    subgroupNames,
    groupIds: [...rule.groupIds],
    groupNames: rule.groupIds.map((id) => reference.groups.get(id)?.name ?? ''),
    activityType: activityCodeOf(lesson),
    lessonTypeAcademicHours: lesson.lessonTypeAcademicHours,
    consumedLessonTypeAcademicHoursBeforeLesson: lesson.consumedLessonTypeAcademicHoursBeforeLesson,
    remainingLessonTypeAcademicHoursAfterLesson: lesson.remainingLessonTypeAcademicHoursAfterLesson,
    scheduleOverrideId: lesson.override?.scheduleOverrideId ?? null,
    overrideAction: lesson.override?.overrideAction ?? null,
    originalLessonDate: lesson.override?.originalLessonDate ?? null,
  };
}

/**
 * Serialises lessons through a cache kept per snapshot set (TenantSnapshots): a lesson object of a
 * snapshot never changes, so its UTF-8 JSON is computed once. The cache is keyed weakly by the lesson,
 * so lessons made per request (by overrides) and lessons of evicted snapshots take their entries along.
 */
export class LessonJsonRenderer {
  constructor(
    private readonly cache: { get(lesson: ViewLesson): Buffer | undefined; set(lesson: ViewLesson, json: Buffer): void },
    private readonly reference: ReferenceData,
    private readonly activityCodeOf: ActivityCodeOf,
  ) {}

  jsonOf(lesson: ViewLesson): Buffer {
    let json = this.cache.get(lesson);
    if (json === undefined) {
      json = this.render(lesson);
      this.cache.set(lesson, json);
    }
    return json;
  }

  /** The lesson's cached JSON, else its JSON made for a caller that keeps the bytes itself (a timetable's JSON). */
  jsonOfUnkept(lesson: ViewLesson): Buffer {
    return this.cache.get(lesson) ?? this.render(lesson);
  }

  private render(lesson: ViewLesson): Buffer {
    return Buffer.from(JSON.stringify(renderLesson(lesson, this.reference, this.activityCodeOf)));
  }
}

/**
 * Step 5 for views other than a single timetable (which keeps its weeks' JSON, see Timetable): the
 * UTF-8 JSON array of RenderedLessonDto, of `lessons` already in timetable order. Rendering,
 * JSON.stringify and UTF-8 encoding were the hot path's main cost, so each lesson's bytes come from
 * the cache and the answer is only copied together.
 */
export function renderLessonsJson(lessons: readonly ViewLesson[], renderer: LessonJsonRenderer): Buffer {
  return joinJsonPieces(lessons.map((lesson) => renderer.jsonOf(lesson)));
}
