import { DatabaseUrlError, parseDatabaseUrl } from '../platform/tenancy/database-url';
import { isDnsLabel } from '../platform/tenancy/host';

export function isTenantDomain(value: unknown): boolean {
  return typeof value === 'string' && isDnsLabel(value);
}

/** Only `jdbc:postgresql://host[:port]/database[?...]` with one host. */
export function isSupportedDatabaseUrl(value: string): boolean {
  if (!/^jdbc:postgresql:\/\//i.test(value)) return false;
  try {
    parseDatabaseUrl(value);
    return true;
  } catch (error) {
    if (error instanceof DatabaseUrlError) return false;
    throw error;
  }
}

/** The URL as the listing shows it: any password inside it (query or authority) is taken out. */
export function urlWithoutPassword(url: string): string {
  const prefix = /^jdbc:/i.test(url) ? url.slice(0, 5) : '';
  try {
    const parsed = new URL(url.slice(prefix.length).replace(/^postgresql:/i, 'postgres:'));
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) {
      if (key.toLowerCase() === 'password') parsed.searchParams.delete(key);
    }
    const scheme = url.slice(prefix.length).match(/^[a-z]+:/i)?.[0] ?? 'postgresql:';
    return prefix + scheme + parsed.toString().slice(parsed.protocol.length);
  } catch {
    return '';
  }
}
