import { INestApplication } from '@nestjs/common';
import { Agent, request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import supertest from 'supertest';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { PasswordHasher } from '../src/platform/auth/password-hasher';
import { countQueries } from './support/override-builders';
import { startTestApp, TEST_ENV, TestApp } from './support/test-app';
import { jdbcUrl, testServer } from './support/test-database';

const PASSWORD = 'correct-horse-1';
const HOST = 'alpha.timetable.test';

/** Issue 46 §4: the login throttle per client address, against password spraying. */
describe('login throttle per client address', () => {
  const env = { TRUST_PROXY: '1', LOGIN_IP_MAX_USERNAMES: '5', LOGIN_TRUSTED_NETWORKS: '10.9.0.0/16, 2001:db8::/32' };
  let t: TestApp;
  let second: INestApplication;
  const usernames: string[] = [];

  const login = (server: Server, from: string, username: string, password = 'wrong-password') =>
    supertest(server).post('/api/auth/login').set('Host', HOST).set('X-Forwarded-For', from).send({ username, password });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env });
    const hasher = new PasswordHasher();
    await hasher.onModuleInit();
    const hash = await hasher.hash(PASSWORD);
    for (let index = 0; index < 8; index++) {
      const username = `student_${index}`;
      await t.sql('alpha', `INSERT INTO users (username, password_hash, role, full_name, job_title, status) VALUES ($1, $2, 'STUDENT', $3, '', 'ACTIVE')`, [
        username,
        hash,
        `Студент ${index}`,
      ]);
      usernames.push(username);
    }
    // A second instance on the same database: the limit is shared.
    const server = testServer();
    second = await createApp(
      loadConfig({ ...TEST_ENV, ...env }),
      [{ name: 'alpha', domain: 'alpha', url: jdbcUrl(t.databases.alpha), username: server.user, password: server.password }],
      { logger: false },
    );
    await second.init();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await second.close();
    await t.close();
  });

  it('refuses an address that failed on more distinct usernames than the limit, for any username, on every instance', async () => {
    const from = '203.0.113.7';
    for (let index = 0; index < 5; index++) expect((await login(t.server, from, `nobody_${index}`)).status).toBe(401);
    // The same names again are not more names.
    expect((await login(t.server, from, 'nobody_0')).status).toBe(401);
    const sixth = await login(second.getHttpServer() as Server, from, 'nobody_5');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.body).toMatchObject({ success: false, token: null, message: expect.stringMatching(/адреса.*Повторите через \d+ с/) });
    // Any username now, even with its right password, on either instance; another address is not touched.
    const right = await login(t.server, from, usernames[0], PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await login(second.getHttpServer() as Server, from, usernames[1], PASSWORD)).status).toBe(429);
    expect((await login(t.server, '203.0.113.8', usernames[0], PASSWORD)).status).toBe(200);
  });

  it('answers an address it knows to be blocked without a query; the other instance reads the block once, then neither asks', async () => {
    const from = '203.0.113.77';
    for (let index = 0; index < 5; index++) expect((await login(t.server, from, `memo_${index}`)).status).toBe(401);
    expect((await login(t.server, from, 'memo_5')).status).toBe(429); // this instance made the block
    const refusals: number[] = [];
    const onFirst = await countQueries(async () => {
      for (let index = 0; index < 20; index++) refusals.push((await login(t.server, from, `memo_more_${index}`)).status);
    });
    const secondServer = second.getHttpServer() as Server;
    const firstOnSecond = await countQueries(async () => refusals.push((await login(secondServer, from, 'memo_other')).status));
    const laterOnSecond = await countQueries(async () => refusals.push((await login(secondServer, from, usernames[4], PASSWORD)).status));
    expect({ onFirst, firstOnSecond, laterOnSecond }).toEqual({ onFirst: 0, firstOnSecond: 1, laterOnSecond: 0 });
    expect(new Set(refusals)).toEqual(new Set([429]));
  });

  it('does not count people who mistype their own password and then get in (a campus behind one address)', async () => {
    const campus = '198.51.100.20';
    for (const username of usernames) {
      expect((await login(t.server, campus, username)).status).toBe(401);
      expect((await login(t.server, campus, username, PASSWORD)).status).toBe(200);
    }
    // Eight mistyped names later, the address still has its whole allowance for strangers' names.
    for (let index = 0; index < 5; index++) expect((await login(t.server, campus, `stranger_${index}`)).status).toBe(401);
    expect((await login(t.server, campus, 'stranger_5')).status).toBe(429);
  });

  it('never counts an address of a trusted network (IPv4, IPv6 and IPv4 seen as IPv6)', async () => {
    for (const from of ['10.9.3.4', '2001:db8::17', '::ffff:10.9.200.1']) {
      const statuses = new Set<number>();
      for (let index = 0; index < 8; index++) statuses.add((await login(t.server, from, `guess_${from}_${index}`)).status);
      expect({ from, statuses: [...statuses] }).toEqual({ from, statuses: [401] });
    }
  });

  it('times blocks by the database clock, so an instance whose clock runs ahead still refuses', async () => {
    const from = '192.0.2.44';
    for (let index = 0; index < 5; index++) await login(t.server, from, `clock_${index}`);
    expect((await login(t.server, from, 'clock_5')).status).toBe(429);
    // The per-username throttle too: five failures of one name from another address block it.
    for (let index = 0; index < 5; index++) await login(t.server, '192.0.2.45', usernames[2]);
    expect((await login(t.server, '192.0.2.45', usernames[2], PASSWORD)).status).toBe(429);
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 3 * 3600_000);
    try {
      expect((await login(t.server, from, usernames[3], PASSWORD)).status).toBe(429);
      // The second instance has not seen this block: it reads it, timed by the database's clock.
      expect((await login(second.getHttpServer() as Server, from, usernames[3], PASSWORD)).status).toBe(429);
      const user = await login(t.server, '192.0.2.45', usernames[2], PASSWORD);
      expect(user.status).toBe(429);
      expect(Number(user.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

/**
 * A plain client of the listening server (supertest would start a server per request). A connection
 * per request: a kept-alive one may be closed by the server just as the next request is sent.
 */
function poster(server: Server): { post: (from: string, username: string) => Promise<number>; close: () => void } {
  const agent = new Agent({ keepAlive: false, maxSockets: 32 });
  const { port } = server.address() as AddressInfo;
  return {
    post: (from, username) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ username, password: 'wrong-password' });
        const req = httpRequest(
          { agent, host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { Host: HOST, 'X-Forwarded-For': from, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}

describe('login throttle tables under spraying', () => {
  // Small, so that few attempts pay a real password check (argon2id, tens of milliseconds each).
  const LIMIT = 3;
  const ADDRESSES = 2;
  const WINDOW_SECONDS = 3;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      tenants: ['alpha'],
      env: { TRUST_PROXY: '1', LOGIN_IP_MAX_USERNAMES: String(LIMIT), LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS), DB_POOL_MAX: '10' },
    });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => t.close());

  const rows = async () => {
    const [counts] = await t.sql<{ failures: number; blocks: number; throttle: number }>(
      'alpha',
      `SELECT (SELECT count(*)::int FROM login_address_failures) AS failures, (SELECT count(*)::int FROM login_address_blocks) AS blocks,
              (SELECT count(*)::int FROM login_throttle) AS throttle`,
    );
    return counts;
  };

  it('keeps the tables bounded through 10,000 distinct unknown usernames, and empties them once their windows pass', async () => {
    const client = poster(t.server);
    const statuses: Record<number, number> = {};
    let largest = { failures: 0, blocks: 0, throttle: 0 };
    try {
      const total = 10_000;
      for (let start = 0; start < total; start += 200) {
        const batch = await Promise.all(
          Array.from({ length: 200 }, (_, offset) => {
            const index = start + offset;
            return client.post(`203.0.113.${index % ADDRESSES}`, `sprayed_${index}`);
          }),
        );
        for (const status of batch) statuses[status] = (statuses[status] ?? 0) + 1;
        if (start % 2000 === 0) {
          const now = await rows();
          largest = { failures: Math.max(largest.failures, now.failures), blocks: Math.max(largest.blocks, now.blocks), throttle: Math.max(largest.throttle, now.throttle) };
        }
      }
      expect(Object.keys(statuses).sort()).toEqual(['401', '429']);
      expect(statuses[401]).toBeGreaterThanOrEqual(LIMIT * ADDRESSES);
      // At most a window's worth per address, whatever the number of names tried.
      const after = await rows();
      for (const seen of [largest, after]) {
        expect(seen.failures).toBeLessThanOrEqual(LIMIT * ADDRESSES);
        expect(seen.blocks).toBeLessThanOrEqual(ADDRESSES);
        expect(seen.throttle).toBeLessThanOrEqual(4 * LIMIT * ADDRESSES);
      }
      // Once the windows and blocks have passed, the next attempt clears what expired.
      await new Promise((resolve) => setTimeout(resolve, (WINDOW_SECONDS + 1) * 1000));
      expect(await client.post('192.0.2.99', 'the_last_one')).toBe(401);
      expect(await rows()).toEqual({ failures: 1, blocks: 0, throttle: 1 });
    } finally {
      client.close();
    }
  }, 180_000); // 62 s measured with the two cores at a load average of 15 (other suites running)
});
