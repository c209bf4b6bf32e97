import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { createTenantDataSource, DatabaseSchema } from '../database/data-source';
import { runMigrationsLocked } from '../database/migrations';
import { describeDatabaseError } from '../database/pg-errors';
import { TenantDefinition, tenantConnection } from './tenant-definition';
import { TenantPool } from './tenant-pool';

export const TENANT_DEFINITIONS = Symbol('TENANT_DEFINITIONS');
export const DATABASE_SCHEMA = Symbol('DATABASE_SCHEMA');
export const TENANT_INITIALIZERS = Symbol('TENANT_INITIALIZERS');

/** Work that must run once a tenant database is migrated (bootstrap admin, ...). */
export interface TenantInitializer {
  initializeTenant(dataSource: DataSource, tenant: TenantDefinition): Promise<void>;
}

interface TenantEntry {
  definition: TenantDefinition;
  /** The pool that serves requests; set only after migrations and initializers succeeded. */
  pool?: TenantPool;
  retryTimer?: NodeJS.Timeout;
  activation?: Promise<boolean>;
}

/**
 * The tenants this instance serves, each with at most one live pool. A tenant that cannot be reached
 * at start-up is retried in the background; readiness stays DOWN meanwhile.
 */
@Injectable()
export class TenantRegistry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Tenancy');
  private readonly entries = new Map<string, TenantEntry>();
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
    for (const definition of this.definitions) this.entries.set(definition.domain, { definition });
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

  domains(): string[] {
    return [...this.entries.keys()];
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
    const checks = [...this.entries.values()]
      .map((entry) => entry.pool)
      .filter((pool): pool is TenantPool => pool !== undefined)
      .map((pool) => pool.check(this.config.health.checkTimeoutMs));
    await Promise.all(checks);
  }

  /**
   * Points a tenant at a database (new or changed): a fresh pool is opened, migrated and initialized
   * while the previous one keeps serving, then swapped in atomically; the previous pool closes after
   * the requests that hold it finish. On failure nothing changes and the error is rethrown.
   */
  async replace(definition: TenantDefinition): Promise<void> {
    const pool = await this.openPool(definition);
    const entry = this.entries.get(definition.domain) ?? { definition };
    clearTimeout(entry.retryTimer);
    entry.definition = definition;
    this.entries.set(definition.domain, entry);
    this.swap(entry, pool);
  }

  /** Removes a tenant from routing at once; its pool closes after its requests finish. */
  remove(domain: string): boolean {
    const entry = this.entries.get(domain);
    if (!entry) return false;
    this.entries.delete(domain);
    clearTimeout(entry.retryTimer);
    entry.pool?.retire(this.config.poolRetireTimeoutMs);
    return true;
  }

  /** First activation of a configured tenant; on failure retries in the background. */
  private activate(entry: TenantEntry): Promise<boolean> {
    entry.activation ??= this.openPool(entry.definition)
      .then((pool) => {
        if (this.stopped || this.entries.get(entry.definition.domain) !== entry) {
          void pool.close();
          return false;
        }
        this.swap(entry, pool);
        return true;
      })
      .catch((error: unknown) => {
        this.logger.warn(
          `Tenant ${entry.definition.domain}: database not ready (${describeDatabaseError(error)}); ` +
            `retrying in ${this.config.tenantRetryIntervalMs} ms`,
        );
        this.scheduleRetry(entry);
        return false;
      })
      .finally(() => {
        entry.activation = undefined;
      });
    return entry.activation;
  }

  private async openPool(definition: TenantDefinition): Promise<TenantPool> {
    const dataSource = createTenantDataSource(
      tenantConnection(definition),
      this.config.pool,
      this.schema,
      `timetable:${definition.domain}`,
      (error) => this.logger.warn(`Tenant ${definition.domain}: pool error (${describeDatabaseError(error)})`),
    );
    try {
      await dataSource.initialize();
      const applied = await runMigrationsLocked(dataSource);
      if (applied > 0) this.logger.log(`Tenant ${definition.domain}: applied ${applied} migration(s)`);
      for (const initializer of this.initializers) await initializer.initializeTenant(dataSource, definition);
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      throw error;
    }
    const pool = new TenantPool(dataSource);
    await pool.check(this.config.health.checkTimeoutMs);
    return pool;
  }

  private swap(entry: TenantEntry, pool: TenantPool): void {
    const previous = entry.pool;
    entry.pool = pool;
    previous?.retire(this.config.poolRetireTimeoutMs);
    this.logger.log(`Tenant ${entry.definition.domain}: ready`);
  }

  private scheduleRetry(entry: TenantEntry): void {
    if (this.stopped) return;
    clearTimeout(entry.retryTimer);
    entry.retryTimer = setTimeout(() => void this.activate(entry), this.config.tenantRetryIntervalMs);
    entry.retryTimer.unref();
  }
}
