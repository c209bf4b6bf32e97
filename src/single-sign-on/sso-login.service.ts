import { Inject, Injectable, Logger } from '@nestjs/common';
import { Request } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig, parseNetwork } from '../config/app-config';
import { clientAddress } from '../platform/auth/address-throttle';
import { AccountDirectory, UserAccount } from '../platform/auth/account-directory';
import { PasswordHasher } from '../platform/auth/password-hasher';
import type { Role } from '../platform/auth/roles';
import { Sessions, SignedIn } from '../platform/auth/sessions';
import { TenantDb } from '../platform/database/tenant-db';
import { classifyDatabaseError } from '../platform/database/pg-errors';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { AccountCreation } from '../users';
import { OidcProvider, refusalReason, UnusableProvider } from './provider';
import { CALLBACK_PATH, GUARDED_ROLES, SsoSettingsService } from './sso-settings.service';
import { SsoRepository, StoredSettings } from './sso.repository';
import { ATTEMPT_INVALID, NOT_CONFIGURED, PROVIDER_REFUSED, PROVIDER_UNAVAILABLE, SETTINGS_UNREADABLE, SsoRefusal } from './sso-refusal';

/** How long a started sign-in may take at the provider (typing a password, a second factor). */
export const ATTEMPT_TTL_SECONDS = 600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Roles a first sign-in may create, the more specific first (a teacher who also studies is a teacher). */
const CREATABLE: readonly Role[] = ['TEACHER', 'STUDENT'];

interface Identity {
  issuer: string;
  subject: string;
  username: string | undefined;
  email: string | undefined;
  /** Whether the provider says it verified the address (`email_verified` exactly true). */
  emailVerified: boolean;
  fullName: string | undefined;
  /** The roles the provider's groups map to; undefined when the tenant maps no groups. */
  mappedRoles: Role[] | undefined;
}

