import { Injectable } from '@nestjs/common';
import { SemesterCatalog } from '../../academic-years';
import { AuthUser } from '../../platform/auth/auth-user';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { affectedRequestsField, ScheduleDataRepository, SemesterWriteUnit } from '../core';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { PastTakeover } from './past-takeover';
import { PendingOfPublication } from './pending-of-publication';
import { checkedEffectiveFrom } from './version-publication.service';
import { VERSION_NOT_FOUND } from './access';
import { VersionCreateRequest } from './dto/version-requests.dto';
import { VersionEventResponse, VersionResponse } from './dto/version-response.dto';
import { VersionValidationResponse } from './dto/version-validation.dto';
import { ScheduleVersionsRepository, VersionState } from './schedule-versions.repository';
import { MAX_LISTED_PROBLEMS, VersionValidator } from './version-validator';
import { PastLessonChanges } from './past-lessons';
import { VersionRecords } from './version-records';

const SEMESTER_NOT_FOUND = 'Семестр не найден';
const SOURCE_NOT_FOUND = 'Исходная версия расписания не найдена';
const SOURCE_OF_OTHER_SEMESTER = 'Исходная версия расписания относится к другому семестру';
const ONLY_UNPUBLISHED_DRAFTS = 'Удалить можно только черновик, который ни разу не публиковался';

const STATUS_NAMES = { DRAFT: 'черновик, уже публиковавшийся', PUBLISHED: 'опубликована', ARCHIVED: 'в архиве' } as const;

