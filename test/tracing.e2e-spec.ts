import { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { startService } from './support/service-process';


interface OtlpSpan {
  traceId: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/**
 * The real process (`src/main.ts`, embedded PostgreSQL) with tracing on: its OTLP/HTTP exporter sends
 * JSON to `OTEL_EXPORTER_OTLP_ENDPOINT`, here a plain HTTP server of this test that keeps what
 * arrives at `/v1/traces` (the collector's side of the protocol). The same process serves the
 * metrics on METRICS_PORT, not on PORT.
 */
describe('traces and the metrics port of the real process', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let collector: Server;
  const exports: OtlpExport[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'timetable-tracing-'));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await new Promise((done) => collector.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports HTTP and PostgreSQL spans whose trace id is the request id, without query strings or feed secrets', async () => {
    const [pgPort, metricsPort] = [await freePort(), await freePort()];
    const serviceProcess = startService(dir, {
      PORT: '0', // the system's choice, read from the log
      METRICS_PORT: String(metricsPort),
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_DATA_DIR: join(dir, 'pg'),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_SERVICE_NAME: 'timetable-test',
    });
    const started = serviceProcess.child;
    child = started;
    const api = `http://127.0.0.1:${await serviceProcess.listening()}`;

    const login = await fetch(`${api}/api/auth/login?secret-query=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin12345' }),
    });
    expect(login.status).toBe(200);
    const requestId = login.headers.get('x-request-id') as string;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${api}/ical/feed-secret-4711.ics`)).status).toBe(404);
    expect((await fetch(`${api}/actuator/health/liveness`)).status).toBe(200);

    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('timetable_http_requests_total{method="POST",route="/api/auth/login",status="200",tenant="localhost"} 1');
    expect((await fetch(`${api}/metrics`)).status).toBe(404);

    started.kill('SIGTERM'); // the stop flushes the spans still buffered
    expect(await serviceProcess.exited).toBe(0);

    const spans = exports.flatMap((item) => item.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
    const service = exports[0]?.resourceSpans[0]?.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
    expect(service).toBe('timetable-test');
    const ofLogin = spans.filter((span) => span.traceId === requestId);
    const attribute = (span: OtlpSpan, key: string) => span.attributes.find((item) => item.key === key)?.value;
    // The server span (kind 2) names the route; the login's queries are children in the same trace.
    expect(ofLogin.some((span) => span.kind === 2 && attribute(span, 'http.route')?.stringValue === '/api/auth/login')).toBe(true);
    expect(ofLogin.some((span) => attribute(span, 'db.system')?.stringValue === 'postgresql' || attribute(span, 'db.system.name')?.stringValue === 'postgresql')).toBe(true);
    const everything = JSON.stringify(exports);
    expect(everything).not.toContain('secret-query');
    expect(everything).not.toContain('feed-secret-4711');
    expect(everything).not.toContain('admin12345');
    expect(everything).not.toContain('/actuator/health');
  }, 150000);
});
