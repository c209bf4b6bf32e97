import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { AccountDirectory } from '../platform/auth/account-directory';
import type { AuthUser } from '../platform/auth/auth-user';
import type { Role } from '../platform/auth/roles';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { TenantDb } from '../platform/database/tenant-db';
import { publicOrigin } from '../platform/http/public-address';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { OidcProvider, UnusableProvider } from './provider';
import { SecretBox } from './secret-box';
import { SsoLinkRequest, SsoLinkResponse, SsoPublicResponse, SsoSettingsRequest, SsoSettingsResponse } from './sso.dto';
import { RoleMapping, SsoRepository, StoredSettings } from './sso.repository';

export const CALLBACK_PATH = '/api/auth/sso/callback';
const USER_NOT_FOUND = 'Пользователь не найден';

/** Roles a named link binds only when the provider's groups grant exactly that role (issue 52). */
export const GUARDED_ROLES: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

export function buttonText(displayName: string): string {
  return `Войти через ${displayName}`;
}

/** The tenant's settings as the administrator and the login page see them; the secret stays sealed. */
@Injectable()
export class SsoSettingsService {
  readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: SsoRepository,
    private readonly provider: OidcProvider,
    private readonly accounts: AccountDirectory,
    private readonly db: TenantDb,
  ) {
    this.box = new SecretBox(config.jwt.secret as string);
  }

  /**
   * The university's public address (PUBLIC_URL with its domain), never the request's Host header:
   * redirect URIs and the post-logout address must not follow what a client puts there.
   */
  origin(): string {
    return publicOrigin(this.config, currentTenant().tenantKey);
  }

  async get(): Promise<SsoSettingsResponse> {
    const stored = await this.repository.settings();
    return toResponse(stored, this.origin());
  }

  /**
   * Saves after the provider's discovery document proved usable (when enabled): a wrong address or a
   * provider that cannot do the code flow with PKCE answers 400 and the previous settings stay.
   */
  async save(caller: AuthUser, body: SsoSettingsRequest): Promise<SsoSettingsResponse> {
    const mapping = new Map<string, RoleMapping>();
    for (const item of body.roleMapping ?? []) mapping.set(item.value, { value: item.value, role: item.role });
    // New users get their role from the mapping only: without one nobody could ever be created.
    if (body.createUsers && (!body.rolesClaim || ![...mapping.values()].some((item) => item.role === 'STUDENT' || item.role === 'TEACHER'))) {
      throw new BadRequestError('Поле «createUsers»: чтобы создавать пользователей, укажите утверждение групп и сопоставьте группы ролям STUDENT или TEACHER').at('createUsers');
    }
    const previous = await this.repository.settings();
    const secret = body.clientSecret?.trim() ? body.clientSecret.trim() : previous ? this.box.open(previous.clientSecretSealed) : undefined;
    if (!secret) throw new BadRequestError('Поле «clientSecret» обязательно: секрет клиента ещё не сохранён').at('clientSecret');
    const issuerUrl = body.issuerUrl.replace(/\/+$/, '');
    let endSessionUrl = previous?.issuerUrl === issuerUrl ? previous.endSessionUrl : null;
    try {
      if (body.enabled) {
        const metadata = await this.provider.discover(issuerUrl);
        endSessionUrl = webAddress(metadata.end_session_endpoint);
      } else {
        // Not called while off, but an address on an internal network is refused all the same.
        await this.provider.checkIssuerAddress(issuerUrl);
      }
    } catch (error) {
      if (error instanceof UnusableProvider) throw new BadRequestError(error.message).at('issuerUrl');
      throw error;
    }
    const saved = await this.repository.saveSettings(
      {
        enabled: body.enabled,
        issuerUrl,
        clientId: body.clientId,
        clientSecretSealed: this.box.seal(secret),
        displayName: body.displayName,
        usernameClaim: body.usernameClaim || 'preferred_username',
        rolesClaim: body.rolesClaim || null,
        roleMapping: [...mapping.values()],
        emailDomains: [...new Set(body.emailDomains ?? [])],
        createUsers: body.createUsers ?? false,
        passwordLoginAllowed: body.passwordLoginAllowed ?? true,
        endSessionUrl,
      },
      caller.userId,
    );
    this.provider.forget(currentTenant().tenantKey);
    return toResponse(saved, this.origin());
  }

  /** What the login page of any visitor may know: whether to show the button, and its text. */
  async publicView(): Promise<SsoPublicResponse> {
    const stored = await this.repository.settings();
    if (!stored?.enabled) return { enabled: false, buttonText: null, providerLogoutUrl: null };
    let providerLogoutUrl: string | null = null;
    if (webAddress(stored.endSessionUrl)) {
      const url = new URL(stored.endSessionUrl as string);
      url.searchParams.set('client_id', stored.clientId);
      url.searchParams.set('post_logout_redirect_uri', `${this.origin()}/`);
      providerLogoutUrl = url.toString();
    }
    return { enabled: true, buttonText: buttonText(stored.displayName), providerLogoutUrl };
  }

  links(): Promise<SsoLinkResponse[]> {
    return this.repository.links();
  }

  /** The administrator links a user to a provider name explicitly; a subject bound before is forgotten. */
  async setLink(caller: AuthUser, userId: number, body: SsoLinkRequest): Promise<SsoLinkResponse> {
    const account = await this.accounts.findById(userId);
    if (!account) throw new NotFoundError(USER_NOT_FOUND).at('id');
    if (GUARDED_ROLES.includes(account.role)) {
      const settings = await this.repository.settings();
      if (!grantsRole(settings?.rolesClaim ?? null, settings?.roleMapping ?? [], account.role)) {
        throw new BadRequestError(unguardedLink(account.role)).at('externalName');
      }
    }
    return this.db.transaction(async () => {
      const holder = await this.repository.linkByExternalName(body.externalName);
      if (holder && holder.userId !== userId) {
        throw new ConflictError(`Имя «${body.externalName}» у поставщика уже связано с другим пользователем`).at('externalName');
      }
      await this.repository.setExternalName(userId, body.externalName, caller.userId);
      return (await this.repository.link(userId)) as SsoLinkResponse;
    });
  }

  async removeLink(userId: number): Promise<SsoLinkResponse> {
    const link = await this.repository.link(userId);
    if (!link || !(await this.repository.removeLink(userId))) throw new NotFoundError('У пользователя нет связи со входом через университет');
    return link;
  }
}

