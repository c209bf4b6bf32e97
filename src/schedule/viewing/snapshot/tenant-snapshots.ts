import { DataSource } from 'typeorm';
import { GeneratedLesson } from '../../../schedule-engine/lesson-expansion';
import { LoadedSemester } from '../../../schedule-engine/rule-model';
import { BYTES_PER_LESSON, LessonJsonCache, TimetableCache } from './cache-size';
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
  /** UTF-8 JSON of rendered lessons of this set's snapshots (see LessonJsonRenderer). */
  readonly lessonJson = new LessonJsonCache<GeneratedLesson>();
  /** One group's or teacher's lessons over whole semesters, in timetable order (see LessonPipeline). */
  readonly timetables = new TimetableCache<GeneratedLesson>();
  private referenceLoad?: Promise<ReferenceData>;
  private readonly semesterLoads = new LruMap<number, { load: Promise<SemesterSnapshot>; loaded?: SemesterSnapshot }>(SEMESTERS_PER_TENANT);

  constructor(
    readonly stamp: number,
    /** The pool the data came from: a swapped tenant database never answers from the old one's data. */
    readonly dataSource: DataSource,
    private readonly loader: SnapshotLoader,
    private readonly onStale: (stale: TenantSnapshots) => void,
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

  /** The estimated memory this set holds (see cache-size.ts); the reference data, a few lists, is not counted. */
  bytes(): number {
    let lessons = 0;
    for (const entry of this.semesterLoads.values()) lessons += entry.loaded?.generatedLessons ?? 0;
    return lessons * BYTES_PER_LESSON + this.lessonJson.bytes + this.timetables.bytes;
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
