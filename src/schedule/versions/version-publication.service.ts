import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuthUser } from '../../platform/auth/auth-user';
import { WorkSlots } from '../../platform/concurrency/work-slots';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { Outbox, VersionPublishedEvent } from '../../platform/outbox/outbox';
import { plural } from '../../platform/http/russian';
import { todayInBusinessZone } from '../../platform/http/dates';
import { addDays, formatDate } from '../../schedule-engine/dates';
import { AffectedRequestResponse, affectedRequestsField, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { OverrideChoice, PastTakeover, UnmatchedOverride } from './past-takeover';
import { PendingOfPublication } from './pending-of-publication';
import { VERSION_NOT_FOUND } from './access';
import { PublishedVersionResponse, VersionEventType, VersionResponse, VersionStatus } from './dto/version-response.dto';
import { VersionValidationResponse } from './dto/version-validation.dto';
import { ScheduleVersionsRepository, VersionState } from './schedule-versions.repository';
import { VersionRecords } from './version-records';
import { VersionValidator } from './version-validator';

const STATUS_LABELS: Record<VersionStatus, string> = { DRAFT: 'черновик', PUBLISHED: 'опубликована', ARCHIVED: 'в архиве' };

const versionLabel = (version: VersionState) => `Версия №${version.versionNumber} «${version.name}»`;

/** «…: правило №12 «Физика» и правило №14 «Химия» пересекаются … (и ещё 3 проблемы)» */
function refusal(version: VersionState, action: string, report: VersionValidationResponse): ConflictError {
  const [first] = report.problems;
  const more = report.problemCount > 1 ? ` (всего проблем: ${report.problemCount}; полный список — в проверке версии)` : '';
  return new ConflictError(`${versionLabel(version)} не может быть ${action}: ${first.message}${more}`);
}

/** Unplaced lessons listed by name in the refusal; the rest are counted. */
const LISTED_UNPLACED = 3;

/** «В версии 2 неразмещённых занятия: …» (issue 43): a timetable with lessons nobody has placed cannot be published. */
function unplacedRefusal(version: VersionState, report: VersionValidationResponse): ConflictError {
  const count = report.unplacedSlotCount;
  const listed = report.problems.filter((problem) => problem.type === 'UNPLACED').slice(0, LISTED_UNPLACED);
  const more = count > listed.length ? `; и ещё ${count - listed.length} (полный список — в проверке версии)` : '';
  return new ConflictError(
    `В версии ${count} ${plural(count, 'неразмещённое занятие', 'неразмещённых занятия', 'неразмещённых занятий')}: ` +
      `${listed.map((problem) => problem.message).join('; ')}${more}. ` +
      `${versionLabel(version)} может быть опубликована, когда у каждого занятия выбраны день, пара и аудитория (или лишние слоты удалены)`,
  );
}

/**
 * Publication and restore: one semester write unit (the lock rule and override changes take) that
 * locks every version row of the semester, re-validates all active rules of the version
 * to promote, archives the current publication and promotes the version, and writes the history. Any
 * problem throws before the first write, so nothing changes. The partial unique index
 * `uq_schedule_versions_published` keeps at most one PUBLISHED version per semester even against
 * writers that skip the lock; archiving and promoting in one transaction keeps exactly one.
 * Validation expands the whole semester in memory, so an instance runs only a few at once
 * (SCHEDULE_PUBLISH_CONCURRENCY); the others wait before their transaction, holding no connection.
 */
@Injectable()
export class VersionPublicationService {
  private readonly slots: WorkSlots;

  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly versions: ScheduleVersionsRepository,
    private readonly validator: VersionValidator,
    private readonly outbox: Outbox,
    private readonly records: VersionRecords,
    private readonly takeover: PastTakeover,
    private readonly data: ScheduleDataRepository,
    private readonly pending: PendingOfPublication,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.slots = new WorkSlots(config.schedulePublishConcurrency);
  }

  /**
   * DRAFT → PUBLISHED; the previous publication becomes ARCHIVED. From `effectiveFrom` after the
   * semester's first day, the draft first takes over the publication's past (PastTakeover), in the
   * same transaction: an error anywhere leaves both versions as they were.
   */
  async publish(caller: AuthUser, id: number, reason: string, effectiveFrom?: string, choices: readonly OverrideChoice[] = []): Promise<PublishedVersionResponse> {
    let affected: AffectedRequestResponse[] = [];
    let redundant: UnmatchedOverride[] = [];
    const published = await this.promote(
      caller,
      id,
      reason,
      'PUBLISH',
      (version) => {
        if (version.status !== 'DRAFT') {
          throw new ConflictError(`Опубликовать можно только черновик: ${versionLabel(version)} — ${STATUS_LABELS[version.status]}`);
        }
      },
      async (version, versions) => {
        const semester = await this.data.semester(version.semesterId);
        if (!semester) throw new NotFoundError(VERSION_NOT_FOUND);
        // A solver's result is published by default from the date its run changed from (issue 53), never before tomorrow.
        const solvedFrom = effectiveFrom === undefined ? await this.versions.solverFrom(version.id) : null;
        const from = solvedFrom === null ? checkedEffectiveFrom(effectiveFrom, semester) : solverResultFrom(solvedFrom, semester);
        const current = versions.find((item) => item.status === 'PUBLISHED');
        if (current && from > semester.startDate) {
          const taken = await this.pending.listedWith(() => this.takeover.apply(version.id, current.id, semester, from, choices), version.id, current.id, semester, from);
          redundant = taken.redundantOverrides;
          affected = await this.pending.recheck(version.id, current.id, semester, from, true);
          return from;
        }
        return undefined;
      },
    );
    return { ...published, ...affectedRequestsField(affected), ...(redundant.length > 0 ? { redundantOverrides: redundant } : {}) };
  }

  /** A previously published ARCHIVED version becomes PUBLISHED again; the current publication is archived. */
  restore(caller: AuthUser, id: number, reason: string): Promise<VersionResponse> {
    return this.promote(caller, id, reason, 'RESTORE', (version) => {
      if (version.status !== 'ARCHIVED') {
        throw new ConflictError(`Восстановить можно только архивную версию: ${versionLabel(version)} — ${STATUS_LABELS[version.status]}`);
      }
      if (version.publishedAt === null) {
        throw new ConflictError(`${versionLabel(version)} никогда не была опубликована: восстановить можно только ранее опубликованную версию`);
      }
    });
  }

  private async promote(
    caller: AuthUser,
    id: number,
    reason: string,
    eventType: Extract<VersionEventType, 'PUBLISH' | 'RESTORE'>,
    ensureAllowed: (version: VersionState) => void,
    /** Work on the version before it is validated (a publication from a date takes over the past); answers the date validation judges from. */
    prepare?: (version: VersionState, versions: readonly VersionState[]) => Promise<string | undefined>,
  ): Promise<VersionResponse> {
    const found = await this.versions.state(id);
    if (!found) throw new NotFoundError(VERSION_NOT_FOUND);
    // The slot is taken before the transaction opens, so a waiting publication holds no connection.
    return this.slots.run(() =>
      this.writes.runLong(found.semesterId, async () => {
        const versions = await this.versions.lockVersionsOfSemester(found.semesterId);
        const version = versions.find((item) => item.id === id);
        if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
        ensureAllowed(version);
        const from = await prepare?.(version, versions);

        const report = await this.validator.validate(version, from);
        if (report.unplacedSlotCount > 0) throw unplacedRefusal(version, report);
        if (!report.valid) throw refusal(version, eventType === 'PUBLISH' ? 'опубликована' : 'восстановлена', report);

        const archivedId = await this.versions.archivePublished(version.semesterId);
        await this.versions.promote(id, caller.userId);
        const event = (versionId: number, type: VersionEventType) => ({ semesterId: version.semesterId, versionId, eventType: type, reason, actorId: caller.userId });
        await this.versions.addEvents([...(archivedId === undefined ? [] : [event(archivedId, 'ARCHIVE')]), event(id, eventType)]);
        const published: VersionPublishedEvent = { semesterId: version.semesterId, versionId: id, previousVersionId: archivedId ?? null };
        if (from !== undefined) published.effectiveFrom = from;
        await this.outbox.add('version.published', published);
        return (await this.records.record(id)) as VersionResponse;
      }),
    );
  }
}

/**
 * The default publication date of a solver's result: the date its run changed from, or tomorrow if that
 * has passed (what was given meanwhile stays given), at most the semester's last day.
 */
export function solverResultFrom(solvedFrom: string, semester: { startDate: string; endDate: string }, today = todayInBusinessZone()): string {
  const tomorrow = addDays(today, 1);
  const from = solvedFrom < tomorrow && today >= semester.startDate ? tomorrow : solvedFrom;
  return from > semester.endDate ? semester.endDate : from;
}

/** `effectiveFrom` of a publication: inside the semester; omitted, its first day (the whole semester). */
export function checkedEffectiveFrom(effectiveFrom: string | undefined, semester: { startDate: string; endDate: string }): string {
  if (effectiveFrom === undefined) return semester.startDate;
  if (effectiveFrom < semester.startDate || effectiveFrom > semester.endDate) {
    throw new BadRequestError(`Дата начала действия должна быть в пределах семестра: ${formatDate(semester.startDate)}–${formatDate(semester.endDate)}`).at('effectiveFrom');
  }
  return effectiveFrom;
}
