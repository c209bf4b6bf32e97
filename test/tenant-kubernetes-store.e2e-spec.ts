import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { KubernetesApiStub } from './support/kubernetes-api-stub';

const ROOT = resolve(__dirname, '..');
const run = promisify(execFile);

type Result<T = unknown> = { ok: true; value: T } | { ok: false; error: string };
interface Change {
  domain: string;
  version: number;
  previous?: { domain: string };
}

const tenant = (domain: string, name = domain) => ({ name, domain, url: `jdbc:postgresql://db.${domain}/${domain}`, username: 'app', password: `secret-${domain}` });

/**
 * The Kubernetes store (TENANTS_STORE=kubernetes) through the official client against a small local
 * HTTP server that stands in for the Kubernetes API server: Secret read and replace guarded by
 * resourceVersion, with a conflicting writer, connections lost before and after the write, and a
 * refused write.
 */
describe('tenants kept in a Kubernetes Secret', () => {
  const api = new KubernetesApiStub();
  let dir: string;

  /** Runs store steps in a Node process (see kubernetes-store-runner.ts) and returns their results. */
  const steps = async (list: object[]): Promise<Result[]> => {
    const { stdout } = await run(
      process.execPath,
      ['-r', join(ROOT, 'node_modules/ts-node/register/transpile-only'), join(ROOT, 'test/support/kubernetes-store-runner.ts'), JSON.stringify(list)],
      { env: { PATH: process.env.PATH ?? '', TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), KUBECONFIG: join(dir, 'kubeconfig') }, timeout: 60000 },
    );
    const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
    if (!line) throw new Error(`no result from the runner: ${stdout}`);
    return JSON.parse(line.slice('RESULT '.length)) as Result[];
  };
  const domains = () => api.document().tenants.map((entry) => entry.domain).sort();

  beforeAll(async () => {
    await api.start();
    dir = mkdtempSync(join(tmpdir(), 'timetable-kube-'));
    writeFileSync(join(dir, 'kubeconfig'), api.kubeconfig());
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one domain per conditional replace, retries a conflict, and checks an uncertain outcome by reading again', async () => {
    const results = await steps([
      { op: 'change', domain: 'alpha', next: tenant('alpha') },
      { op: 'change', domain: 'beta', next: tenant('beta') },
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(api.document()).toMatchObject({ version: 2 });
    expect(domains()).toEqual(['alpha', 'beta']);

    // Another instance writes between our read and our replace: 409, then a retry on the new version.
    api.plans.push('conflict');
    const before = { ...api.puts };
    const [conflicted] = await steps([{ op: 'change', domain: 'gamma', next: tenant('gamma') }]);
    expect(conflicted).toMatchObject({ ok: true, value: { domain: 'gamma', version: 4 } });
    expect(api.puts.conflicts - before.conflicts).toBe(1);
    expect(domains()).toEqual(['alpha', 'beta', 'gamma', 'other']);

    // The connection drops after the server applied the write: the re-read finds it, no second write.
    api.plans.push('drop-after-apply');
    const applied = api.puts.applied;
    const [landed] = await steps([{ op: 'change', domain: 'delta', next: tenant('delta') }]);
    expect(landed).toMatchObject({ ok: true, value: { version: 5 } });
    expect(api.puts.applied - applied).toBe(1);

    // The connection drops before the write was applied: the re-read does not find it, the write is retried.
    api.plans.push('drop-before-apply');
    const [retried] = await steps([{ op: 'change', domain: 'epsilon', next: tenant('epsilon') }]);
    expect(retried).toMatchObject({ ok: true, value: { version: 6 } });
    expect(domains()).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'other']);
  }, 120000);

  it('restores the previous entry only while the stored version is still that write', async () => {
    const [changed] = await steps([{ op: 'change', domain: 'alpha', next: tenant('alpha', 'Новое имя') }]);
    const change = (changed as { value: Change }).value;
    expect(api.document().tenants.find((entry) => entry.domain === 'alpha')?.name).toBe('Новое имя');
    const [restored] = await steps([{ op: 'revert', change }]);
    expect(restored).toEqual({ ok: true, value: true });
    expect(api.document().tenants.find((entry) => entry.domain === 'alpha')?.name).toBe('alpha');

    // A newer write by someone else in between: the revert leaves it alone.
    const [second] = await steps([{ op: 'change', domain: 'beta', next: tenant('beta', 'Бета 2') }]);
    api.externalWrite('Другой 2');
    const [skipped] = await steps([{ op: 'revert', change: (second as { value: Change }).value }]);
    expect(skipped).toEqual({ ok: true, value: false });
    expect(api.document().tenants.find((entry) => entry.domain === 'beta')?.name).toBe('Бета 2');
  }, 120000);

  it('fails with a store error when the API server refuses the write, and nothing is stored', async () => {
    const before = api.document();
    api.plans.push('forbidden');
    const [refused] = await steps([{ op: 'change', domain: 'zeta', next: tenant('zeta') }]);
    expect(refused).toEqual({ ok: false, error: 'TenantStoreError' });
    expect(api.document()).toEqual(before);
  }, 60000);
});
