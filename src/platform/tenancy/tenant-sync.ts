import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { describeDatabaseError } from '../database/pg-errors';
import { checksum } from './stores';
import { parseTenantsDocument, sameConnection, sameLabels, TenantDefinition, TenantsDocument } from './tenant-definition';
import { TenantPrepareError, TenantRegistry } from './tenant-registry';

/** A newer snapshot or a local change overtook the sync in progress: it stops without counting as failed. */
class FencedOut extends Error {}

/**
 * Keeps this instance's tenants equal to TENANTS_FILE, which other instances (or an operator)
 * change. It polls the file; on a new checksum it applies exactly the difference (add, re-point,
 * remove) with the registry's safe swap, and confirms the checksum only after every domain
 * succeeded. A real change first raises the fence, so a sync still running with an older snapshot
 * stops before it touches another domain; a file whose content matches what is served already
 * (for instance this instance's own write) is confirmed without a fence. A snapshot older than a
 * version this instance has written or applied is ignored (a mounted Secret lags behind the API).
 * A failed sync is retried with an exponential delay (TENANTS_SYNC_RETRY_MIN_MS..MAX_MS).
 */
@Injectable()
export class TenantSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TenantSync');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private confirmedChecksum?: string;
  /** Highest document version written here or applied from the file; older snapshots are stale. */
  private knownVersion = 0;
  private fence = 0;
  private failure?: { checksum: string; attempts: number; notBefore: number };
  private unreadable = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: TenantRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.tenantsFile) return;
    // The tenants served at start-up were read from this file a moment ago: it is the confirmed state.
    try {
      const text = readFileSync(this.config.tenantsFile, 'utf8');
      this.confirm(checksum(text), parseTenantsDocument(text));
    } catch {
      this.markUnreadable('TENANTS_FILE cannot be read');
    }
    this.timer = setInterval(() => void this.poll(), this.config.tenantAdmin.syncIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.fence++;
    await this.running;
  }

  /** Readiness: a TENANTS_FILE that cannot be read or parsed is an unreadable tenant configuration. */
  isHealthy(): boolean {
    return !this.unreadable;
  }

  /** This instance persisted a change of `version`: snapshots older than it are stale from now on. */
  noteLocalWrite(version: number): void {
    if (version <= 0) return;
    this.knownVersion = Math.max(this.knownVersion, version);
    this.fence++;
  }

  /** One look at the file; overlapping calls share the run in progress. */
  poll(): Promise<void> {
    this.running ??= this.syncOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    const file = this.config.tenantsFile;
    if (!file) return;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      this.markUnreadable('TENANTS_FILE cannot be read');
      return;
    }
    const sum = checksum(text);
    if (sum === this.confirmedChecksum) {
      this.unreadable = false;
      return;
    }
    if (this.failure?.checksum === sum && Date.now() < this.failure.notBefore) return;

    let document: TenantsDocument;
    try {
      document = parseTenantsDocument(text);
    } catch {
      this.markUnreadable('TENANTS_FILE is not a valid tenants list');
      return;
    }
    this.unreadable = false;
    if (document.version !== undefined && document.version < this.knownVersion) return;

    const pending = this.differences(document.tenants);
    if (pending.length === 0) {
      this.confirm(sum, document);
      return;
    }
    const fence = ++this.fence;
    try {
      const results = await Promise.all(pending.map((domain) => this.applyDomain(domain, document.tenants, fence)));
      if (results.every(Boolean)) {
        this.confirm(sum, document);
        this.logger.log(`Tenants synchronized from TENANTS_FILE (${pending.length} change(s))`);
      } else {
        this.scheduleRetry(sum);
      }
    } catch (error) {
      if (!(error instanceof FencedOut)) throw error;
    }
  }

  /** Domains whose served state differs from the file (missing, not live, other connection, other name or zone, extra). */
  private differences(desired: TenantDefinition[]): string[] {
    const wanted = new Map(desired.map((tenant) => [tenant.domain, tenant]));
    const live = new Map(this.registry.states().map((state) => [state.definition.domain, state]));
    const domains = new Set([...wanted.keys(), ...live.keys()]);
    return [...domains].filter((domain) => {
      const want = wanted.get(domain);
      const have = live.get(domain);
      if (!want || !have) return true;
      return !have.live || !sameConnection(want, have.definition) || !sameLabels(want, have.definition);
    });
  }

  /** Brings one domain to the file's state under the domain's lock; false when its database failed. */
  private applyDomain(domain: string, desired: TenantDefinition[], fence: number): Promise<boolean> {
    const want = desired.find((tenant) => tenant.domain === domain);
    return this.registry.exclusive(domain, async () => {
      if (fence !== this.fence) throw new FencedOut();
      const have = this.registry.definition(domain);
      if (!want) {
        this.registry.drop(domain);
        return true;
      }
      const live = this.registry.states().some((state) => state.definition.domain === domain && state.live);
      if (have && live && sameConnection(want, have)) {
        this.registry.relabel(domain, want);
        return true;
      }
      try {
        const pool = await this.registry.prepare(want);
        if (fence !== this.fence) {
          await pool.close();
          throw new FencedOut();
        }
        this.registry.commit(want, pool);
        return true;
      } catch (error) {
        if (error instanceof FencedOut) throw error;
        this.logger.warn(`Tenant ${domain}: sync failed (${describeDatabaseError(error instanceof TenantPrepareError ? error.failure : error)})`);
        // A new tenant is configured now even if its database is not reachable: readiness reports it.
        if (!have) this.registry.addPending(want);
        return false;
      }
    });
  }

  private confirm(sum: string, document: TenantsDocument): void {
    this.confirmedChecksum = sum;
    this.failure = undefined;
    // A hand-written list has no version: the versions the API writes start over from it.
    this.knownVersion = document.version === undefined ? 0 : Math.max(this.knownVersion, document.version);
  }

  private scheduleRetry(sum: string): void {
    const attempts = this.failure?.checksum === sum ? this.failure.attempts + 1 : 1;
    const { syncRetryMinMs, syncRetryMaxMs } = this.config.tenantAdmin;
    const delay = Math.min(syncRetryMaxMs, syncRetryMinMs * 2 ** (attempts - 1));
    this.failure = { checksum: sum, attempts, notBefore: Date.now() + delay };
    this.logger.warn(`Tenant sync failed; retrying in ${Math.round(delay / 1000)} s`);
  }

  private markUnreadable(reason: string): void {
    if (!this.unreadable) this.logger.warn(`${reason}; the tenants this instance serves stay as they are`);
    this.unreadable = true;
  }
}
