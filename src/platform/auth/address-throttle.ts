import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig, parseNetwork } from '../../config/app-config';
import { int, rowShape } from '../database/row-shape';
import { TenantDb } from '../database/tenant-db';
import { BoundedMap } from '../bounded-map';
import { currentTenant } from '../tenancy/tenant-context';

const MS_LEFT = rowShape({ ms: int });
const COUNT = rowShape({ count: int });
/** What the claiming transaction answers when its attempt started a block. */
const BLOCK_MADE = -1;

/** An IPv4 client seen through an IPv6 socket (`::ffff:10.0.0.1`) is that IPv4 address. */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return (mapped ? mapped[1] : ip).toLowerCase();
}

/**
 * The login throttle against password spraying (issue 46 §4; the per-username one is ThrottleStore):
 * one client address may fail on at most LOGIN_IP_MAX_USERNAMES distinct usernames within the window
 * (LOGIN_FAILURE_WINDOW_SECONDS); an attempt on one more blocks the address for a window, every
 * username included. Kept in the tenant database, so every instance counts together, with times
 * from the database's clock, so instances with skewed clocks agree.
 *
 * Which failures count (docs/decisions.md): an attempt is counted for its username before the password
 * is checked (so a burst cannot get more checks than the limit, as with the per-username throttle),
 * and a successful sign-in of that username from that address takes it off the address's list: a
 * person who mistyped their own password and then got in does not count; an unknown name, or a real
 * one whose password the caller never finds, does. Addresses in LOGIN_TRUSTED_NETWORKS are never
 * counted nor blocked. Usernames are kept as hashes (people type passwords into the name field).
 * Expired failures and blocks are deleted by the attempts that go on (a blocked one reads once per
 * instance, which then remembers the block until it ends), so the tables stay bounded.
 */
@Injectable()
export class AddressThrottle {
  private readonly trusted = new BlockList();
  private readonly maxUsernames: number;
  private readonly windowSeconds: number;
  /**
   * Blocks this instance has read or made, by tenant and address: until when (this process's monotonic
   * clock) the address stays refused. A block is never shortened, only extended or left to run out,
   * so a remembered one is still in force; a sprayer's next thousand attempts then cost no query
   * at all. Monotonic, so a wall clock that jumps does not end a block early.
   */
  private readonly knownBlocks = new BoundedMap<string, number>(10_000);

  constructor(
    private readonly db: TenantDb,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    for (const entry of config.loginThrottle.trustedNetworks) {
      const network = parseNetwork(entry);
      if (network) this.trusted.addSubnet(network.address, network.prefix, network.family);
    }
    this.maxUsernames = config.loginThrottle.addressMaxUsernames;
    this.windowSeconds = config.loginThrottle.failureWindowSeconds;
  }

  /** Whether the address is in a trusted network (then it is never counted). */
  isTrusted(address: string): boolean {
    return this.trusted.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  }

