import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TenantDb } from '../platform/database/tenant-db';
import { ActualLesson } from '../schedule-engine/override-application';
import { ActualLessons, ScheduleReads } from '../schedule/core';
import { WorkloadRepository } from './workload.repository';

/** Whole semesters of actual lessons kept per tenant database (the current one and a neighbour). */
export const SEMESTERS_KEPT = 2;

interface Kept {
  stamp: number;
  versionId: number;
  lessons: Promise<ActualLesson[]>;
}

/**
 * The actual lessons the reports count: the schedule core's lessons of each published version, for a
 * whole semester at a time, kept in memory while the schedule data stamp (bumped at the commit of any
 * change to rules, overrides, versions, grids, calendars, groups...) stays the same. A report over a
 * semester then costs its counting only; the first one after a change lays the semester out again.
 * Loads are shared by concurrent requests; a load during which the stamp moved is answered but not kept.
 * Department assignments, group status and names are read fresh by every report.
 */
@Injectable()
export class WorkloadLessons {
  private readonly byPool = new WeakMap<DataSource, Map<number, Kept>>();

  constructor(
    private readonly actual: ActualLessons,
    private readonly schedule: ScheduleReads,
    private readonly repo: WorkloadRepository,
    private readonly db: TenantDb,
  ) {}

  /** Lessons of the published versions dated `startDate..endDate` (inclusive), in date and time order. */
  async between(startDate: string, endDate: string): Promise<ActualLesson[]> {
    const stamp = await this.repo.dataStamp();
    const found: ActualLesson[] = [];
    for (const semester of await this.schedule.semestersOverlapping(startDate, endDate)) {
      if (semester.publishedVersionId === null) continue;
      appendBetween(found, await this.semester(semester.id, semester.publishedVersionId, stamp), startDate, endDate);
    }
    return found;
  }

  /**
   * The lessons of `date` when its semester is in memory for the current data (`lessons`, none outside
   * semesters or without a published version); otherwise the published semester to load them from
   * (`load`), so the caller does not look the semester up again.
   */
  async keptOn(date: string): Promise<{ lessons: ActualLesson[] } | { load: { semesterId: number; versionId: number } }> {
    const stamp = await this.repo.dataStamp();
    const [semester] = await this.schedule.semestersOverlapping(date, date);
    if (!semester || semester.publishedVersionId === null) return { lessons: [] };
    const kept = this.pool().get(semester.id);
    if (!kept || kept.stamp !== stamp || kept.versionId !== semester.publishedVersionId) {
      return { load: { semesterId: semester.id, versionId: semester.publishedVersionId } };
    }
    const found: ActualLesson[] = [];
    appendBetween(found, await kept.lessons, date, date);
    return { lessons: found };
  }

  private semester(semesterId: number, versionId: number, stamp: number): Promise<ActualLesson[]> {
    const cache = this.pool();
    const kept = cache.get(semesterId);
    cache.delete(semesterId);
    if (kept && kept.stamp === stamp && kept.versionId === versionId) {
      cache.set(semesterId, kept); // most recently used last
      return kept.lessons;
    }
    const load = this.actual.ofSemester(semesterId, {}, versionId).then((found) => found?.lessons ?? []);
    const entry: Kept = { stamp, versionId, lessons: load };
    cache.set(semesterId, entry);
    while (cache.size > SEMESTERS_KEPT) cache.delete(cache.keys().next().value as number);
    const forget = () => {
      if (cache.get(semesterId) === entry) cache.delete(semesterId);
    };
    // Kept only if nothing schedule-relevant committed while it loaded (else it may mix two states).
    void load.then(async () => {
      if ((await this.repo.dataStamp().catch(() => undefined)) !== stamp) forget();
    }, forget);
    return load;
  }

  /** The cache of the tenant database serving this request (a swapped pool starts empty). */
  private pool(): Map<number, Kept> {
    const pool = this.db.dataSource;
    let cache = this.byPool.get(pool);
    if (!cache) this.byPool.set(pool, (cache = new Map<number, Kept>()));
    return cache;
  }
}

/** Appends the lessons of `sorted` (in date order) dated inside the inclusive range; binary search for the first. */
function appendBetween(into: ActualLesson[], sorted: readonly ActualLesson[], startDate: string, endDate: string): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].date < startDate) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < sorted.length && sorted[index].date <= endDate; index++) into.push(sorted[index]);
}
