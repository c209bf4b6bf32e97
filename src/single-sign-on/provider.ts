import { Injectable, Logger } from '@nestjs/common';
import { BaseClient, custom, errors, generators, IdTokenClaims, Issuer, IssuerMetadata, TokenSet, UserinfoResponse } from 'openid-client';

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

/** http is accepted only for a provider on this machine (development, tests); anything else needs https. */
function allowedScheme(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

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

  /** Reads and checks the discovery document; throws UnusableProvider with a Russian reason. */
  async discover(issuerUrl: string): Promise<IssuerMetadata> {
    let url: URL;
    try {
      url = new URL(issuerUrl);
    } catch {
      throw new UnusableProvider('Адрес поставщика должен быть вида https://sso.university.example/realms/main');
    }
    if (!allowedScheme(url)) throw new UnusableProvider('Адрес поставщика должен начинаться с https://');
    if (url.username || url.password || url.search || url.hash) {
      throw new UnusableProvider('Адрес поставщика не должен содержать имя, пароль, параметры или якорь');
    }
    let issuer: Issuer;
    try {
      issuer = await Issuer.discover(url.toString());
    } catch (error) {
      this.logger.warn(`discovery of ${url.origin} failed: ${error instanceof Error ? error.name : 'error'}`);
      throw new UnusableProvider(
        'Не удалось прочитать документ обнаружения поставщика (/.well-known/openid-configuration): проверьте адрес и доступность поставщика',
      );
    }
    const metadata = issuer.metadata;
    if (typeof metadata.issuer !== 'string' || withoutSlash(metadata.issuer) !== withoutSlash(url.toString())) {
      throw new UnusableProvider(`Поставщик называет себя «${String(metadata.issuer).slice(0, 200)}», а не указанным адресом`);
    }
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof metadata[field] !== 'string') throw new UnusableProvider(`В документе обнаружения поставщика нет ${field}`);
    }
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
    return client;
  }
}

/** A log-safe reason of a refused callback: the library's check, never a token or a code. */
export function refusalReason(error: unknown): string {
  if (error instanceof errors.OPError) return `provider error ${error.error}`;
  // The check's name only ("nonce mismatch", "JWT expired"): the values after it are left out.
  if (error instanceof errors.RPError) return `check failed: ${error.message.split(',')[0].slice(0, 120)}`;
  if (error instanceof IssuedInTheFuture) return 'check failed: ID token issued in the future';
  if (error instanceof Error) return error.name;
  return 'unknown';
}
