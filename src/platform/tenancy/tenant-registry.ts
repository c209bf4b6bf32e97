import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { createTenantDataSource, DatabaseSchema } from '../database/data-source';
import { runMigrationsLocked } from '../database/migrations';
import { describeDatabaseError } from '../database/pg-errors';
import { rowShape, text } from '../database/row-shape';
import { DomainLocks } from './domain-locks';
import { TenantDefinition, tenantConnection } from './tenant-definition';
import { TenantPool } from './tenant-pool';

export const TENANT_DEFINITIONS = Symbol('TENANT_DEFINITIONS');
export const DATABASE_SCHEMA = Symbol('DATABASE_SCHEMA');
export const TENANT_INITIALIZERS = Symbol('TENANT_INITIALIZERS');

/** Work that must run once a tenant database is migrated (bootstrap admin, ...). */
export interface TenantInitializer {
  initializeTenant(dataSource: DataSource, tenant: TenantDefinition): Promise<void>;
}

/** Which step of preparing a tenant database failed: the API answers each with its own safe message. */
export class TenantPrepareError extends Error {
  constructor(
    readonly step: 'connect' | 'migrate',
    readonly failure: unknown,
  ) {
    super(`tenant database ${step} failed: ${describeDatabaseError(failure)}`);
  }
}

interface TenantEntry {
  definition: TenantDefinition;
  /** The pool that serves requests; set only after migrations and initializers succeeded. */
  pool?: TenantPool;
  retryTimer?: NodeJS.Timeout;
  /** Bumped by every change of this domain; a background activation started earlier then gives up. */
  generation: number;
  /** Set while the live pool's health checks fail, so an outage is logged once as it starts and once as it ends. */
  unreachable?: boolean;
}

/** What the tenant listing shows of one tenant (the password never leaves the registry this way). */
export interface TenantState {
  definition: TenantDefinition;
  live: boolean;
  connected: boolean;
  /** Its database stopped answering the health checks (the outage has been logged). */
  unreachable: boolean;
}

/**
 * The tenants this instance serves, each with at most one live pool. A tenant that cannot be reached
 * at start-up is retried in the background; readiness stays DOWN meanwhile.
 *
 * Changes of one domain run one at a time (`exclusive`), and every change bumps the domain's
 * generation, so a background activation of an older definition can never swap its pool in over a
 * newer change or bring a removed tenant back.
 */