/** Reading versions and their history, creating drafts (empty or copies), and the read-only validation. */
@Injectable()
export class ScheduleVersionsService {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly versions: ScheduleVersionsRepository,
    private readonly validator: VersionValidator,
    private readonly pastLessons: PastLessonChanges,
    private readonly records: VersionRecords,
    private readonly semesters: SemesterCatalog,
    private readonly data: ScheduleDataRepository,
    private readonly takeover: PastTakeover,
    private readonly pending: PendingOfPublication,
  ) {}

  /** An unknown semester has no versions: the list is empty. */
  list(semesterId: number): Promise<VersionResponse[]> {
    return this.records.listOfSemester(semesterId);
  }

  async get(id: number): Promise<VersionResponse> {
    const version = await this.records.record(id);
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    return version;
  }

  history(semesterId: number): Promise<VersionEventResponse[]> {
    return this.records.history(semesterId);
  }

  /**
   * A DRAFT with the semester's next number: empty in a new version group, or a copy of the active
   * rules of `basedOnVersionId` (any status, same semester) in that version's group. Runs under the
   * semester's schedule lock, so the copy sees no rule half-saved and numbers never collide.
   */
  async create(caller: AuthUser, request: VersionCreateRequest): Promise<VersionResponse> {
    if (!(await this.semesters.find(request.semesterId))) throw new BadRequestError(SEMESTER_NOT_FOUND);
    // A copy of a large university's version is one long INSERT ... SELECT: it gets the long budget.
    return this.writes.runLong(request.semesterId, async () => {
      let source: VersionState | undefined;
      if (request.basedOnVersionId !== undefined) {
        source = await this.versions.state(request.basedOnVersionId);
        if (!source) throw new BadRequestError(SOURCE_NOT_FOUND);
        if (source.semesterId !== request.semesterId) throw new BadRequestError(SOURCE_OF_OTHER_SEMESTER);
      }
      const id = await this.versions.insertDraft({
        semesterId: request.semesterId,
        name: request.name,
        versionGroupId: source?.versionGroupId ?? null,
        basedOnVersionId: source?.id ?? null,
        authorId: caller.userId,
      });
      if (source) {
        await this.versions.copyActiveRules(source.id, id, caller.userId);
        // A copy carries the office's locks (issue 54 §1), its rule locks on the copied rules.
        await this.versions.copyLocks(source.id, id);
      }
      await this.versions.addEvents([{ semesterId: request.semesterId, versionId: id, eventType: 'CREATE', reason: null, actorId: caller.userId }]);
      return this.get(id);
    });
  }

  /**
   * Deletes a DRAFT that was never published (issue 54 §4), with its rules and everything on them,
   * under the semester's lock and the version's row lock: refused (409) while a job waits or runs on
   * it, 400 for any other version. Answers the version as it was.
   */
  async remove(id: number): Promise<VersionResponse> {
    const found = await this.versions.state(id);
    if (!found) throw new NotFoundError(VERSION_NOT_FOUND);
    return this.writes.runLong(found.semesterId, async () => {
      const version = await this.versions.lockForDeletion(id);
      if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
      if (version.status !== 'DRAFT' || version.publishedAt !== null) {
        throw new BadRequestError(`${ONLY_UNPUBLISHED_DRAFTS}; версия №${version.versionNumber} «${version.name}» — ${STATUS_NAMES[version.status]}`);
      }
      const job = await this.versions.activeJobOf(id);
      if (job !== undefined) {
        throw new ConflictError(
          `Версию №${version.versionNumber} «${version.name}» нельзя удалить: на ней идёт расчёт расписания №${job}; дождитесь его окончания или остановите его`,
        );
      }
      const record = await this.get(id);
      await this.versions.deleteVersion(id);
      return record;
    });
  }

  /**
   * Validation of any version (a draft before publication, or an archived one before restoring it).
   * With `effectiveFrom` after the semester's first day, a draft is validated as its publication from
   * that date would make it: the past taken over from the publication in a transaction that is then
   * rolled back (one code path with the publication itself, so the answer is exactly what it checks).
   */
  async validate(id: number, effectiveFrom?: string): Promise<VersionValidationResponse> {
    const version = await this.versions.state(id);
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    if (effectiveFrom !== undefined) {
      const semester = await this.data.semester(version.semesterId);
      if (!semester) throw new NotFoundError(VERSION_NOT_FOUND);
      const from = checkedEffectiveFrom(effectiveFrom, semester);
      const published = version.status === 'DRAFT' ? await this.versions.publishedOf(version.semesterId) : undefined;
      if (published && from > semester.startDate) return this.asPublishedFrom(version, published.id, semester, from);
    }
    const report = await this.validator.validate(version);
    if (version.status !== 'DRAFT') return report;
    return this.withPastLessons(version, report, effectiveFrom);
  }

  /** The draft validated with the publication's past taken over from `from`; nothing stays written. */
  private async asPublishedFrom(version: VersionState, publishedId: number, semester: LoadedSemester, from: string): Promise<VersionValidationResponse> {
    let answer: VersionValidationResponse | undefined;
    await this.writes
      .runLong(version.semesterId, async () => {
        const { unmatchedOverrides, redundantOverrides } = await this.takeover.apply(version.id, publishedId, semester, from, [], true);
        const affected = await this.pending.recheck(version.id, publishedId, semester, from, false);
        const report = await this.validator.validate(version, from);
        answer = { ...(await this.withPastLessons(version, report, from)), effectiveFrom: from, unmatchedOverrides, redundantOverrides, ...affectedRequestsField(affected) };
        throw new RehearsalOver();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RehearsalOver)) throw error;
      });
    return answer as VersionValidationResponse;
  }

  /** Adds what the draft's publication would change in the past (from `from` on, when given). */
  private async withPastLessons(version: VersionState, report: VersionValidationResponse, from?: string): Promise<VersionValidationResponse> {
    // What the draft's publication would change in the past: listed, not refused (publishing is the deliberate step).
    const past = await this.pastLessons.of(version, todayInBusinessZone(), from);
    if (past.length === 0) return report;
    const problems = [...report.problems, ...past];
    return {
      ...report,
      valid: false,
      problemCount: report.problemCount + past.length,
      pastLessonCount: past.reduce((sum, problem) => sum + (problem.pastLessonCount ?? 0), 0),
      problemsTruncated: report.problemsTruncated || problems.length > MAX_LISTED_PROBLEMS,
      problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    };
  }
}

/** Ends a validation rehearsal: thrown inside the write unit so that its transaction rolls back. */
class RehearsalOver extends Error {}
