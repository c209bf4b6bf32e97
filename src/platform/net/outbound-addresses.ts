import { lookup as systemLookup } from 'node:dns/promises';
import { BlockList, isIP, LookupFunction } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system resolver; tests put their own in). */
export type AddressLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** A check when settings are saved never waits longer than this for the resolver: the call checks again. */
const SAVE_LOOKUP_MS = 3000;

/**
 * Addresses the service never calls on a university's behalf (webhooks, single sign-on): this machine,
 * the university's and the cloud's inner networks, the cloud metadata service (169.254.169.254,
 * fd00:ec2::254), and addresses that are no host at all.
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
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a translator inside some network, never a public host
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 one carries, if any: mapped ::ffff:a.b.c.d, translated ::ffff:0:a.b.c.d,
 * compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002:AABB:CCDD::/16. Such an address reaches that
 * IPv4 host (through the kernel, a DNS64 translator or a 6to4 relay), so it is judged as that host.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2]);
  const head = groups.slice(0, 6).map((group) => group.toString(16)).join(':');
  const carries = ['0:0:0:0:0:ffff', '0:0:0:0:ffff:0', '0:0:0:0:0:0', '64:ff9b:0:0:0:0'].includes(head);
  return carries ? ipv4Of(groups[6], groups[7]) : undefined;
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

/** Whether an IP address is one the service must not call. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect
  const inner = embeddedIpv4(address);
  return inner !== undefined ? INTERNAL.check(inner, 'ipv4') : INTERNAL.check(address.split('%')[0], 'ipv6');
}

/** The host as an address or name: no IPv6 brackets, no trailing dot, lower case. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** A call refused because its host is (or resolves to) an internal address. */
export class InternalAddressError extends Error {
  override readonly name = 'InternalAddressError';
}

/** A call whose host name did not resolve. */
export class UnresolvedHostError extends Error {
  override readonly name = 'UnresolvedHostError';
}

/**
 * Keeps outgoing calls off internal addresses: checked when an address is saved, and again at every
 * call after resolving the name, whose checked address is then the one connected to (a name cannot
 * answer differently between the check and the connection). Hosts the operator listed are the
 * university's own servers and are exempt. Each feature owns one, with its own list.
 */
export class OutboundAddresses {
  /** The resolver: the system's, replaced in tests by one that answers loopback for made-up names. */
  lookup: AddressLookup = (hostname) => systemLookup(hostname, { all: true, verbatim: true });
  private readonly allowed: ReadonlySet<string>;

  constructor(allowedHosts: readonly string[]) {
    this.allowed = new Set(allowedHosts.map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '')).filter(Boolean));
  }

  isAllowedHost(url: URL): boolean {
    return this.allowed.has(bareHost(url));
  }

  /** When saved: whether the address is internal (a literal one, `localhost`, or a name resolving to one). */
  async isInternal(url: URL): Promise<boolean> {
    if (this.isAllowedHost(url)) return false;
    const host = bareHost(url);
    if (isIP(host)) return isInternalAddress(host);
    if (isLocalhost(host)) return true;
    // A name not resolvable yet (the server is still being set up) is accepted: every call checks it again.
    const addresses = await withTimeout(this.lookup(host), SAVE_LOOKUP_MS).catch(() => []);
    return addresses.some((item) => isInternalAddress(item.address));
  }

  /**
   * The literal host of a call checked at once (no resolution happens for it); throws
   * InternalAddressError. A name is checked by `pinnedLookup` when the connection resolves it.
   */
  checkLiteral(url: URL): void {
    const host = bareHost(url);
    if (this.isAllowedHost(url)) return;
    if ((isIP(host) && isInternalAddress(host)) || isLocalhost(host)) throw new InternalAddressError();
  }

  /**
   * At a call: the one address to connect to. Throws InternalAddressError when the host is or
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
    if (!allowed && isLocalhost(host)) throw new InternalAddressError();
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

  /**
   * A `lookup` for node's http(s) request to `url`: it resolves through `addressFor`, so the socket
   * connects to exactly the address that was checked.
   */
  pinnedLookup(url: URL): LookupFunction {
    return (_hostname, options, callback) => {
      this.addressFor(url).then(
        (pinned) => (options.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family)),
        (error: Error) => callback(Object.assign(error, { code: error instanceof UnresolvedHostError ? 'ENOTFOUND' : 'EACCES' }), '', 0),
      );
    };
  }
}

const isLocalhost = (host: string) => host === 'localhost' || host.endsWith('.localhost');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
