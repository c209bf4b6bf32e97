import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { queryRows } from '../database/query-rows';
import { TenantDb } from '../database/tenant-db';
import { registerFailure, remainingBlockSeconds, ThrottleState } from './login-throttle';

interface ThrottleRow {
  failures: number;
  block_level: number;
  blocked_until: Date | null;
  last_failure_at: Date;
}

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
 * Login failure counters in the tenant database (shared by every instance). The arithmetic is in
 * login-throttle.ts; here each failure is applied under a row lock so parallel failures all count.
 */
@Injectable()
export class ThrottleStore {
  constructor(
    private readonly db: TenantDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Seconds left in the block of this key, 0 when attempts are allowed. */
  async blockedFor(key: string): Promise<number> {
    const rows = await this.db.query<ThrottleRow>(`SELECT * FROM login_throttle WHERE throttle_key = $1`, [key]);
    return remainingBlockSeconds(toState(rows[0]), Date.now());
  }

  async recordFailure(key: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO login_throttle (throttle_key, failures, last_failure_at) VALUES ($1, 0, now())
         ON CONFLICT (throttle_key) DO NOTHING`,
        [key],
      );
      const rows = await queryRows<ThrottleRow>(manager, `SELECT * FROM login_throttle WHERE throttle_key = $1 FOR UPDATE`, [key]);
      const current = rows[0].failures === 0 ? undefined : toState(rows[0]);
      const next = registerFailure(current, Date.now(), this.config.loginThrottle);
      await manager.query(
        `UPDATE login_throttle SET failures = $2, block_level = $3, blocked_until = $4, last_failure_at = $5
          WHERE throttle_key = $1`,
        [key, next.failures, next.blockLevel, next.blockedUntil ? new Date(next.blockedUntil) : null, new Date(next.lastFailureAt)],
      );
    });
  }

  async reset(key: string): Promise<void> {
    await this.db.query(`DELETE FROM login_throttle WHERE throttle_key = $1`, [key]);
  }
}