/** The authorization-code flow with PKCE, and the decision which account the provider's user is. */
@Injectable()
export class SsoLoginService {
  private readonly logger = new Logger('SingleSignOn');
  /** LOGIN_TRUSTED_NETWORKS: addresses the login throttles never count, nor does this one. */
  private readonly trusted = new BlockList();
  private readonly limits: { perMinute: number; cap: number };

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly settingsService: SsoSettingsService,
    private readonly repository: SsoRepository,
    private readonly provider: OidcProvider,
    private readonly accounts: AccountDirectory,
    private readonly creation: AccountCreation,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly db: TenantDb,
  ) {
    for (const entry of config.loginThrottle.trustedNetworks) {
      const network = parseNetwork(entry);
      if (network) this.trusted.addSubnet(network.address, network.prefix, network.family);
    }
    this.limits = { perMinute: config.sso.startsPerMinute, cap: config.sso.maxAttempts };
  }

  /**
   * Starts a sign-in: state, nonce and PKCE verifier are stored once, bound to the browser's cookie
   * value (only its hash is kept); the answer is the provider's authorization URL. Anonymous and
   * writing a row, so limited per client address (429) and capped per university (oldest dropped).
   * The redirect URI is the university's public address, never the request's Host header.
   */
  async start(req: Request, browser: string): Promise<string> {
    const settings = await this.enabledSettings();
    const client = { ...(await this.clientOf(settings)), redirectUri: `${this.settingsService.origin()}${CALLBACK_PATH}` };
    const metadata = await this.metadata(settings);
    const started = this.provider.start(metadata, client);
    const address = clientAddress(req.ip ?? '');
    const trusted = address !== '' && this.trusted.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
    const retryAfter = await this.repository.saveAttempt(
      sha256(started.state),
      { browserHash: sha256(browser), nonce: started.nonce, codeVerifier: started.codeVerifier, redirectUri: client.redirectUri },
      { addressHash: trusted ? null : sha256(`sso-start|${address}`), perMinute: this.limits.perMinute, cap: this.limits.cap, ttlSeconds: ATTEMPT_TTL_SECONDS },
    );
    if (retryAfter > 0) {
      this.logger.warn(`sign-in start refused: more than ${this.limits.perMinute} starts a minute from one address`);
      throw new SsoRefusal(429, 'Слишком много попыток входа с этого адреса. Повторите через минуту', retryAfter);
    }
    return started.url;
  }

  /** Completes a sign-in from the provider's redirect; throws SsoRefusal with the page's Russian reason. */
  async finish(query: Record<string, unknown>, browser: string | undefined): Promise<SignedIn> {
    const params: Record<string, string> = {};
    for (const name of ['code', 'state', 'iss', 'error', 'error_description', 'session_state']) {
      if (typeof query[name] === 'string') params[name] = query[name];
    }
    if (!params.state) throw new SsoRefusal(400, ATTEMPT_INVALID);
    // Taken (deleted) first: a replayed state finds nothing, whatever else is wrong with the request.
    const attempt = await this.repository.takeAttempt(sha256(params.state));
    if (!attempt || !browser || sha256(browser) !== attempt.browserHash) throw new SsoRefusal(400, ATTEMPT_INVALID);
    if (params.error) {
      this.logger.log(`sign-in ended at the provider: ${params.error.slice(0, 60)}`);
      throw new SsoRefusal(403, 'Вход отменён на стороне поставщика входа университета');
    }
    const settings = await this.enabledSettings();
    const client = { ...(await this.clientOf(settings)), redirectUri: attempt.redirectUri };
    const metadata = await this.metadata(settings);
    let claims: Record<string, unknown>;
    try {
      const needed = [settings.usernameClaim, 'email', 'name', ...(settings.rolesClaim ? [settings.rolesClaim] : [])];
      claims = await this.provider.finish(metadata, client, params, { state: params.state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier }, needed);
    } catch (error) {
      this.logger.warn(`sign-in refused: ${refusalReason(error)}`);
      throw new SsoRefusal(400, PROVIDER_REFUSED);
    }
    const identity = this.identityOf(settings, String(metadata.issuer), claims);
    const account = await this.accountOf(settings, identity);
    if (account.status !== 'ACTIVE') throw new SsoRefusal(403, 'Ваша учётная запись в расписании в архиве. Обратитесь к администратору университета');
    return this.sessions.start(account, 'Вход через университет выполнен');
  }

  private identityOf(settings: StoredSettings, issuer: string, claims: Record<string, unknown>): Identity {
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    const email = text(claims.email)?.toLowerCase();
    if (settings.emailDomains.length > 0) {
      const domain = email?.split('@')[1];
      if (!email || !domain || claims.email_verified === false || !settings.emailDomains.includes(domain)) {
        throw new SsoRefusal(403, `Вход разрешён только с адресами почты университета (${settings.emailDomains.join(', ')})`);
      }
    }
    let mappedRoles: Role[] | undefined;
    if (settings.rolesClaim) {
      const raw = claims[settings.rolesClaim];
      const values = (Array.isArray(raw) ? raw : [raw]).filter((value): value is string => typeof value === 'string');
      mappedRoles = [...new Set(settings.roleMapping.filter((item) => values.includes(item.value)).map((item) => item.role))];
      if (mappedRoles.length === 0) {
        throw new SsoRefusal(403, 'Ваши группы у поставщика входа не сопоставлены ни одной роли расписания. Обратитесь к администратору университета');
      }
    }
    return {
      issuer,
      subject: String(claims.sub),
      username: text(claims[settings.usernameClaim]),
      email,
      emailVerified: claims.email_verified === true,
      fullName: text(claims.name),
      mappedRoles,
    };
  }

  /**
   * The linked account: by the provider's subject (so a renamed account still matches), else by the
   * name the administrator linked, else by the same username; a bound link is never moved to another
   * subject. An unknown user is created only when the tenant allows it, as TEACHER or STUDENT.
   *
   * A username is only a hint (OpenID Connect Core: `preferred_username` is not unique), so a link
   * the administrator did not make holds only while the provider's groups grant the account's role,
   * and never for an ADMIN; this is checked at every sign-in, so a link bound before (or a role
   * raised since) gets no further than the groups vouch for. Nothing is ever linked by e-mail.
   * A link the administrator made to an ADMIN or EDUCATION_OFFICE account binds, and keeps signing
   * in, only a provider user whose groups grant exactly that role (issue 52): a provider name alone
   * never makes an administrator.
   */
  private async accountOf(settings: StoredSettings, identity: Identity): Promise<UserAccount> {
    const bound = await this.repository.linkBySubject(identity.issuer, identity.subject);
    if (bound) {
      const account = await this.existing(bound.userId);
      if (bound.externalName === null) this.vouchedFor(account, identity);
      else this.grantedByGroups(account, identity);
      return account;
    }
    const name = identity.username;
    if (!name) throw new SsoRefusal(403, `Поставщик входа не передал имя пользователя (утверждение «${settings.usernameClaim}»)`);

    const named = await this.repository.linkByExternalName(name);
    const account = named ? await this.existing(named.userId) : await this.accounts.findByUsername(name.toLowerCase());
    if (account) {
      if (named) this.grantedByGroups(account, identity);
      else this.vouchedFor(account, identity);
      const link = named ?? (await this.repository.linkOfUser(account.id));
      // Linked by the administrator to another provider name, or already bound to another subject.
      const takenElsewhere = link && (link.subject !== null || (link.externalName !== null && link.externalName.toLowerCase() !== name.toLowerCase()));
      if (takenElsewhere || !(await this.repository.bindSubject(account.id, identity.issuer, identity.subject))) {
        throw new SsoRefusal(403, 'Учётная запись расписания уже связана с другим пользователем поставщика. Обратитесь к администратору университета');
      }
      return account;
    }
    if (!settings.createUsers) {
      throw new SsoRefusal(403, `Пользователь «${name}» не найден в расписании университета. Обратитесь к администратору`);
    }
    const role = CREATABLE.find((candidate) => identity.mappedRoles?.includes(candidate));
    if (!role) {
      throw new SsoRefusal(403, 'Автоматически создаются только студенты и преподаватели, а ваши группы у поставщика им не сопоставлены. Обратитесь к администратору');
    }
    return this.create(name, role, identity);
  }

  /** Refuses a link the administrator did not make unless the provider's groups grant the account's role. */
  private vouchedFor(account: UserAccount, identity: Identity): void {
    if (account.role !== 'ADMIN' && identity.mappedRoles?.includes(account.role)) return;
    this.logger.warn(`sign-in refused: implicit link to a ${account.role} account ${account.id} not granted by the provider's groups`);
    throw new SsoRefusal(
      403,
      account.role === 'ADMIN'
        ? 'Учётная запись администратора входит через университет только по связи, которую задал администратор. Обратитесь к администратору университета'
        : 'Ваши группы у поставщика входа не дают роль этой учётной записи расписания. Попросите администратора университета связать учётные записи вручную',
    );
  }

  /** Refuses a named link to an ADMIN or EDUCATION_OFFICE account unless the provider's groups grant that role. */
  private grantedByGroups(account: UserAccount, identity: Identity): void {
    if (!GUARDED_ROLES.includes(account.role) || identity.mappedRoles?.includes(account.role)) return;
    this.logger.warn(`sign-in refused: named link to a ${account.role} account ${account.id} not granted by the provider's groups`);
    throw new SsoRefusal(
      403,
      'Ваши группы у поставщика входа не дают роль учётной записи, с которой вас связал администратор. Обратитесь к администратору университета',
    );
  }

  private async create(username: string, role: Role, identity: Identity): Promise<UserAccount> {
    // The account gets a random password nobody knows: it signs in through the provider only.
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    try {
      const id = await this.db.transaction(async () => {
        // Only an address the provider verified, and one no other account has: mail to it reaches this person.
        const email = identity.email && identity.emailVerified && !(await this.creation.emailTaken(identity.email)) ? identity.email : undefined;
        const userId = await this.creation.create({ username, passwordHash, role, fullName: identity.fullName ?? username, jobTitle: '', email });
        await this.repository.bindSubject(userId, identity.issuer, identity.subject);
        return userId;
      });
      this.logger.log(`created ${role} user ${id} on first sign-in`);
      return this.existing(id);
    } catch (error) {
      // Two first sign-ins of one person at once: the unique username or subject lets one win.
      if (classifyDatabaseError(error)?.kind === 'unique') throw new SsoRefusal(409, 'Вход уже выполняется в другой вкладке. Повторите попытку');
      throw error;
    }
  }

  private async existing(userId: number): Promise<UserAccount> {
    const account = await this.accounts.findById(userId);
    if (!account) throw new SsoRefusal(403, 'Пользователь не найден в расписании университета');
    return account;
  }

  private async enabledSettings(): Promise<StoredSettings> {
    const settings = await this.repository.settings();
    if (!settings?.enabled) throw new SsoRefusal(404, NOT_CONFIGURED);
    return settings;
  }

  private clientOf(settings: StoredSettings): Promise<{ clientId: string; clientSecret: string }> {
    const clientSecret = this.settingsService.box.open(settings.clientSecretSealed);
    if (!clientSecret) {
      this.logger.warn('the stored client secret cannot be opened (JWT_SECRET changed?)');
      throw new SsoRefusal(503, SETTINGS_UNREADABLE);
    }
    return Promise.resolve({ clientId: settings.clientId, clientSecret });
  }

  private async metadata(settings: StoredSettings) {
    try {
      return await this.provider.metadataOf(currentTenant().tenantKey, settings.updatedAt.toISOString(), settings.issuerUrl);
    } catch (error) {
      if (error instanceof UnusableProvider) throw new SsoRefusal(503, PROVIDER_UNAVAILABLE);
      throw error;
    }
  }
}
