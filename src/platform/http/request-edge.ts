import { INestApplication, LoggerService } from '@nestjs/common';
import { json, urlencoded } from 'body-parser';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { AsyncResource } from 'node:async_hooks';
import { AppConfig } from '../../config/app-config';
import { RequestContext, requestContext } from '../logging/request-context';
import { REQUEST_ID_HEADER, RequestLog } from '../logging/request-log';
import { Metrics } from '../metrics/metrics';
import { TenantRouting } from '../tenancy/tenant-routing';
import { AppError } from './app-error';
import { trackRunningRequests } from './graceful-stop';
import { hostRefusal, refuse } from './http-edge';
import { LocalWrites, mayWrite } from './local-writes';
import { refuseDeepJson } from './json-depth';
import { NOT_STORED, securityHeaders } from './security-headers';

const JSON_BODY = json({ limit: '2mb', verify: refuseDeepJson });
const FORM_BODY = urlencoded({ extended: true });

/** Whether a request announces a body (as body-parser's own check: a length, even 0, or a transfer coding). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

/**
 * JSON and form bodies, parsed only when a request has one: a GET crosses one cheap check instead of
 * two parsers. A body arrives in the socket's callbacks, outside the request's async context, so the
 * rest of the request is resumed in that context again (its request id and tenant stay bound).
 */
function parseBodyThen(req: Request, res: Response, next: NextFunction): void {
  if (!hasBody(req)) return next();
  const resume = AsyncResource.bind(next);
  JSON_BODY(req, res, (error?: unknown) => (error ? resume(error) : FORM_BODY(req, res, resume)));
}

/**
 * What every request crosses before routing, as one middleware with one `close` listener and one
 * async-context run (issue 29's profile showed each as its own layer and listener): the request id
 * (answered in `X-Request-Id`, bound for the log lines written meanwhile), the one-Host check, the
 * count of running requests a graceful stop waits for, the count of requests that may write
 * (LocalWrites: any method but GET, HEAD and OPTIONS, on any path, which errs on the safe side), the
 * tenant of a university's path (TenantRouting: resolved from Host, its pool leased, both bound to the
 * request's context; an unknown university is a 404 before any body is read), the body, and, when
 * the response closes, the release of the pool lease and the request's log line and metrics; and the
 * headers every answer carries (security-headers.ts), `Cache-Control: no-store` on the API's.
 * Installed first, so it sees every request the application answers, refused ones included.
 */
export function installRequestEdge(
  app: INestApplication,
  config: AppConfig,
  logger: LoggerService | false | undefined,
  /** Off only in the benchmark's pair that measures what the headers cost (scripts/bench/switch-pair-server.ts). */
  withSecurityHeaders = true,
): void {
  const setSecurityHeaders = withSecurityHeaders ? securityHeaders() : undefined;
  const log = new RequestLog(app.get(Metrics), config, logger);
  const running = trackRunningRequests(app);
  const writes = app.get(LocalWrites);
  const tenants = app.get(TenantRouting);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const startedNs = process.hrtime.bigint();
    const requestId = log.requestIdOf(req);
    const context: RequestContext = { requestId };
    res.setHeader(REQUEST_ID_HEADER, requestId);
    setSecurityHeaders?.(req, res);
    running.started(res);
    const writing = mayWrite(req.method);
    if (writing) writes.begin();
    res.once('close', () => {
      if (writing) writes.end();
      context.release?.();
      running.closed(res);
      log.write(req, res, requestId, startedNs);
    });
    const refusal = hostRefusal(req);
    if (refusal) return refuse(req, res, 400, refusal);
    if (tenants.isTenantPath(req.path)) {
      // The API's and the feeds' answers are not stored unless their handler says otherwise (security-headers.ts).
      if (setSecurityHeaders) res.setHeader('Cache-Control', NOT_STORED);
      try {
        const lease = tenants.lease(req);
        context.tenant = lease.scope;
        context.release = lease.release;
        res.locals.tenant = lease.scope.tenantKey; // the request log's and metrics' tenant label (a configured tenant only)
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return refuse(req, res, error.status, error.message);
      }
    }
    requestContext.run(context, parseBodyThen, req, res, next);
  });
  // Cookies are read only by the session refresh, the logout and the university sign-in.
  app.use(['/api/auth/refresh', '/api/auth/logout', '/api/auth/sso'], cookieParser());
}
