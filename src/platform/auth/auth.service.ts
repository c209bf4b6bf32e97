import { Injectable, Optional } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import { AppError, BadRequestError, ConflictError, UnauthorizedError } from '../http/app-error';
import { currentTenant } from '../tenancy/tenant-context';
import { AccountDirectory, UserAccount } from './account-directory';
import { AuthUser } from './auth-user';
import { failedLogin } from './dto/auth.dto';
import { PasswordHasher } from './password-hasher';
import { PasswordLoginPolicy } from './password-login-policy';
import { Passwords } from './passwords';
import { RefreshTokens } from './refresh-tokens';
import { Sessions, SignedIn } from './sessions';
import { ThrottleStore } from './throttle-store';
import { AddressThrottle, clientAddress } from './address-throttle';

export const BAD_CREDENTIALS = 'Неверное имя пользователя или пароль';
export const SESSION_EXPIRED = 'Сессия истекла, войдите снова';
export const WRONG_CURRENT_PASSWORD = 'Текущий пароль указан неверно';
export const SAME_PASSWORD = 'Новый пароль должен отличаться от текущего';
export const PASSWORD_CHANGED_MEANWHILE = 'Пароль уже изменён другим запросом; войдите с новым паролем';

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly refreshTokens: RefreshTokens,
    private readonly throttle: ThrottleStore,
    private readonly addressThrottle: AddressThrottle,
    private readonly passwords: Passwords,
    private readonly metrics: Metrics,
    @Optional() private readonly passwordPolicy?: PasswordLoginPolicy,
  ) {}

  /**
   * Unknown user, wrong password and archived account all end in the same 401 after one password
   * check each, so neither the body nor the timing tells them apart.
   */
  async login(username: string, password: string, ip: string): Promise<SignedIn> {
    const normalized = username.trim().toLowerCase();
    const address = clientAddress(ip);
    const throttleKey = `${currentTenant().tenantKey}|${normalized}|${ip}`;

    // Password spraying: an address that failed on too many usernames is refused for any of them.
    const addressBlockedFor = await this.addressThrottle.claimAttempt(address, normalized);
    if (addressBlockedFor > 0) {
      this.metrics.loginBlocked(currentTenant().tenantKey, 'address');
      const message = `Слишком много неудачных попыток входа с этого адреса. Повторите через ${addressBlockedFor} с`;
      throw new AppError(429, message, { ...failedLogin(message) }, { 'Retry-After': String(addressBlockedFor) });
    }

    // The attempt counts as a failure before the password is checked, so parallel attempts cannot
    // get more password checks than the throttle allows; a success clears the counter.
    const blockedFor = await this.throttle.claimAttempt(throttleKey);
    if (blockedFor > 0) {
      this.metrics.loginBlocked(currentTenant().tenantKey, 'login');
      const message = `Слишком много неудачных попыток входа. Повторите через ${blockedFor} с`;
      throw new AppError(429, message, { ...failedLogin(message) }, { 'Retry-After': String(blockedFor) });
    }

    const account = normalized ? await this.accounts.findByUsername(normalized) : undefined;
    const passwordMatches = await this.hasher.verify(account?.passwordHash, password);
    if (!account || !passwordMatches || account.status !== 'ACTIVE') {
      throw new AppError(401, BAD_CREDENTIALS, { ...failedLogin(BAD_CREDENTIALS) });
    }

    await this.throttle.reset(throttleKey);
    await this.addressThrottle.succeeded(address, normalized);
    // Asked only after the password matched: a stranger cannot learn from the answer whether a name
    // exists or which role it has. 403, not 401: the credentials are right, this way in is closed.
    const refusal = await this.passwordPolicy?.refusal(account);
    if (refusal) throw new AppError(403, refusal, { ...failedLogin(refusal) });
    return this.signIn(account, 'Вход выполнен');
  }

  /** Rotates the refresh token: the presented one is revoked (single use) and a new pair is issued. */
  async refresh(refreshToken: string | undefined): Promise<SignedIn> {
    const userId = refreshToken ? await this.refreshTokens.consume(refreshToken) : undefined;
    const account = userId !== undefined ? await this.accounts.findById(userId) : undefined;
    if (!account || account.status !== 'ACTIVE') {
      throw new AppError(401, SESSION_EXPIRED, { ...failedLogin(SESSION_EXPIRED) });
    }
    return this.signIn(account, 'Сессия продлена');
  }

  /**
   * The caller's own password change. The current password is checked under the same throttle as a
   * login (5 failures, then blocks), so a stolen access token cannot be used to guess it. On success
   * every refresh token of the user is revoked (other sessions end at their next refresh) and this
   * session gets a fresh pair, so the caller stays signed in.
   */
  async changePassword(caller: AuthUser, currentPassword: string, newPassword: string): Promise<SignedIn> {
    const throttleKey = `${currentTenant().tenantKey}|password-change|${caller.userId}`;
    const blockedFor = await this.throttle.claimAttempt(throttleKey);
    if (blockedFor > 0) {
      this.metrics.loginBlocked(currentTenant().tenantKey, 'password-change');
      throw new AppError(429, `Слишком много неудачных попыток смены пароля. Повторите через ${blockedFor} с`, undefined, {
        'Retry-After': String(blockedFor),
      });
    }
    const account = await this.accounts.findById(caller.userId);
    if (!account || account.status !== 'ACTIVE') throw new UnauthorizedError(SESSION_EXPIRED);
    if (!(await this.hasher.verify(account.passwordHash, currentPassword))) throw new BadRequestError(WRONG_CURRENT_PASSWORD);
    await this.throttle.reset(throttleKey);
    if (newPassword === currentPassword) throw new BadRequestError(SAME_PASSWORD);

    const replaced = await this.passwords.replace({
      userId: account.id,
      actorId: account.id,
      kind: 'CHANGE',
      newPassword,
      expectedHash: account.passwordHash,
    });
    if (!replaced) throw new ConflictError(PASSWORD_CHANGED_MEANWHILE);
    return this.signIn(account, 'Пароль изменён; остальные сеансы завершатся при следующем обновлении');
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await this.refreshTokens.revoke(refreshToken);
  }

  private signIn(account: UserAccount, message: string): Promise<SignedIn> {
    return this.sessions.start(account, message);
  }
}
