import 'reflect-metadata';
import { tracing } from './platform/tracing/register'; // first: patches http and pg when tracing is on
import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { AppModule } from './app.module';
import { ConfigError, isEmbeddedMode, loadConfig } from './config/app-config';
import { AppLogger } from './platform/logging/app-logger';
import { Metrics } from './platform/metrics/metrics';
import { MetricsServer, startMetricsServer } from './platform/metrics/metrics-server';
import { TenantRegistry } from './platform/tenancy/tenant-registry';
import { TenantSync } from './platform/tenancy/tenant-sync';
import { loadDotEnv, reportStartFailure, resolveTenants } from './process-start';

/**
 * The solver worker (`npm run worker`, `node dist/src/worker.js`; issue 54 §6): the service's modules
 * without its HTTP API. It migrates and watches the tenants as any instance does, claims and runs
 * timetable optimization jobs, and answers only the health probes (on PORT) and `/metrics` (on
 * METRICS_PORT). Request instances run with OPTIMIZATION_WORKER_ENABLED=false, so the solving, which
 * takes whole cores for minutes, happens on pods of its own that scale with the waiting jobs.
 */
loadDotEnv();
const appLogger = AppLogger.forProcess();
Logger.overrideLogger(appLogger);
const logger = new Logger('Worker');

const NOT_EMBEDDED = 'The solver worker shares the request instances\u2019 databases: set TENANTS_FILE or DATABASE_URL (it does not start an embedded PostgreSQL)';

type ProbeStatus = { status: 'UP' | 'DOWN' };

/** `/actuator/health/liveness` and `/readiness` with the request instances' bodies; anything else is 404. */
function healthServer(app: INestApplicationContext): Server {
  const registry = app.get(TenantRegistry);
  const sync = app.get(TenantSync);
  return createServer((req, res) => {
    const path = req.url?.split('?')[0];
    const answer = (status: number, body: object) => res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (req.method === 'GET' && path === '/actuator/health/liveness') return answer(200, { status: 'UP' } satisfies ProbeStatus);
    if (req.method === 'GET' && path === '/actuator/health/readiness') {
      const ready = registry.isReady() && sync.isHealthy();
      return answer(ready ? 200 : 503, { status: ready ? 'UP' : 'DOWN' } satisfies ProbeStatus);
    }
    answer(404, {
      timestamp: new Date().toISOString(),
      status: 404,
      error: 'Не найдено',
      message: 'Это исполнитель расчётов расписания: он отвечает только на /actuator/health/liveness и /actuator/health/readiness',
      path: path ?? '/',
    });
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (isEmbeddedMode(config)) throw new ConfigError([NOT_EMBEDDED]);
  // What makes this process a worker, whatever the shared environment says: it claims jobs, delivers no notifications.
  config.optimizations.workerEnabled = true;
  config.notifications.workerEnabled = false;
  config.swaggerEnabled = false;
  const { tenants } = await resolveTenants(config);

  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, tenants), { logger: appLogger, abortOnError: false });
  const health = healthServer(app);
  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: running jobs are ended and marked failed, then the pools close`);
    try {
      health.close();
      await app.close();
      await metricsServer?.close();
      await tracing?.shutdown().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the pools' goodbyes reach the server
      process.exit(0);
    } catch {
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await new Promise<void>((resolve, reject) => {
    health.once('error', reject);
    health.listen(config.port, () => resolve());
  });
  if (config.metrics.enabled) metricsServer = await startMetricsServer(app.get(Metrics), config.metrics.port);
  const { port } = health.address() as AddressInfo;
  logger.log(
    `Listening on port ${port} (health probes only, no API); solver worker: ${config.optimizations.concurrency} job(s) at once, ` +
      `${config.optimizations.solverThreads} thread(s) each; tenants: ${tenants.map((tenant) => tenant.domain).join(', ') || 'none'}`,
  );
}

main().catch((error: unknown) => reportStartFailure(logger, error));
