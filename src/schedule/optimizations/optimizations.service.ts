import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { classifyDatabaseError } from '../../platform/database/pg-errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { HeldRules, ScheduleDataRepository, VersionLocks } from '../core';
import { DEFAULT_TIME_LIMIT_SECONDS, OptimizationJobResponse, OptimizationPenalty, OptimizationRequest, UnplacedReportDto } from './dto/optimization.dto';
import { JobRow, OptimizationJobsRepository } from './optimization-jobs.repository';

export const VERSION_NOT_FOUND = 'Версия расписания не найдена';
export const JOB_NOT_FOUND = 'Расчёт расписания не найден';
const ARCHIVED_SOURCE = 'Архивную версию нельзя взять за основу расчёта: восстановите её или выберите черновик либо опубликованную версию';
const NOT_RUNNING = 'Расчёт уже закончен: остановить нечего';

/** «Составить расписание» and «Исправить расписание» (issue 43): jobs queued here and run by the runner of some instance. */
@Injectable()
export class OptimizationsService {
  constructor(
    private readonly jobs: OptimizationJobsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly locks: VersionLocks,
  ) {}

  /**
   * Queues a job over the version. One job waits or runs per semester: a second gets 409 naming the
   * first, whether the check here sees it or the unique index refuses a racing insert.
   */
  async create(caller: AuthUser, versionId: number, request: OptimizationRequest): Promise<OptimizationJobResponse> {
    const version = await this.jobs.version(versionId);
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    if (version.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_SOURCE);
    const lockedRuleIds = [...new Set(request.lockedRuleIds ?? [])].sort((a, b) => a - b);
    const foreign = await this.jobs.foreignRules(versionId, lockedRuleIds);
    if (foreign.length > 0) {
      throw new BadRequestError(`Закреплять можно только действующие правила этой версии; не из неё: ${foreign.slice(0, 10).map((id) => `№${id}`).join(', ')}`);
    }
    const semester = await this.data.semester(version.semesterId);
    if (!semester) throw new NotFoundError(VERSION_NOT_FOUND);
    const fromDate = solverFromDate(request.fromDate, semester);
    // The source's locks as they are now: a queued job runs with what the office saw when it pressed the button.
    const versionLocks = await this.locks.held(versionId);
    await this.refuseIfBusy(version.semesterId);
    let id: number;
    try {
      id = await this.jobs.insert({
        semesterId: version.semesterId,
        versionId,
        mode: request.mode,
        timeLimitSeconds: request.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS,
        seed: request.seed ?? 1,
        maxMovedLessons: request.mode === 'REPAIR' ? (request.maxMovedLessons ?? null) : null,
        lockedRuleIds,
        fromDate,
        versionLocks,
        createdBy: caller.userId,
      });
    } catch (error) {
      const classified = classifyDatabaseError(error);
      if (classified?.kind === 'unique' && classified.constraint === 'uq_optimization_jobs_active') await this.refuseIfBusy(version.semesterId);
      // The version was deleted while this request checked it (the deletion locks its row; this insert waited for it).
      if (classified?.kind === 'foreign-key' && classified.constraint === 'fk_optimization_jobs_source') throw new NotFoundError(VERSION_NOT_FOUND);
      throw error;
    }
    return this.get(id);
  }

  async get(id: number): Promise<OptimizationJobResponse> {
    const job = await this.jobs.get(id);
    if (!job) throw new NotFoundError(JOB_NOT_FOUND);
    return toResponse(job);
  }

  async list(versionId: number): Promise<OptimizationJobResponse[]> {
    if (!(await this.jobs.version(versionId))) throw new NotFoundError(VERSION_NOT_FOUND);
    return (await this.jobs.ofVersion(versionId)).map(toResponse);
  }

  /** A waiting job ends at once; a running one stops at its next report and keeps the best placement found. */
  async cancel(id: number): Promise<OptimizationJobResponse> {
    const job = await this.jobs.get(id);
    if (!job) throw new NotFoundError(JOB_NOT_FOUND);
    if (!(await this.jobs.requestCancel(id))) throw new ConflictError(NOT_RUNNING);
    return this.get(id);
  }

  private async refuseIfBusy(semesterId: number): Promise<void> {
    const active = await this.jobs.activeOfSemester(semesterId);
    if (!active) return;
    const what = active.status === 'QUEUED' ? 'ожидает запуска' : 'уже идёт';
    // The version by the number the screens show (№ in the semester), not by its id.
    const version = await this.jobs.version(active.versionId);
    const named = version ? ` (версия №${version.versionNumber} «${version.name}»)` : '';
    throw new ConflictError(`В этом семестре ${what} расчёт расписания №${active.id}${named}: дождитесь его окончания или остановите его`);
  }
}

export function toResponse(job: JobRow): OptimizationJobResponse {
  return {
    id: job.id,
    versionId: job.versionId,
    semesterId: job.semesterId,
    mode: job.mode,
    status: job.status,
    phase: job.phase,
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    elapsedSeconds: Math.round(job.elapsedSeconds * 10) / 10,
    timeLimitSeconds: job.timeLimitSeconds,
    seed: job.seed,
    maxMovedLessons: job.maxMovedLessons,
    lockedRuleIds: job.lockedRuleIds,
    versionLocks: (job.versionLocks as HeldRules | null) ?? null,
    fromDate: job.fromDate,
    totalSlots: job.totalSlots,
    placedSlots: job.placedSlots,
    hardViolations: job.hardViolations,
    movedLessons: job.movedLessons,
    initialScore: job.initialScore,
    bestScore: job.bestScore,
    penalties: job.penalties as OptimizationPenalty[],
    resultVersionId: job.resultVersionId,
    unplaced: job.unplaced as UnplacedReportDto,
    stopReason: job.stopReason,
    message: job.message,
    createdAt: job.createdAt.toISOString(),
  };
}

/**
 * The first day a job may change (issue 53): as asked, inside the semester (else 400 at `fromDate`);
 * omitted, tomorrow at the university once the semester has begun (its last day at most), its first
 * day before that and on it (nothing is given yet).
 */
export function solverFromDate(asked: string | undefined, semester: Pick<LoadedSemester, 'startDate' | 'endDate'>, today = todayInBusinessZone()): string {
  if (asked !== undefined) {
    if (asked < semester.startDate || asked > semester.endDate) {
      throw new BadRequestError(`Дата «Оптимизировать с» должна быть в пределах семестра: ${formatDate(semester.startDate)}–${formatDate(semester.endDate)}`).at('fromDate');
    }
    return asked;
  }
  if (today <= semester.startDate) return semester.startDate;
  const tomorrow = addDays(today, 1);
  return tomorrow > semester.endDate ? semester.endDate : tomorrow;
}
