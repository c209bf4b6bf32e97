import { setTimeout as sleep } from 'node:timers/promises';
import { formatTenantsDocument, sameTenant, TenantDefinition } from '../tenant-definition';

/** A change of one domain as it was persisted: enough to put the domain back while nobody wrote after it. */
export interface TenantStoreChange {
  domain: string;
  previous?: TenantDefinition;
  next?: TenantDefinition;
  /** The document version this write produced (0 when nothing is persisted). */
  version: number;
}

/**
 * Where tenant changes made through the API are kept so that every instance (and the next start)
 * sees them. One domain changes per write, by a conditional write on the stored version.
 */
export interface TenantStore {
  /** false for the in-memory mode: changes live until the process restarts. */
  readonly persistent: boolean;
  /** Sets (or, with `next` undefined, removes) one domain; retries conflicts a bounded number of times. */
  change(domain: string, next: TenantDefinition | undefined): Promise<TenantStoreChange>;
  /** Puts the domain back as it was before `change`, only while the stored version is still that write's. */
  revert(change: TenantStoreChange): Promise<boolean>;
}

/** Persistence failed or could not be confirmed: the caller changes nothing locally. */
export class TenantStoreError extends Error {}

export const TENANT_STORE = Symbol('TENANT_STORE');

/** The default outside an orchestrated environment: nothing is written. */
export class MemoryTenantStore implements TenantStore {
  readonly persistent = false;

  change(domain: string, next: TenantDefinition | undefined): Promise<TenantStoreChange> {
    return Promise.resolve({ domain, next, version: 0 });
  }

  revert(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

export interface StoredDocument<Token> {
  version: number;
  tenants: TenantDefinition[];
  /** What the conditional write compares against (a checksum, a resourceVersion...). */
  token: Token;
}

/** written; conflict: someone else wrote first; uncertain: the write may or may not have landed. */
export type WriteOutcome = 'written' | 'conflict' | 'uncertain';

/** A versioned document of tenants with a compare-and-set write: a file, a Kubernetes Secret. */
export interface DocumentBackend<Token> {
  read(): Promise<StoredDocument<Token>>;
  write(text: string, expected: StoredDocument<Token>): Promise<WriteOutcome>;
}

const MAX_ATTEMPTS = 5;

/** The conditional-write protocol shared by every persistent store. */
export class ConditionalTenantStore<Token> implements TenantStore {
  readonly persistent = true;

  constructor(private readonly backend: DocumentBackend<Token>) {}

  async change(domain: string, next: TenantDefinition | undefined): Promise<TenantStoreChange> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await this.read();
      if (!current) continue;
      const previous = current.tenants.find((tenant) => tenant.domain === domain);
      const version = current.version + 1;
      const outcome = await this.backend.write(formatTenantsDocument({ version, tenants: withDomain(current.tenants, domain, next) }), current);
      if (outcome === 'written') return { domain, previous, next, version };
      // An uncertain outcome is checked by reading again before anything is retried.
      if (outcome === 'uncertain' && (await this.landed(domain, next, version))) return { domain, previous, next, version };
      await sleep(20 + Math.floor(Math.random() * 80));
    }
    throw new TenantStoreError('tenant configuration write did not succeed after retries');
  }

  async revert(change: TenantStoreChange): Promise<boolean> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await this.read();
      if (!current) continue;
      // A newer change (from any instance) is never overwritten.
      if (current.version !== change.version) return false;
      const version = current.version + 1;
      const outcome = await this.backend.write(formatTenantsDocument({ version, tenants: withDomain(current.tenants, change.domain, change.previous) }), current);
      if (outcome === 'written') return true;
      if (outcome === 'conflict') return false;
      if (await this.landed(change.domain, change.previous, version)) return true;
    }
    return false;
  }

  private async read(): Promise<StoredDocument<Token> | undefined> {
    try {
      return await this.backend.read();
    } catch (error) {
      if (error instanceof TenantStoreError) throw error;
      return undefined;
    }
  }

  private async landed(domain: string, next: TenantDefinition | undefined, version: number): Promise<boolean> {
    const reread = await this.read();
    if (!reread || reread.version !== version) return false;
    return sameTenant(reread.tenants.find((tenant) => tenant.domain === domain), next);
  }
}

function withDomain(tenants: TenantDefinition[], domain: string, next: TenantDefinition | undefined): TenantDefinition[] {
  const others = tenants.filter((tenant) => tenant.domain !== domain);
  return next ? [...others, next] : others;
}