@Injectable()
export class TenantRegistry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Tenancy');
  private readonly entries = new Map<string, TenantEntry>();
  private readonly locks = new DomainLocks();
  private generations = 0;
  /** The per-tenant pool size last applied to the live pools (see poolMax). */
  private appliedPoolMax?: number;
  private healthTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TENANT_DEFINITIONS) private readonly definitions: TenantDefinition[],
    @Inject(DATABASE_SCHEMA) private readonly schema: DatabaseSchema,
    @Inject(TENANT_INITIALIZERS) private readonly initializers: TenantInitializer[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.definitions.length === 0) {
      this.logger.warn('No tenant is configured: readiness stays DOWN');
    }
    for (const definition of this.definitions) this.entries.set(definition.domain, this.newEntry(definition));
    await Promise.all([...this.entries.values()].map((entry) => this.activate(entry)));
    this.healthTimer = setInterval(() => void this.checkAll(), this.config.health.checkIntervalMs);
    this.healthTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.healthTimer);
    const closing: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      clearTimeout(entry.retryTimer);
      if (entry.pool) closing.push(entry.pool.close());
    }
    await Promise.all(closing);
  }

  has(domain: string): boolean {
    return this.entries.has(domain);
  }


  /** The configured definition of a domain (with its credentials: for the tenancy layer only). */
  definition(domain: string): TenantDefinition | undefined {
    return this.entries.get(domain)?.definition;
  }

  /**
   * The IANA time zone a domain's university lives in: the one its ADMIN stored in its database, else
   * the operator's tenant entry, else DEFAULT_TIME_ZONE.
   */
  timeZoneOf(domain: string): string {
    const entry = this.entries.get(domain);
    return entry?.pool?.ownTimeZone ?? entry?.definition.timeZone ?? this.config.defaultTimeZone;
  }

  /** Whether the university's zone is the one its ADMIN stored (not the operator's or the default). */
  hasOwnTimeZone(domain: string): boolean {
    return this.entries.get(domain)?.pool?.ownTimeZone !== undefined;
  }

  /** Takes a zone just stored in the domain's database into use at once (other instances see it at their next check). */
  noteOwnTimeZone(domain: string, timeZone: string | undefined): void {
    this.entries.get(domain)?.pool?.noteOwnTimeZone(timeZone);
  }

  /** Every tenant with whether it serves requests and whether its last check succeeded, by domain. */
  states(): TenantState[] {
    return [...this.entries.values()]
      .map((entry) => ({
        definition: entry.definition,
        live: entry.pool !== undefined,
        connected: entry.pool?.lastCheck?.ok === true,
        unreachable: entry.unreachable === true,
      }))
      .sort((a, b) => a.definition.domain.localeCompare(b.definition.domain));
  }

  /** Each live pool's connections right now (for the metrics scrape). */
  poolUsage(): { domain: string; total: number; idle: number; waiting: number }[] {
    return [...this.entries.values()].flatMap((entry) => (entry.pool ? [{ domain: entry.definition.domain, ...entry.pool.usage() }] : []));
  }

  /**
   * The most connections one tenant pool may open now: DB_POOL_MAX, lowered to an equal share of
   * DB_POOL_TOTAL_MAX over the configured tenants (at least 1) when that total is set.
   */
  poolMax(tenants = this.entries.size): number {
    const { maxConnections, totalMaxConnections } = this.config.pool;
    if (totalMaxConnections === undefined) return maxConnections;
    return Math.max(1, Math.min(maxConnections, Math.floor(totalMaxConnections / Math.max(1, tenants))));
  }

  /**
   * Applies the current share to every live pool after the set of tenants changed. A pool above its
   * new share opens no connection until it is below it, and its idle ones close after
   * DB_IDLE_TIMEOUT_MS, so the sum comes down to DB_POOL_TOTAL_MAX without breaking a request.
   */
  private rebalancePools(): void {
    const limit = this.poolMax();
    if (limit === this.appliedPoolMax) return;
    this.appliedPoolMax = limit;
    for (const entry of this.entries.values()) entry.pool?.setMaxConnections(limit);
    const { maxConnections, totalMaxConnections } = this.config.pool;
    if (totalMaxConnections === undefined || limit === maxConnections) return;
    const line = `${this.entries.size} tenants share DB_POOL_TOTAL_MAX=${totalMaxConnections}: each pool opens at most ${limit} connections (DB_POOL_MAX=${maxConnections})`;
    if (limit * this.entries.size > totalMaxConnections) this.logger.warn(`${line}, ${limit * this.entries.size} in all, over the total`);
    else this.logger.log(line);
  }

  /** Leases the live pool of a tenant for one request; undefined while the tenant is not ready. */
  lease(domain: string): TenantPool | undefined {
    const pool = this.entries.get(domain)?.pool;
    pool?.acquire();
    return pool;
  }

  /** UP only when every configured tenant is migrated and had a fresh successful check. */
  isReady(now = Date.now()): boolean {
    if (this.entries.size === 0) return false;
    for (const entry of this.entries.values()) {
      const check = entry.pool?.lastCheck;
      if (!check?.ok || now - check.at > this.config.health.staleAfterMs) return false;
    }
    return true;
  }

  /** Runs the health check of every live pool now (the timer does the same periodically). */
  async checkAll(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => this.check(entry)));
  }

  /** Checks the live pool of a tenant now; false when it has none or the check fails. */
  async checkNow(domain: string): Promise<boolean> {
    const entry = this.entries.get(domain);
    return entry ? this.check(entry) : false;
  }

  /**
   * Checks the entry's live pool and logs a change of reachability: WARN when its database stops
   * answering, INFO when it answers again (each once per outage, not once per check).
   */
  private async check(entry: TenantEntry): Promise<boolean> {
    const pool = entry.pool;
    if (!pool) return false;
    await pool.check(this.config.health.checkTimeoutMs);
    const ok = pool.lastCheck?.ok === true;
    if (entry.pool !== pool || pool.lastCheck === undefined) return ok; // replaced meanwhile, or never checked
    const { domain } = entry.definition;
    if (!ok && !entry.unreachable) {
      entry.unreachable = true;
      this.logger.warn(`Tenant ${domain}: database unreachable (health check failed); requests answer 503 and readiness is DOWN until it answers`);
    } else if (ok && entry.unreachable) {
      entry.unreachable = false;
      this.logger.log(`Tenant ${domain}: database reachable again`);
    }
    return ok;
  }

  /** Runs `work` while no other change of `domain` runs on this instance (changes queue in order). */
  exclusive<T>(domain: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(domain, work);
  }

  /**
   * Opens a pool for a definition that routing does not see yet: connects, verifies, migrates and
   * initializes the database and reads its identity. On failure the pool is closed and a
   * `TenantPrepareError` names the step.
   */
  async prepare(definition: TenantDefinition): Promise<TenantPool> {
    const tenants = this.entries.size + (this.entries.has(definition.domain) ? 0 : 1);
    const dataSource = createTenantDataSource(
      tenantConnection(definition),
      { ...this.config.pool, maxConnections: this.poolMax(tenants) },
      this.schema,
      `timetable:${definition.domain}`,
      (error) => this.logger.warn(`Tenant ${definition.domain}: pool error (${describeDatabaseError(error)})`),
    );
    let step: TenantPrepareError['step'] = 'connect';
    try {
      await dataSource.initialize();
      await dataSource.query('SELECT 1');
      step = 'migrate';
      const applied = await runMigrationsLocked(dataSource);
      if (applied > 0) this.logger.log(`Tenant ${definition.domain}: applied ${applied} migration(s)`);
      for (const initializer of this.initializers) await initializer.initializeTenant(dataSource, definition);
      const pool = new TenantPool(dataSource, await databaseIdentity(dataSource));
      await pool.check(this.config.health.checkTimeoutMs);
      return pool;
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      throw new TenantPrepareError(step, error);
    }
  }

  /**
   * Makes a prepared pool the one that serves `definition.domain`, in one synchronous step; the
   * previous pool closes after the requests that hold it finish. Call inside `exclusive`.
   */
  commit(definition: TenantDefinition, pool: TenantPool): void {
    if (this.stopped) throw new Error('the registry is stopped');
    const entry = this.entries.get(definition.domain) ?? this.newEntry(definition);
    clearTimeout(entry.retryTimer);
    entry.definition = definition;
    entry.generation = ++this.generations;
    this.entries.set(definition.domain, entry);
    const previous = entry.pool;
    entry.pool = pool;
    if (previous !== pool) previous?.retire(this.config.poolRetireTimeoutMs);
    this.logger.log(`Tenant ${definition.domain}: ready`);
    pool.setMaxConnections(this.poolMax()); // it may have been sized while another count of tenants was configured
    this.rebalancePools();
  }

  /** Changes only the display name and time zone of a tenant; its pool stays. Call inside `exclusive`. */
  relabel(domain: string, labels: Pick<TenantDefinition, 'name' | 'timeZone'>): void {
    const entry = this.entries.get(domain);
    if (entry) entry.definition = { ...entry.definition, name: labels.name, timeZone: labels.timeZone };
  }

  /**
   * A configured tenant whose database is not reachable yet: routing answers 503 for it and readiness
   * stays DOWN until a later change or sync activates it. Call inside `exclusive`.
   */
  addPending(definition: TenantDefinition): void {
    const entry = this.entries.get(definition.domain);
    if (entry?.pool) return;
    if (entry) clearTimeout(entry.retryTimer);
    this.entries.set(definition.domain, { ...this.newEntry(definition), generation: ++this.generations });
    this.rebalancePools();
  }

  /** Removes a tenant from routing at once; its pool closes after its requests finish. Call inside `exclusive`. */
  drop(domain: string): boolean {
    const entry = this.entries.get(domain);
    if (!entry) return false;
    this.entries.delete(domain);
    entry.generation = ++this.generations;
    clearTimeout(entry.retryTimer);
    entry.pool?.retire(this.config.poolRetireTimeoutMs);
    this.logger.log(`Tenant ${domain}: removed`);
    this.rebalancePools();
    return true;
  }





  private newEntry(definition: TenantDefinition): TenantEntry {
    return { definition, generation: ++this.generations };
  }

  /** First activation of a configured tenant; on failure retries in the background while nothing newer happened. */
  private activate(entry: TenantEntry): Promise<boolean> {
    const { domain } = entry.definition;
    const generation = entry.generation;
    const stale = () => this.stopped || this.entries.get(domain) !== entry || entry.generation !== generation;
    return this.exclusive(domain, async () => {
      if (stale()) return false;
      const pool = await this.prepare(entry.definition);
      if (stale()) {
        await pool.close();
        return false;
      }
      this.commit(entry.definition, pool);
      return true;
    }).catch((error: unknown) => {
      if (stale()) return false;
      this.logger.warn(
        `Tenant ${domain}: database not ready (${describeDatabaseError(error instanceof TenantPrepareError ? error.failure : error)}); ` +
          `retrying in ${this.config.tenantRetryIntervalMs} ms`,
      );
      clearTimeout(entry.retryTimer);
      entry.retryTimer = setTimeout(() => void this.activate(entry), this.config.tenantRetryIntervalMs);
      entry.retryTimer.unref();
      return false;
    });
  }
}

const IDENTITY = rowShape({ database_id: text, oid: text });

/**
 * The identity tokens are bound to: the id the TenantIdentity migration stored, mixed with the oid of
 * the database, so two databases cloned from one template (same stored id) still differ. A physical
 * replica promoted after a failover keeps both, so its sessions stay valid.
 */
async function databaseIdentity(dataSource: DataSource): Promise<string> {
  const rows = IDENTITY.check(
    await dataSource.query(
      `SELECT i.database_id::text AS database_id, d.oid::text AS oid
         FROM tenant_identity i, pg_database d
        WHERE d.datname = current_database()`,
    ),
  );
  if (rows.length !== 1) throw new Error('tenant database has no identity row');
  return createHash('sha256').update(`${rows[0].database_id}/${rows[0].oid}`).digest('base64url').slice(0, 22);
}
