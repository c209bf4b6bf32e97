import { Metrics } from '../src/platform/metrics/metrics';
import { MetricsServer, startMetricsServer } from '../src/platform/metrics/metrics-server';
import { createUniversity } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * `GET /metrics` in the Prometheus text format, on its own port (the one main.ts opens), against the
 * real service and its PostgreSQL: what an operator's dashboard and alerts read.
 */
describe('metrics (Prometheus text format on the metrics port)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let server: MetricsServer;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    server = (await startMetricsServer(t.app.get(Metrics), 0, '127.0.0.1')) as MetricsServer;
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  }

  /** The value of one sample, e.g. `timetable_tenant_ready{tenant="alpha"}`; undefined when absent. */
  function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
    const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`)) continue;
      const inside = line.slice(name.length + 1, line.indexOf('}'));
      const parts = inside.split(',');
      if (wanted.every((pair) => parts.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return undefined;
  }

  it('counts requests and their latency by route template, method, status and tenant; ids and unknown hosts never become labels', async () => {
    const before = await scrape();
    const counted = (text: string) => sample(text, 'timetable_http_requests_total', { method: 'POST', route: '/api/users/:id/restore', status: '404', tenant: 'alpha' }) ?? 0;
    expect((await admin.post('/api/users/987654321/restore')).status).toBe(404);
    expect((await admin.post('/api/users/987654322/restore')).status).toBe(404);
    expect((await t.as('beta').get('/api/auth/me')).status).toBe(401);
    expect((await t.as('nowhere-4711').get('/api/auth/me')).status).toBe(404);

    const after = await scrape();
    expect(counted(after) - counted(before)).toBe(2);
    expect(sample(after, 'timetable_http_request_duration_seconds_count', { method: 'POST', route: '/api/users/:id/restore', status: '404', tenant: 'alpha' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'timetable_http_requests_total', { method: 'GET', route: '/api/auth/me', status: '401', tenant: 'beta' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('nowhere-4711');
    // A request no route answers is counted under one fixed label, whatever its path.
    expect(sample(after, 'timetable_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404', tenant: 'none' })).toBeGreaterThanOrEqual(1);
  });

  it('shows each tenant pool, its readiness and the process', async () => {
    const text = await scrape();
    for (const tenant of ['alpha', 'beta']) {
      expect(sample(text, 'timetable_tenant_ready', { tenant })).toBe(1);
      expect(sample(text, 'timetable_db_pool_connections', { tenant, state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'timetable_db_pool_connections', { tenant, state: 'waiting' })).toBe(0);
    }
    expect(text).toMatch(/^timetable_db_pool_max_connections \d+$/m);
    expect(text).toMatch(/^timetable_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^timetable_nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^timetable_nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^timetable_process_cpu_seconds_total /m);
    expect(text).toMatch(/^timetable_nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^timetable_nodejs_heap_space_size_used_bytes\{space="old"\} \d+/m);
    expect(text).toMatch(/^timetable_nodejs_active_handles_total /m);
    expect(text).toMatch(/^timetable_nodejs_version_info\{/m);
    // Every collection observed cost 3-4 % of a cheap request (docs/decisions.md): not exposed.
    expect(text).not.toContain('gc_duration_seconds');
  });

  it('times the rebuild of the cached timetable after a change', async () => {
    const loads = (text: string) => sample(text, 'timetable_schedule_snapshot_load_seconds_count', { tenant: 'alpha', part: 'reference' }) ?? 0;
    const before = loads(await scrape());
    const u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
    expect((await admin.get(`/api/schedule?groupId=${u.groups[0].id}&startDate=2026-09-07&endDate=2026-09-13`)).status).toBe(200);
    expect(loads(await scrape())).toBeGreaterThan(before);
  });

  it('counts login throttle blocks per tenant', async () => {
    const client = t.as('beta');
    for (let attempt = 0; attempt < 5; attempt++) expect((await client.post('/api/auth/login', { username: 'admin', password: 'wrong-password' })).status).toBe(401);
    expect((await client.post('/api/auth/login', { username: 'admin', password: 'wrong-password' })).status).toBe(429);
    const text = await scrape();
    expect(sample(text, 'timetable_login_throttle_blocks_total', { tenant: 'beta', kind: 'login' })).toBe(1);
    expect(sample(text, 'timetable_http_requests_total', { method: 'POST', route: '/api/auth/login', status: '429', tenant: 'beta' })).toBe(1);
  });

  it('is not served on the API port, and the metrics port serves nothing else', async () => {
    expect((await t.as('alpha').get('/metrics')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/auth/me`)).status).toBe(404);
  });
});

describe('metrics switched off (METRICS_ENABLED=false)', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('records nothing per request and samples no process metrics: the off state the benchmark compares against', async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { METRICS_ENABLED: 'false' } });
    expect((await t.as('alpha').get('/api/auth/me')).status).toBe(401);
    const text = await t.app.get(Metrics).exposition();
    expect(text).not.toMatch(/^timetable_http_requests_total\{/m);
    expect(text).not.toMatch(/^timetable_process_resident_memory_bytes/m);
  });
});
