// The benchmark's measure of what recording metrics costs (issue 29; features/metrics.ts): ONE process
// serving the same service twice, on PORT with metrics recorded and on PORT_WITHOUT_METRICS without,
// started from the same environment. The two applications share the process's heap, compiled code
// and luck, so loading one and then the other in short alternating slices compares exactly the work
// recording adds to a request. Separate processes with identical settings differed from each other by
// 7-13 % of CPU per request for as long as they ran, several times the 2 % being looked for.
import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { AppLogger } from '../../src/platform/logging/app-logger';
import { Metrics } from '../../src/platform/metrics/metrics';
import { startMetricsServer } from '../../src/platform/metrics/metrics-server';
import { configuredTenants } from '../../src/platform/tenancy/tenant-definition';

async function main(): Promise<void> {
  const logger = AppLogger.forProcess();
  Logger.overrideLogger(logger);
  const recording = loadConfig();
  if (!recording.metrics.enabled) throw new Error('the pair needs METRICS_ENABLED=true for its recording side');
  const silent = { ...recording, metrics: { ...recording.metrics, enabled: false } };
  const tenants = configuredTenants(recording);
  const apps: INestApplication[] = [];
  // The side without metrics listens first, so both answer once PORT does.
  const without = await createApp(silent, tenants, { logger });
  apps.push(without);
  await without.listen(Number(process.env.PORT_WITHOUT_METRICS));
  const withMetrics = await createApp(recording, tenants, { logger });
  apps.push(withMetrics);
  // Scraped by nobody here, but served as in production: its port is part of what metrics cost.
  const metricsServer = await startMetricsServer(withMetrics.get(Metrics), recording.metrics.port);
  await withMetrics.listen(recording.port);
  process.once('SIGTERM', () => {
    void (async () => {
      for (const app of apps) await app.close();
      await metricsServer?.close();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  // As the service's own start: the kind and system code only, never a message that may carry a URL.
  const code = (error as { code?: unknown } | undefined)?.code;
  console.error(`metrics pair: ${error instanceof Error ? error.constructor.name : 'unknown error'}${typeof code === 'string' ? ` (${code})` : ''}`);
  process.exit(1);
});
