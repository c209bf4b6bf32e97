import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { expectErrorBody } from './support/factories';
import { clientsByRole } from './support/resource-builders';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Webhooks end to end: the receiver is a plain HTTP server of this test standing in for another
 * system of the university (an LMS, the corridor screens). It refuses the first two attempts with 500
 * and accepts the third; the service must retry with the same delivery id and a valid signature.
 */
const WEBHOOKS = '/api/admin/webhooks';

describe('webhooks (ADMIN)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const answered = received.length < 2 ? 500 : 200;
        received.push({ headers: req.headers, body, answered });
        res.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/timetable`;
    t = await startTestApp({ tenants: ['alpha'], env: { WEBHOOK_ALLOW_HTTP_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_SECONDS: '1', NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('accepts https, plain http only to allowed hosts, and known events; only ADMIN manages them', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ url: 'http://lms.example.org/hook', events: ['lesson.changed'] }, 'Поле «url»: по http можно отправлять только на разрешённые узлы (WEBHOOK_ALLOW_HTTP_HOSTS); используйте https'],
      [{ url: 'ftp://lms.example.org/hook', events: ['lesson.changed'] }, 'Поле «url» должно начинаться с https://'],
      [{ url: 'не адрес', events: ['lesson.changed'] }, 'Поле «url» должно быть адресом вида https://host/path'],
      [{ url: 'https://user:pass@lms.example.org/hook', events: ['lesson.changed'] }, 'Поле «url» не должно содержать имя пользователя и пароль'],
      [{ url: 'https://lms.example.org/hook', events: ['lesson.moved'] }, 'Поле «events» может содержать только lesson.changed, version.published, rules.changed, change-request.reviewed, preference.reviewed, absence.reviewed, absence.resolved'],
      [{ url: 'https://lms.example.org/hook', events: [] }, 'Поле «events» должно содержать хотя бы одно событие'],
    ];
    for (const [body, message] of refused) expectErrorBody((await admin.post(WEBHOOKS, body)).body, 400, WEBHOOKS, message);
    const office = (await clientsByRole(t, admin, u.department.id)).get('EDUCATION_OFFICE') as TenantClient;
    expect((await office.get(WEBHOOKS)).status).toBe(403);
    expect((await office.post(WEBHOOKS, { url: 'https://lms.example.org/hook', events: ['lesson.changed'] })).status).toBe(403);
    expect((await admin.get(WEBHOOKS)).body).toEqual([]);
  });

  it('delivers an event to a receiver that fails twice: retried with the same delivery id and a valid signature, each attempt listed', async () => {
    const created = await admin.post(WEBHOOKS, { url: receiverUrl, events: ['lesson.changed'], description: 'Экраны в коридорах' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ url: receiverUrl, events: ['lesson.changed'], description: 'Экраны в коридорах', secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const secret = created.body.secret as string;
    // The secret is shown once.
    expect((await admin.get(WEBHOOKS)).body).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    const rule = await createRule(admin, ruleBody(u, { lectureAcademicHours: 32, slots: [slotBody(u)] }));
    const cancelled = await admin.post('/api/edu-office/schedule/overrides', { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-09-08', action: 'CANCEL' });
    expect(cancelled.status).toBe(200);

    const deadline = Date.now() + 20_000;
    while (received.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((item) => item.answered)).toEqual([500, 500, 200]);
    const deliveryIds = new Set(received.map((item) => item.headers['x-timetable-delivery']));
    expect(deliveryIds.size).toBe(1);
    for (const { headers, body } of received) {
      expect(headers['x-timetable-event']).toBe('lesson.changed');
      const timestamp = headers['x-timetable-timestamp'] as string;
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      expect(headers['x-timetable-signature']).toBe(expected);
      expect(JSON.parse(body)).toMatchObject({
        id: [...deliveryIds][0],
        type: 'lesson.changed',
        tenant: 'alpha',
        data: { overrideId: cancelled.body.id, operation: 'created', lessonDate: '2026-09-08', after: null, before: expect.objectContaining({ date: '2026-09-08' }) },
      });
    }
    // The waits grow: about 1 s, then about 2 s (WEBHOOK_RETRY_BASE_SECONDS=1).
    const log = (await admin.get(`${WEBHOOKS}/${created.body.id}/deliveries`)).body as { id: string; status: string; attempts: number; attemptLog: { statusCode: number; attemptedAt: string }[] }[];
    expect(log).toEqual([expect.objectContaining({ id: [...deliveryIds][0], status: 'DELIVERED', attempts: 3 })]);
    expect(log[0].attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    const times = log[0].attemptLog.map((attempt) => Date.parse(attempt.attemptedAt));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1900);

    // Nothing more is sent for a delivered event.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(3);
    expect((await admin.delete(`${WEBHOOKS}/${created.body.id}`)).status).toBe(200);
    expect((await admin.get(`${WEBHOOKS}/${created.body.id}/deliveries`)).status).toBe(404);
  });
});
