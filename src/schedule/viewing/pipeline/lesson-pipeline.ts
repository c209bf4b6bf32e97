import { Injectable } from '@nestjs/common';
import { RenderedLessonsJson } from '../dto/rendered-lessons-json';
import { ReferenceData } from '../snapshot/reference-data';
import { SemesterSnapshot } from '../snapshot/semester-snapshot';
import { TenantSnapshots } from '../snapshot/tenant-snapshots';
import { baseLessons } from './base-lessons';
import { filterLessons } from './filter-lessons';
import { DateRange, LessonCriteria } from './lesson-criteria';
import { OverrideStep, ViewLesson } from './override-step';
import { LessonJsonRenderer, renderLessonsJson } from './render-lessons';

/** Step 1's result: the reference data and the snapshots of the semesters a range touches. */
export interface LoadedView {
  /** The data stamp the snapshots were loaded for (what the answer's ETag names). */
  stamp: number;
  reference: ReferenceData;
  /** Serialised lessons of this snapshot set. */
  lessonJson: WeakMap<ViewLesson, Buffer>;
  /** Semesters overlapping the range that have a published version, by start date. */
  semesters: SemesterSnapshot[];
}

/**
 * The view pipeline: load → generate the base series → apply overrides → filter → render. Each step
 * is a small function (or provider, for overrides) so later features can slot in between.
 */
@Injectable()
export class LessonPipeline {
  constructor(private readonly overrides: OverrideStep) {}

  /** Step 1: snapshots of the published versions of the semesters overlapping `range`. */
  async load(snapshots: TenantSnapshots, range: DateRange): Promise<LoadedView> {
    const reference = await snapshots.reference();
    const touched = reference.semesters.filter(
      (semester) => semester.publishedVersionId !== null && semester.startDate <= range.endDate && semester.endDate >= range.startDate,
    );
    return { stamp: snapshots.stamp, reference, lessonJson: snapshots.lessonJson, semesters: await Promise.all(touched.map((semester) => snapshots.semester(semester))) };
  }

  /** Steps 2 to 5; the answer is the JSON array of RenderedLessonDto. */
  async lessons(view: LoadedView, criteria: LessonCriteria): Promise<RenderedLessonsJson> {
    const generated = baseLessons(view.semesters, criteria);
    const changed = await this.overrides.apply(generated, criteria);
    const shown = filterLessons(changed, criteria);
    const renderer = new LessonJsonRenderer(view.lessonJson, view.reference, (lesson) => activityCodeOf(view, lesson));
    return new RenderedLessonsJson(renderLessonsJson(shown, renderer), view.stamp);
  }
}

function activityCodeOf(view: LoadedView, lesson: ViewLesson): string | null {
  const semester = view.semesters.find((snapshot) => snapshot.semester.id === lesson.rule.semesterId);
  const activityId = semester?.activityTypeIdOn(lesson.rule.groupIds[0], lesson.date);
  return activityId === undefined ? null : (view.reference.activityCodes.get(activityId) ?? null);
}
