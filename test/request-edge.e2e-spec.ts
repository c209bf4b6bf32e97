import type { Express } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { AppLogger } from '../src/platform/logging/app-logger';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { buildSmallUniversity, query, SmallUniversity, ViewingWorld } from './support/viewing-builders';

const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };

interface Line {
  context?: string;
  message: string;
  requestId?: string;
  tenant?: string | null;
}

/** Sends `parts` over one raw connection, pausing between them, and answers the whole response text. */
async function sendInParts(port: number, parts: string[], pauseMs: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((ready) => socket.once('connect', () => ready()));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  for (const [index, part] of parts.entries()) {
    if (index > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
    socket.write(part);
  }
  await closed;
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What every request crosses before its route (src/platform/http/request-edge.ts) and the view's own
 * answer path: bodies parsed only when there is one, whatever packets they arrive in; view answers
 * written as bytes (HEAD and 304 without a body); validated query objects remembered without
 * letting a refused query through.
 */
describe('the request edge and the view answer path', () => {
  let t: TestApp;
  let u: SmallUniversity;
  let alpha: TenantClient;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    const sink = { out: (line: string) => raw.push(line), err: (line: string) => raw.push(line) };
    t = await startTestApp({ tenants: ['alpha'], logger: new AppLogger('json', false, sink) });
    u = await buildSmallUniversity(new ViewingWorld(t));
    alpha = await t.as('alpha').login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  it('answers a JSON body that arrives in two packets a moment apart, in its tenant, logged once with its request id', async () => {
    await new Promise<void>((ready) => t.server.listen(0, '127.0.0.1', () => ready()));
    try {
      const { port } = t.server.address() as AddressInfo;
      const body = JSON.stringify(ADMIN);
      const head =
        `POST /api/auth/login HTTP/1.1\r\nHost: alpha.timetable.test\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: split-body-1\r\nConnection: close\r\n\r\n`;
      const answer = await sendInParts(port, [head + body.slice(0, 10), body.slice(10)], 150);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(answer).toContain('"token":"');
      const logged = lines().filter((line) => line.context === 'Request' && line.requestId === 'split-body-1');
      expect(logged).toEqual([expect.objectContaining({ message: 'POST /api/auth/login 200', tenant: 'alpha' })]);
    } finally {
      await new Promise<void>((done) => t.server.close(() => done()));
    }
  });

  it('refuses a malformed JSON body with the common 400 body, and a GET with no body is not parsed at all', async () => {
    const bad = await t.as('alpha').post('/api/auth/login', '{"username": ').set('Content-Type', 'application/json');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(expect.objectContaining({ status: 400, path: '/api/auth/login' }));
    expect(typeof bad.body.message).toBe('string');

    const me = await alpha.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(ADMIN.username);
  });

  it('binds the university by Host on every API and calendar path, letter case ignored, and refuses an unknown one before reading its body', async () => {
    const unknown = t.as('nowhere');
    const message = 'Университет для этого адреса не найден';
    const me = await unknown.get('/API/auth/me');
    expect(me.status).toBe(404);
    expect(me.body).toEqual(expect.objectContaining({ status: 404, message, path: '/API/auth/me' }));
    // The body would be a 400 if it were read: the university is refused first.
    const login = await unknown.post('/api/auth/login', '{"username": ').set('Content-Type', 'application/json');
    expect([login.status, login.body.message]).toEqual([404, message]);
    const feed = await unknown.get('/ical/no-such-secret.ics');
    expect([feed.status, feed.body.message]).toEqual([404, message]);
    // Paths outside the universities' need none.
    expect((await unknown.get('/actuator/health/liveness')).status).toBe(200);

    const mixedCase = await alpha.get('/Api/Auth/Me');
    expect(mixedCase.status).toBe(200);
    expect(mixedCase.body.username).toBe(ADMIN.username);
  });

  it('writes a week as JSON bytes with their length; HEAD has the headers only, and a current ETag gets 304 without a body', async () => {
    const path = `/api/schedule?${query({ groupId: u.groups.ivt101, ...WEEK_2 })}`;
    const full = await alpha.get(path);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(full.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(full.body)));
    expect((full.body as unknown[]).length).toBeGreaterThan(0);

    const head = await alpha.withToken('').head(path);
    expect(head.status).toBe(401); // the token still matters on HEAD
    const headWithToken = await alpha.head(path);
    expect(headWithToken.status).toBe(200);
    expect(headWithToken.headers['content-length']).toBe(full.headers['content-length']);
    expect(headWithToken.text ?? '').toBe('');

    const again = await alpha.get(path).set('If-None-Match', full.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
  });

  it('gives a remembered query the same answer, whatever the order of its parameters, and still refuses a bad one', async () => {
    const params = { groupId: u.groups.ivt101, ...WEEK_2 };
    const first = await alpha.get(`/api/schedule?${query(params)}`);
    const reordered = await alpha.get(`/api/schedule?startDate=${WEEK_2.startDate}&endDate=${WEEK_2.endDate}&groupId=${u.groups.ivt101}`);
    expect(first.status).toBe(200);
    expect(reordered.status).toBe(200);
    expect(reordered.body).toEqual(first.body);

    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await alpha.get(`/api/schedule?${query({ ...params, groupId: 'abc' })}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/groupId/);
      const reversed = await alpha.get(`/api/schedule?${query({ groupId: u.groups.ivt101, startDate: WEEK_2.endDate, endDate: WEEK_2.startDate })}`);
      expect(reversed.status).toBe(400);
    }
    const stillGood = await alpha.get(`/api/schedule?${query(params)}`);
    expect(stillGood.body).toEqual(first.body);
  });

  it("makes every request and response with Express's own prototypes, so Express never changes one (a third of a request's garbage outlived young collections)", async () => {
    const express = t.app.getHttpAdapter().getInstance() as Express;
    const seen: { request: boolean; response: boolean }[] = [];
    // Before Express: the objects as Node's server made them.
    const look = (req: IncomingMessage, res: ServerResponse) =>
      seen.push({ request: Object.getPrototypeOf(req) === express.request, response: Object.getPrototypeOf(res) === express.response });
    t.server.prependListener('request', look);
    try {
      const me = await alpha.get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username: ADMIN.username });
      const view = await alpha.get(`/api/schedule?${query({ groupId: u.groups.ivt101, ...WEEK_2 })}`);
      expect(view.status).toBe(200);
      // Express's request and response API still works on them: query parsing, status, JSON errors.
      const refused = await alpha.get('/api/schedule?groupId=abc');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    } finally {
      t.server.removeListener('request', look);
    }
    expect(seen).toHaveLength(3);
    expect(seen).toEqual(seen.map(() => ({ request: true, response: true })));
  });
});
