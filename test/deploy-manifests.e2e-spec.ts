import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Metrics } from '../src/platform/metrics/metrics';
import { ADMIN, startTestApp, TestApp } from './support/test-app';

/**
 * The Kubernetes manifests an operator applies (no cluster here): every file parses, the pieces name
 * each other consistently (ports, labels, targets), and every metric the alert rules and the Grafana
 * dashboard query is one the service really exposes (a live scrape of the application).
 */
const KUBE = resolve(__dirname, '..', 'deploy', 'kubernetes');

const loadAllYaml = (text: string): unknown[] => parseAllDocuments(text).map((document) => document.toJS() as unknown);

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

function kustomization(dir: string): { resources: string[]; files: string[]; patches: string[] } {
  const [document] = loadAllYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as {
    resources?: string[];
    configMapGenerator?: { files: string[] }[];
    patches?: { path: string }[];
  }[];
  return {
    resources: document.resources ?? [],
    files: (document.configMapGenerator ?? []).flatMap((generator) => generator.files),
    patches: (document.patches ?? []).map((patch) => patch.path),
  };
}

/** The objects of a kustomization's own files (a directory it builds on, such as `../`, is read on its own). */
function manifests(dir: string): Manifest[] {
  return kustomization(dir)
    .resources.filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => loadAllYaml(readFileSync(join(dir, file), 'utf8')) as Manifest[]);
}

