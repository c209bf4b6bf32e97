import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { classifyDatabaseError, describeDatabaseError } from '../../platform/database/pg-errors';
import { metricTexts, QualityMetricCode, round, scoreOf, weightsOf } from '../../schedule-engine/quality';
import { weekNumber } from '../../schedule-engine/weeks';
import { allSlots } from '../../schedule-engine/rule-model';
import type { SolverCostTerm, SolverProgress, SolverResult, SolverStopReason } from '../../schedule-solver';
import { ScheduleDataRepository, SlotPlacement, SolvedDrafts, VersionScores } from '../core';
import { OptimizationPenalty, OptimizationPhase, OptimizationStopReason } from './dto/optimization.dto';
import { JobProgress, JobRow, OptimizationJobsRepository, SourceVersion } from './optimization-jobs.repository';
import { BuiltProblem, buildProblem, placementFromSolver, ProblemInput, RuleInput, slotRole } from './problem-builder';
import { startSolverThreads, SolverThread } from './solver-thread';
import { unplacedReport } from './unplaced-report';

/** How often a running job writes its progress and heartbeat, and learns of a cancel. */
export const REPORT_EVERY_MS = 1000;
/** A solver that has not answered this long after its time limit is ended (it checks the clock between steps, so this is a fault). */
const OVERRUN_GRACE_MS = 60_000;
const FAILED_MESSAGE = 'Расчёт прерван из-за внутренней ошибки; попробуйте ещё раз';
/** A run ends after max(30 s, a fifth of its limit) without a better result (issue 54 §4). */
const MIN_STALL_MS = 30_000;
export const stallLimitMs = (timeLimitSeconds: number): number => Math.max(MIN_STALL_MS, (timeLimitSeconds * 1000) / 5);

const STOP_REASONS: Record<SolverStopReason, OptimizationStopReason> = {
  LIMIT: 'TIME_LIMIT',
  NO_IMPROVEMENT: 'NO_IMPROVEMENT',
  OPTIMUM: 'OPTIMUM',
  STOPPED: 'CANCELLED',
};
const MAX_NAME_LENGTH = 255;

/**
 * The solver's terms as the quality report's metrics (issue 54 §4: one scale live and at the end).
 * MOVED is the solver's own (the report does not price a move); the ITC-only terms never occur here.
 */
const REPORT_METRIC: Partial<Record<SolverCostTerm['code'], QualityMetricCode>> = {
  GAPS: 'GROUP_GAPS',
  TEACHER_GAPS: 'TEACHER_GAPS',
  OVERLOAD: 'GROUP_OVERLOAD',
  TEACHER_OVERLOAD: 'TEACHER_OVERLOAD',
  CAPACITY: 'CAPACITY_SHORTAGE',
  OVERSIZED: 'ROOM_OVERSIZED',
  CELL_COST: 'SOFT_PREFERENCES',
  UNEVEN: 'UNEVEN_WEEK',
  LAST_PERIOD: 'LAST_PAIRS',
  EXTRA_DAYS: 'GROUP_EXTRA_DAYS',
  TEACHER_EXTRA_DAYS: 'TEACHER_EXTRA_DAYS',
};
const MOVED_LABEL = 'Перенесённые занятия';
/** Terms of one week of a week bit (a day's windows and overload, a week's days), multiplied out by the weeks; the rest are per lesson. */
const WEEK_TERMS: ReadonlySet<SolverCostTerm['code']> = new Set(['GAPS', 'TEACHER_GAPS', 'OVERLOAD', 'TEACHER_OVERLOAD', 'UNEVEN', 'EXTRA_DAYS', 'TEACHER_EXTRA_DAYS']);

/** One job running on this instance. */
export interface RunningJob {
  done: Promise<void>;
  /** Ends it now (shutdown): the thread stops and the job is failed with `message`. */
  abort(message: string): Promise<void>;
}

/**
 * Runs one claimed job (issue 43): reads the source version into a solver problem, solves it in a
 * worker thread while writing progress and the heartbeat every second (and stopping when a cancel is
 * seen), writes the best placement found as a new draft through the versions feature (the schedule's
 * own checks have the last word), and scores that draft with the quality report's own computation.
 */
