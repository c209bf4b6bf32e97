import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { WebhookAddresses } from '../src/notifications/webhooks/webhook-addresses';
import { expectErrorBody } from './support/factories';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Webhooks never reach internal addresses (issue 46 §5). Only loopback is ever called: the names of
 * this test are answered by a resolver the test puts into the service, so a name "resolves" to
 * 127.0.0.1 (internal, refused) or to nothing; the receiver counts every TCP connection it gets.
 */
const WEBHOOKS = '/api/admin/webhooks';
const INTERNAL = 'Поле «url»: адреса внутренних сетей (этот сервер, частные сети, link-local, служба метаданных облака) недоступны для вебхуков, кроме узлов из WEBHOOK_ALLOW_HTTP_HOSTS';

describe('webhooks and internal addresses', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let receiver: Server;
  let port: number;
  let connections = 0;
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];
  const lookups: string[] = [];
  /** What each made-up name resolves to now; a name not here does not resolve. */
  const dns = new Map<string, string>();

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    receiver.on('connection', (_socket: Socket) => connections++);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    t = await startTestApp({
      tenants: ['alpha'],
      env: { WEBHOOK_ALLOW_HTTP_HOSTS: 'pinned.campus.test', WEBHOOK_RETRY_BASE_SECONDS: '1', NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100' },
    });
    t.app.get(WebhookAddresses).lookup = (hostname) => {
      lookups.push(hostname);
      const address = dns.get(hostname);
      return address ? Promise.resolve([{ address, family: 4 }]) : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    };
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('refuses loopback, private, link-local, unique-local and metadata addresses at registration, for every scheme', async () => {
    dns.set('intranet.campus.test', '127.0.0.1');
    const refused = [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'http://10.0.0.1/hook',
      'https://172.20.1.1/hook',
      'https://192.168.0.10/hook',
      'https://100.64.0.1/hook',
      `https://127.0.0.1:${port}/hook`,
      'https://0x7f000001/hook',
      `https://localhost:${port}/hook`,
      'https://api.localhost/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://[fe80::1]/hook',
      'https://[::ffff:169.254.169.254]/latest/meta-data/',
      'https://[::ffff:10.0.0.1]/hook',
      // 6to4 and NAT64 reach the IPv4 host they carry (issue 52 §3).
      'https://[2002:7f00:1::]/',
      'https://[2002:a9fe:a9fe::]/latest/meta-data/',
      'https://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'https://[64:ff9b::127.0.0.1]/hook',
      `https://intranet.campus.test:${port}/hook`,
    ];
    for (const url of refused) {
      const response = await admin.post(WEBHOOKS, { url, events: ['lesson.changed'] });
      expectErrorBody(response.body, 400, WEBHOOKS, INTERNAL);
    }
    expect(lookups).toContain('intranet.campus.test');
    expect((await admin.get(WEBHOOKS)).body).toEqual([]);
    expect(connections).toBe(0);
  });

  it('a name that resolves to an internal address at delivery is refused there, without a connection; an allowed host is called on the address checked', async () => {
    // Not resolvable at registration (the receiver is still being set up): accepted, checked at delivery.
    const rebind = await admin.post(WEBHOOKS, { url: `https://rebind.campus.test:${port}/rebind`, events: ['lesson.changed'] });
    expect(rebind.status).toBe(200);
    dns.set('rebind.campus.test', '127.0.0.1');
    // The operator's own receiver: exempt, and connected to on the one address resolved for the delivery.
    dns.set('pinned.campus.test', '127.0.0.1');
    const pinned = await admin.post(WEBHOOKS, { url: `http://pinned.campus.test:${port}/pinned`, events: ['lesson.changed'] });
    expect(pinned.status).toBe(200);

    const rule = await createRule(admin, ruleBody(u, { lectureAcademicHours: 32, slots: [slotBody(u)] }));
    expect((await admin.post('/api/edu-office/schedule/overrides', { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-09-08', action: 'CANCEL' })).status).toBe(200);

    type Log = { status: string; attemptLog: { statusCode: number | null; error: string | null }[] }[];
    const logOf = async (id: number) => (await admin.get(`${WEBHOOKS}/${id}/deliveries`)).body as Log;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && ((await logOf(rebind.body.id as number))[0]?.attemptLog.length ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 100));

    const refusedLog = await logOf(rebind.body.id as number);
    expect(refusedLog).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(refusedLog[0].attemptLog.length).toBeGreaterThanOrEqual(2);
    for (const attempt of refusedLog[0].attemptLog) expect(attempt).toMatchObject({ statusCode: null, error: 'адрес во внутренней сети: доставка запрещена' });

    expect((await logOf(pinned.body.id as number))[0]).toMatchObject({ status: 'DELIVERED' });
    expect(received.map((item) => item.url)).toEqual(['/pinned']);
    expect(received[0].headers.host).toBe(`pinned.campus.test:${port}`);
    // One connection (the allowed receiver's); the name was resolved once per delivery, by the check only.
    expect(connections).toBe(1);
    expect(lookups.filter((name) => name === 'pinned.campus.test')).toHaveLength(1);
  });
});
