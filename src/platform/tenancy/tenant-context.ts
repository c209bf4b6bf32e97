import { DataSource, EntityManager } from 'typeorm';
import { requestContext } from '../logging/request-context';

/** What a request knows about its tenant: the key from Host and the pool it started with. */
export interface TenantScope {
  readonly tenantKey: string;
  readonly dataSource: DataSource;
  /** Identity of the database behind `dataSource`; tokens are signed with it and checked against it. */
  readonly databaseId?: string;
  /** The university's IANA time zone: its "today", digest hours and feed times (absent: the fallback zone). */
  readonly timeZone?: string;
  /** The transaction in progress, if any: every TenantDb read inside it joins it. */
  readonly manager?: EntityManager;
}

export class MissingTenantError extends Error {
  constructor() {
    super('No tenant is bound to the current execution context');
  }
}

/** Runs `fn` with the tenant bound for everything it awaits (the request id, if any, stays bound). */
export function runInTenant<T>(scope: TenantScope, fn: () => T): T {
  return requestContext.run({ requestId: requestContext.getStore()?.requestId, tenant: scope }, fn);
}

/** The current tenant; throws (fails closed) outside a tenant-bound request. */
export function currentTenant(): TenantScope {
  const scope = requestContext.getStore()?.tenant;
  if (!scope) throw new MissingTenantError();
  return scope;
}

export function currentTenantOrUndefined(): TenantScope | undefined {
  return requestContext.getStore()?.tenant;
}
