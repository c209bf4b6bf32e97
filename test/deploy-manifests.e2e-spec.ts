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

function kustomization(dir: string): { resources: string[]; files: string[] } {
  const [document] = loadAllYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as {
    resources?: string[];
    configMapGenerator?: { files: string[] }[];
  }[];
  return { resources: document.resources ?? [], files: (document.configMapGenerator ?? []).flatMap((generator) => generator.files) };
}

function manifests(dir: string): Manifest[] {
  return kustomization(dir).resources.flatMap((file) => loadAllYaml(readFileSync(join(dir, file), 'utf8')) as Manifest[]);
}

const find = (list: Manifest[], kind: string) => list.find((item) => item.kind === kind) as Manifest & { spec: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('deployment manifests', () => {
  const base = manifests(KUBE);
  const monitoring = manifests(join(KUBE, 'monitoring'));
  const dashboard = readFileSync(join(KUBE, 'monitoring', 'timetable-dashboard.json'), 'utf8');
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('lists only files that exist, each a named Kubernetes object', () => {
    for (const dir of [KUBE, join(KUBE, 'monitoring')]) {
      const { resources, files } = kustomization(dir);
      for (const file of [...resources, ...files]) expect(existsSync(join(dir, file))).toBe(true);
    }
    for (const item of [...base, ...monitoring]) {
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
    const queried = [...rules.map((rule: { expr: string }) => rule.expr), dashboard].join('\n');
    const names = new Set(queried.match(/\btimetable_[a-z_]+/g));
    expect(names.size).toBeGreaterThan(6);
    for (const name of names) expect({ name, exposed: exposed.has(name) }).toEqual({ name, exposed: true });
  });
});
