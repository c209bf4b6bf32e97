import { Injectable } from '@nestjs/common';
import { ServiceUnavailableError } from '../../../platform/http/app-error';
import { currentTenant } from '../../../platform/tenancy/tenant-context';
import { LruMap } from './lru-map';
import { SnapshotLoader } from './snapshot-loader';
import { StaleSnapshotError, TenantSnapshots } from './tenant-snapshots';

/** Tenants whose snapshots are kept; tenants are configured, so this only bounds the pathological case. */
const MAX_TENANTS = 64;
/** A request restarts when the data changed under a load; after this many tries it gives up (503). */
const MAX_ATTEMPTS = 4;

/**
 * The per-tenant, in-memory schedule snapshots (a singleton, keyed by the tenant key of the request).
 * Every request reads the data stamp once; a set loaded for that stamp (or a newer one) is reused,
 * otherwise a new empty set replaces it and fills lazily. Since the stamp commits together with each
 * change, every instance notices a change on its next request and never serves a half-applied state.
 */
@Injectable()
export class ViewingSnapshotCache {
  private readonly tenants = new LruMap<string, TenantSnapshots>(MAX_TENANTS);

  constructor(private readonly loader: SnapshotLoader) {}

  /** Runs `work` on snapshots valid for this request, retrying when the data changes mid-load. */
  async run<T>(work: (snapshots: TenantSnapshots) => Promise<T>): Promise<T> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        return await work(await this.open());
      } catch (error) {
        if (!(error instanceof StaleSnapshotError)) throw error;
      }
    }
    throw new ServiceUnavailableError('Данные расписания сейчас изменяются, повторите запрос');
  }

  private async open(): Promise<TenantSnapshots> {
    const { tenantKey, dataSource } = currentTenant();
    const stamp = await this.loader.readStamp();
    // No await below: the check and the replacement happen together, so concurrent requests that
    // saw the same new stamp end up sharing one set (and its loads).
    const cached = this.tenants.get(tenantKey);
    if (cached && cached.dataSource === dataSource && cached.stamp >= stamp) return cached;
    const fresh = new TenantSnapshots(stamp, dataSource, this.loader, (stale) => this.tenants.deleteIf(tenantKey, stale));
    this.tenants.set(tenantKey, fresh);
    return fresh;
  }
}
