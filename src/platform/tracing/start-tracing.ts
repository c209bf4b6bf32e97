import type { Span } from '@opentelemetry/api';

/** A running tracing SDK; `shutdown` sends what is still buffered. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** Paths whose segments are secrets: a calendar feed's file name is its credential. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/ical\/[^/]+$/, '/ical/{file}']];
const PROBES = /^\/actuator\/health/;

/** The path of a request as a trace may keep it: no query string, no secret segment. */
export function traceablePath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0];
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return replacement;
  return path;
}

/**
 * OpenTelemetry traces of HTTP requests (Express routes) and PostgreSQL queries, exported by OTLP over
 * HTTP, when an OTLP endpoint is configured (the standard OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); otherwise nothing is loaded and nothing runs. Must start before
 * `http`, `express` and `pg` are first required (see ./register.ts).
 *
 * What a span may carry: the path without its query and with secrets replaced, the route template,
 * SQL text without parameter values (`enhancedDatabaseReporting` off), never headers or bodies.
 * Health probes make no spans.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  // Loaded only when tracing is on: the SDK is large and patches modules as they load.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || 'timetable-service',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBES.test(request.url ?? ''),
        // Outgoing calls (SMTP is not HTTP; identity providers and webhooks are) keep their own spans.
        requestHook: (span: Span, request) => {
          if (!('headers' in request)) return; // an outgoing request: its own URL is not ours to redact
          const path = traceablePath(request.url);
          for (const name of ['http.target', 'url.path']) span.setAttribute(name, path);
          for (const name of ['http.url', 'url.full']) span.setAttribute(name, path);
          span.setAttribute('url.query', '');
        },
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
