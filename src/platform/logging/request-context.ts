import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../auth/auth-user';
import type { TenantScope } from '../tenancy/tenant-context';

/**
 * What a unit of work (a request, a worker's pass over a tenant) carries through everything it awaits:
 * the request id its log lines name and, once it is resolved, its tenant. One AsyncLocalStorage holds
 * both because every `run` costs each request (issue 29): the request edge resolves the tenant first
 * and runs the context once.
 */
export interface RequestContext {
  readonly requestId?: string;
  tenant?: TenantScope;
  /** What the request holds until its response closes (its tenant's pool lease); called by the request edge. */
  release?: () => void;
  /** The schedule data stamp a view has read for its ETag, so its snapshot check does not read it again. */
  readingStamp?: number;
  /**
   * The caller the request's bearer token names, set by the JWT guard. Kept here rather than as
   * `req.user`: adding a property to Node's request object took about 3 µs per request (issue 29).
   */
  user?: AuthUser;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (the rest of a request) with its request id bound, so every log line it writes carries it. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Runs `work` with `stamp` as the request's reading of the schedule data stamp (in the running request's context when there is one). */
export function runWithReadingStamp<T>(stamp: number, work: () => T): T {
  const context = requestContext.getStore();
  if (!context) return requestContext.run({ readingStamp: stamp }, work);
  context.readingStamp = stamp;
  return work();
}

export function currentReadingStamp(): number | undefined {
  return requestContext.getStore()?.readingStamp;
}