const find = (list: Manifest[], kind: string) => list.find((item) => item.kind === kind) as Manifest & { spec: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('deployment manifests', () => {
  const base = manifests(KUBE);
  const monitoring = manifests(join(KUBE, 'monitoring'));
  const dashboard = readFileSync(join(KUBE, 'monitoring', 'timetable-dashboard.json'), 'utf8');
  const solver = manifests(join(KUBE, 'solver'));
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('lists only files that exist, each a named Kubernetes object', () => {
    for (const dir of [KUBE, join(KUBE, 'monitoring'), join(KUBE, 'solver')]) {
      const { resources, files, patches } = kustomization(dir);
      for (const file of [...resources, ...files, ...patches]) expect(existsSync(join(dir, file))).toBe(true);
    }
    for (const item of [...base, ...monitoring, ...solver]) {
      expect(item.apiVersion).toMatch(/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/);
      expect(item.kind).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(item.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
    expect(base.map((item) => item.kind)).toEqual(expect.arrayContaining(['Deployment', 'Service', 'HorizontalPodAutoscaler', 'NetworkPolicy']));
    expect(() => JSON.parse(dashboard) as unknown).not.toThrow();
  });

  it('exposes the metrics port only inside the cluster, and every piece names the same port and pods', () => {
    const deployment = find(base, 'Deployment');
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    const ports = Object.fromEntries((container.ports as { name: string; containerPort: number }[]).map((port) => [port.name, port.containerPort]));
    expect(ports).toEqual({ http: 8080, metrics: 9464 });
    const env = Object.fromEntries((container.env as { name: string; value?: string }[]).map((item) => [item.name, item.value]));
    expect(env).toMatchObject({ PORT: '8080', METRICS_PORT: '9464' });
    expect(pod.metadata.annotations).toMatchObject({ 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' });

    const labels = pod.metadata.labels as Record<string, string>;
    const service = find(base, 'Service');
    expect(service.spec.selector).toEqual(labels);
    expect(service.spec.ports).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'metrics', targetPort: 'metrics' })]));

    const policy = find(base, 'NetworkPolicy');
    expect(policy.spec.podSelector.matchLabels).toEqual(labels);
    const ingress = policy.spec.ingress as { from: { namespaceSelector: { matchLabels: Record<string, string> } }[]; ports: { port: number }[] }[];
    const allowed = ingress.map((rule) => ({ from: rule.from[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name'], ports: rule.ports.map((port) => port.port) }));
    expect(allowed).toEqual([
      { from: 'ingress-nginx', ports: [8080] },
      { from: 'monitoring', ports: [9464] },
    ]);

    const monitor = find(monitoring, 'ServiceMonitor');
    expect(monitor.spec.selector.matchLabels).toEqual(service.metadata.labels);
    expect(monitor.spec.endpoints[0]).toMatchObject({ port: 'metrics', path: '/metrics' });

    const autoscaler = find(base, 'HorizontalPodAutoscaler');
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('the solver overlay: request pods claim no job, worker pods run `dist/src/worker.js` and KEDA scales them on the jobs waiting or running', () => {
    const { resources, patches } = kustomization(join(KUBE, 'solver'));
    expect(resources[0]).toBe('../');
    const [patch] = patches.map((file) => loadAllYaml(readFileSync(join(KUBE, 'solver', file), 'utf8'))[0] as Manifest & { spec: Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any
    const requestDeployment = find(base, 'Deployment');
    expect(patch).toMatchObject({ kind: 'Deployment', metadata: { name: requestDeployment.metadata.name } });
    expect(patch.spec.template.spec.containers[0]).toEqual({
      name: requestDeployment.spec.template.spec.containers[0].name,
      env: [{ name: 'OPTIMIZATION_WORKER_ENABLED', value: 'false' }],
    });

    const deployment = find(solver, 'Deployment');
    const pod = deployment.spec.template;
    const labels = pod.metadata.labels as Record<string, string>;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(labels).not.toEqual(requestDeployment.spec.template.metadata.labels); // the request Service never sends it traffic
    const container = pod.spec.containers[0];
    expect(container.command).toEqual(['node', 'dist/src/worker.js']);
    expect(existsSync(resolve(__dirname, '..', 'dist', 'src', 'worker.js'))).toBe(true);
    expect(container.image).toBe(requestDeployment.spec.template.spec.containers[0].image);
    const ports = Object.fromEntries((container.ports as { name: string; containerPort: number }[]).map((port) => [port.name, port.containerPort]));
    expect(ports).toEqual({ health: 8080, metrics: 9464 });
    const env = Object.fromEntries((container.env as { name: string; value?: string }[]).map((item) => [item.name, item.value]));
    expect(env).toMatchObject({ PORT: '8080', METRICS_PORT: '9464', OPTIMIZATION_CONCURRENCY: '1', SOLVER_THREADS: '2' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/actuator/health/readiness', port: 'health' });
    expect(deployment.spec.replicas).toBeUndefined(); // KEDA owns the count

    const scaled = find(solver, 'ScaledObject');
    expect(scaled.apiVersion).toBe('keda.sh/v1alpha1');
    expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(scaled.spec.minReplicaCount).toBe(0);
    const [trigger] = scaled.spec.triggers as { type: string; metadata: { query: string; threshold: string } }[];
    expect(trigger.type).toBe('prometheus');
    expect(trigger.metadata.query).toMatch(/^max\(.*timetable_optimization_jobs/);
    expect(trigger.metadata.threshold).toBe(env.OPTIMIZATION_CONCURRENCY);

    const policy = find(solver, 'NetworkPolicy');
    expect(policy.spec.podSelector.matchLabels).toEqual(labels);
    expect((policy.spec.ingress as { ports: { port: number }[] }[]).flatMap((rule) => rule.ports.map((port) => port.port))).toEqual([9464]);
  });

  it('alerts and the dashboard query only metrics the service exposes', async () => {
    const exposition = await t.app.get(Metrics).exposition();
    const exposed = new Set<string>();
    for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exposed.add(match[1]);
      if (match[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(match[1] + suffix);
    }
    const rules = find(monitoring, 'PrometheusRule').spec.groups.flatMap((group: { rules: { alert: string; expr: string }[] }) => group.rules);
    expect(rules.map((rule: { alert: string }) => rule.alert)).toEqual(
      expect.arrayContaining(['TimetableInstanceDown', 'TimetableTenantNotReady', 'TimetableServerErrors', 'TimetableSlowRequests', 'TimetablePoolExhausted', 'TimetableNotificationBacklog', 'TimetableCacheTooSmall']),
    );
    const scaling = find(solver, 'ScaledObject').spec.triggers.map((trigger: { metadata: { query: string } }) => trigger.metadata.query);
    const queried = [...rules.map((rule: { expr: string }) => rule.expr), dashboard, ...scaling].join('\n');
    const names = new Set(queried.match(/\btimetable_[a-z_]+/g));
    expect(names.size).toBeGreaterThan(6);
    for (const name of names) expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: true });
  });
});
