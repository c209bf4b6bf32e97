import { Logger } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Metrics } from './metrics';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on its own port (METRICS_PORT), never on the API's: the API port is public through
 * the ingress, the metrics port is reached only by the monitoring namespace (deploy/networkpolicy).
 * A port that cannot be bound is logged and the service runs on without metrics: the API matters more,
 * and the missing scrape target raises its own alert.
 */
export async function startMetricsServer(metrics: Metrics, port: number, host = '0.0.0.0'): Promise<MetricsServer | undefined> {
  const logger = new Logger('Metrics');
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.exposition().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n'),
    );
  });
  server.keepAliveTimeout = 65_000; // longer than a scraper's idle interval, so scrapes reuse the connection
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    logger.error(`Metrics are not served: port ${port} could not be bound (${(error as { code?: string }).code ?? 'error'})`);
    return undefined;
  }
  const bound = (server.address() as AddressInfo).port;
  logger.log(`Metrics: http://${host === '0.0.0.0' ? 'localhost' : host}:${bound}/metrics`);
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