@Injectable()
export class OptimizationExecutor {
  private readonly logger = new Logger('Optimizations');

  constructor(
    private readonly jobs: OptimizationJobsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly scores: VersionScores,
    private readonly drafts: SolvedDrafts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Call in the job's tenant context: everything the run awaits stays in it. */
  start(job: JobRow, instance: string): RunningJob {
    const run = new JobRun(job, instance, this.jobs, this.data, this.scores, this.drafts, this.config.optimizations.solverThreads);
    const done = run.execute().catch(async (error: unknown) => {
      // A database error is logged by class and SQLSTATE only (its text may hold SQL); a bug with its stack.
      const stack = error instanceof Error && !classifyDatabaseError(error) ? error.stack : undefined;
      this.logger.error(`optimization job ${job.id} failed (${describeDatabaseError(error)})`, stack);
      await this.jobs.fail(job.id, instance, FAILED_MESSAGE).catch(() => undefined);
    });
    return { done, abort: (message) => run.abort(message).then(() => done) };
  }
}

class JobRun {
  private readonly logger = new Logger('Optimizations');
  private thread?: SolverThread;
  private latest?: Partial<JobProgress>;
  private cancelSeen = false;
  private aborted = false;
  private timer?: NodeJS.Timeout;
  private reporting?: Promise<void>;

  constructor(
    private readonly job: JobRow,
    private readonly instance: string,
    private readonly jobs: OptimizationJobsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly scores: VersionScores,
    private readonly drafts: SolvedDrafts,
    /** Independent searches of this job (SOLVER_THREADS); the best result is kept. */
    private readonly threads: number,
  ) {}

  async abort(message: string): Promise<void> {
    this.aborted = true;
    clearInterval(this.timer);
    await this.thread?.terminate();
    await this.jobs.fail(this.job.id, this.instance, message).catch(() => undefined);
  }

  async execute(): Promise<void> {
    const { job } = this;
    const version = await this.jobs.version(job.versionId);
    if (!version) throw new Error(`source version ${job.versionId} of job ${job.id} is missing`);
    const loaded = await this.load(version);
    const built = buildProblem(loaded);
    const total = built.origins.length + built.lockedUnplaced.length;
    const source = await this.scores.score(version.semesterId, version.id, loaded.fromDate);
    const initialScore = source.score;
    const initiallyPlaced = built.problem.events.filter((event) => event.initial !== null).length;
    await this.jobs.report(job.id, this.instance, { phase: 'CONSTRUCTION', totalSlots: total, placedSlots: initiallyPlaced, initialScore });

    const result = await this.solve(built, liveScale(built, loaded, source.lessonsPerSlot));
    if (this.aborted) return;
    await this.report({ phase: 'SAVING' });
    // The heartbeat goes on while the draft is written, checked and scored: on a busy instance that
    // outlasted OPTIMIZATION_STALE_AFTER_SECONDS, and the job was failed as stale under its own writer.
    // Only the heartbeat from here: the search's figures are written with the result.
    this.latest = undefined;
    this.timer = setInterval(() => void this.report(), REPORT_EVERY_MS);
    try {
      await this.save(version, loaded, built, result, total);
    } finally {
      clearInterval(this.timer);
      await this.reporting;
    }
  }

