import { Injectable } from '@nestjs/common';
import { UserAccount } from '../platform/auth/account-directory';
import { PasswordLoginPolicy } from '../platform/auth/password-login-policy';
import { buttonText } from './sso-settings.service';
import { SsoRepository } from './sso.repository';

/**
 * Binds authentication's password-login port: a tenant with single sign-on on may close password
 * login to everyone but administrators (the bootstrap administrator must always get in, also when
 * the provider is down).
 */
@Injectable()
export class SsoPasswordPolicy implements PasswordLoginPolicy {
  constructor(private readonly repository: SsoRepository) {}

  async refusal(account: UserAccount): Promise<string | undefined> {
    if (account.role === 'ADMIN') return undefined;
    const settings = await this.repository.settings();
    if (!settings?.enabled || settings.passwordLoginAllowed) return undefined;
    return `Вход по паролю в этом университете отключён: нажмите «${buttonText(settings.displayName)}»`;
  }
}
