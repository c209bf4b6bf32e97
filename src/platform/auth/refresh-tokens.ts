import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { int, rowShape } from '../database/row-shape';
import { TenantDb } from '../database/tenant-db';

const CONSUMED = rowShape({ user_id: int });

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque refresh tokens; only their SHA-256 is stored, in the tenant's own database. */
@Injectable()
export class RefreshTokens {
  constructor(private readonly db: TenantDb) {}

  async issue(userId: number, ttlSeconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.execute(
      `INSERT INTO refresh_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [userId, hashToken(token), ttlSeconds],
    );
    return token;
  }

  /**
   * Revokes a live token and returns its user. One conditional UPDATE, so of two parallel uses of the
   * same token exactly one sees the row; the other gets undefined.
   */
  async consume(token: string): Promise<number | undefined> {
    const rows = await this.db.rows(CONSUMED,
      `UPDATE refresh_tokens SET revoked_at = now()
        WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashToken(token)],
    );
    return rows[0]?.user_id;
  }

  async revoke(token: string): Promise<void> {
    await this.db.execute(`UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [
      hashToken(token),
    ]);
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.db.execute(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }
}
