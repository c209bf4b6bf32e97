import { Injectable } from '@nestjs/common';
import { Role } from '../platform/auth/roles';
import { AssignmentsRepository } from './assignments.repository';
import { UsersRepository } from './users.repository';

/** An account another feature creates: an approved teacher request, a first single sign-on. */
export interface NewAccount {
  username: string;
  passwordHash: string;
  role: Role;
  fullName: string;
  jobTitle: string;
  email?: string | null;
  /** The primary department from `validFrom` on, open-ended. */
  primaryDepartment?: { departmentId: number; validFrom: string; comment: string | null; createdBy: number };
}

/**
 * Accounts created on behalf of other features (one owner per table: only users writes `users` and
 * `user_department_assignments`). Runs in the caller's transaction, which the ambient TenantDb joins.
 */
@Injectable()
export class AccountCreation {
  constructor(
    private readonly users: UsersRepository,
    private readonly assignments: AssignmentsRepository,
  ) {}

  usernameTaken(username: string): Promise<boolean> {
    return this.users.usernameTaken(username);
  }

  emailTaken(email: string): Promise<boolean> {
    return this.users.emailTaken(email);
  }

  /** The new user's id; `uq_users_username` refuses a login taken meanwhile. */
  async create(account: NewAccount): Promise<number> {
    const { username, passwordHash, role, fullName, jobTitle } = account;
    const userId = await this.users.insert({ username, passwordHash, role, fullName, jobTitle });
    if (account.email) await this.users.setEmail(userId, account.email);
    if (account.primaryDepartment) await this.assignments.insert({ userId, isPrimary: true, ...account.primaryDepartment });
    return userId;
  }
}
