import 'reflect-metadata';
import { tracing } from './platform/tracing/register'; // first: patches http, express and pg when tracing is on
import { INestApplication, Logger } from '@nestjs/common';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { gracefulStop } from './platform/http/graceful-stop';
import { AppLogger } from './platform/logging/app-logger';
import { Metrics } from './platform/metrics/metrics';
import { MetricsServer, startMetricsServer } from './platform/metrics/metrics-server';
import { loadDotEnv, reportStartFailure, resolveTenants } from './process-start';

loadDotEnv(); // first: it may set LOG_FORMAT
// One logger for the whole process, from the first line on (Nest's `Logger` calls end in it).
const appLogger = AppLogger.forProcess();
Logger.overrideLogger(appLogger);
const logger = new Logger('Main');

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

main().catch((error: unknown) => reportStartFailure(logger, error));
