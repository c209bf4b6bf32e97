import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { canonicalTimeZone, FALLBACK_TIME_ZONE } from '../platform/http/time-zones';

/**
 * Typed, validated configuration read once from the environment.
 * Every variable is documented in `.env.example`; a wrong value stops start-up with a clear message.
 */
export interface DatabasePoolConfig {
  /** PEM certificates trusted for tenant database TLS besides the system ones (DB_SSL_CA_FILE). */
  sslCa?: string;
  maxConnections: number;
  /** The most connections all tenant pools of this instance may open together (DB_POOL_TOTAL_MAX); none: no cap. */
  totalMaxConnections?: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /**
   * The statement budget of operations large by nature (version copy, publication, restore, imports,
   * the solver's result), set with SET LOCAL inside their transaction (DB_LONG_STATEMENT_TIMEOUT_MS).
   */
  longStatementTimeoutMs?: number;
  /** Client-side read timeout of one query: how long a request waits on a database that does not answer (default: statement + 0.5 s). */
  queryTimeoutMs?: number;
  idleTimeoutMs: number;
  /**
   * What sits between the service and PostgreSQL (DB_POOLER): 'none' sends the statement and
   * idle-in-transaction timeouts as connection start-up parameters; 'pgbouncer' (transaction pooling)
   * sends none, and the database role carries those timeouts instead (docs/operations.md).
   */
  pooler: 'none' | 'pgbouncer';
}

/** argon2id's memory in the OWASP minimum profile (19 MiB with 2 passes). */
export const OWASP_HASH_MEMORY_KIB = 19_456;

export interface LoginThrottleConfig {
  maxFailures: number;
  firstBlockSeconds: number;
  maxBlockSeconds: number;
  failureWindowSeconds: number;
  /**
   * Against password spraying: the most distinct usernames one client address may fail on within the
   * window (LOGIN_IP_MAX_USERNAMES); the next one blocks the address for a window (docs/decisions.md).
   */
  addressMaxUsernames: number;
  /** Networks (CIDR) whose addresses the per-address limit never blocks (LOGIN_TRUSTED_NETWORKS). */
  trustedNetworks: string[];
}

export interface AppConfig {
  port: number;
  tenantsFile?: string;
  databaseUrl?: string;
  databaseUsername?: string;
  databasePassword?: string;
  /** Tenant that IP-literal hosts are routed to; undefined means such hosts get 404. */
  defaultTenant?: string;
  /** Domain of the single tenant described by DATABASE_URL. */
  databaseUrlTenant: string;
  /** IANA time zone of every university whose definition names none (DEFAULT_TIME_ZONE). */
  defaultTimeZone: string;
  embedded: {
    tenants: string[];
    port: number;
    dataDir: string;
  };
  bootstrapAdmin: { username: string; password?: string };
  jwt: { secret?: string; accessTtlSeconds: number; refreshTtlSeconds: number };
  cookieSecure: 'auto' | 'always' | 'never';
  trustProxy: boolean | number;
  swaggerEnabled: boolean;
  pool: DatabasePoolConfig;
  health: { checkIntervalMs: number; checkTimeoutMs: number; staleAfterMs: number };
  tenantRetryIntervalMs: number;
  poolRetireTimeoutMs: number;
  loginThrottle: LoginThrottleConfig;
  /**
   * argon2id memory per password hash in KiB (PASSWORD_HASH_MEMORY_KIB): the OWASP minimum of 19,456
   * by default. Lower values exist for test runs, which hash thousands of passwords; the service warns
   * at start when it runs below the minimum.
   */
  passwordHashMemoryKib: number;
  tenantAdmin: TenantAdminConfig;
  /**
   * How long an instance trusts the schedule data stamp it last read (viewing, ETags): a change made
   * elsewhere shows within this time; one made through this instance shows at once. 0 reads it on
   * every request.
   */
  scheduleStampMaxAgeMs: number;
  /**
   * The estimated memory all tenants' cached timetables may hold, loaded rules included
   * (SCHEDULE_CACHE_BUDGET_MB, in bytes here); beyond it the least recently used tenants first let go
   * of their laid-out lessons, and only when the rules alone exceed it are whole tenants dropped.
   */
  scheduleCacheBudgetBytes: number;
  /**
   * How many publications or restores one instance validates at once (SCHEDULE_PUBLISH_CONCURRENCY):
   * each expands its whole semester in memory, so fifty at the same second would hold fifty semesters;
   * the rest wait their turn, holding no database connection.
   */
  schedulePublishConcurrency: number;
  /** `GET /metrics` on its own port (METRICS_ENABLED, METRICS_PORT), never on the API port. */
  metrics: { enabled: boolean; port: number };
  notifications: NotificationsConfig;
  optimizations: OptimizationsConfig;
  /**
   * The address users reach a university at (PUBLIC_URL): `{domain}` is the tenant's domain. Links the
   * service hands out (SSO redirect URIs, feed and unsubscribe links) are built from it, never from a
   * request's Host header.
   */
  publicUrl: string;
  sso: SsoConfig;
}