/** Whether the university's settings map some provider group to `role` (and name the claim carrying groups). */
function grantsRole(rolesClaim: string | null, mapping: readonly RoleMapping[], role: Role): boolean {
  return Boolean(rolesClaim) && mapping.some((item) => item.role === role);
}

function unguardedLink(role: Role): string {
  return `Поле «externalName»: связь с учётной записью ${role} проверяется по группам поставщика, а ни одна группа не сопоставлена роли ${role}. Сначала укажите утверждение групп и сопоставьте группу этой роли в настройках входа`;
}

/** An http(s) address, or null: the login page links to it, so no other scheme may get there. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  return ['https:', 'http:'].includes(new URL(value).protocol) ? value : null;
}

function toResponse(stored: StoredSettings | undefined, origin: string): SsoSettingsResponse {
  return {
    configured: Boolean(stored),
    enabled: stored?.enabled ?? false,
    issuerUrl: stored?.issuerUrl ?? '',
    clientId: stored?.clientId ?? '',
    clientSecretSet: Boolean(stored?.clientSecretSealed),
    displayName: stored?.displayName ?? '',
    usernameClaim: stored?.usernameClaim ?? 'preferred_username',
    rolesClaim: stored?.rolesClaim ?? null,
    roleMapping: stored?.roleMapping ?? [],
    emailDomains: stored?.emailDomains ?? [],
    createUsers: stored?.createUsers ?? false,
    passwordLoginAllowed: stored?.passwordLoginAllowed ?? true,
    redirectUri: `${origin}${CALLBACK_PATH}`,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
  };
}
