import { Injectable } from '@nestjs/common';
import { GeneratedLesson } from '../../data/lesson-generator';
import { LessonCriteria } from './lesson-criteria';

/** How a one-off change marks the lesson it produced (filled by the overrides feature). */
export interface OverrideMark {
  scheduleOverrideId: number;
  overrideAction: 'MOVE' | 'REPLACE';
  originalLessonDate: string;
}

/** A lesson between generation and rendering: a base lesson, possibly changed by an override. */
export type ViewLesson = GeneratedLesson & { override?: OverrideMark };

/**
 * Step 3 of the view pipeline, between generating the base series and filtering: applies one-off
 * changes (cancel, move, replace) to the base lessons. Overrides arrive in a later issue; until then
 * this is the identity. It sees every candidate lesson of the whole semester(s), before the range and
 * the other filters, so a move into or out of the range can be applied here. Base lessons belong to a
 * shared snapshot (and their JSON is cached by identity): a changed lesson must be a new object, never
 * a mutated one.
 */
@Injectable()
export class OverrideStep {
  apply(lessons: GeneratedLesson[], _criteria: LessonCriteria): Promise<ViewLesson[]> {
    return Promise.resolve(lessons);
  }
}
