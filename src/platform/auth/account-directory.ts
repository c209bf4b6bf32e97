import { Role } from './roles';

/** What authentication needs to know about a user. */
export interface UserAccount {
  id: number;
  username: string;
  passwordHash: string;
  role: Role;
  status: 'ACTIVE' | 'ARCHIVED';
  /** Department of the primary assignment in effect today, or null. */
  departmentId: number | null;
}

/**
 * The port through which authentication reads accounts. The platform declares it and never imports a
 * feature; the users module binds it (`AuthModule.withAccounts(UsersModule)` in the app module), the
 * way the schedule core declares the teacher-availability port.
 */
export abstract class AccountDirectory {
  abstract findByUsername(username: string): Promise<UserAccount | undefined>;
  abstract findById(id: number): Promise<UserAccount | undefined>;
  /**
   * Stores a new password hash, only while the stored one is still `expectedHash` when given (of two
   * parallel changes with the same current password, one wins). False when it is not, or the user is gone.
   */
  abstract setPasswordHash(userId: number, passwordHash: string, expectedHash?: string): Promise<boolean>;
}
