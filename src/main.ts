import 'reflect-metadata';
import { tracing } from './platform/tracing/register'; // first: patches http, express and pg when tracing is on
import { INestApplication, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { AppConfig, ConfigError, isEmbeddedMode, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { gracefulStop } from './platform/http/graceful-stop';
import { AppLogger } from './platform/logging/app-logger';
import { Metrics } from './platform/metrics/metrics';
import { MetricsServer, startMetricsServer } from './platform/metrics/metrics-server';
import { EmbeddedStartError } from './platform/tenancy/embedded-failures';
import { EmbeddedCluster, startEmbeddedPostgres } from './platform/tenancy/embedded-postgres';
import { configuredTenants, normalizeTenant, TenantConfigError, TenantDefinition } from './platform/tenancy/tenant-definition';

loadDotEnv(); // first: it may set LOG_FORMAT
// One logger for the whole process, from the first line on (Nest's `Logger` calls end in it).
const appLogger = AppLogger.forProcess();
Logger.overrideLogger(appLogger);
const logger = new Logger('Main');

/** Embedded mode keeps a generated JWT secret next to its data, so sessions survive restarts. */
function localJwtSecret(config: AppConfig): string {
  const file = resolve(dirname(resolve(config.embedded.dataDir)), 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function resolveTenants(config: AppConfig): Promise<{ tenants: TenantDefinition[]; embedded?: EmbeddedCluster }> {
  if (!isEmbeddedMode(config)) return { tenants: configuredTenants(config) };
  config.embedded.tenants.forEach((domain, index) =>
    normalizeTenant({ domain, url: 'jdbc:postgresql://check/only' }, `EMBEDDED_TENANTS[${index}]`),
  );
  const embedded = await startEmbeddedPostgres(config.embedded);
  config.jwt.secret ??= localJwtSecret(config);
  return { tenants: embedded.tenants, embedded };
}

/** A `.env` in the working directory fills in variables the environment does not set (it never overrides them). */
function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

/** How long a stop waits for running requests before closing the pools anyway. */
const DRAIN_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { tenants, embedded } = await resolveTenants(config);
  let app: INestApplication | undefined;
  let drain: ((timeoutMs: number) => Promise<void>) | undefined;
  let metricsServer: MetricsServer | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing running requests and closing pools`);
    try {
      // Running requests are answered (with `Connection: close`) before the pools close.
      await drain?.(DRAIN_TIMEOUT_MS);
      await app?.close();
      await metricsServer?.close();
      await tracing?.shutdown().catch(() => undefined); // an unreachable collector must not hold the stop
      // pg's pool.end() resolves before the sockets' goodbyes reach the server; let them land first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await embedded?.stop();
      process.exit(0);
    } catch {
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    app = await createApp(config, tenants, { logger: appLogger });
    drain = gracefulStop(app).drain;
    await app.listen(config.port);
    if (config.metrics.enabled) metricsServer = await startMetricsServer(app.get(Metrics), config.metrics.port);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  // The port bound, which PORT=0 leaves to the system (tests start the service so, and read it here).
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  logger.log(`Listening on port ${port}; tenants: ${tenants.map((tenant) => tenant.domain).join(', ') || 'none'}`);
  if (config.swaggerEnabled) logger.log(`Swagger UI: http://localhost:${port}/swagger-ui`);
  if (tracing) logger.log('Tracing: spans are exported by OTLP/HTTP; request ids are trace ids');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof TenantConfigError || error instanceof EmbeddedStartError) {
    logger.error(error.message);
  } else {
    // Other messages may carry connection details: name the kind and the system code only.
    const code = (error as { code?: unknown } | undefined)?.code;
    const kind = error instanceof Error ? error.constructor.name : 'unknown error';
    logger.error(`Start-up failed: ${kind}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  process.exit(1);
});
