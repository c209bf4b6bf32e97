import { Injectable } from '@nestjs/common';
import { Metrics } from '../../../platform/metrics/metrics';
import { RenderedLessonsJson } from '../dto/rendered-lessons-json';
import { LessonJsonCache, ScratchLessonJson, ScratchTimetables, TimetableCache } from '../snapshot/cache-size';
import { ReferenceData } from '../snapshot/reference-data';
import { SemesterSnapshot } from '../snapshot/semester-snapshot';
import { TenantSnapshots } from '../snapshot/tenant-snapshots';
import { Timetable } from '../snapshot/timetable-json';
import { baseLessons } from './base-lessons';
import { filterLessons } from './filter-lessons';
import { DateRange, LessonCriteria } from './lesson-criteria';
import { OverrideStep, ViewLesson } from './override-step';
import { byTimetableOrder, LessonJsonRenderer, renderLessonsJson } from './render-lessons';

/** Step 1's result: the reference data and the snapshots of the semesters a range touches. */
export interface LoadedView {
  /** The data stamp the snapshots were loaded for (what the answer's ETag names). */
  stamp: number;
  reference: ReferenceData;
  /** Serialised lessons of this snapshot set. */
  lessonJson: LessonJsonCache<ViewLesson>;
  /** Whole-semester timetables of single groups and teachers of this snapshot set. */
  timetables: TimetableCache<ViewLesson>;
  /** Semesters overlapping the range that have a published version, by start date. */
  semesters: SemesterSnapshot[];
  /** False while the schedule cache is full: what this request makes goes with it (see ViewingSnapshotCache). */
  keepsNew: boolean;
}

/** Timetables kept per snapshot set before the map is started afresh (a group or teacher is a few hundred references). */
const MAX_TIMETABLES = 4096;

/**
 * The view pipeline: load → generate the base series → apply overrides → filter → render. Each step
 * is a small function (or provider, for overrides) so later features can slot in between.
 */
@Injectable()
export class LessonPipeline {
  constructor(
    private readonly overrides: OverrideStep,
    private readonly metrics: Metrics,
  ) {}

  /** Step 1: snapshots of the published versions of the semesters overlapping `range`. */
  async load(snapshots: TenantSnapshots, range: DateRange): Promise<LoadedView> {
    const reference = await snapshots.reference();
    const touched = reference.semesters.filter(
      (semester) => semester.publishedVersionId !== null && semester.startDate <= range.endDate && semester.endDate >= range.startDate,
    );
    const semesters = await Promise.all(touched.map((semester) => snapshots.semester(semester)));
    if (snapshots.keepsNewLessons()) return { stamp: snapshots.stamp, reference, lessonJson: snapshots.lessonJson, timetables: snapshots.timetables, semesters, keepsNew: true };
    // The cache is full: what is kept still answers, and what this request lays out goes with it. Kept
    // and dropped again, it would age in the heap and cost a full collection (see ViewingSnapshotCache).
    this.metrics.recordUnkeptView();
    return {
      stamp: snapshots.stamp,
      reference,
      lessonJson: new ScratchLessonJson(snapshots.lessonJson),
      timetables: new ScratchTimetables(snapshots.timetables),
      semesters: semesters.map((snapshot) => snapshot.scratchCopy()),
      keepsNew: false,
    };
  }

  /** Steps 2 to 5; the answer is the JSON array of RenderedLessonDto. */
  async lessons(view: LoadedView, criteria: LessonCriteria): Promise<RenderedLessonsJson> {
    const renderer = new LessonJsonRenderer(view.lessonJson, view.reference, (lesson) => activityCodeOf(view, lesson));
    const timetable = await this.timetable(view, criteria);
    if (timetable) {
      // The per-lesson JSON cache is not filled: the timetable keeps its weeks' bytes itself.
      const json = timetable.json(criteria.startDate, criteria.endDate, (lesson) => renderer.jsonOfUnkept(lesson), view.keepsNew);
      return new RenderedLessonsJson(json, view.stamp);
    }
    const shown = [...(await this.shown(view, criteria))].sort(byTimetableOrder);
    return new RenderedLessonsJson(renderLessonsJson(shown, renderer), view.stamp);
  }

  /** Steps 2 to 4 for `criteria`: the lessons to render. */
  private async shown(view: LoadedView, criteria: LessonCriteria): Promise<readonly ViewLesson[]> {
    const generated = baseLessons(view.semesters, criteria);
    const changed = await this.overrides.apply(generated, view.semesters, criteria);
    return filterLessons(changed, criteria);
  }

  /**
   * One group's or one teacher's timetable with no other filter (GET /api/schedule): steps 2 to 4 run
   * once per snapshot set over the whole semesters the range touches, and a range is then a stretch of
   * that timetable and of its weeks' JSON (a week no longer walks the whole semester's lessons, nor
   * copies its lessons one by one). Steps 2 to 4 over a wider range and a date filter give exactly the
   * lessons of the narrower one, so the answer is the same. Undefined for any other criteria.
   */
  private async timetable(view: LoadedView, criteria: LessonCriteria): Promise<Timetable<ViewLesson> | undefined> {
    const key = timetableKey(view, criteria);
    if (key === undefined) return undefined;
    let timetable = view.timetables.get(key);
    if (!timetable) {
      const whole = {
        ...criteria,
        startDate: view.semesters.map((snapshot) => snapshot.semester.startDate).sort()[0],
        endDate: view.semesters.map((snapshot) => snapshot.semester.endDate).sort().reverse()[0],
      };
      const lessons = [...(await this.shown(view, whole))].sort(byTimetableOrder);
      if (view.timetables.size >= MAX_TIMETABLES) view.timetables.clear();
      timetable = view.timetables.add(key, lessons);
    }
    return timetable;
  }
}

/** The cache key of a single group's or teacher's timetable over the view's semesters; undefined for any other criteria. */
function timetableKey(view: LoadedView, criteria: LessonCriteria): string | undefined {
  const { groupIds, teacherId, classroomId, subjectId, lessonTypeId, timeSlotId, parity } = criteria;
  if (view.semesters.length === 0 || classroomId !== undefined || subjectId !== undefined || lessonTypeId !== undefined) return undefined;
  if (timeSlotId !== undefined || parity !== undefined) return undefined;
  const semesters = view.semesters.map((snapshot) => snapshot.semester.id).join(',');
  if (groupIds?.length === 1 && teacherId === undefined) return `group:${groupIds[0]}@${semesters}`;
  if (groupIds === undefined && teacherId !== undefined) return `teacher:${teacherId}@${semesters}`;
  return undefined;
}

function activityCodeOf(view: LoadedView, lesson: ViewLesson): string | null {
  const semester = view.semesters.find((snapshot) => snapshot.semester.id === lesson.rule.semesterId);
  const activityId = semester?.activityTypeIdOn(lesson.rule.groupIds[0], lesson.date);
  return activityId === undefined ? null : (view.reference.activityCodes.get(activityId) ?? null);
}
