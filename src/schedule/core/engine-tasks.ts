import { findAllClashes, RuleClash } from '../../schedule-engine/all-clashes';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { analyseQuality, QualityFacts } from '../../schedule-engine/quality';
import { actualLessonsFrom, baseLessonsFrom, ScheduleInputs } from '../../schedule-engine/schedule-inputs';
import type { VersionScore } from './optimization-ports';
import { BlockedTime, TeacherBlocks } from './teacher-availability';

/**
 * The whole-semester computations that take seconds on a large university, as pure functions of
 * plain data: the database reads stay on the request loop, these run in the engine thread
 * (`EngineThread`) or, for small inputs, in place, with the same result either way.
 */

export interface QualityTaskInput {
  inputs: ScheduleInputs;
  facts: QualityFacts;
  /** Only the lessons from this date on (a solver job in a running semester); absent: the whole semester. */
  from?: string;
}

/** A version's score exactly as the quality report computes it, from its actual lessons. */
function quality({ inputs, facts, from }: QualityTaskInput): VersionScore {
  const lessons = actualLessonsFrom(inputs);
  const scored = from === undefined ? lessons : lessons.filter((lesson) => lesson.date >= from);
  const analysis = analyseQuality(scored, facts);
  const lessonsPerSlot: Record<number, number> = {};
  for (const lesson of scored) lessonsPerSlot[lesson.slotId] = (lessonsPerSlot[lesson.slotId] ?? 0) + 1;
  return { score: analysis.score, rawPenalty: analysis.rawPenalty, lessonCount: analysis.lessonCount, metrics: analysis.metrics, lessonsPerSlot };
}

export interface ChecksTaskInput {
  /** The version's rules with their base series' layout; no one-off changes. */
  inputs: ScheduleInputs;
  /** What the rules' teachers' approved unavailability blocks. */
  blocked: readonly BlockedTime[];
}

export interface ChecksTaskResult {
  checkedLessonCount: number;
  /** Every clash between the base series (spec 4.9), as `findAllClashes` reports them. */
  clashes: RuleClash<GeneratedLesson>[];
  /** Lessons (in series order) at a time their teacher is blocked. */
  unavailable: GeneratedLesson[];
}

/** The checks version validation and a solved draft run over every base lesson of a version. */
function checks({ inputs, blocked }: ChecksTaskInput): ChecksTaskResult {
  const lessons = baseLessonsFrom(inputs);
  return {
    checkedLessonCount: lessons.length,
    clashes: findAllClashes(lessons),
    unavailable: new TeacherBlocks(blocked, inputs.grids.base.slots).among(lessons),
  };
}

export const ENGINE_TASKS = { quality, checks };

export type EngineTaskName = keyof typeof ENGINE_TASKS;
export type EngineTaskInput<K extends EngineTaskName> = Parameters<(typeof ENGINE_TASKS)[K]>[0];
export type EngineTaskOutput<K extends EngineTaskName> = ReturnType<(typeof ENGINE_TASKS)[K]>;
