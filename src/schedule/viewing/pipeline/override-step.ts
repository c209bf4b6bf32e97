import { Injectable } from '@nestjs/common';
import { GeneratedLesson } from '../../../schedule-engine/lesson-expansion';
import { ActualLesson, OverrideMark } from '../../../schedule-engine/override-application';
import { SemesterSnapshot } from '../snapshot/semester-snapshot';
import { LessonCriteria } from './lesson-criteria';

export type { OverrideMark };

/** A lesson between generation and rendering: a base lesson, possibly changed by an override. */
export type ViewLesson = ActualLesson;

/**
 * Step 3 of the view pipeline, between generating the base series and filtering: applies one-off
 * changes of the published versions, taken from the semester snapshot each lesson's rule belongs to
 * (so a request adds no query). CANCEL drops the lesson; MOVE takes it to its target date and pair
 * (day of week, week number and parity recomputed); REPLACE changes teacher, room or format; both
 * keep the original hour accounting and carry `scheduleOverrideId`, `overrideAction` and
 * `originalLessonDate`. The step sees every candidate lesson of the whole semester(s), before the
 * range and the other filters, so moves into and out of the range come out right; lessons reassigned
 * to a teacher, room or pair from outside the candidate rules were added by the base-lessons step.
 * Base lessons are shared and never mutated: a changed lesson is a new object, made once per snapshot.
 */
@Injectable()
export class OverrideStep {
  /** `semesters`: the snapshots the lessons were laid out from (each lesson's rule names its semester). */
  apply(lessons: GeneratedLesson[], semesters: readonly SemesterSnapshot[], _criteria: LessonCriteria): Promise<ViewLesson[]> {
    const shown: ViewLesson[] = [];
    for (const lesson of lessons) {
      const semesterId = lesson.rule.semesterId;
      const snapshot = semesters.length === 1 ? semesters[0] : semesters.find((candidate) => candidate.semester.id === semesterId);
      const result = snapshot ? snapshot.shown(lesson) : lesson;
      if (result) shown.push(result);
    }
    return Promise.resolve(shown);
  }
}
