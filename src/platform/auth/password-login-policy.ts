import { UserAccount } from './account-directory';

/**
 * Whether a tenant still lets an account sign in with its password. The platform declares the port and
 * never imports a feature; single sign-on binds it (`AuthModule.withAccounts(UsersModule,
 * SingleSignOnModule)`). Without a binding every password login is allowed.
 */
export abstract class PasswordLoginPolicy {
  /** A Russian refusal when the account must use another way in; undefined when the password will do. */
  abstract refusal(account: UserAccount): Promise<string | undefined>;
}