/** Single sign-on through a university's OpenID Connect provider (issues 27, 52). */
export interface SsoConfig {
  /** Hosts of providers on the university's own network (SSO_ALLOW_PRIVATE_HOSTS): exempt from the outbound address policy, http allowed. */
  allowPrivateHosts: string[];
  /** Sign-ins one client address may start per minute (SSO_LOGIN_STARTS_PER_MINUTE); more answer 429. */
  startsPerMinute: number;
  /** Unfinished sign-ins kept per university (SSO_LOGIN_MAX_ATTEMPTS); beyond it the oldest are dropped. */
  maxAttempts: number;
}

/** The timetable solver's jobs (issue 43). */
export interface OptimizationsConfig {
  /** Whether this instance runs jobs at all (OPTIMIZATION_WORKER_ENABLED; requests are served either way). */
  workerEnabled: boolean;
  /** How often each instance looks for waiting jobs and stale ones (OPTIMIZATION_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** A running job whose instance has not reported for this long is failed (OPTIMIZATION_STALE_AFTER_SECONDS). */
  staleAfterSeconds: number;
  /** Jobs one instance runs at once, each in its own worker thread (OPTIMIZATION_CONCURRENCY). */
  concurrency: number;
  /**
   * An instance that runs no jobs still counts the waiting and running ones for `/metrics` this often
   * (OPTIMIZATION_COUNT_INTERVAL_MS; 0: never). Workers count on every poll.
   */
  countIntervalMs: number;
  /** Threads one job searches with, each from its own seed; the best result wins (SOLVER_THREADS). */
  solverThreads: number;
}

export interface NotificationsConfig {
  /** SMTP server for e-mail (SMTP_URL, e.g. smtp://user:pass@mail.example:587); none: no e-mail is sent. */
  smtpUrl?: string;
  /** The From of every message (SMTP_FROM). */
  smtpFrom: string;
  /** Whether this instance delivers at all (NOTIFY_WORKER_ENABLED; e.g. off for API-only instances). */
  workerEnabled: boolean;
  /** How often each instance looks for new events and due e-mail (NOTIFY_POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Hosts a webhook may call over plain http (WEBHOOK_ALLOW_HTTP_HOSTS); any other needs https. */
  webhookAllowHttpHosts: string[];
  /** The first retry of a failed webhook delivery waits this long, each next one twice as long (WEBHOOK_RETRY_BASE_SECONDS). */
  webhookRetryBaseSeconds: number;
}

export type TenantStoreKind = 'none' | 'file' | 'kubernetes';

