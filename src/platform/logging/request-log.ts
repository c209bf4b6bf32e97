import { Logger, LoggerService } from '@nestjs/common';
import { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { Metrics } from '../metrics/metrics';
import { tenantKeyOf } from '../tenancy/host';
import { traceIdOfRequest } from '../tracing/trace-id';
import { AppLogger, RequestLines, requestLineFields } from './app-logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is short and plain, so it cannot forge or break a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function routePattern(req: Request): string | undefined {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? pattern : undefined;
}

/** The route pattern that handled the request (`/api/users/:id`), or the path without its query. */
function routeOf(req: Request): string {
  return routePattern(req) ?? req.originalUrl.split('?')[0].slice(0, 200);
}

/** A metrics label must stay bounded: a route template, else one of two fixed words (never a raw path). */
function routeLabel(req: Request): string {
  return routePattern(req) ?? (req.originalUrl.startsWith('/api/') ? '(unmatched)' : '(web)');
}

/** Request lines through Nest's logger, for applications built with another logger than the AppLogger (or none). */
function throughNestLogger(): RequestLines {
  const logger = new Logger('Request');
  return {
    request(line) {
      if (line.status >= 500) logger.warn(requestLineFields(line));
      else logger.log(requestLineFields(line));
    },
  };
}

/**
 * One structured line per request: method, route, status, duration, tenant and request id; never a
 * header value, cookie, token or body. The request edge (src/platform/http/request-edge.ts) asks for
 * the id when a request arrives and writes the line when its response closes, refused requests included.
 */
export class RequestLog {
  private readonly lines: RequestLines;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
    /** The application's logger: the AppLogger writes request lines itself. */
    logger: LoggerService | false | undefined,
  ) {
    this.lines = logger instanceof AppLogger ? logger : throughNestLogger();
  }

  /** A sane incoming `X-Request-Id`, else a new one; with tracing on, the trace id, so a log line leads to its trace. */
  requestIdOf(req: Request): string {
    const traceId = traceIdOfRequest();
    if (traceId) return traceId;
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  }

  /** The line (and the request's metrics) of a request whose response has closed. */
  write(req: Request, res: Response, requestId: string, startedNs: bigint): void {
    const durationNs = Number(process.hrtime.bigint() - startedNs);
    if (this.metrics.recording) {
      this.metrics.observeRequest({
        method: req.method,
        route: routeLabel(req),
        status: res.statusCode,
        tenant: typeof res.locals.tenant === 'string' ? res.locals.tenant : 'none',
        seconds: durationNs / 1e9,
        databaseError: typeof res.locals.databaseError === 'string' ? res.locals.databaseError : undefined,
      });
    }
    this.lines.request({
      method: req.method,
      route: routeOf(req),
      status: res.statusCode,
      durationMs: Math.round(durationNs / 1e4) / 100,
      tenant: tenantKeyOf(req.headers.host, this.config.defaultTenant) ?? null,
      requestId,
      aborted: !res.writableFinished,
    });
  }
}