  /** The version's active rules, the base grid's pairs, the active rooms with seats, and what the quality scoring weighs. */
  private async load(version: SourceVersion): Promise<ProblemInput> {
    const semester = await this.data.semester(version.semesterId);
    if (!semester) throw new Error(`semester ${version.semesterId} is missing`);
    // The loader keeps a draft's unplaced slots apart from the placed ones (`rule.unplaced`): the solver places both.
    const rules: RuleInput[] = (await this.data.rules({ versionIds: [version.id] })).map((rule) => ({ ...rule, slots: allSlots(rule) }));
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const facts = await this.scores.facts(version.semesterId);
    const active = new Set(await this.data.activeClassroomIds());
    const rooms = [...facts.classrooms]
      .filter(([id]) => active.has(id))
      .map(([id, room]) => ({ id, capacity: room.capacity }))
      .sort((a, b) => a.id - b.id);
    const basePairs = [...grids.base.slots].sort((a, b) => a.orderNumber - b.orderNumber).map((pair) => ({ id: pair.id, orderNumber: pair.orderNumber }));
    const equipment = await this.data.equipmentFacts([...new Set(rules.map((rule) => rule.subjectId))]);
    // The rules the request named and those the source's stored locks held when the job was queued (issue 54 §1).
    const held = (this.job.versionLocks as { heldRuleIds?: number[] } | null)?.heldRuleIds ?? [];
    // A job from the semester's first day changes the whole semester; from a later day, the past stays (issue 53).
    const fromDate = this.job.fromDate !== null && this.job.fromDate > semester.startDate ? this.job.fromDate : undefined;
    return {
      mode: this.job.mode,
      rules,
      basePairs,
      rooms,
      equipment,
      facts,
      lockedRuleIds: new Set([...this.job.lockedRuleIds, ...held]),
      ...(fromDate === undefined ? {} : { fromDate }),
      semester: { startDate: semester.startDate, endDate: semester.endDate },
    };
  }

  /** Runs the solver thread; every second the latest progress and the heartbeat are written, and a cancel asked meanwhile stops the search. */
  private async solve(built: BuiltProblem, scale: LiveScale): Promise<SolverResult> {
    const { job } = this;
    this.thread = startSolverThreads(
      built.problem,
      {
        mode: job.mode,
        seed: job.seed,
        timeLimitMs: job.timeLimitSeconds * 1000,
        stallLimitMs: stallLimitMs(job.timeLimitSeconds),
        maxMoved: job.maxMovedLessons ?? undefined,
        progressLessonWeights: scale.lessonWeights,
      },
      this.threads,
      (progress) => (this.latest = progressOf(progress, scale, built.lockedUnplaced.length)),
      REPORT_EVERY_MS,
    );
    this.timer = setInterval(() => void this.report(), REPORT_EVERY_MS);
    const overrun = setTimeout(() => void this.thread?.terminate(), job.timeLimitSeconds * 1000 + OVERRUN_GRACE_MS);
    try {
      return await this.thread.result;
    } finally {
      clearInterval(this.timer);
      clearTimeout(overrun);
      await this.reporting;
    }
  }

  /** Writes the latest progress (or only the heartbeat); a job no longer this instance's, or cancelled, stops the search. */
  private report(extra: Partial<JobProgress> = {}): Promise<void> {
    if (this.reporting) return this.reporting;
    const progress = { ...this.latest, ...extra };
    this.latest = undefined;
    this.reporting = this.jobs
      .report(this.job.id, this.instance, progress)
      .then((cancel) => {
        // undefined: another instance failed the job as stale, or it ended; either way this search is not wanted.
        if (cancel !== false && !this.cancelSeen) {
          this.cancelSeen = true;
          this.thread?.stop();
        }
      })
      .catch(() => undefined) // a missed heartbeat is retried next second; a long outage fails the job as stale
      .finally(() => (this.reporting = undefined));
    return this.reporting;
  }

