import { Injectable } from '@nestjs/common';
import { TenantDb } from '../database/tenant-db';
import { currentTenant } from './tenant-context';
import { TenantRegistry } from './tenant-registry';

/**
 * The time zone a university's ADMIN chose, kept in the university's own database
 * (`university_settings`), so it needs no tenant store, no password and survives every restart.
 * This instance takes it into use at once; other instances at their next health check.
 */
@Injectable()
export class UniversityZone {
  constructor(
    private readonly db: TenantDb,
    private readonly registry: TenantRegistry,
  ) {}

  /** The zone the current university lives in, and whether it is its own choice (not the operator's or the default). */
  current(): { timeZone: string; own: boolean } {
    const { tenantKey } = currentTenant();
    return { timeZone: this.registry.timeZoneOf(tenantKey), own: this.registry.hasOwnTimeZone(tenantKey) };
  }

  /** Stores `timeZone` (a canonical IANA name, or null to follow the operator's entry again) for the current university. */
  async store(timeZone: string | null): Promise<void> {
    const { tenantKey } = currentTenant();
    await this.db.execute(`UPDATE university_settings SET time_zone = $1, updated_at = now() WHERE singleton`, [timeZone]);
    this.registry.noteOwnTimeZone(tenantKey, timeZone ?? undefined);
  }
}
