import { DataSource } from 'typeorm';
import { GeneratedLesson } from '../../../schedule-engine/lesson-expansion';
import { LoadedSemester } from '../../../schedule-engine/rule-model';
import { BYTES_PER_LESSON, BYTES_PER_LOADED_RULE, LessonJsonCache, TimetableCache } from './cache-size';
import { LruMap } from './lru-map';
import { ReferenceData } from './reference-data';
import { SemesterSnapshot } from './semester-snapshot';
import { SnapshotLoader } from './snapshot-loader';

/** Semester snapshots kept per tenant (the current semester and its neighbours are the usual views). */
export const SEMESTERS_PER_TENANT = 6;

/** A load saw a newer data stamp than its snapshot set: the request starts again on fresh data. */
export class StaleSnapshotError extends Error {
  constructor() {
    super('schedule data changed while a snapshot was loading');
  }
}

/**
 * The snapshots of one tenant for one data stamp. Loads are memoised as promises, so concurrent
 * requests share one load. Each load is checked afterwards against the stamp: if it still equals
 * `stamp`, nothing schedule-relevant committed since the stamp was read, so every part of this set
 * shows one and the same committed state; otherwise the set is dropped and the request retried.
 */
export class TenantSnapshots {
  /** UTF-8 JSON of rendered lessons of this set's snapshots (see LessonJsonRenderer); replaced by `trim`. */
  lessonJson = new LessonJsonCache<GeneratedLesson>();
  /** One group's or teacher's lessons over whole semesters, in timetable order (see LessonPipeline); replaced by `trim`. */
  timetables = new TimetableCache<GeneratedLesson>();
  private referenceLoad?: Promise<ReferenceData>;
  private readonly semesterLoads = new LruMap<number, { load: Promise<SemesterSnapshot>; loaded?: SemesterSnapshot }>(SEMESTERS_PER_TENANT);

  constructor(
    readonly stamp: number,
    /** The pool the data came from: a swapped tenant database never answers from the old one's data. */
    readonly dataSource: DataSource,
    private readonly loader: SnapshotLoader,
    private readonly onStale: (stale: TenantSnapshots) => void,
    /** False while the schedule cache is full: a request then keeps what it lays out to itself (see LessonPipeline.load). */
    readonly keepsNewLessons: () => boolean = () => true,
  ) {}

  reference(): Promise<ReferenceData> {
    if (!this.referenceLoad) {
      const load = this.validated(() => this.loader.loadReference());
      this.referenceLoad = load;
      load.catch(() => {
        if (this.referenceLoad === load) this.referenceLoad = undefined;
      });
    }
    return this.referenceLoad;
  }

  /** A semester of this set's reference data (with a published version). */
  semester(semester: LoadedSemester): Promise<SemesterSnapshot> {
    let load = this.semesterLoads.get(semester.id)?.load;
    if (!load) {
      const started = this.validated(async () => {
        const versionId = semester.publishedVersionId;
        const overrides = versionId === null ? [] : ((await this.reference()).overridesByVersion.get(versionId) ?? []);
        return this.loader.loadSemester(semester, overrides);
      });
      const entry: { load: Promise<SemesterSnapshot>; loaded?: SemesterSnapshot } = { load: started };
      this.semesterLoads.set(semester.id, entry);
      started.then(
        (snapshot) => (entry.loaded = snapshot),
        () => this.semesterLoads.deleteIf(semester.id, entry),
      );
      load = started;
    }
    return load;
  }

  /**
   * A load of this set's data that is not kept (a version's lessons): checked against the set's stamp
   * like every other part, so what it read and the set's reference data show one committed state.
   */
  consistent<T>(load: () => Promise<T>): Promise<T> {
    return this.validated(load);
  }

  /** The estimated memory this set holds (see cache-size.ts): its loaded rules and what was made from them. */
  bytes(): number {
    return this.loadedBytes() + this.madeBytes();
  }

  /** The estimate of what `trim` lets go of: laid-out lessons, their JSON and the timetables. */
  madeBytes(): number {
    let lessons = 0;
    for (const entry of this.semesterLoads.values()) lessons += entry.loaded?.generatedLessons ?? 0;
    return lessons * BYTES_PER_LESSON + this.lessonJson.bytes + this.timetables.bytes;
  }

  /** The estimate of the loaded rules (with the tenant's reference data), which only a reload from the database brings back. */
  private loadedBytes(): number {
    let rules = 0;
    for (const entry of this.semesterLoads.values()) rules += entry.loaded?.rules.length ?? 0;
    return rules * BYTES_PER_LOADED_RULE;
  }

  /**
   * Lets go of everything made from the loaded rules (lessons, JSON, timetables) and keeps the rules:
   * the next read of a group lays its lessons out again in milliseconds, with no database round trip.
   * A request still holding the old lessons finishes on them; they answer the same. Returns the bytes
   * freed; a set with nothing made is left as it is (no copy).
   */
  trim(): number {
    const freed = this.madeBytes();
    if (freed === 0) return 0;
    this.lessonJson = new LessonJsonCache<GeneratedLesson>();
    this.timetables = new TimetableCache<GeneratedLesson>();
    for (const entry of this.semesterLoads.values()) {
      if (!entry.loaded) continue;
      entry.loaded = entry.loaded.withoutLaidOutLessons();
      entry.load = Promise.resolve(entry.loaded);
    }
    return freed;
  }

  private async validated<T>(load: () => Promise<T>): Promise<T> {
    const value = await load();
    if ((await this.loader.readStamp()) !== this.stamp) {
      this.onStale(this);
      throw new StaleSnapshotError();
    }
    return value;
  }
}