  private async save(version: SourceVersion, loaded: ProblemInput, built: BuiltProblem, result: SolverResult, total: number): Promise<void> {
    const { job } = this;
    const placements = new Map<number, SlotPlacement | null>();
    const fixedSlotIds = new Set<number>();
    // Periods ended before the job's date are history: the draft's checks never touch them either.
    for (const rule of loaded.rules) for (const slot of rule.slots) if (slotRole(loaded, rule, slot) === 'past') fixedSlotIds.add(slot.id);
    built.origins.forEach(({ slot }, event) => {
      if (built.problem.events[event].fixed) {
        fixedSlotIds.add(slot.id);
        return;
      }
      const place = placementFromSolver(result.cells[event], result.rooms[event], loaded.basePairs, built.roomIds);
      const same = place
        ? place.dayOfWeek === slot.dayOfWeek && place.timeSlotId === slot.timeSlotId && place.classroomId === slot.classroomId
        : slot.dayOfWeek === null;
      if (!same) placements.set(slot.id, place);
    });
    const stopReason = this.cancelSeen ? 'CANCELLED' : STOP_REASONS[result.stopReason];
    // A run that moved nothing leaves no draft behind (issue 54 §4): the source is the result.
    if (placements.size === 0) {
      await this.finishUnchanged(version, loaded, built, result, total, stopReason);
      return;
    }
    const draft = await this.drafts.write({
      source: { id: version.id, semesterId: version.semesterId },
      name: draftName(version.name, job),
      authorId: job.createdBy,
      placements,
      fixedSlotIds,
      ...(loaded.fromDate === undefined ? {} : { fromDate: loaded.fromDate }),
    });
    const eventOfSlot = new Map(built.origins.map(({ slot }, event) => [slot.id, event]));
    const refusedEvents = draft.refusedSlotIds.flatMap((slotId) => eventOfSlot.get(slotId) ?? []);
    const refused = new Set(refusedEvents);
    const reasons = result.unplaced.filter((reason) => !refused.has(reason.event));
    const facts = loaded.facts;
    const unplaced = unplacedReport({ built, facts, reasons, refusedEvents, copies: draft.copies });
    const unplacedCount = built.lockedUnplaced.length + reasons.length + refusedEvents.length;
    let moved = 0;
    built.problem.events.forEach((event, index) => {
      if (!event.initial || event.fixed) return;
      if (refused.has(index) || result.cells[index] !== event.initial.cell || result.rooms[index] !== event.initial.room) moved++;
    });
    const score = await this.scores.score(version.semesterId, draft.versionId, loaded.fromDate);
    const stopped = this.cancelSeen;
    const written = await this.jobs.finish(job.id, this.instance, {
      status: stopped ? 'CANCELLED' : 'SUCCEEDED',
      phase: 'DONE',
      totalSlots: total,
      placedSlots: total - unplacedCount,
      hardViolations: draft.clashCount,
      movedLessons: moved,
      bestScore: score.score,
      penalties: score.metrics.map(({ code, label, value, penalty }) => ({ code, label, value, penalty })),
      resultVersionId: draft.versionId,
      unplaced,
      stopReason,
      message:
        `${stopped ? 'Остановлено, сохранено лучшее найденное' : 'Готово'}: размещено ${total - unplacedCount} из ${total}, ` +
        `черновик «${draftName(version.name, job)}»`,
    });
    if (!written) this.logger.warn(`optimization job ${job.id}: its draft ${draft.versionId} was written after the job ended elsewhere`);
  }

