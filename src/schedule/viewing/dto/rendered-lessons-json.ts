/**
 * A JSON array of RenderedLessonDto, already serialised (UTF-8) by the view pipeline: each lesson's
 * bytes are cached per snapshot, since rendering and JSON.stringify were the hot path's main cost.
 */
export class RenderedLessonsJson {
  constructor(
    readonly bytes: Buffer,
    /** The schedule data stamp the lessons were made from. */
    readonly stamp: number,
  ) {}
}
