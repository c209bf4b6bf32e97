import { addDays, isoDayOfWeek } from '../../../schedule-engine/dates';

const EMPTY_ARRAY = Buffer.from('[]');
const ARRAY_OPEN = 0x5b; // [
const ARRAY_CLOSE = 0x5d; // ]
const COMMA = 0x2c;
/** A week's Buffer object, its offsets and its slot in the timetable, besides their bytes (Node 20, rounded up). */
const WEEK_OVERHEAD_BYTES = 300;
/** One reference in a timetable's list of lessons. */
const BYTES_PER_LESSON_REFERENCE = 8;

/** A JSON array of lessons serialised once, with the offset where each lesson's JSON starts. */
class LessonsJson {
  private constructor(
    readonly bytes: Buffer,
    /** Where each lesson starts; it ends one byte before the next one starts (the comma), the last one before `]`. */
    private readonly starts: Uint32Array,
  ) {}

  static of(pieces: readonly Buffer[]): LessonsJson {
    let length = 2 + pieces.length - 1;
    for (const piece of pieces) length += piece.length;
    // Memory of its own, not a slice of Node's shared pool: it is kept as long as the timetable.
    const bytes = Buffer.allocUnsafeSlow(length);
    const starts = new Uint32Array(pieces.length);
    bytes[0] = ARRAY_OPEN;
    let offset = 1;
    pieces.forEach((piece, index) => {
      if (index > 0) bytes[offset++] = COMMA;
      starts[index] = offset;
      offset += piece.copy(bytes, offset);
    });
    bytes[offset] = ARRAY_CLOSE;
    return new LessonsJson(bytes, starts);
  }

  get byteEstimate(): number {
    return this.bytes.length + this.starts.byteLength + WEEK_OVERHEAD_BYTES;
  }

  /** The byte range of lessons `first` to `after` (exclusive, at least one), without brackets. */
  stretch(first: number, after: number): [start: number, end: number] {
    return [this.starts[first], after < this.starts.length ? this.starts[after] - 1 : this.bytes.length - 1];
  }
}

/** What a timetable needs of a lesson to place it: its date (lessons come in date order). */
export interface DatedLesson {
  readonly date: string;
}

/**
 * One group's or one teacher's lessons over whole semesters, in timetable order, and their JSON made
 * a calendar week at a time, when a week is first asked for. The lessons of a date range are
 * consecutive, so an answer is a stretch of those weeks' bytes: one week from Monday to Sunday, what
 * students ask for most, is one week's bytes as they are; any other range is one copy of its
 * stretches between brackets. Joining a week of lessons cached one by one took a `WeakMap` lookup and a
 * Buffer copy per lesson and comma, about a seventh of a week view's CPU (issue 29), and kept a Buffer
 * object per lesson besides.
 */
export class Timetable<L extends DatedLesson> {
  /** The index of each calendar week's first lesson, then the number of lessons: week `w` is `[weekStarts[w], weekStarts[w + 1])`. */
  private readonly weekStarts: number[];
  private readonly weeks: (LessonsJson | undefined)[];
  private keptJsonBytes = 0;

  constructor(
    readonly lessons: readonly L[],
    /** Told the estimated bytes of each week's JSON this timetable keeps (see cache-size.ts). */
    private readonly kept: (bytes: number) => void = () => undefined,
  ) {
    this.weekStarts = weekStartsOf(lessons);
    this.weeks = new Array<LessonsJson | undefined>(this.weekStarts.length - 1);
  }

  /** The estimate of what this holds: its lesson references and the weeks' JSON kept so far (the lessons are counted with their snapshot). */
  get bytes(): number {
    return this.lessons.length * BYTES_PER_LESSON_REFERENCE + this.keptJsonBytes;
  }

  /**
   * The JSON array of the lessons dated `startDate` to `endDate`. A week not yet made is made with
   * `jsonOf` (the same bytes whichever request makes it) and kept when `keep` is true; while the
   * schedule cache is full nothing new is kept (see ViewingSnapshotCache).
   */
  json(startDate: string, endDate: string, jsonOf: (lesson: L) => Buffer, keep: boolean): Buffer {
    const first = firstIndex(this.lessons, (lesson) => lesson.date >= startDate);
    const after = firstIndex(this.lessons, (lesson) => lesson.date > endDate);
    if (first >= after) return EMPTY_ARRAY;
    const firstWeek = firstIndex(this.weekStarts, (start) => start > first) - 1;
    const lastWeek = firstIndex(this.weekStarts, (start) => start >= after) - 1;
    const stretches: { week: LessonsJson; start: number; end: number }[] = [];
    for (let week = firstWeek; week <= lastWeek; week++) {
      const weekStart = this.weekStarts[week];
      const json = this.week(week, jsonOf, keep);
      if (firstWeek === lastWeek && first === weekStart && after === this.weekStarts[week + 1]) return json.bytes;
      const [start, end] = json.stretch(Math.max(first, weekStart) - weekStart, Math.min(after, this.weekStarts[week + 1]) - weekStart);
      stretches.push({ week: json, start, end });
    }
    let length = 2 + stretches.length - 1;
    for (const { start, end } of stretches) length += end - start;
    const answer = Buffer.allocUnsafe(length);
    answer[0] = ARRAY_OPEN;
    let offset = 1;
    stretches.forEach(({ week, start, end }, index) => {
      if (index > 0) answer[offset++] = COMMA;
      offset += week.bytes.copy(answer, offset, start, end);
    });
    answer[offset] = ARRAY_CLOSE;
    return answer;
  }

  private week(week: number, jsonOf: (lesson: L) => Buffer, keep: boolean): LessonsJson {
    const known = this.weeks[week];
    if (known) return known;
    const made = LessonsJson.of(this.lessons.slice(this.weekStarts[week], this.weekStarts[week + 1]).map(jsonOf));
    if (keep) {
      this.weeks[week] = made;
      this.keptJsonBytes += made.byteEstimate;
      this.kept(made.byteEstimate);
    }
    return made;
  }
}

/** The index of the first lesson of each calendar week (Monday to Sunday) of date-ordered lessons, then their number. */
function weekStartsOf(lessons: readonly DatedLesson[]): number[] {
  const starts: number[] = [];
  let sunday = '';
  lessons.forEach((lesson, index) => {
    if (lesson.date <= sunday) return;
    starts.push(index);
    sunday = addDays(lesson.date, 7 - isoDayOfWeek(lesson.date));
  });
  starts.push(lessons.length);
  return starts;
}

/** The first index whose item satisfies `reached` (false up to some index, true from there on). */
function firstIndex<T>(items: readonly T[], reached: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(items[middle])) high = middle;
    else low = middle + 1;
  }
  return low;
}
