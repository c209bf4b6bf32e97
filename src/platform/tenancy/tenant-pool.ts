import { DataSource } from 'typeorm';
import { Pool, QueryConfig, QueryResult } from 'pg';

/**
 * One generation of a tenant's connection pool. Requests lease it for their whole life; when a newer
 * generation replaces it, it closes once its last lease ends (or after a protective timeout).
 */
export class TenantPool {
  private activeLeases = 0;
  private retired = false;
  private closing?: Promise<void>;
  lastCheck?: { ok: boolean; at: number };
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
   * `SELECT 1` bounded by `timeoutMs`. The pg pool destroys a client whose query failed or timed out,
   * so a hung server cannot keep the connection. Overlapping checks are skipped.
   */
  async check(timeoutMs: number): Promise<void> {
    if (this.checkInFlight || this.closing) return;
    this.checkInFlight = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
      // pg honours a per-query `query_timeout` that its typings do not declare.
      const check: QueryConfig & { query_timeout: number } = { text: 'SELECT 1', query_timeout: timeoutMs };
      const query: Promise<QueryResult> = pool.query(check);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), timeoutMs);
      });
      await Promise.race([query, timeout]);
      this.lastCheck = { ok: true, at: Date.now() };
    } catch {
      this.lastCheck = { ok: false, at: Date.now() };
    } finally {
      clearTimeout(timer);
      this.checkInFlight = false;
    }
  }
}