  /** The end of a run whose best placement is the source's own: no draft, the source's figures, and why. */
  private async finishUnchanged(
    version: SourceVersion,
    loaded: ProblemInput,
    built: BuiltProblem,
    result: SolverResult,
    total: number,
    stopReason: OptimizationStopReason,
  ): Promise<void> {
    const { job } = this;
    const unplaced = unplacedReport({ built, facts: loaded.facts, reasons: result.unplaced, refusedEvents: [], copies: new Map() });
    const unplacedCount = built.lockedUnplaced.length + result.unplaced.length;
    const score = await this.scores.score(version.semesterId, version.id, loaded.fromDate);
    const stopped = this.cancelSeen;
    await this.jobs.finish(job.id, this.instance, {
      status: stopped ? 'CANCELLED' : 'SUCCEEDED',
      phase: 'DONE',
      totalSlots: total,
      placedSlots: total - unplacedCount,
      hardViolations: result.hardViolations,
      movedLessons: 0,
      bestScore: score.score,
      penalties: score.metrics.map(({ code, label, value, penalty }) => ({ code, label, value, penalty })),
      resultVersionId: null,
      unplaced,
      stopReason,
      message:
        `${stopped ? 'Остановлено' : 'Готово'}: расчёт не нашёл расписания лучше версии №${version.versionNumber} «${version.name}», ` +
        `черновик не создан (размещено ${total - unplacedCount} из ${total})`,
    });
  }
}

/** «Осень 2026 — составление №7», at most 255 characters. */
function draftName(source: string, job: JobRow): string {
  const suffix = ` — ${job.mode === 'GENERATE' ? 'составление' : 'исправление'} №${job.id}`;
  return source.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/** How the solver's week-cycle costs become the report's semester figures. */
interface LiveScale {
  /** Whole lessons per solver cost unit: 1 / the builder's cost scale. */
  costScale: number;
  /** A day term covers one week of its week bit: × the weeks of the semester the lessons have (see `liveScale`). */
  dayFactor: number;
  /** Lessons each event stands for in the report: the solver's progress counts its per-lesson terms that many times. */
  lessonWeights: number[];
  /** A move counts once per lesson of an average event. */
  movedFactor: number;
  lessonCount: number;
  labels: Record<QualityMetricCode, { label: string }>;
}

/**
 * The report counts the whole semester (from the job's date), lesson by lesson; the solver one week of
 * each parity (issue 54 §4). So each event's per-lesson terms count as many times as its slot has
 * lessons in the source's report (an unplaced slot, none yet: its weeks of the semester, at the share
 * of the calendar the placed ones keep), and a day's terms by the weeks of its parity times that share
 * (holidays and rules that end early take weeks out of the report). What is left between the live
 * figures and the report over the result is a day's terms of weeks a holiday or a rule's end empties.
 */
function liveScale(built: BuiltProblem, loaded: ProblemInput, lessonsPerSlot: Record<number, number>): LiveScale {
  const weeks = loaded.semester ? Math.max(1, weekNumber(loaded.semester.startDate, loaded.semester.endDate)) : 1;
  const bits = built.problem.events.some((event) => event.weeks !== 3) ? 2 : 1;
  const nominal = built.problem.events.map((event) => (event.weeks === 3 ? weeks : weeks / 2));
  let [actualSum, nominalSum] = [0, 0];
  built.origins.forEach((origin, e) => {
    const actual = lessonsPerSlot[origin.slot.id];
    if (actual === undefined) return;
    actualSum += actual;
    nominalSum += nominal[e];
  });
  const calendar = nominalSum > 0 ? actualSum / nominalSum : 1;
  const lessonWeights = built.origins.map((origin, e) => lessonsPerSlot[origin.slot.id] ?? nominal[e] * calendar);
  const lessonCount = lessonWeights.reduce((sum, count) => sum + count, 0);
  const events = Math.max(built.problem.events.length, 1);
  return {
    costScale: built.costScale,
    dayFactor: (bits === 2 ? weeks / 2 : weeks) * calendar,
    lessonWeights,
    movedFactor: lessonCount / events,
    lessonCount,
    labels: metricTexts(weightsOf(loaded.facts)),
  };
}

/**
 * Progress as the job shows it: while the search runs, the best placement's penalties on the report's
 * scale (see `liveScale`) and the score they give; the final ones are the quality report of the draft.
 */
function progressOf(progress: SolverProgress, scale: LiveScale, lockedUnplaced: number): Partial<JobProgress> {
  const phase: OptimizationPhase = progress.phase === 'DONE' ? 'IMPROVEMENT' : progress.phase;
  const penalties: OptimizationPenalty[] = [];
  let reported = 0;
  for (const term of progress.terms) {
    if (term.penalty === 0) continue;
    const metric = REPORT_METRIC[term.code];
    // Per-lesson terms come counted per lesson already (`progressLessonWeights`).
    const factor = WEEK_TERMS.has(term.code) ? scale.dayFactor : term.code === 'MOVED' ? scale.movedFactor : 1;
    const penalty = round((term.penalty / scale.costScale) * factor);
    if (metric) reported += penalty;
    penalties.push({
      code: metric ?? term.code,
      label: metric ? scale.labels[metric].label : term.code === 'MOVED' ? MOVED_LABEL : term.code,
      // A subgroup's window counts 1/n, as in the report: the value is the penalty's share of the weight.
      value: round(term.value * factor),
      penalty,
    });
  }
  return {
    phase,
    placedSlots: progress.placed,
    totalSlots: progress.total + lockedUnplaced,
    hardViolations: progress.hardViolations,
    bestScore: scoreOf(reported, scale.lessonCount),
    penalties,
  };
}
