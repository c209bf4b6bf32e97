import { Injectable } from '@nestjs/common';
import { ClashGuard, ScheduleDataRepository, SemesterWriteUnit, SolvedDraft, SolvedDraftRequest, SolvedDrafts } from '../core';
import { ScheduleVersionsRepository } from './schedule-versions.repository';
import { VersionValidator } from './version-validator';

/** Each round unplaces at least one slot of every clash left, so a few rounds settle any result. */
const MAX_CHECK_ROUNDS = 20;

/**
 * Writes a solver's result as a new draft (issue 43): a copy of the source with the solved placements,
 * in one transaction under the semester's lock. Then the schedule's own checks, the ones version
 * validation and publication run (every clash of the version, approved hard unavailability), decide:
 * a slot they refuse is left unplaced instead of written where it clashes, so the draft the office gets
 * never holds a clash the solver's own bookkeeping missed.
 */
@Injectable()
export class VersionSolvedDrafts extends SolvedDrafts {
  constructor(
    private readonly writes: SemesterWriteUnit,
    private readonly versions: ScheduleVersionsRepository,
    private readonly data: ScheduleDataRepository,
    private readonly guard: ClashGuard,
    private readonly validator: VersionValidator,
  ) {
    super();
  }

  write(request: SolvedDraftRequest): Promise<SolvedDraft> {
    const { source } = request;
    return this.writes.runLong(source.semesterId, async () => {
      const state = await this.versions.state(source.id);
      if (!state) throw new Error(`source version ${source.id} is missing`);
      const versionId = await this.versions.insertDraft({
        semesterId: source.semesterId,
        name: request.name,
        versionGroupId: state.versionGroupId,
        basedOnVersionId: source.id,
        authorId: request.authorId,
      });
      const placements = [...request.placements].map(([slotId, place]) => ({
        slotId,
        dayOfWeek: place?.dayOfWeek ?? null,
        timeSlotId: place?.timeSlotId ?? null,
        classroomId: place?.classroomId ?? null,
      }));
      const copies = await this.versions.copyActiveRulesPlaced(source.id, versionId, request.authorId, placements);
      await this.versions.addEvents([{ semesterId: source.semesterId, versionId, eventType: 'CREATE', reason: null, actorId: request.authorId }]);

      const sourceOf = new Map([...copies].map(([sourceId, copy]) => [copy.slotId, sourceId]));
      const fixed = new Set([...request.fixedSlotIds].map((id) => copies.get(id)?.slotId));
      const refused = await this.refuseClashing(versionId, source.semesterId, fixed);
      const validation = await this.validator.validate({ id: versionId, semesterId: source.semesterId });
      return {
        versionId,
        refusedSlotIds: refused.map((id) => sourceOf.get(id) as number),
        copies,
        problemCount: validation.problemCount,
        clashCount: validation.problems.filter((problem) => problem.type === 'CONFLICT').length,
      };
    });
  }

  /** Unplaces, round after round, one movable slot of every clash and every slot at a blocked time; answers the draft's slot ids unplaced. */
  private async refuseClashing(versionId: number, semesterId: number, fixed: ReadonlySet<number | undefined>): Promise<number[]> {
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new Error(`semester ${semesterId} is missing`);
    const refused: number[] = [];
    for (let round = 0; round < MAX_CHECK_ROUNDS; round++) {
      const rules = await this.data.rules({ versionIds: [versionId] });
      const checked = await this.guard.checkVersion(semester, rules);
      const chosen = new Set<number>();
      for (const clash of checked.clashes) {
        const { first, second } = clash;
        if (chosen.has(first.slotId) || chosen.has(second.slotId)) continue;
        // The later slot goes, unless it is locked in place; two locked slots stay as the office put them.
        if (!fixed.has(second.slotId)) chosen.add(second.slotId);
        else if (!fixed.has(first.slotId)) chosen.add(first.slotId);
      }
      for (const lesson of checked.unavailable) if (!fixed.has(lesson.slotId)) chosen.add(lesson.slotId);
      if (chosen.size === 0) break;
      await this.versions.unplaceSlots([...chosen]);
      refused.push(...chosen);
    }
    return refused;
  }
}
