import { Injectable } from '@nestjs/common';
import { Metrics } from '../../../platform/metrics/metrics';
import { currentTenant } from '../../../platform/tenancy/tenant-context';
import { OverrideRecord } from '../../../schedule-engine/override-application';
import { LoadedSemester } from '../../../schedule-engine/rule-model';
import { RuleFilter, ScheduleDataRepository, SemesterSchedules } from '../../core';
import { ReferenceData } from './reference-data';
import { SemesterSnapshot } from './semester-snapshot';
import { ViewingDataRepository } from './viewing-data.repository';

/**
 * Loads snapshots through the schedule core's batched reads: a fixed number of queries whatever the number of
 * rules, slots, groups or dates (reference: 2, with the published versions'
 * one-off changes; a semester: rules and grids together, then calendars).
 */
@Injectable()
export class SnapshotLoader {
  constructor(
    private readonly viewing: ViewingDataRepository,
    private readonly data: ScheduleDataRepository,
    private readonly schedules: SemesterSchedules,
    private readonly metrics: Metrics,
  ) {}

  readStamp(): Promise<number> {
    return this.viewing.stamp();
  }

  loadReference(): Promise<ReferenceData> {
    return this.metrics.timeSnapshotLoad(currentTenant().tenantKey, 'reference', () => this.viewing.reference());
  }

  /** The published version of `semester` (which must have one) with its one-off changes (from the reference data). */
  loadSemester(semester: LoadedSemester, overrides: readonly OverrideRecord[] = []): Promise<SemesterSnapshot> {
    const versionId = semester.publishedVersionId;
    if (versionId === null) throw new Error(`semester ${semester.id} has no published version`);
    return this.metrics.timeSnapshotLoad(currentTenant().tenantKey, 'semester', async () => {
      const [rules, grids] = await Promise.all([
        this.data.rules({ versionIds: [versionId] }),
        this.data.grids(semester.startDate, semester.endDate),
      ]);
      return new SemesterSnapshot(await this.schedules.load(semester, rules, { grids, overrides }));
    });
  }

  /**
   * Any version of `semester` (a draft, an archived or the published one) with its own one-off
   * changes, narrowed to the rules that can give `narrowing`'s group, teacher or room a lesson (a
   * teacher's or room's also those a one-off change of the version reassigns to them): a week of one
   * timetable reads a few dozen rules, not the version. Not kept: drafts change while they are edited.
   */
  async loadVersion(semester: LoadedSemester, versionId: number, narrowing: Pick<RuleFilter, 'groupIds' | 'teacherIds' | 'classroomIds'>): Promise<SemesterSnapshot> {
    const rules = await this.data.rules({ versionIds: [versionId], includeReassigned: true, ...narrowing });
    const [overrides, grids] = await Promise.all([
      this.data.overrides(versionId, rules.map((rule) => rule.id)),
      this.data.grids(semester.startDate, semester.endDate),
    ]);
    return new SemesterSnapshot(await this.schedules.load(semester, rules, { grids, overrides }));
  }
}
