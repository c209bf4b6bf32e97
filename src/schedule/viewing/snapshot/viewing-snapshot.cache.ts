import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../../platform/database/tenant-db';
import { currentTenant } from '../../../platform/tenancy/tenant-context';
import { LruMap } from './lru-map';
import { SnapshotLoader } from './snapshot-loader';
import { StaleSnapshotError, TenantSnapshots } from './tenant-snapshots';

/** Tenants whose snapshots are kept; tenants are configured, so this only bounds the pathological case. */
const MAX_TENANTS = 64;

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
 */
@Injectable()
export class ViewingSnapshotCache {
  private readonly tenants = new LruMap<string, TenantSnapshots>(MAX_TENANTS);

  constructor(
    private readonly loader: SnapshotLoader,
    private readonly db: TenantDb,
  ) {}

  /** Runs `work` on snapshots valid for this request (see the class comment for busy writers). */
  async run<T>(work: (snapshots: TenantSnapshots) => Promise<T>): Promise<T> {
    try {
      return await work(await this.open());
    } catch (error) {
      if (!(error instanceof StaleSnapshotError)) throw error;
    }
    return this.db.consistentRead(async () => {
      const snapshots = this.fresh(await this.loader.readStamp());
      return work(snapshots);
    });
  }

  private async open(): Promise<TenantSnapshots> {
    const { tenantKey, dataSource } = currentTenant();
    const stamp = await this.loader.readStamp();
    // No await below: the check and the replacement happen together, so concurrent requests that
    // saw the same new stamp end up sharing one set (and its loads).
    const cached = this.tenants.get(tenantKey);
    if (cached && cached.dataSource === dataSource && cached.stamp >= stamp) return cached;
    return this.fresh(stamp);
  }

  /** A new, empty set for `stamp`, cached unless a newer one is cached already. */
  private fresh(stamp: number): TenantSnapshots {
    const { tenantKey, dataSource } = currentTenant();
    const created = new TenantSnapshots(stamp, dataSource, this.loader, (stale) => this.tenants.deleteIf(tenantKey, stale));
    const cached = this.tenants.get(tenantKey);
    if (!cached || cached.dataSource !== dataSource || cached.stamp < stamp) this.tenants.set(tenantKey, created);
    return created;
  }
}
