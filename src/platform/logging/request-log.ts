import { INestApplication, Logger } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { Metrics } from '../metrics/metrics';
import { tenantKeyOf } from '../tenancy/host';
import { traceIdOfRequest } from '../tracing/trace-id';
import { runWithRequestId } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is short and plain, so it cannot forge or break a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The route pattern that handled the request (`/api/users/:id`), or the path without its query. */
function routeOf(req: Request): string {
  const pattern = routePattern(req);
  return pattern ?? req.originalUrl.split('?')[0].slice(0, 200);
}

function routePattern(req: Request): string | undefined {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? pattern : undefined;
}

/** A metrics label must stay bounded: a route template, else one of two fixed words (never a raw path). */
function routeLabel(req: Request): string {
  return routePattern(req) ?? (req.originalUrl.startsWith('/api/') ? '(unmatched)' : '(web)');
}

/**
 * One structured line per request: method, route, status, duration, tenant and request id; never a
 * header value, cookie, token or body. The request id comes from a sane incoming `X-Request-Id` or is
 * generated, and is echoed in the response. Installed first, so it sees every request the
 * application answers, refused ones included.
 */
export function installRequestLog(app: INestApplication, config: AppConfig): void {
  const logger = new Logger('Request');
  const metrics = app.get(Metrics);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    // With tracing on, the request id is the trace id, so a log line leads to its trace.
    const requestId = traceIdOfRequest() ?? (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID());
    res.setHeader(REQUEST_ID_HEADER, requestId);

    res.once('close', () => {
      const route = routeOf(req);
      const durationNs = Number(process.hrtime.bigint() - started);
      if (metrics.recording) {
        metrics.observeRequest({
          method: req.method,
          route: routeLabel(req),
          status: res.statusCode,
          tenant: typeof res.locals.tenant === 'string' ? res.locals.tenant : 'none',
          seconds: durationNs / 1e9,
          databaseError: typeof res.locals.databaseError === 'string' ? res.locals.databaseError : undefined,
        });
      }
      const line = {
        message: `${req.method} ${route} ${res.statusCode}`,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: Math.round(durationNs / 1e4) / 100,
        tenant: tenantKeyOf(req.headers.host, config.defaultTenant) ?? null,
        requestId,
        // The client went away before the answer was complete.
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) logger.warn(line);
      else logger.log(line);
    });
    runWithRequestId(requestId, next);
  });
}
