import { readFileSync } from 'node:fs';
import { AppConfig } from '../../config/app-config';
import { DatabaseAddress, parseDatabaseUrl } from './database-url';
import { canonicalTimeZone } from '../http/time-zones';
import { isDnsLabel } from './host';

/** One tenant as configured: the shape of TENANTS_FILE entries and of the tenant API. */
export interface TenantDefinition {
  name: string;
  domain: string;
  url: string;
  username?: string;
  password?: string;
  /** IANA time zone of the university; absent: DEFAULT_TIME_ZONE. */
  timeZone?: string;
}

export interface TenantConnection extends DatabaseAddress {
  user: string;
}

export class TenantConfigError extends Error {}

export function normalizeTenant(raw: Partial<TenantDefinition>, position: string): TenantDefinition {
  const domain = String(raw.domain ?? '').trim().toLowerCase();
  if (!isDnsLabel(domain)) {
    throw new TenantConfigError(`${position}: domain must be a single DNS label of 1..63 characters`);
  }
  if (typeof raw.url !== 'string' || !raw.url.trim()) {
    throw new TenantConfigError(`${position}: url is required`);
  }
  const definition: TenantDefinition = {
    name: String(raw.name ?? '').trim() || domain,
    domain,
    url: raw.url.trim(),
    username: raw.username ? String(raw.username) : undefined,
    password: raw.password ? String(raw.password) : undefined,
  };
  if (raw.timeZone !== undefined && raw.timeZone !== null && raw.timeZone !== '') {
    const timeZone = canonicalTimeZone(raw.timeZone);
    if (!timeZone) throw new TenantConfigError(`${position} (${domain}): unknown time zone ${JSON.stringify(String(raw.timeZone)).slice(0, 80)} (an IANA name such as Asia/Vladivostok)`);
    definition.timeZone = timeZone;
  }
  try {
    tenantConnection(definition);
  } catch (error) {
    throw new TenantConfigError(`${position} (${domain}): ${(error as Error).message}`);
  }
  return definition;
}

/** Connection settings of a tenant; explicit username/password win over those inside the URL. */
export function tenantConnection(definition: TenantDefinition): TenantConnection {
  const address = parseDatabaseUrl(definition.url);
  return {
    ...address,
    user: definition.username ?? address.user ?? 'postgres',
    password: definition.password ?? address.password,
  };
}

/** Tenants of the configured mode (TENANTS_FILE or DATABASE_URL). */
export function configuredTenants(config: AppConfig): TenantDefinition[] {
  if (config.databaseUrl) {
    return [
      normalizeTenant(
        {
          domain: config.databaseUrlTenant,
          url: config.databaseUrl,
          username: config.databaseUsername,
          password: config.databasePassword,
        },
        'DATABASE_URL',
      ),
    ];
  }
  if (!config.tenantsFile) return [];
  let text: string;
  try {
    text = readFileSync(config.tenantsFile, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new TenantConfigError(`TENANTS_FILE ${config.tenantsFile} not found`);
    if (code === 'EACCES') throw new TenantConfigError(`TENANTS_FILE ${config.tenantsFile} cannot be read: permission denied`);
    if (code === 'EISDIR') throw new TenantConfigError(`TENANTS_FILE ${config.tenantsFile} is a directory, not a file`);
    throw new TenantConfigError(`TENANTS_FILE ${config.tenantsFile} cannot be read`);
  }
  return parseTenantsDocument(text).tenants;
}

/**
 * The content of TENANTS_FILE: a plain JSON array of tenants (written by hand), or
 * `{version, tenants}` as the tenant API writes it; the version grows by one with every write, so an
 * instance can tell an older snapshot from a newer one.
 */
export interface TenantsDocument {
  version?: number;
  tenants: TenantDefinition[];
}

export function parseTenantsDocument(text: string): TenantsDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TenantConfigError('TENANTS_FILE is not valid JSON');
  }
  let version: number | undefined;
  let list: unknown = parsed;
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const document = parsed as { version?: unknown; tenants?: unknown };
    if (!Number.isSafeInteger(document.version) || (document.version as number) < 0) {
      throw new TenantConfigError('TENANTS_FILE version must be a non-negative integer');
    }
    version = document.version as number;
    list = document.tenants;
  }
  if (!Array.isArray(list)) throw new TenantConfigError('TENANTS_FILE must hold a JSON array (or {version, tenants})');
  const tenants = list.map((entry, index) =>
    normalizeTenant((entry ?? {}) as Partial<TenantDefinition>, `TENANTS_FILE[${index}]`),
  );
  const seen = new Set<string>();
  for (const tenant of tenants) {
    if (seen.has(tenant.domain)) throw new TenantConfigError(`TENANTS_FILE names ${tenant.domain} twice`);
    seen.add(tenant.domain);
  }
  return { version, tenants };
}

/** The text the stores write: stable key order, so equal content gives an equal checksum. */
export function formatTenantsDocument(document: { version: number; tenants: TenantDefinition[] }): string {
  const tenants = [...document.tenants]
    .sort((a, b) => a.domain.localeCompare(b.domain))
    .map((tenant) => ({
      name: tenant.name,
      domain: tenant.domain,
      url: tenant.url,
      username: tenant.username,
      password: tenant.password,
      timeZone: tenant.timeZone,
    }));
  return JSON.stringify({ version: document.version, tenants }, null, 2) + '\n';
}

/** Whether two definitions connect the same way (a name change alone needs no new pool). */
export function sameConnection(a: TenantDefinition, b: TenantDefinition): boolean {
  return a.url === b.url && (a.username ?? '') === (b.username ?? '') && (a.password ?? '') === (b.password ?? '');
}

export function sameTenant(a: TenantDefinition | undefined, b: TenantDefinition | undefined): boolean {
  if (!a || !b) return a === b;
  return a.domain === b.domain && sameLabels(a, b) && sameConnection(a, b);
}

/** Whether two definitions agree on what needs no new pool: the display name and the time zone. */
export function sameLabels(a: TenantDefinition, b: TenantDefinition): boolean {
  return a.name === b.name && (a.timeZone ?? '') === (b.timeZone ?? '');
}
