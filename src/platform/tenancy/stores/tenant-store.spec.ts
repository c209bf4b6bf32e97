import { parseTenantsDocument, TenantDefinition } from '../tenant-definition';
import { ConditionalTenantStore, DocumentBackend, StoredDocument, TenantStoreError, WriteOutcome } from './tenant-store';

/** A compare-and-set document in memory, with scripted faults for the next writes. */
class MemoryBackend implements DocumentBackend<number> {
  text = JSON.stringify({ version: 3, tenants: [tenant('alpha')] });
  revision = 1;
  faults: ('conflict' | 'lost-after' | 'lost-before' | 'throw')[] = [];
  writes = 0;

  read(): Promise<StoredDocument<number>> {
    const document = parseTenantsDocument(this.text);
    return Promise.resolve({ version: document.version ?? 0, tenants: document.tenants, token: this.revision });
  }

  write(text: string, expected: StoredDocument<number>): Promise<WriteOutcome> {
    const fault = this.faults.shift();
    if (fault === 'throw') return Promise.reject(new TenantStoreError('refused'));
    if (fault === 'lost-before') return Promise.resolve('uncertain');
    if (fault === 'conflict') this.external();
    if (expected.token !== this.revision) return Promise.resolve('conflict');
    this.text = text;
    this.revision++;
    this.writes++;
    return Promise.resolve(fault === 'lost-after' ? 'uncertain' : 'written');
  }

  external(): void {
    const document = parseTenantsDocument(this.text);
    this.text = JSON.stringify({ version: (document.version ?? 0) + 1, tenants: [...document.tenants.filter((t) => t.domain !== 'other'), tenant('other')] });
    this.revision++;
  }

  domains(): string[] {
    return parseTenantsDocument(this.text).tenants.map((t) => t.domain);
  }
}

function tenant(domain: string, name = domain): TenantDefinition {
  return { name, domain, url: `jdbc:postgresql://db/${domain}`, username: 'u', password: 'p' };
}

describe('ConditionalTenantStore', () => {
  it('changes one domain per write and bumps the version', async () => {
    const backend = new MemoryBackend();
    const store = new ConditionalTenantStore(backend);
    expect(await store.change('beta', tenant('beta'))).toMatchObject({ domain: 'beta', version: 4, previous: undefined });
    expect(await store.change('alpha', undefined)).toMatchObject({ version: 5, previous: tenant('alpha') });
    expect(backend.domains()).toEqual(['beta']);
  });

  it('retries a conflict on the newer document and keeps the other writer\'s change', async () => {
    const backend = new MemoryBackend();
    backend.faults.push('conflict');
    const change = await new ConditionalTenantStore(backend).change('beta', tenant('beta'));
    expect(change.version).toBe(5);
    expect(backend.domains()).toEqual(['alpha', 'beta', 'other']);
  });

  it('reads again after an uncertain outcome: a landed write is not written twice, a lost one is retried', async () => {
    const backend = new MemoryBackend();
    backend.faults.push('lost-after');
    await new ConditionalTenantStore(backend).change('beta', tenant('beta'));
    expect(backend.writes).toBe(1);
    backend.faults.push('lost-before');
    await new ConditionalTenantStore(backend).change('gamma', tenant('gamma'));
    expect(backend.writes).toBe(2);
    expect(backend.domains()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('gives up after bounded retries and on a refused write', async () => {
    const backend = new MemoryBackend();
    backend.faults.push('conflict', 'conflict', 'conflict', 'conflict', 'conflict');
    await expect(new ConditionalTenantStore(backend).change('beta', tenant('beta'))).rejects.toThrow(TenantStoreError);
    backend.faults.push('throw');
    await expect(new ConditionalTenantStore(backend).change('beta', tenant('beta'))).rejects.toThrow(TenantStoreError);
    expect(backend.domains()).not.toContain('beta');
  });

  it('restores the previous entry only while the stored version is still that write\'s', async () => {
    const backend = new MemoryBackend();
    const store = new ConditionalTenantStore(backend);
    const renamed = await store.change('alpha', tenant('alpha', 'Новое'));
    expect(await store.revert(renamed)).toBe(true);
    expect(parseTenantsDocument(backend.text).tenants[0].name).toBe('alpha');

    const again = await store.change('alpha', tenant('alpha', 'Новее'));
    backend.external();
    expect(await store.revert(again)).toBe(false);
    expect(parseTenantsDocument(backend.text).tenants.find((t) => t.domain === 'alpha')?.name).toBe('Новее');
  });

  it('keeps a university’s time zone in what it writes, and reverts a zone change to the zone before (issue 46)', async () => {
    const backend = new MemoryBackend();
    const store = new ConditionalTenantStore(backend);
    backend.faults.push('lost-after');
    const moved = await store.change('alpha', { ...tenant('alpha'), timeZone: 'Asia/Vladivostok' });
    expect(backend.writes).toBe(1); // the uncertain write was recognised by its zone too
    expect(parseTenantsDocument(backend.text).tenants[0].timeZone).toBe('Asia/Vladivostok');
    expect(await store.revert(moved)).toBe(true);
    expect(parseTenantsDocument(backend.text).tenants[0].timeZone).toBeUndefined();
  });
});
