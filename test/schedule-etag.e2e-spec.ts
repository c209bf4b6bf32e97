import { INestApplication } from '@nestjs/common';
import { Server } from 'node:http';
import request from 'supertest';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { signedInAs } from './support/factories';
import { buildOverrideWorld, clearOverrides, countQueries, createOverride, OverrideWorld, query, slotsOf } from './support/override-builders';
import { ADMIN, startTestApp, TenantClient, TEST_ENV, TestApp } from './support/test-app';
import { jdbcUrl, testServer } from './support/test-database';

const STAMP_MAX_AGE_MS = 250;
const WEEK_4 = { startDate: '2026-09-21', endDate: '2026-09-27' };

/**
 * HTTP caching of the viewing endpoints (issue 16): ETag from the data version and the request, 304
 * on If-None-Match, `private, no-cache`; and the bounded staleness of the data stamp, checked with two
 * instances on one database.
 */
describe('schedule ETags and bounded staleness', () => {
  let t: TestApp;
  let second: INestApplication;
  let admin: TenantClient;
  let adminOnSecond: TenantClient;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let groupA: number;
  let groupB: number;

  const paths = () => ({
    schedule: `/api/schedule?${query({ groupId: groupA, ...WEEK_4 })}`,
    search: `/api/schedule/search?${query({ groupId: groupA, ...WEEK_4 })}`,
    department: `/api/department/schedule?${query({ departmentId: w.u.department.id, ...WEEK_4 })}`,
  });

  beforeAll(async () => {
    const env = { SCHEDULE_STAMP_MAX_AGE_MS: String(STAMP_MAX_AGE_MS) };
    t = await startTestApp({ tenants: ['alpha'], env });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    [groupA, groupB] = w.u.groups.map((group) => group.id);
    // A second instance of the service on the same tenant database (as behind a load balancer).
    const server = testServer();
    second = await createApp(
      loadConfig({ ...TEST_ENV, ...env }),
      [{ name: 'alpha', domain: 'alpha', url: jdbcUrl(t.databases.alpha), username: server.user, password: server.password }],
      { logger: false },
    );
    await second.init();
    adminOnSecond = new TenantClient(second.getHttpServer() as Server, 'alpha.timetable.test', admin.token);
  });
  afterEach(() => clearOverrides(t));
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  describe('ETag, If-None-Match and Cache-Control', () => {
    it('answers 304 with no body to the current ETag on each viewing endpoint', async () => {
      for (const path of Object.values(paths())) {
        const first = await admin.get(path).expect(200);
        expect(first.headers['cache-control']).toBe('private, no-cache');
        const etag = first.headers.etag;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
        const again = await admin.get(path).set('If-None-Match', etag).expect(304);
        expect(again.text ?? '').toBe('');
        expect(again.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache' });
        // A list of tags and the weak form match too; another tag does not.
        await admin.get(path).set('If-None-Match', `"other", W/${etag}`).expect(304);
        const other = await admin.get(path).set('If-None-Match', '"other"').expect(200);
        expect(other.body).toEqual(first.body);
      }
    });

    it('gives different requests different ETags and the same request in any parameter order the same one', async () => {
      const etag = async (path: string, client = admin) => (await client.get(path).expect(200)).headers.etag;
      const tags = [
        await etag(paths().schedule),
        await etag(`/api/schedule?${query({ groupId: groupB, ...WEEK_4 })}`),
        await etag(`/api/schedule?${query({ groupId: groupA, startDate: WEEK_4.startDate, endDate: '2026-09-28' })}`),
        await etag(`/api/schedule?${query({ teacherId: w.u.teachers[0].id, ...WEEK_4 })}`),
        await etag(paths().search),
        await etag(paths().department),
      ];
      expect(new Set(tags).size).toBe(tags.length);
      expect(await etag(`/api/schedule?${query({ endDate: WEEK_4.endDate, startDate: WEEK_4.startDate, groupId: groupA })}`)).toBe(tags[0]);
      // The department schedule depends on who asks: a DEPARTMENT user's own view has its own ETag.
      const { client: department } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: w.u.department.id });
      const own = await etag(`/api/department/schedule?${query(WEEK_4)}`, department);
      expect(tags).not.toContain(own);
      await department.get(`/api/department/schedule?${query(WEEK_4)}`).set('If-None-Match', tags[5]).expect(200);
    });

    it('answers a fresh 200 with a new ETag right after a change', async () => {
      const before = await admin.get(paths().schedule).expect(200);
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'CANCEL' });
      const after = await admin.get(paths().schedule).set('If-None-Match', before.headers.etag).expect(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body).not.toEqual(before.body);
      await admin.get(paths().schedule).set('If-None-Match', after.headers.etag).expect(304);
    });

    it('never turns a refused request into a 304, nor gives it an ETag a client could keep', async () => {
      const { client: department } = await signedInAs(t, admin, { role: 'DEPARTMENT', departmentId: w.u.department.id });
      const refusals = [
        { answer: admin.get(`/api/schedule?${query({ groupId: groupA, startDate: '2026-09-01', endDate: '2027-03-31' })}`), status: 400 },
        { answer: admin.get(`/api/schedule?${query(WEEK_4)}`), status: 400 },
        { answer: department.get(`/api/department/schedule?${query({ ...WEEK_4, departmentId: w.u.department.id + 1000 })}`), status: 403 },
        { answer: admin.get(`/api/department/schedule?${query({ ...WEEK_4, departmentId: w.u.department.id + 1000 })}`), status: 400 },
        { answer: request(t.server).get(paths().schedule).set('Host', 'alpha.timetable.test'), status: 401 },
      ];
      for (const { answer, status } of refusals) {
        const refused = await answer.set('If-None-Match', '*').expect(status);
        // Ours are strong tags of the data version; Express's weak tag of the error body itself is harmless.
        expect(refused.headers.etag ?? '').not.toMatch(/^"/);
        expect(refused.headers['cache-control']).not.toBe('private, no-cache');
      }
    });
  });

  describe('bounded staleness of the data stamp', () => {
    it('serves warm requests within the bound without a query', async () => {
      // The claim holds for a request that comes within the bound of the stamp's reading; on a loaded
      // machine the second request can start later than that, so such a pair is tried again. Each
      // pair starts once the bound has passed, so its first request is the one that reads the stamp.
      let warmPairs = 0;
      for (let attempt = 0; attempt < 10 && warmPairs === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, STAMP_MAX_AGE_MS + 10));
        const stampRead = Date.now();
        await admin.get(paths().schedule).expect(200);
        const queries = await countQueries(() => admin.get(paths().schedule).expect(200));
        if (Date.now() - stampRead >= STAMP_MAX_AGE_MS) continue;
        expect(queries).toBe(0);
        warmPairs++;
      }
      expect(warmPairs).toBe(1);
    });

    it('shows a change at once on the instance that made it, and within 1 s on the other one', async () => {
      const path = paths().schedule;
      const onFirst = await admin.get(path).expect(200);
      const onSecond = await adminOnSecond.get(path).expect(200);
      expect(onSecond.headers.etag).toBe(onFirst.headers.etag);

      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-22', action: 'CANCEL' });
      const changedAt = Date.now();
      const first = await admin.get(path).set('If-None-Match', onFirst.headers.etag).expect(200);
      expect(first.body).toEqual([]);

      let seenAfter = -1;
      while (Date.now() - changedAt < 2_000) {
        const answer = await adminOnSecond.get(path).set('If-None-Match', onSecond.headers.etag);
        if (answer.status === 200) {
          expect(answer.body).toEqual([]);
          expect(answer.headers.etag).toBe(first.headers.etag);
          seenAfter = Date.now() - changedAt;
          break;
        }
        expect(answer.status).toBe(304);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      expect(seenAfter).toBeLessThan(1_000);
    });

    it('also bounds a change committed behind both instances\' backs (another writer)', async () => {
      const path = paths().schedule;
      const before = await adminOnSecond.get(path).expect(200);
      await t.sql('alpha', `UPDATE classrooms SET name = name || '*' WHERE id = $1`, [w.u.classrooms[0].id]);
      const changedAt = Date.now();
      let seenAfter = -1;
      while (Date.now() - changedAt < 2_000) {
        const answer = await adminOnSecond.get(path).set('If-None-Match', before.headers.etag);
        if (answer.status === 200) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      expect(seenAfter).toBeLessThan(1_000);
    });
  });
});
