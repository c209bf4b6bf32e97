import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { float, int, nullable, rowShape, RowType, text, timestamp } from '../database/row-shape';
import { TenantDb } from '../database/tenant-db';
import { registerFailure, remainingBlockSeconds, ThrottleState } from './login-throttle';

/** A `login_throttle` row as `SELECT *` answers it. */
const THROTTLE_ROW = rowShape({
  throttle_key: text,
  failures: int,
  block_level: int,
  blocked_until: nullable(timestamp),
  last_failure_at: timestamp,
  /** The database's clock, in epoch milliseconds: every instance reads the same one. */
  db_now: float,
});
type ThrottleRow = RowType<typeof THROTTLE_ROW>;

function toState(row: ThrottleRow | undefined): ThrottleState | undefined {
  if (!row) return undefined;
  return {
    failures: row.failures,
    blockLevel: row.block_level,
    blockedUntil: row.blocked_until ? row.blocked_until.getTime() : null,
    lastFailureAt: row.last_failure_at.getTime(),
  };
}

/**
 * Login failure counters in the tenant database (shared by every instance), timed by the database's
 * clock. The arithmetic is in
 * login-throttle.ts. An attempt is counted as a failure before its password is checked, under a row
 * lock, and a success deletes the counter: so however many attempts arrive at once, on whichever
 * instance, at most `maxFailures` of them get a password check before the block.
 */
@Injectable()
export class ThrottleStore {
  constructor(
    private readonly db: TenantDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Claims one attempt for `key`: the seconds left in its block (nothing claimed), or 0 when the
   * attempt may check its password, which then already counts as a failure (and may start the block).
   */
  async claimAttempt(key: string): Promise<number> {
    await this.deleteExpired();
    return this.db.transaction(async () => {
      await this.db.execute(
        `INSERT INTO login_throttle (throttle_key, failures, last_failure_at) VALUES ($1, 0, now())
         ON CONFLICT (throttle_key) DO NOTHING`,
        [key],
      );
      const rows = await this.db.rows(
        THROTTLE_ROW,
        `SELECT *, extract(epoch FROM clock_timestamp())::float8 * 1000 AS db_now FROM login_throttle WHERE throttle_key = $1 FOR UPDATE`,
        [key],
      );
      const now = rows[0].db_now;
      const current = rows[0].failures === 0 ? undefined : toState(rows[0]);
      const blockedFor = remainingBlockSeconds(current, now);
      if (blockedFor > 0) return blockedFor;
      const next = registerFailure(current, now, this.config.loginThrottle);
      await this.db.execute(
        `UPDATE login_throttle SET failures = $2, block_level = $3, blocked_until = $4, last_failure_at = $5
          WHERE throttle_key = $1`,
        [key, next.failures, next.blockLevel, next.blockedUntil ? new Date(next.blockedUntil) : null, new Date(next.lastFailureAt)],
      );
      return 0;
    });
  }

  /**
   * Counters whose window passed after their last failure, with no block running (what `liveState`
   * drops), of every key: the table keeps only live ones, however many names are tried.
   */
  private async deleteExpired(): Promise<void> {
    await this.db.execute(
      `DELETE FROM login_throttle
        WHERE last_failure_at < clock_timestamp() - $1::interval AND (blocked_until IS NULL OR blocked_until <= clock_timestamp())`,
      [`${this.config.loginThrottle.failureWindowSeconds} seconds`],
    );
  }

  /** A successful login clears the key's counter. */
  async reset(key: string): Promise<void> {
    await this.db.execute(`DELETE FROM login_throttle WHERE throttle_key = $1`, [key]);
  }
}
