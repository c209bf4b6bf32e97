import { Client } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainLocks } from '../platform/tenancy/domain-locks';
import { parseDatabaseUrl } from '../platform/tenancy/database-url';

export interface ProbeTarget {
  url: string;
  username?: string | null;
  password?: string | null;
}

/**
 * Checks that a PostgreSQL database accepts these credentials, without registering anything. Every
 * kind of failure (closed port, unknown host, wrong password, missing database, hung server, TLS) ends
 * the same way and only after the full time budget, one check at a time per instance, so the check
 * cannot be used to map a network by its answers or its timing.
 */
export class DatabaseProbe {
  private readonly queue = new DomainLocks();

  constructor(
    private readonly timeoutMs: number,
    private readonly sslCa: string | undefined,
    /** Behind PgBouncer no start-up parameter is sent (it refuses them); the read timeout still holds. */
    private readonly behindPgBouncer = false,
  ) {}

  check(target: ProbeTarget): Promise<boolean> {
    return this.queue.run('probe', async () => {
      const started = Date.now();
      const ok = await this.attempt(target);
      if (!ok) await sleep(Math.max(0, this.timeoutMs - (Date.now() - started)));
      return ok;
    });
  }

  private async attempt(target: ProbeTarget): Promise<boolean> {
    let client: Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const address = parseDatabaseUrl(target.url);
      client = new Client({
        host: address.host,
        port: address.port,
        database: address.database,
        user: target.username || address.user || 'postgres',
        password: target.password ?? address.password,
        ssl: address.ssl ? { rejectUnauthorized: true, ...(this.sslCa ? { ca: this.sslCa } : {}) } : false,
        connectionTimeoutMillis: this.timeoutMs,
        ...(this.behindPgBouncer ? {} : { statement_timeout: this.timeoutMs }),
        query_timeout: this.timeoutMs,
        application_name: 'timetable:check',
      });
      client.on('error', () => undefined);
      const connected = client;
      const work = (async () => {
        await connected.connect();
        await connected.query('SELECT 1');
      })();
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('check timed out')), this.timeoutMs);
      });
      await Promise.race([work, deadline]);
      work.catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    }
  }
}
