import { DatedLesson, Timetable } from './timetable-json';

/**
 * The schedule cache's size estimate (SCHEDULE_CACHE_BUDGET_MB). Counting is cheap: counters grow as
 * lessons are laid out, rendered and gathered into timetables, and nothing is walked to size it.
 * The figures were measured with `scripts/bench/lesson-bytes.ts` (Node 20, heap growth per lesson
 * as the engine makes it): 202–206 bytes per lesson object with its place in a series (244 while
 * the engine made lessons as object literals, whose added fields took a store of their own), and
 * 257–262 bytes per rendered JSON buffer besides its own bytes (the Buffer object and its WeakMap entry).
 */
export const BYTES_PER_LESSON = 210;
export const BYTES_PER_JSON_BUFFER = 260;
/**
 * One loaded rule of a published version with its share of everything loaded with it: its slots,
 * subgroups and indexes, the semester's one-off changes, grids, calendars and the tenant's reference
 * data. Measured with the benchmark's fifty universities of the default size (3,180 rules each): the
 * heap after the first view in every one, garbage collected, less the heap before, came to 1,615
 * bytes (docs/performance.md, «Keeping the rules, letting go of the lessons»). Shared repeated values
 * and a flatter index of one-off changes then took 1.4 MiB out of each university (about 450 bytes a
 * rule; «Smaller loaded rules»), rounded up here.
 */
export const BYTES_PER_LOADED_RULE = 1200;

/** Rendered JSON of lessons, counted as it is added (a WeakMap: a lesson's bytes go with the lesson). */
export class LessonJsonCache<L extends object> {
  private readonly buffers = new WeakMap<L, Buffer>();
  bytes = 0;

  get(lesson: L): Buffer | undefined {
    return this.buffers.get(lesson);
  }

  set(lesson: L, json: Buffer): void {
    this.buffers.set(lesson, json);
    this.bytes += json.length + BYTES_PER_JSON_BUFFER;
  }
}

/** Whole-semester timetables by key (see LessonPipeline), counted by their lesson references and the JSON they keep. */
export class TimetableCache<L extends DatedLesson> {
  private readonly timetables = new Map<string, Timetable<L>>();
  private madeBytes = 0;

  get(key: string): Timetable<L> | undefined {
    return this.timetables.get(key);
  }

  /** A new timetable of `lessons` (in timetable order) under `key`, in place of any other. */
  add(key: string, lessons: readonly L[]): Timetable<L> {
    const replaced = this.timetables.get(key);
    if (replaced) this.madeBytes -= replaced.bytes;
    const timetable: Timetable<L> = new Timetable(lessons, (bytes) => {
      // A timetable dropped or replaced meanwhile (a request may still be using it) counts no more.
      if (this.timetables.get(key) === timetable) this.madeBytes += bytes;
    });
    this.timetables.set(key, timetable);
    this.madeBytes += timetable.bytes;
    return timetable;
  }

  clear(): void {
    this.timetables.clear();
    this.madeBytes = 0;
  }

  get size(): number {
    return this.timetables.size;
  }

  get bytes(): number {
    return this.madeBytes;
  }
}

/**
 * A request's JSON cache while the schedule cache is full: it reads what is kept and keeps what it
 * renders only for itself, so the request adds nothing to the cache.
 */
export class ScratchLessonJson<L extends object> extends LessonJsonCache<L> {
  constructor(private readonly kept: LessonJsonCache<L>) {
    super();
  }

  override get(lesson: L): Buffer | undefined {
    return this.kept.get(lesson) ?? super.get(lesson);
  }
}

/** A request's timetables while the schedule cache is full: kept ones are read, new ones go with the request. */
export class ScratchTimetables<L extends DatedLesson> extends TimetableCache<L> {
  constructor(private readonly kept: TimetableCache<L>) {
    super();
  }

  override get(key: string): Timetable<L> | undefined {
    return this.kept.get(key) ?? super.get(key);
  }
}
