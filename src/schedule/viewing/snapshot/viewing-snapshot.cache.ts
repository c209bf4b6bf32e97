import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { TenantDb } from '../../../platform/database/tenant-db';
import { currentReadingStamp, runWithReadingStamp } from '../../../platform/logging/request-context';
import { Metrics } from '../../../platform/metrics/metrics';
import { currentTenant } from '../../../platform/tenancy/tenant-context';
import { LocalWrites } from '../../../platform/http/local-writes';
import { LruMap } from './lru-map';
import { SnapshotLoader } from './snapshot-loader';
import { StaleSnapshotError, TenantSnapshots } from './tenant-snapshots';

/** Tenants whose snapshots are kept; tenants are configured, so this only bounds the pathological case. */
const MAX_TENANTS = 64;

/**
 * The share of the budget at which the cache is full: trimming goes down to it, and from it on new
 * lessons are laid out for one request only (see `keepWithinBudget`).
 */
const FULL_AT = 0.9;

/** While the cache is full, the least recently read tenant lets go of its lessons this often, so what is kept follows what is read. */
export const FULL_CACHE_AGING_MS = 10_000;

/** A stamp read from the database, and when and in which write epoch it was read. */
interface StampReading {
  stamp: number;
  dataSource: unknown;
  readAt: number;
  epoch: number;
}

/**
 * The per-tenant, in-memory schedule snapshots (a singleton, keyed by the tenant key of the request).
 * Every request reads the data stamp once; a set loaded for that stamp (or a newer one) is reused,
 * otherwise a new empty set replaces it and fills lazily. Since the stamp commits together with each
 * change, every instance notices a change on its next request and never serves a half-applied state.
 *
 * When the data changes while a part of the set loads (busy writers), the request is not retried
 * against a moving target: it runs again inside one REPEATABLE READ transaction, where the stamp and
 * everything loaded agree by construction, and the set it fills replaces the cached one if it is the
 * newest. So every read answers from one consistent state, however often the schedule changes.
 *
 * Bounded staleness (issue 16): the stamp read is trusted for `SCHEDULE_STAMP_MAX_AGE_MS` (250 ms by
 * default), so a busy instance sends at most a few stamp queries a second per tenant instead of one
 * per request. A change committed through another instance shows within that bound; one made through
 * this instance shows at once, because a reading taken before or while this instance served a write
 * is never reused (`LocalWrites`).
 */
@Injectable()
export class ViewingSnapshotCache {
  private readonly tenants = new LruMap<string, TenantSnapshots>(MAX_TENANTS);
  private readonly readings = new LruMap<string, StampReading>(MAX_TENANTS);
  /** Below FULL_AT of the budget: requests keep what they lay out. */
  private keepsNewLessons = true;
  /** When a full cache last let go of a tenant's lessons to age (or became full). */
  private agedAt = 0;

