import { Injectable } from '@nestjs/common';
import { TenantDb } from '../database/tenant-db';
import { AccountDirectory } from './account-directory';
import { PasswordHasher } from './password-hasher';
import { RefreshTokens } from './refresh-tokens';

/** CHANGE: the user's own change (current password given); RESET: an administrator set it. */
export type PasswordEventKind = 'CHANGE' | 'RESET';

export interface PasswordReplacement {
  userId: number;
  /** Who sets it: the user themself for CHANGE, the administrator for RESET. */
  actorId: number;
  kind: PasswordEventKind;
  newPassword: string;
  /** The hash the caller verified the current password against; the change applies only while it is still stored. */
  expectedHash?: string;
}

/**
 * Setting a password, shared by the self-service change and the administrator's reset: one
 * transaction stores the new hash, revokes every refresh token of the user (all their sessions end
 * at their next refresh) and writes the audit row (who, whom, when; never the password).
 */
@Injectable()
export class Passwords {
  constructor(
    private readonly db: TenantDb,
    private readonly accounts: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  /** False when the stored hash is no longer `expectedHash` (a parallel change won) or the user is gone. */
  async replace(change: PasswordReplacement): Promise<boolean> {
    // Hashing takes tens of milliseconds: before the transaction, not while holding the row.
    const passwordHash = await this.hasher.hash(change.newPassword);
    return this.db.transaction(async () => {
      // Compare-and-set on the hash: of two parallel changes with the same current password, one wins.
      if (!(await this.accounts.setPasswordHash(change.userId, passwordHash, change.expectedHash))) return false;
      await this.refreshTokens.revokeAllOf(change.userId);
      await this.db.execute(`INSERT INTO password_events (user_id, actor_id, kind) VALUES ($1, $2, $3)`, [
        change.userId,
        change.actorId,
        change.kind,
      ]);
      return true;
    });
  }
}
