import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export const SECRET = { namespace: 'timetable', name: 'timetable-tenants', key: 'tenants.json' };

/** What the stub does with the next PUT of the Secret. */
export type PutPlan = 'ok' | 'conflict' | 'drop-before-apply' | 'drop-after-apply' | 'forbidden';

interface StoredSecret {
  apiVersion: 'v1';
  kind: 'Secret';
  type: 'Opaque';
  metadata: { name: string; namespace: string; resourceVersion: string };
  data: Record<string, string>;
}

/**
 * Stands in for the Kubernetes API server in tests: it implements only reading and replacing one
 * Secret, with the API server's optimistic concurrency (a PUT whose metadata.resourceVersion is not
 * the current one gets 409 Conflict). Planned faults imitate another writer (`conflict`) and a
 * connection lost before or after the write was applied (an uncertain outcome for the client).
 */
export class KubernetesApiStub {
  private server?: Server;
  private resourceVersion = 1;
  readonly secret: StoredSecret = {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'Opaque',
    metadata: { name: SECRET.name, namespace: SECRET.namespace, resourceVersion: '1' },
    data: {},
  };
  readonly plans: PutPlan[] = [];
  readonly puts = { received: 0, applied: 0, conflicts: 0 };
  port = 0;

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The tenants document currently stored. */
  document(): { version: number; tenants: { domain: string; name: string }[] } {
    const encoded = this.secret.data[SECRET.key];
    if (!encoded) return { version: 0, tenants: [] };
    const parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as unknown;
    return Array.isArray(parsed) ? { version: 0, tenants: parsed } : (parsed as { version: number; tenants: { domain: string; name: string }[] });
  }

  /** Another instance writes: it adds (or renames) the domain `other`. */
  externalWrite(name = 'Другой'): void {
    const document = this.document();
    const tenants = document.tenants.filter((tenant) => tenant.domain !== 'other');
    tenants.push({ name, domain: 'other', url: 'jdbc:postgresql://db.other/other' } as { domain: string; name: string });
    this.store(JSON.stringify({ version: document.version + 1, tenants }));
  }

  /** A kubeconfig for the stub; plain HTTP, which the client allows only with TLS checks off. */
  kubeconfig(): string {
    return [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      `- name: stub`,
      `  cluster: {server: "http://127.0.0.1:${this.port}", insecure-skip-tls-verify: true}`,
      'users:',
      '- name: stub',
      '  user: {token: stub-token}',
      'contexts:',
      '- name: stub',
      `  context: {cluster: stub, user: stub, namespace: ${SECRET.namespace}}`,
      'current-context: stub',
      '',
    ].join('\n');
  }

  private store(text: string): void {
    this.secret.data = { ...this.secret.data, [SECRET.key]: Buffer.from(text, 'utf8').toString('base64') };
    this.resourceVersion++;
    this.secret.metadata.resourceVersion = String(this.resourceVersion);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = `/api/v1/namespaces/${SECRET.namespace}/secrets/${SECRET.name}`;
    if (req.url?.split('?')[0] !== path) return this.reply(res, 404, status(404, 'NotFound'));
    if (req.method === 'GET') return this.reply(res, 200, this.secret);
    if (req.method !== 'PUT') return this.reply(res, 405, status(405, 'MethodNotAllowed'));

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StoredSecret;
    this.puts.received++;
    const plan = this.plans.shift() ?? 'ok';
    if (plan === 'forbidden') return this.reply(res, 403, status(403, 'Forbidden'));
    if (plan === 'drop-before-apply') return void req.socket.destroy();
    if (plan === 'conflict') this.externalWrite();
    if (body.metadata?.resourceVersion !== this.secret.metadata.resourceVersion) {
      this.puts.conflicts++;
      return this.reply(res, 409, status(409, 'Conflict'));
    }
    this.puts.applied++;
    this.store(Buffer.from(body.data[SECRET.key], 'base64').toString('utf8'));
    if (plan === 'drop-after-apply') return void req.socket.destroy();
    this.reply(res, 200, this.secret);
  }

  private reply(res: ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

function status(code: number, reason: string) {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code };
}
