import { DataSource } from 'typeorm';
import { Pool, QueryConfig, QueryResult } from 'pg';
import { canonicalTimeZone } from '../http/time-zones';

/**
 * The health check's query: proves the database answers and brings the zone the university's ADMIN
 * stored in it, so a change made on another instance is seen here within one check interval.
 */
export const HEALTH_CHECK_SQL = 'SELECT (SELECT time_zone FROM university_settings WHERE singleton) AS time_zone';

/**
 * One generation of a tenant's connection pool. Requests lease it for their whole life; when a newer
 * generation replaces it, it closes once its last lease ends (or after a protective timeout).
 */
export class TenantPool {
  private activeLeases = 0;
  private retired = false;
  private closing?: Promise<void>;
  lastCheck?: { ok: boolean; at: number };
  /** The time zone stored in the university's own database (`university_settings`), if it chose one. */
  private storedZone?: string;
  /** Bumped when this instance stores a zone, so a check that read before the write cannot undo it. */
  private zoneWrites = 0;
  private checkInFlight = false;

  constructor(
    readonly dataSource: DataSource,
    /** The identity of the database behind this pool; access tokens carry it (see TenantIdentity). */
    readonly databaseId: string,
  ) {}

  acquire(): void {
    this.activeLeases++;
  }

  release(): void {
    this.activeLeases--;
    if (this.retired && this.activeLeases <= 0) void this.close();
  }

  get ownTimeZone(): string | undefined {
    return this.storedZone;
  }

  /** Takes a zone this instance has just stored into use at once. */
  noteOwnTimeZone(timeZone: string | undefined): void {
    this.storedZone = timeZone;
    this.zoneWrites++;
  }

  /** Open, idle and awaited connections of the pg pool. */
  usage(): { total: number; idle: number; waiting: number } {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
  }

  /** Changes how many connections the pg pool may open (pg reads it on every connect). */
  setMaxConnections(max: number): void {
    const pool = (this.dataSource.driver as unknown as { master?: Pool & { options: { max: number } } }).master;
    if (pool) pool.options.max = max;
  }

  get leases(): number {
    return this.activeLeases;
  }

  /** Stops new use; closes now if idle, otherwise when the last lease ends or the timeout fires. */
  retire(timeoutMs: number): void {
    this.retired = true;
    if (this.activeLeases <= 0) {
      void this.close();
      return;
    }
    setTimeout(() => void this.close(), timeoutMs).unref();
  }

  close(): Promise<void> {
    this.closing ??= this.dataSource.isInitialized
      ? this.dataSource.destroy().catch(() => undefined)
      : Promise.resolve();
    return this.closing;
  }

  /**
   * `HEALTH_CHECK_SQL` bounded by `timeoutMs`; a successful one refreshes `ownTimeZone`. The pg pool destroys a client whose query failed or timed out,
   * so a hung server cannot keep the connection. Overlapping checks are skipped.
   */
  async check(timeoutMs: number): Promise<void> {
    if (this.checkInFlight || this.closing) return;
    this.checkInFlight = true;
    const writes = this.zoneWrites;
    let timer: NodeJS.Timeout | undefined;
    try {
      const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
      // pg honours a per-query `query_timeout` that its typings do not declare.
      const check: QueryConfig & { query_timeout: number } = { text: HEALTH_CHECK_SQL, query_timeout: timeoutMs };
      const query: Promise<QueryResult> = pool.query(check);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), timeoutMs);
      });
      const result = await Promise.race([query, timeout]);
      const stored: unknown = (result.rows[0] as { time_zone?: unknown } | undefined)?.time_zone;
      // A value written past the API that no longer names a zone is ignored, not served.
      if (writes === this.zoneWrites) this.storedZone = canonicalTimeZone(stored);
      this.lastCheck = { ok: true, at: Date.now() };
    } catch {
      this.lastCheck = { ok: false, at: Date.now() };
    } finally {
      clearTimeout(timer);
      this.checkInFlight = false;
    }
  }
}
