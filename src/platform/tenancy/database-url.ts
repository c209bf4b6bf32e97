/** Connection settings for one PostgreSQL database, parsed from a JDBC or libpq-style URL. */
export interface DatabaseAddress {
  host: string;
  port: number;
  database: string;
  user?: string;
  password?: string;
  ssl: boolean;
}

export class DatabaseUrlError extends Error {}

/**
 * Accepts `jdbc:postgresql://host:port/db?user=..&password=..&ssl=true` (the tenant API form)
 * and `postgres://user:pass@host:port/db?sslmode=require`. Error messages never echo the URL,
 * because it may hold a password.
 */
export function parseDatabaseUrl(url: string): DatabaseAddress {
  const trimmed = url.trim();
  let normalized: string;
  if (/^jdbc:postgresql:\/\//i.test(trimmed)) {
    normalized = 'postgres://' + trimmed.slice('jdbc:postgresql://'.length);
  } else if (/^postgres(ql)?:\/\//i.test(trimmed)) {
    normalized = trimmed;
  } else {
    throw new DatabaseUrlError('database URL must start with jdbc:postgresql:// or postgres://');
  }

  let parsed: URL;
  try {
    parsed = new URL(normalized);
  } catch {
    throw new DatabaseUrlError('database URL is malformed');
  }
  if (parsed.hostname.includes(',') || parsed.host.includes(',')) {
    throw new DatabaseUrlError('database URL with several hosts is not supported');
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!parsed.hostname || !database) {
    throw new DatabaseUrlError('database URL must name a host and a database');
  }
  const port = parsed.port ? Number(parsed.port) : 5432;
  const params = parsed.searchParams;
  const user = decodeURIComponent(parsed.username) || params.get('user') || undefined;
  const password = decodeURIComponent(parsed.password) || params.get('password') || undefined;
  const sslmode = params.get('sslmode')?.toLowerCase();
  const ssl =
    params.get('ssl')?.toLowerCase() === 'true' ||
    (sslmode !== undefined && !['disable', 'allow', 'prefer'].includes(sslmode));

  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port, database, user, password, ssl };
}
