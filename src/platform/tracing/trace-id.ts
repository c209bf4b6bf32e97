import { trace } from '@opentelemetry/api';

const INVALID_TRACE_ID = '00000000000000000000000000000000';

/**
 * The trace id of the request being handled, when tracing is on (the HTTP instrumentation opened a
 * span for it); undefined otherwise. Without a tracing SDK the API's no-op answers at once.
 */
export function traceIdOfRequest(): string | undefined {
  const traceId = trace.getActiveSpan()?.spanContext().traceId;
  return traceId && traceId !== INVALID_TRACE_ID ? traceId : undefined;
}
