/**
 * Runs the Kubernetes tenant store in a plain Node process (the official client is an ES module that
 * Jest's module loader cannot require; Node itself can). Steps come as JSON in argv[2]; the results
 * are printed as one JSON line. KUBECONFIG points at the test's stand-in API server.
 */
import { KubernetesSecretBackend } from '../../src/platform/tenancy/stores/kubernetes-store';
import { ConditionalTenantStore, TenantStoreChange } from '../../src/platform/tenancy/stores/tenant-store';
import { TenantDefinition } from '../../src/platform/tenancy/tenant-definition';

type Step = { op: 'change'; domain: string; next?: TenantDefinition } | { op: 'revert'; change: TenantStoreChange };

async function main(): Promise<void> {
  const steps = JSON.parse(process.argv[2]) as Step[];
  const store = new ConditionalTenantStore(new KubernetesSecretBackend({ secretName: 'timetable-tenants', namespace: 'timetable', secretKey: 'tenants.json' }));
  const results: unknown[] = [];
  for (const step of steps) {
    try {
      results.push({ ok: true, value: step.op === 'change' ? await store.change(step.domain, step.next) : await store.revert(step.change) });
    } catch (error) {
      results.push({ ok: false, error: error instanceof Error ? error.constructor.name : 'unknown' });
    }
  }
  process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
}

void main();
