import { Injectable, Logger } from '@nestjs/common';
import { BaseClient, custom, CustomHttpOptionsProvider, errors, generators, IdTokenClaims, Issuer, IssuerMetadata, TokenSet, UserinfoResponse } from 'openid-client';
import { InternalAddressError } from '../platform/net/outbound-addresses';
import { SsoAddresses } from './sso-addresses';

/** Every call to a provider gives up after this long, so a hung provider cannot hold a request. */
const PROVIDER_TIMEOUT_MS = 5000;
/** Clock difference tolerated between the provider and this service when checking `iat`, `exp`, `nbf`. */
export const CLOCK_SKEW_SECONDS = 10;
export const SCOPES = 'openid profile email';

custom.setHttpOptionsDefaults({ timeout: PROVIDER_TIMEOUT_MS });

/** A provider that cannot be used, with the Russian reason for the administrator. */
export class UnusableProvider extends Error {}

/** An ID token whose `iat` lies beyond the clock skew in the future (openid-client does not check it). */
export class IssuedInTheFuture extends Error {
  override readonly name = 'IssuedInTheFuture';
}

/**
 * ID-token algorithms signed with the provider's private key. `none` proves nothing, and HS* are keyed
 * with the client secret, which this service holds too: neither shows the provider issued the token.
 */
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^ES256K$|^EdDSA$/;

export interface ClientSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface StartedLogin {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The endpoints a discovery document names that this service calls or sends browsers to. */
const ENDPOINTS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri', 'end_session_endpoint'] as const;
const REQUIRED: ReadonlySet<string> = new Set(['authorization_endpoint', 'token_endpoint', 'jwks_uri']);

const INTERNAL_PROVIDER =
  'находится во внутренней сети (этот сервер, частные сети, link-local, служба метаданных облака): такой поставщик разрешается, только если оператор указал его узел в SSO_ALLOW_PRIVATE_HOSTS';

const withoutSlash = (text: string) => text.replace(/\/+$/, '');

/**
 * The university's OpenID Connect provider through `openid-client` (a certified relying-party
 * library): discovery, the authorization URL with PKCE (S256), state and nonce, and the callback's
 * checks of the ID token (signature against the provider's keys, issuer, audience, expiry with a
 * small skew, nonce). Discovery documents are cached per tenant until its settings change.
 */
@Injectable()
export class OidcProvider {
  private readonly logger = new Logger('SingleSignOn');
  private readonly discovered = new Map<string, { version: string; metadata: IssuerMetadata }>();
  /**
   * Every request openid-client makes (discovery, token, userinfo, keys) goes through the address
   * policy: a literal address is checked before, a name when the connection resolves it, and the
   * connection goes to exactly the address checked (no second resolution a rebinding name could use).
   */
  private readonly checkedHttp: CustomHttpOptionsProvider = (url) => {
    this.addresses.checkLiteral(url);
    return { timeout: PROVIDER_TIMEOUT_MS, lookup: this.addresses.pinnedLookup(url) };
  };
  /** Issuer.discover with the checked requests (a subclass, so no other use of openid-client is changed). */
  private readonly CheckedIssuer: { discover(issuer: string): Promise<Issuer> };

  constructor(private readonly addresses: SsoAddresses) {
    const checkedHttp = this.checkedHttp;
    this.CheckedIssuer = class extends Issuer {
      static override [custom.http_options] = checkedHttp;
    };
  }

  /** https, or http for a host the operator listed as the university's own; never credentials, query or fragment. */
  private allowedAddress(url: URL): boolean {
    if (url.username || url.password || url.hash) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && this.addresses.isAllowedHost(url));
  }