  /**
   * Claims an attempt on `username` from `address`: the seconds left in the address's block (nothing
   * claimed; the attempt that starts a block is refused too), or 0 when the attempt may go on, which
   * then counts for its username until a success from this address clears it.
   */
  async claimAttempt(address: string, username: string): Promise<number> {
    if (this.isTrusted(address)) return 0;
    const tenant = currentTenant();
    // The database's identity too: a university moved to another database starts with its blocks.
    const blockKey = `${tenant.tenantKey}|${tenant.databaseId ?? ''}|${address}`;
    const remembered = this.rememberedBlock(blockKey);
    if (remembered > 0) return remembered;
    // An address blocked by another instance costs one read here, and none after it.
    const blocked = await this.blockedFor(address, blockKey);
    if (blocked > 0) return blocked;
    await this.deleteExpired();
    const claimed = await this.db.transaction(async () => {
      // One address's attempts take their turn (whichever instance they reach), so the count is exact.
      await this.db.execute(`SELECT pg_advisory_xact_lock(hashtextextended('login_address|' || $1, 0))`, [address]);
      const blockedMeanwhile = await this.blockedFor(address, blockKey);
      if (blockedMeanwhile > 0) return blockedMeanwhile;
      const hash = usernameHash(username);
      const window = `${this.windowSeconds} seconds`;
      const known = await this.db.execute(
        `UPDATE login_address_failures SET failed_at = clock_timestamp()
          WHERE address = $1 AND username_hash = $2 AND failed_at > clock_timestamp() - $3::interval`,
        [address, hash, window],
      );
      if (known > 0) return 0; // a username already on the list: not one more
      const [{ count }] = await this.db.rows(
        COUNT,
        `SELECT count(*)::int AS count FROM login_address_failures WHERE address = $1 AND failed_at > clock_timestamp() - $2::interval`,
        [address, window],
      );
      if (count >= this.maxUsernames) {
        await this.db.execute(
          `INSERT INTO login_address_blocks (address, blocked_until) VALUES ($1, clock_timestamp() + $2::interval)
           ON CONFLICT (address) DO UPDATE SET blocked_until = EXCLUDED.blocked_until`,
          [address, window],
        );
        // Its list has done its work: the block stands in for it.
        await this.db.execute(`DELETE FROM login_address_failures WHERE address = $1`, [address]);
        return BLOCK_MADE;
      }
      await this.db.execute(
        `INSERT INTO login_address_failures (address, username_hash, failed_at) VALUES ($1, $2, clock_timestamp())
         ON CONFLICT (address, username_hash) DO UPDATE SET failed_at = EXCLUDED.failed_at`,
        [address, hash],
      );
      return 0;
    });
    if (claimed !== BLOCK_MADE) return claimed;
    // Remembered once committed: a block that never reached the database is not one.
    this.remember(blockKey, this.windowSeconds * 1000);
    return this.windowSeconds;
  }

  /** A successful sign-in: the username's failures from this address were its owner's typos. */
  async succeeded(address: string, username: string): Promise<void> {
    if (this.isTrusted(address)) return;
    await this.db.execute(`DELETE FROM login_address_failures WHERE address = $1 AND username_hash = $2`, [address, usernameHash(username)]);
  }

  /** Seconds left in the address's block as the database times it (0: none), remembered for the next attempts. */
  private async blockedFor(address: string, blockKey: string): Promise<number> {
    const rows = await this.db.rows(
      MS_LEFT,
      `SELECT ceil(extract(epoch FROM blocked_until - clock_timestamp()) * 1000)::int AS ms
         FROM login_address_blocks WHERE address = $1 AND blocked_until > clock_timestamp()`,
      [address],
    );
    const ms = rows[0]?.ms ?? 0;
    if (ms <= 0) return 0;
    this.remember(blockKey, ms);
    return Math.ceil(ms / 1000);
  }

  private remember(blockKey: string, ms: number): void {
    this.knownBlocks.set(blockKey, performance.now() + ms);
  }

  /** Seconds left of a block this instance read or made (0: none known, or it has run out). */
  private rememberedBlock(blockKey: string): number {
    const until = this.knownBlocks.get(blockKey);
    if (until === undefined) return 0;
    const ms = until - performance.now();
    if (ms > 0) return Math.ceil(ms / 1000);
    this.knownBlocks.delete(blockKey);
    return 0;
  }

  /** Failures older than the window and ended blocks, of every address (the indexes on their times make this cheap). */
  private async deleteExpired(): Promise<void> {
    await this.db.execute(
      `WITH ended AS (DELETE FROM login_address_blocks WHERE blocked_until <= clock_timestamp())
       DELETE FROM login_address_failures WHERE failed_at <= clock_timestamp() - $1::interval`,
      [`${this.windowSeconds} seconds`],
    );
  }
}

function usernameHash(username: string): Buffer {
  return createHash('sha256').update(username).digest();
}