  constructor(
    private readonly loader: SnapshotLoader,
    private readonly db: TenantDb,
    private readonly writes: LocalWrites,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** The tenant's data stamp, at most `scheduleStampMaxAgeMs` old and never older than this instance's last write. */
  async stamp(): Promise<number> {
    const { tenantKey, dataSource } = currentTenant();
    const now = Date.now();
    const last = this.readings.get(tenantKey);
    if (
      last &&
      last.dataSource === dataSource &&
      last.epoch === this.writes.epoch &&
      this.writes.quiet &&
      now - last.readAt < this.config.scheduleStampMaxAgeMs
    ) {
      return last.stamp;
    }
    const epoch = this.writes.epoch;
    const stamp = await this.loader.readStamp();
    const newest = this.readings.get(tenantKey);
    if (!newest || newest.readAt <= now) this.readings.set(tenantKey, { stamp, dataSource, readAt: now, epoch });
    return stamp;
  }

  /** Runs `work` with `stamp` as the request's reading of the data stamp, so the request reads it once. */
  withReading<T>(stamp: number, work: () => Promise<T>): Promise<T> {
    return runWithReadingStamp(stamp, work);
  }

  /** Runs `work` on snapshots valid for this request (see the class comment for busy writers). */
  async run<T>(work: (snapshots: TenantSnapshots) => Promise<T>): Promise<T> {
    try {
      return await this.runOnce(work);
    } catch (error) {
      if (!(error instanceof StaleSnapshotError)) throw error;
    }
    return this.db.consistentRead(async () => {
      const snapshots = this.fresh(await this.loader.readStamp());
      return work(snapshots);
    });
  }

  private async runOnce<T>(work: (snapshots: TenantSnapshots) => Promise<T>): Promise<T> {
    try {
      return await work(await this.open());
    } finally {
      this.keepWithinBudget();
    }
  }

  /**
   * Keeps the estimate of all tenants' sets within SCHEDULE_CACHE_BUDGET_MB, least recently used
   * tenants first:
   * 1. trim: over the budget, a tenant lets go of its laid-out lessons, JSON and timetables and keeps
   *    its loaded rules (its next reads lay lessons out again, milliseconds each), down to FULL_AT of
   *    the budget;
   * 2. full: from FULL_AT on, requests still read what is kept but keep nothing new (LessonPipeline.load).
   *    Kept for a while and then trimmed, those lessons would outlive the young generation and be
   *    collected by full collections of the whole heap, which stall every request (measured with fifty
   *    universities: see docs/performance.md). Every FULL_CACHE_AGING_MS the least recently read
   *    tenant is trimmed, so what is kept follows what is read;
   * 3. evict: only while the loaded rules alone exceed the budget, whole sets are dropped (the next
   *    read loads the tenant again from the database: seconds on a large university).
   * A request still using a trimmed or dropped set finishes on it. The sums over at most 64 tenants
   * are a handful of counters each, cheap per request.
   */
  private keepWithinBudget(): void {
    const budget = this.config.scheduleCacheBudgetBytes;
    const full = budget * FULL_AT;
    let bytes = 0;
    for (const snapshots of this.tenants.values()) bytes += snapshots.bytes();
    const now = Date.now();
    const overBudget = bytes > budget;
    const aging = !this.keepsNewLessons && bytes >= full && now - this.agedAt >= FULL_CACHE_AGING_MS;
    let trimmed = 0;
    if (overBudget || aging) {
      for (const snapshots of this.tenants.values()) {
        // Over the budget: down to FULL_AT; aging: one tenant that has lessons to let go of.
        if (overBudget ? bytes <= full : trimmed > 0) break;
        const freed = snapshots.trim();
        if (freed > 0) trimmed++;
        bytes -= freed;
      }
      if (aging) this.agedAt = now;
    }
    let evicted = 0;
    if (bytes > budget) {
      evicted = this.tenants.evictOver(budget, (snapshots) => snapshots.bytes()).length;
      bytes = 0;
      for (const snapshots of this.tenants.values()) bytes += snapshots.bytes();
    }
    const keeps = bytes < full;
    if (this.keepsNewLessons && !keeps) this.agedAt = now;
    this.keepsNewLessons = keeps;
    this.metrics.recordScheduleCache(bytes, trimmed, evicted);
  }

  private async open(): Promise<TenantSnapshots> {
    const { tenantKey, dataSource } = currentTenant();
    const stamp = currentReadingStamp() ?? (await this.stamp());
    // No await below: the check and the replacement happen together, so concurrent requests that
    // saw the same new stamp end up sharing one set (and its loads).
    const cached = this.tenants.get(tenantKey);
    if (cached && cached.dataSource === dataSource && cached.stamp >= stamp) return cached;
    return this.fresh(stamp);
  }

  /** A new, empty set for `stamp`, cached unless a newer one is cached already. */
  private fresh(stamp: number): TenantSnapshots {
    const { tenantKey, dataSource } = currentTenant();
    const created = new TenantSnapshots(
      stamp,
      dataSource,
      this.loader,
      (stale) => this.tenants.deleteIf(tenantKey, stale),
      () => this.keepsNewLessons,
    );
    const cached = this.tenants.get(tenantKey);
    if (!cached || cached.dataSource !== dataSource || cached.stamp < stamp) this.tenants.set(tenantKey, created);
    return created;
  }
}