  /** The issuer's address checked without calling it (form, scheme, address policy); throws UnusableProvider. */
  async checkIssuerAddress(issuerUrl: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(issuerUrl);
    } catch {
      throw new UnusableProvider('Адрес поставщика должен быть вида https://sso.university.example/realms/main');
    }
    if (url.username || url.password || url.search || url.hash) {
      throw new UnusableProvider('Адрес поставщика не должен содержать имя, пароль, параметры или якорь');
    }
    if (!this.allowedAddress(url)) throw new UnusableProvider('Адрес поставщика должен начинаться с https://');
    if (await this.addresses.isInternal(url)) throw new UnusableProvider(`Адрес поставщика ${INTERNAL_PROVIDER}`);
    return url;
  }

  /** Reads and checks the discovery document; throws UnusableProvider with a Russian reason. */
  async discover(issuerUrl: string): Promise<IssuerMetadata> {
    const url = await this.checkIssuerAddress(issuerUrl);
    let issuer: Issuer;
    try {
      issuer = await this.CheckedIssuer.discover(url.toString());
    } catch (error) {
      if (error instanceof InternalAddressError) throw new UnusableProvider(`Адрес поставщика ${INTERNAL_PROVIDER}`);
      this.logger.warn(`discovery of ${url.origin} failed: ${error instanceof Error ? error.name : 'error'}`);
      throw new UnusableProvider(
        'Не удалось прочитать документ обнаружения поставщика (/.well-known/openid-configuration): проверьте адрес и доступность поставщика',
      );
    }
    const metadata = issuer.metadata;
    if (typeof metadata.issuer !== 'string' || withoutSlash(metadata.issuer) !== withoutSlash(url.toString())) {
      throw new UnusableProvider(`Поставщик называет себя «${String(metadata.issuer).slice(0, 200)}», а не указанным адресом`);
    }
    for (const field of ENDPOINTS) {
      const value = metadata[field];
      if (value === undefined && !REQUIRED.has(field)) continue;
      if (typeof value !== 'string') throw new UnusableProvider(`В документе обнаружения поставщика нет ${field}`);
      const endpoint = URL.canParse(value) ? new URL(value) : undefined;
      if (!endpoint || !this.allowedAddress(endpoint)) throw new UnusableProvider(`Адрес ${field} поставщика должен начинаться с https://`);
      if (await this.addresses.isInternal(endpoint)) throw new UnusableProvider(`Адрес ${field} поставщика ${INTERNAL_PROVIDER}`);
    }
    // Without the list the provider promises only what OpenID Connect requires of every provider: RS256.
    if (metadata.id_token_signing_alg_values_supported === undefined) metadata.id_token_signing_alg_values_supported = ['RS256'];
    const responseTypes = metadata.response_types_supported as string[] | undefined;
    if (Array.isArray(responseTypes) && !responseTypes.includes('code')) {
      throw new UnusableProvider('Поставщик не поддерживает поток с кодом авторизации (response_type=code)');
    }
    const algorithms = metadata.id_token_signing_alg_values_supported;
    if (Array.isArray(algorithms) && !algorithms.some((alg) => typeof alg === 'string' && ASYMMETRIC.test(alg))) {
      throw new UnusableProvider('Поставщик подписывает ID-токены только без подписи (none) или общим секретом (HS…): нужна подпись открытым ключом (например, RS256)');
    }
    const challenges = metadata.code_challenge_methods_supported as string[] | undefined;
    if (Array.isArray(challenges) && !challenges.includes('S256')) {
      throw new UnusableProvider('Поставщик не поддерживает PKCE с методом S256');
    }
    return metadata;
  }

  /** The cached discovery of a tenant's provider; `version` changes whenever the settings are saved. */
  async metadataOf(tenant: string, version: string, issuerUrl: string): Promise<IssuerMetadata> {
    const cached = this.discovered.get(tenant);
    if (cached?.version === version) return cached.metadata;
    const metadata = await this.discover(issuerUrl);
    this.discovered.set(tenant, { version, metadata });
    return metadata;
  }

  forget(tenant: string): void {
    this.discovered.delete(tenant);
  }

  start(metadata: IssuerMetadata, settings: ClientSettings): StartedLogin {
    const state = generators.state();
    const nonce = generators.nonce();
    const codeVerifier = generators.codeVerifier();
    const url = this.client(metadata, settings).authorizationUrl({
      scope: SCOPES,
      redirect_uri: settings.redirectUri,
      state,
      nonce,
      code_challenge: generators.codeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code and checks the ID token; the claims of the ID token, completed from the
   * userinfo endpoint where the provider keeps profile claims there (the subject must agree).
   */
  async finish(
    metadata: IssuerMetadata,
    settings: ClientSettings,
    params: Record<string, string>,
    checks: { state: string; nonce: string; codeVerifier: string },
    needed: string[],
  ): Promise<Record<string, unknown>> {
    // A fresh Issuer per sign-in reads the provider's keys anew, so a key rotation is followed at once
    // (openid-client otherwise refreshes its key cache at most once a minute).
    const client = this.client(metadata, settings);
    const tokens: TokenSet = await client.callback(settings.redirectUri, params, {
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      response_type: 'code',
    });
    const claims: IdTokenClaims = tokens.claims();
    if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw new IssuedInTheFuture('iat in the future');
    const merged: Record<string, unknown> = { ...claims };
    if (needed.some((claim) => merged[claim] === undefined) && metadata.userinfo_endpoint && tokens.access_token) {
      const info: UserinfoResponse = await client.userinfo(tokens);
      for (const [name, value] of Object.entries(info)) if (merged[name] === undefined) merged[name] = value;
    }
    return merged;
  }

  private client(metadata: IssuerMetadata, settings: ClientSettings): BaseClient {
    const issuer = new Issuer(metadata);
    issuer[custom.http_options] = this.checkedHttp;
    const algorithms = metadata.id_token_signing_alg_values_supported as string[] | undefined;
    const client = new issuer.Client({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uris: [settings.redirectUri],
      response_types: ['code'],
      // RS256 where offered, else the first algorithm signed with a public key (discover refused the rest).
      id_token_signed_response_alg: !algorithms || algorithms.includes('RS256') ? 'RS256' : (algorithms.find((alg) => ASYMMETRIC.test(alg)) ?? 'RS256'),
    });
    client[custom.clock_tolerance] = CLOCK_SKEW_SECONDS;
    client[custom.http_options] = this.checkedHttp;
    return client;
  }
}

/** A log-safe reason of a refused callback: the library's check, never a token or a code. */
export function refusalReason(error: unknown): string {
  if (error instanceof errors.OPError) return `provider error ${error.error}`;
  // The check's name only ("nonce mismatch", "JWT expired"): the values after it are left out.
  if (error instanceof errors.RPError) return `check failed: ${error.message.split(',')[0].slice(0, 120)}`;
  if (error instanceof IssuedInTheFuture) return 'check failed: ID token issued in the future';
  if (error instanceof InternalAddressError) return 'a provider endpoint is (or resolves to) an internal address';
  if (error instanceof Error) return error.name;
  return 'unknown';
}
