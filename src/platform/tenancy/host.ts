import { isIP } from 'node:net';

export interface ParsedHost {
  /** First DNS label, lower-cased, port stripped; the tenant key. */
  tenantKey: string;
  /** True for IPv4 and IPv6 literals, which name no tenant by themselves. */
  isIpLiteral: boolean;
}

/** The tenant a `Host` header selects: its first label, or `defaultTenant` for an IP literal (CONTRACT). */
export function tenantKeyOf(hostHeader: string | undefined, defaultTenant: string | undefined): string | undefined {
  const host = parseHost(hostHeader);
  return host?.isIpLiteral ? defaultTenant : host?.tenantKey;
}

/** Host headers seen lately and what they parse to: a request reads its tenant twice (routing, log line). */
const recentHosts = new Map<string, ParsedHost | undefined>();
const RECENT_HOSTS_LIMIT = 1_000;
const MAX_REMEMBERED_HOST_LENGTH = 300;

/** Parses a `Host` header value into the tenant key it selects; undefined for an empty or malformed host. */
export function parseHost(hostHeader: string | undefined): ParsedHost | undefined {
  if (hostHeader === undefined) return undefined;
  // No valid host is longer than a DNS name with a port; longer values are parsed (and refused) uncached.
  if (hostHeader.length > MAX_REMEMBERED_HOST_LENGTH) return parseHostValue(hostHeader);
  if (recentHosts.has(hostHeader)) return recentHosts.get(hostHeader);
  const parsed = parseHostValue(hostHeader);
  if (recentHosts.size >= RECENT_HOSTS_LIMIT) recentHosts.clear(); // any header may arrive; the memory stays bounded
  recentHosts.set(hostHeader, parsed && Object.freeze(parsed));
  return parsed;
}

function parseHostValue(hostHeader: string): ParsedHost | undefined {
  const host = hostHeader.trim().toLowerCase();
  if (!host) return undefined;

  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return undefined;
    const address = host.slice(1, end);
    return isIP(address) === 6 ? { tenantKey: address, isIpLiteral: true } : undefined;
  }
  if (isIP(host) === 6) return { tenantKey: host, isIpLiteral: true };

  const colon = host.indexOf(':');
  const name = colon >= 0 ? host.slice(0, colon) : host;
  if (!name) return undefined;
  if (isIP(name) === 4) return { tenantKey: name, isIpLiteral: true };

  const label = name.split('.')[0];
  if (!isDnsLabel(label)) return undefined;
  return { tenantKey: label, isIpLiteral: false };
}

/** A single DNS label of 1..63 letters, digits and inner hyphens. */
export function isDnsLabel(value: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value);
}
