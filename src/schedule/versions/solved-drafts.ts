import { Injectable } from '@nestjs/common';
import { activeOnOrAfter } from '../../schedule-engine/rule-model';
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
      const from = request.fromDate;
      // From a date (issue 53), a placed slot that began before it is continued, not rewritten: its lessons before the date stay.
      const starts = from === undefined ? new Map<number, { activeFrom: string | null; placed: boolean }>() : await this.versions.slotStarts(placements.map((item) => item.slotId));
      const given = (slotId: number) => {
        const start = starts.get(slotId);
        return start !== undefined && start.placed && (start.activeFrom === null || start.activeFrom < (from as string));
      };
      const copies = new Map(await this.versions.copyActiveRulesPlaced(source.id, versionId, request.authorId, placements.filter((item) => !given(item.slotId))));
      if (from !== undefined) {
        const copyOf = (slotId: number) => copies.get(slotId)?.slotId as number;
        const continued = placements.filter((item) => given(item.slotId));
        const successors = await this.versions.continueSlotsFrom(continued.map((item) => ({ ...item, slotId: copyOf(item.slotId) })), from);
        for (const item of continued) {
          const copy = copies.get(item.slotId);
          if (copy) copies.set(item.slotId, { ...copy, slotId: successors.get(copy.slotId) as number });
        }
        // A slot placed now that had no place before has no lessons before the date to keep: it starts on it.
        await this.versions.startSlotsOn(placements.filter((item) => !given(item.slotId) && item.dayOfWeek !== null).map((item) => copyOf(item.slotId)), from);
      }
      await this.versions.addEvents([{ semesterId: source.semesterId, versionId, eventType: 'CREATE', reason: null, actorId: request.authorId }]);
      if (from !== undefined) await this.versions.rememberSolverFrom(versionId, from);
      // The result shows the locks its source had (issue 54 §1): they held its run.
      await this.versions.copyLocks(source.id, versionId);

      const sourceOf = new Map([...copies].map(([sourceId, copy]) => [copy.slotId, sourceId]));
      const fixed = new Set([...request.fixedSlotIds].map((id) => copies.get(id)?.slotId));
      const refused = await this.refuseClashing(versionId, source.semesterId, fixed, from);
      const validation = await this.validator.validate({ id: versionId, semesterId: source.semesterId }, from);
      // A slot continued unplaced from the date is answered by its continuation (the result's slot to show).
      for (const { chosen, slotId } of refused) {
        const sourceId = sourceOf.get(chosen);
        const copy = sourceId === undefined ? undefined : copies.get(sourceId);
        if (sourceId !== undefined && copy && slotId !== chosen) copies.set(sourceId, { ...copy, slotId });
      }
      return {
        versionId,
        refusedSlotIds: refused.flatMap(({ chosen }) => sourceOf.get(chosen) ?? []),
        copies,
        problemCount: validation.problemCount,
        // From a date, a clash among lessons already given is history the run did not make (a new unavailability over given lessons).
        clashCount: validation.problems.filter((problem) => problem.type === 'CONFLICT' && (from === undefined || problem.date === undefined || problem.date >= from)).length,
      };
    });
  }

  /**
   * Unplaces, round after round, one movable slot of every clash and every slot at a blocked time;
   * answers the draft's slot ids unplaced. From a date, only what lies from it is judged, a period
   * ended before it is never touched, and a slot that began before it is continued unplaced from the
   * date (its given lessons stay), the continuation answered in its place.
   */
  private async refuseClashing(versionId: number, semesterId: number, fixed: ReadonlySet<number | undefined>, from?: string): Promise<{ chosen: number; slotId: number }[]> {
    const semester = await this.data.semester(semesterId);
    if (!semester) throw new Error(`semester ${semesterId} is missing`);
    const refused: { chosen: number; slotId: number }[] = [];
    for (let round = 0; round < MAX_CHECK_ROUNDS; round++) {
      const rules = await this.data.rules({ versionIds: [versionId] });
      const checked = await this.guard.checkVersion(semester, rules);
      const slots = new Map(rules.flatMap((rule) => rule.slots.map((slot) => [slot.id, slot] as const)));
      // History (a period ended before the date) is as fixed as a locked rule.
      const held = (slotId: number) => fixed.has(slotId) || (from !== undefined && !activeOnOrAfter(slots.get(slotId) ?? {}, from));
      const chosen = new Set<number>();
      for (const clash of checked.clashes) {
        const { first, second } = clash;
        if (chosen.has(first.slotId) || chosen.has(second.slotId)) continue;
        // The later slot goes, unless it is locked in place; two locked slots stay as the office put them.
        if (!held(second.slotId)) chosen.add(second.slotId);
        else if (!held(first.slotId)) chosen.add(first.slotId);
      }
      for (const lesson of checked.unavailable) if (!held(lesson.slotId) && (from === undefined || lesson.date >= from)) chosen.add(lesson.slotId);
      if (chosen.size === 0) break;
      const startsBefore = (slotId: number) => from !== undefined && (slots.get(slotId)?.activeFrom ?? semester.startDate) < from;
      const continued = [...chosen].filter(startsBefore);
      const successors = await this.versions.continueSlotsFrom(
        continued.map((slotId) => ({ slotId, dayOfWeek: null, timeSlotId: null, classroomId: null })),
        from ?? semester.startDate,
      );
      await this.versions.unplaceSlots([...chosen].filter((slotId) => !startsBefore(slotId)));
      refused.push(...[...chosen].map((slotId) => ({ chosen: slotId, slotId: successors.get(slotId) ?? slotId })));
    }
    return refused;
  }
}
