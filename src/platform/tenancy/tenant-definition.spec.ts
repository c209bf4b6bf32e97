import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/app-config';
import { configuredTenants, formatTenantsDocument, parseTenantsDocument } from './tenant-definition';

describe('TENANTS_FILE', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'timetable-tenants-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const tenantsOf = (file: string) => () => configuredTenants(loadConfig({ TENANTS_FILE: file, JWT_SECRET: 'a-secret-that-is-long-enough-0123456789-abcdef' }));

  it('says whether the file is missing, a directory or not JSON', () => {
    expect(tenantsOf(join(dir, 'missing.json'))).toThrow(`TENANTS_FILE ${join(dir, 'missing.json')} not found`);
    expect(tenantsOf(dir)).toThrow(`TENANTS_FILE ${dir} is a directory, not a file`);
    writeFileSync(join(dir, 'broken.json'), '[{');
    expect(tenantsOf(join(dir, 'broken.json'))).toThrow('TENANTS_FILE is not valid JSON');
  });

  it('reads a valid file', () => {
    writeFileSync(join(dir, 'tenants.json'), JSON.stringify([{ domain: 'Alpha', url: 'jdbc:postgresql://db:5432/alpha', username: 'u', password: 'p' }]));
    expect(tenantsOf(join(dir, 'tenants.json'))()).toEqual([expect.objectContaining({ domain: 'alpha' })]);
  });

  it('reads the {version, tenants} form the tenant API writes, and refuses a bad version', () => {
    const file = join(dir, 'versioned.json');
    writeFileSync(file, JSON.stringify({ version: 7, tenants: [{ domain: 'beta', url: 'jdbc:postgresql://db:5432/beta' }] }));
    expect(tenantsOf(file)()).toEqual([expect.objectContaining({ domain: 'beta', name: 'beta' })]);
    expect(parseTenantsDocument(JSON.stringify({ version: 7, tenants: [] }))).toEqual({ version: 7, tenants: [] });
    expect(parseTenantsDocument('[]')).toEqual({ version: undefined, tenants: [] });
    expect(() => parseTenantsDocument(JSON.stringify({ version: -1, tenants: [] }))).toThrow('version must be a non-negative integer');
  });

  it('keeps each university’s time zone (canonical spelling), leaves it out when none is named, and refuses an unknown one by name', () => {
    const document = parseTenantsDocument(
      JSON.stringify([
        { domain: 'vlad', url: 'jdbc:postgresql://db:5432/vlad', timeZone: 'asia/vladivostok' },
        { domain: 'msk', url: 'jdbc:postgresql://db:5432/msk' },
      ]),
    );
    expect(document.tenants.map((tenant) => tenant.timeZone)).toEqual(['Asia/Vladivostok', undefined]);
    const written = parseTenantsDocument(formatTenantsDocument({ version: 1, tenants: document.tenants }));
    expect(written.tenants.find((tenant) => tenant.domain === 'vlad')?.timeZone).toBe('Asia/Vladivostok');
    expect(() => parseTenantsDocument(JSON.stringify([{ domain: 'x', url: 'jdbc:postgresql://db:5432/x', timeZone: 'Mars/Olympus' }]))).toThrow(
      'TENANTS_FILE[0] (x): unknown time zone "Mars/Olympus"',
    );
  });
});
