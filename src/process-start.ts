import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AppConfig, ConfigError, isEmbeddedMode } from './config/app-config';
import { EmbeddedStartError } from './platform/tenancy/embedded-failures';
import { EmbeddedCluster, startEmbeddedPostgres } from './platform/tenancy/embedded-postgres';
import { configuredTenants, normalizeTenant, TenantConfigError, TenantDefinition } from './platform/tenancy/tenant-definition';

/** What the request instance (`main.ts`) and the solver worker (`worker.ts`) do alike before and after they start. */

/** A `.env` in the working directory fills in variables the environment does not set (it never overrides them). */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

/** Embedded mode keeps a generated JWT secret next to its data, so sessions survive restarts. */
function localJwtSecret(config: AppConfig): string {
  const file = resolve(dirname(resolve(config.embedded.dataDir)), 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function resolveTenants(config: AppConfig): Promise<{ tenants: TenantDefinition[]; embedded?: EmbeddedCluster }> {
  if (!isEmbeddedMode(config)) return { tenants: configuredTenants(config) };
  config.embedded.tenants.forEach((domain, index) =>
    normalizeTenant({ domain, url: 'jdbc:postgresql://check/only' }, `EMBEDDED_TENANTS[${index}]`),
  );
  const embedded = await startEmbeddedPostgres(config.embedded);
  config.jwt.secret ??= localJwtSecret(config);
  return { tenants: embedded.tenants, embedded };
}

/** A start that failed, logged without connection details; the process exits 1. */
export function reportStartFailure(logger: Logger, error: unknown): never {
  if (error instanceof ConfigError || error instanceof TenantConfigError || error instanceof EmbeddedStartError) {
    logger.error(error.message);
  } else {
    // Other messages may carry connection details: name the kind and the system code only.
    const code = (error as { code?: unknown } | undefined)?.code;
    const kind = error instanceof Error ? error.constructor.name : 'unknown error';
    logger.error(`Start-up failed: ${kind}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  process.exit(1);
}
