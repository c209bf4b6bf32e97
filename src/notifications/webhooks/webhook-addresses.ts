import { Inject, Injectable } from '@nestjs/common';
import { lookup as systemLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system resolver; tests put their own in). */
export type AddressLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** A registration check never waits longer than this for the resolver: an unresolved name is checked again at delivery. */
const REGISTRATION_LOOKUP_MS = 3000;

/**
 * Addresses a webhook must never reach: this machine, the university's and the cloud's inner networks,
 * the cloud metadata service (169.254.169.254, fd00:ec2::254), and addresses that are no host at all.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const head = groups.slice(0, 6).map((group) => group.toString(16)).join(':');
  const carries = head === '0:0:0:0:0:ffff' || head === '0:0:0:0:0:0' || head === '64:ff9b:0:0:0:0';
  if (!carries) return undefined;
  const [high, low] = [groups[6], groups[7]];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const [left, right] = text.split('::');
  const part = (side: string | undefined) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const head = part(left);
  const tail = part(right);
  const groups = text.includes('::') ? [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** Whether an IP address is one a webhook must not reach. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect
  const inner = embeddedIpv4(address);
  return inner !== undefined ? INTERNAL.check(inner, 'ipv4') : INTERNAL.check(address.split('%')[0], 'ipv6');
}

/** The host as an address or name: no IPv6 brackets, no trailing dot, lower case. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** A delivery refused because its host is (or resolves to) an internal address. */
export class InternalAddressError extends Error {
  override readonly name = 'InternalAddressError';
}

/** A delivery whose host name did not resolve. */
export class UnresolvedHostError extends Error {
  override readonly name = 'UnresolvedHostError';
}

/**
 * Keeps webhooks off internal addresses (issue 46): checked when a webhook is registered, and again
 * at every delivery after resolving the name, whose checked address is then the one connected to (a
 * name cannot answer differently between the check and the connection). Hosts the operator named in
 * `WEBHOOK_ALLOW_HTTP_HOSTS` are the university's own receivers and are exempt.
 */
@Injectable()
export class WebhookAddresses {
  /** The resolver: the system's, replaced in tests by one that answers loopback for made-up names. */
  lookup: AddressLookup = (hostname) => systemLookup(hostname, { all: true, verbatim: true });
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = new Set(config.notifications.webhookAllowHttpHosts.map((host) => host.replace(/^\[|\]$/g, '').replace(/\.$/, '')));
  }

  isAllowedHost(url: URL): boolean {
    return this.allowed.has(bareHost(url));
  }

  /** At registration: whether the address is internal (a literal one, `localhost`, or a name resolving to one). */
  async isInternal(url: URL): Promise<boolean> {
    if (this.isAllowedHost(url)) return false;
    const host = bareHost(url);
    if (isIP(host)) return isInternalAddress(host);
    if (host === 'localhost' || host.endsWith('.localhost')) return true;
    // A name not resolvable yet (the receiver is still being set up) is accepted: delivery checks it again.
    const addresses = await withTimeout(this.lookup(host), REGISTRATION_LOOKUP_MS).catch(() => []);
    return addresses.some((item) => isInternalAddress(item.address));
  }

  /**
   * At delivery: the one address to connect to. Throws InternalAddressError when the host is or
   * resolves to an internal address (any of its addresses: the system could pick any), and
   * UnresolvedHostError when it does not resolve.
   */
  async addressFor(url: URL): Promise<ResolvedAddress> {
    const host = bareHost(url);
    const allowed = this.isAllowedHost(url);
    if (isIP(host)) {
      if (!allowed && isInternalAddress(host)) throw new InternalAddressError();
      return { address: host, family: isIP(host) };
    }
    if (!allowed && (host === 'localhost' || host.endsWith('.localhost'))) throw new InternalAddressError();
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.lookup(host);
    } catch {
      throw new UnresolvedHostError();
    }
    if (addresses.length === 0) throw new UnresolvedHostError();
    if (!allowed && addresses.some((item) => isInternalAddress(item.address))) throw new InternalAddressError();
    return addresses[0];
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