export interface TenantAdminConfig {
  /** Where tenant changes made through the API are persisted (TENANTS_STORE). */
  store: TenantStoreKind;
  kubernetes: { secretName?: string; namespace?: string; secretKey: string };
  /** How often every instance looks at TENANTS_FILE for changes made elsewhere. */
  syncIntervalMs: number;
  syncRetryMinMs: number;
  syncRetryMaxMs: number;
  /** Connect and statement budget of `POST /api/database/test`; every failure answers after it. */
  testTimeoutMs: number;
  /** Domains whose ADMINs may manage tenants; undefined: the ADMIN of any tenant (the spec's rule). */
  adminDomains?: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be an integer in ${min}..${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.string(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  timeZone(name: string, fallback: string): string {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    const zone = canonicalTimeZone(raw);
    if (zone) return zone;
    this.problems.push(`${name} must be an IANA time zone such as Europe/Moscow or Asia/Vladivostok, got "${raw}"`);
    return fallback;
  }

  /** A comma-separated list of CIDR networks (`10.0.0.0/8, 2001:db8::/32`); a bare address is its own /32 or /128. */
  networks(name: string): string[] {
    const raw = this.string(name);
    if (raw === undefined) return [];
    const networks: string[] = [];
    for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
      const network = parseNetwork(entry);
      if (network) networks.push(`${network.address}/${network.prefix}`);
      else this.problems.push(`${name} must list networks such as 10.0.0.0/8 or 2001:db8::/32, got "${entry}"`);
    }
    return networks;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
    return fallback;
  }
}

/** A CIDR network (`address/prefix`, or a bare address) when it is one. */
export function parseNetwork(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address, prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function readCa(read: EnvReader): string | undefined {
  const file = read.string('DB_SSL_CA_FILE');
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    read.problems.push(`DB_SSL_CA_FILE ${file} cannot be read`);
    return undefined;
  }
}

export function loadConfig(env: Env = process.env): AppConfig {
  const read = new EnvReader(env);
  const tenantsFile = read.string('TENANTS_FILE');
  const databaseUrl = read.string('DATABASE_URL');
  const embeddedMode = !tenantsFile && !databaseUrl;
  const explicitDefaultTenant = read.string('DEFAULT_TENANT')?.toLowerCase();

  const trustProxyRaw = read.string('TRUST_PROXY')?.toLowerCase();
  let trustProxy: boolean | number = false;
  if (trustProxyRaw === 'true') trustProxy = true;
  else if (trustProxyRaw !== undefined && trustProxyRaw !== 'false') {
    trustProxy = read.int('TRUST_PROXY', 0, 0, 10);
  }

  // A request must fail within about 3 s when the database hangs: the defaults keep every wait below it.
  const statementTimeoutMs = read.int('DB_STATEMENT_TIMEOUT_MS', 2000, 100, 600000);
  const config: AppConfig = {
    port: read.int('PORT', 8080, 0, 65535),
    tenantsFile,
    databaseUrl,
    databaseUsername: read.string('DATABASE_USERNAME'),
    databasePassword: read.string('DATABASE_PASSWORD'),
    defaultTenant: explicitDefaultTenant ?? (embeddedMode ? 'localhost' : undefined),
    databaseUrlTenant: explicitDefaultTenant ?? 'localhost',
    defaultTimeZone: read.timeZone('DEFAULT_TIME_ZONE', FALLBACK_TIME_ZONE),
    embedded: {
      tenants: (read.string('EMBEDDED_TENANTS') ?? 'localhost')
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
      port: read.int('EMBEDDED_PG_PORT', 54329, 1, 65535),
      dataDir: read.string('EMBEDDED_PG_DATA_DIR') ?? '.data/postgres',
    },
    bootstrapAdmin: {
      username: read.string('BOOTSTRAP_ADMIN_USERNAME') ?? 'admin',
      password: read.string('BOOTSTRAP_ADMIN_PASSWORD') ?? (embeddedMode ? 'admin12345' : undefined),
    },
    jwt: {
      secret: read.string('JWT_SECRET'),
      // At least 10 s: the web client renews a third of a life ahead, so even the shortest token leaves
      // it over 3 s for a renewal (the idle-tabs test runs on 12 s tokens to stay short).
      accessTtlSeconds: read.int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 10, 24 * 3600),
      refreshTtlSeconds: read.int('REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60, 365 * 24 * 3600),
    },
    cookieSecure: read.oneOf('COOKIE_SECURE', ['auto', 'always', 'never'] as const, 'auto'),
    trustProxy,
    swaggerEnabled: read.bool('SWAGGER_ENABLED', true),
    pool: {
      sslCa: readCa(read),
      maxConnections: read.int('DB_POOL_MAX', 10, 1, 200),
      totalMaxConnections: read.string('DB_POOL_TOTAL_MAX') === undefined ? undefined : read.int('DB_POOL_TOTAL_MAX', 0, 1, 100000),
      connectTimeoutMs: read.int('DB_CONNECT_TIMEOUT_MS', 2000, 100, 120000),
      statementTimeoutMs,
      longStatementTimeoutMs: read.int('DB_LONG_STATEMENT_TIMEOUT_MS', 120000, 100, 3600000),
      queryTimeoutMs: read.int('DB_QUERY_TIMEOUT_MS', statementTimeoutMs + 500, 100, 610000),
      idleTimeoutMs: read.int('DB_IDLE_TIMEOUT_MS', 30000, 1000, 3600000),
      pooler: read.oneOf('DB_POOLER', ['none', 'pgbouncer'] as const, 'none'),
    },
    health: {
      checkIntervalMs: read.int('HEALTH_CHECK_INTERVAL_MS', 5000, 100, 600000),
      checkTimeoutMs: read.int('HEALTH_CHECK_TIMEOUT_MS', 2000, 100, 60000),
      staleAfterMs: read.int('HEALTH_STALE_AFTER_MS', 15000, 200, 3600000),
    },
    tenantRetryIntervalMs: read.int('TENANT_RETRY_INTERVAL_MS', 10000, 100, 3600000),
    poolRetireTimeoutMs: read.int('POOL_RETIRE_TIMEOUT_MS', 30000, 0, 3600000),
    loginThrottle: {
      maxFailures: read.int('LOGIN_MAX_FAILURES', 5, 1, 1000),
      firstBlockSeconds: read.int('LOGIN_BLOCK_SECONDS', 60, 1, 86400),
      maxBlockSeconds: read.int('LOGIN_MAX_BLOCK_SECONDS', 900, 1, 86400),
      failureWindowSeconds: read.int('LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, 86400),
      addressMaxUsernames: read.int('LOGIN_IP_MAX_USERNAMES', 100, 1, 100000),
      trustedNetworks: read.networks('LOGIN_TRUSTED_NETWORKS'),
    },
    passwordHashMemoryKib: read.int('PASSWORD_HASH_MEMORY_KIB', OWASP_HASH_MEMORY_KIB, 64, 1024 * 1024),
    tenantAdmin: {
      store: read.oneOf('TENANTS_STORE', ['none', 'file', 'kubernetes'] as const, 'none'),
      kubernetes: {
        secretName: read.string('TENANTS_SECRET_NAME'),
        namespace: read.string('TENANTS_SECRET_NAMESPACE'),
        secretKey: read.string('TENANTS_SECRET_KEY') ?? 'tenants.json',
      },
      syncIntervalMs: read.int('TENANTS_SYNC_INTERVAL_MS', 2000, 100, 600000),
      syncRetryMinMs: read.int('TENANTS_SYNC_RETRY_MIN_MS', 30000, 100, 3600000),
      syncRetryMaxMs: read.int('TENANTS_SYNC_RETRY_MAX_MS', 300000, 100, 3600000),
      testTimeoutMs: read.int('DB_TEST_TIMEOUT_MS', 3000, 100, 60000),
      adminDomains: read
        .string('TENANT_ADMIN_DOMAINS')
        ?.split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    },
    scheduleStampMaxAgeMs: read.int('SCHEDULE_STAMP_MAX_AGE_MS', 250, 0, 900),
    scheduleCacheBudgetBytes: read.int('SCHEDULE_CACHE_BUDGET_MB', 384, 0, 65536) * 1024 * 1024,
    schedulePublishConcurrency: read.int('SCHEDULE_PUBLISH_CONCURRENCY', 2, 1, 64),
    metrics: { enabled: read.bool('METRICS_ENABLED', true), port: read.int('METRICS_PORT', 9464, 0, 65535) },
    notifications: {
      smtpUrl: read.string('SMTP_URL'),
      smtpFrom: read.string('SMTP_FROM') ?? 'Расписание занятий <timetable@localhost>',
      workerEnabled: read.bool('NOTIFY_WORKER_ENABLED', true),
      pollIntervalMs: read.int('NOTIFY_POLL_INTERVAL_MS', 1000, 50, 60000),
      webhookAllowHttpHosts: (read.string('WEBHOOK_ALLOW_HTTP_HOSTS') ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      webhookRetryBaseSeconds: read.int('WEBHOOK_RETRY_BASE_SECONDS', 30, 1, 3600),
    },
    publicUrl: (read.string('PUBLIC_URL') ?? (embeddedMode ? `http://{domain}:${read.int('PORT', 8080, 0, 65535)}` : 'https://{domain}')).replace(/\/+$/, ''),
    sso: {
      allowPrivateHosts: (read.string('SSO_ALLOW_PRIVATE_HOSTS') ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      startsPerMinute: read.int('SSO_LOGIN_STARTS_PER_MINUTE', 30, 1, 100000),
      maxAttempts: read.int('SSO_LOGIN_MAX_ATTEMPTS', 10000, 10, 10000000),
    },
    optimizations: {
      workerEnabled: read.bool('OPTIMIZATION_WORKER_ENABLED', true),
      pollIntervalMs: read.int('OPTIMIZATION_POLL_INTERVAL_MS', 1000, 50, 60000),
      staleAfterSeconds: read.int('OPTIMIZATION_STALE_AFTER_SECONDS', 30, 2, 3600),
      concurrency: read.int('OPTIMIZATION_CONCURRENCY', 1, 1, 16),
      countIntervalMs: read.int('OPTIMIZATION_COUNT_INTERVAL_MS', 15000, 0, 3600000),
      solverThreads: read.int('SOLVER_THREADS', 1, 1, 16),
    },
  };

  const samplePublic = config.publicUrl.replaceAll('{domain}', 'university');
  if (!URL.canParse(samplePublic) || !['http:', 'https:'].includes(new URL(samplePublic).protocol)) {
    read.problems.push('PUBLIC_URL must be an http(s) address such as https://{domain}.timetable.example');
  }
  if (tenantsFile && databaseUrl) {
    read.problems.push('set either TENANTS_FILE or DATABASE_URL, not both');
  }
  if (embeddedMode && config.embedded.tenants.length === 0) {
    read.problems.push('EMBEDDED_TENANTS names no tenant');
  }
  if (!embeddedMode && !config.jwt.secret) {
    read.problems.push('JWT_SECRET is required when tenants are configured (every instance must share it)');
  }
  if (config.jwt.secret && config.jwt.secret.length < 32) {
    read.problems.push('JWT_SECRET must be at least 32 characters long');
  }
  if (config.tenantAdmin.store !== 'none' && !tenantsFile) {
    read.problems.push(`TENANTS_STORE=${config.tenantAdmin.store} needs TENANTS_FILE (every instance follows the file)`);
  }
  if (config.tenantAdmin.store === 'kubernetes' && !config.tenantAdmin.kubernetes.secretName) {
    read.problems.push('TENANTS_STORE=kubernetes needs TENANTS_SECRET_NAME');
  }
  if (config.tenantAdmin.syncRetryMinMs > config.tenantAdmin.syncRetryMaxMs) {
    read.problems.push('TENANTS_SYNC_RETRY_MIN_MS must not exceed TENANTS_SYNC_RETRY_MAX_MS');
  }
  if (config.metrics.enabled && config.metrics.port !== 0 && config.metrics.port === config.port) {
    read.problems.push('METRICS_PORT must differ from PORT: the metrics are not served with the public API');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

export function isEmbeddedMode(config: AppConfig): boolean {
  return !config.tenantsFile && !config.databaseUrl;
}
