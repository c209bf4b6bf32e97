import type { Response } from 'supertest';
import { launchBrowser, screenshot, serveOnLoopback, TestBrowser } from './support/browser';
import { createUniversity, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const WEEK = { startDate: '2026-09-07', endDate: '2026-09-13' };

/** The headers every answer carries (issue 46 §2), over plain HTTP or, through the trusted proxy, HTTPS. */
function expectSafeHeaders(response: Response, over: 'http' | 'https' = 'http'): void {
  const headers = response.headers;
  expect({
    nosniff: headers['x-content-type-options'],
    referrer: headers['referrer-policy'],
    frames: headers['x-frame-options'],
    framing: /frame-ancestors 'none'/.test(headers['content-security-policy'] ?? ''),
    poweredBy: headers['x-powered-by'],
    hsts: headers['strict-transport-security'],
  }).toEqual({
    nosniff: 'nosniff',
    referrer: 'no-referrer',
    frames: 'DENY',
    framing: true,
    poweredBy: undefined,
    hsts: over === 'https' ? 'max-age=31536000' : undefined,
  });
}

/** Every kind of answer the service gives: JSON, 304, an error, a page, Swagger UI, a feed, a file. */
describe('headers on every answer', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let feedPath: string;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { TRUST_PROXY: '1', SWAGGER_ENABLED: 'true' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
  });
  afterAll(() => t.close());

  it('a token (login, refresh) is never stored, and the refresh cookie is Secure over HTTPS', async () => {
    const login = await t.as('alpha').post('/api/auth/login', ADMIN).set('X-Forwarded-Proto', 'https');
    expect(login.status).toBe(200);
    expectSafeHeaders(login, 'https');
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('service_refresh=')) as string;
    expect(cookie).toMatch(/; Secure/);
    const refresh = await t.as('alpha').post('/api/auth/refresh').set('Cookie', cookie.split(';')[0]).set('X-Forwarded-Proto', 'https');
    expect(refresh.status).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    expectSafeHeaders(refresh, 'https');
    // Over plain HTTP: no HSTS, no Secure cookie.
    const plain = await t.as('alpha').post('/api/auth/login', ADMIN);
    expectSafeHeaders(plain);
    expect((plain.headers['set-cookie'] as unknown as string[]).join()).not.toMatch(/Secure/);
  });

  it('JSON of a signed-in caller is not stored; an error neither', async () => {
    const me = await admin.get('/api/auth/me');
    expect(me.status).toBe(200);
    expectSafeHeaders(me);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.as('alpha').get('/api/auth/me');
    expect(refused.status).toBe(401);
    expectSafeHeaders(refused);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Refused at the request edge, before any route: an unknown university.
    const unknown = await t.as('nowhere').get('/api/auth/me');
    expect(unknown.status).toBe(404);
    expectSafeHeaders(unknown);
  });

  it('a feed: its one-time secret is not stored, its document revalidates (200, then 304)', async () => {
    const created = await admin.post('/api/calendar-feeds', { kind: 'GROUP', targetId: u.groups[0].id });
    expect(created.status).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    expectSafeHeaders(created);
    feedPath = new URL(created.body.url as string).pathname;
    const feed = await t.as('alpha').get(feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    expectSafeHeaders(feed);
    const again = await t.as('alpha').get(feedPath).set('If-None-Match', feed.headers.etag).set('X-Forwarded-Proto', 'https');
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expectSafeHeaders(again, 'https');
  });

  it('a file download (CSV export) is not stored', async () => {
    const csv = await admin.get(`/api/schedule/export?groupId=${u.groups[0].id}&startDate=${WEEK.startDate}&endDate=${WEEK.endDate}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    expect(csv.headers['cache-control']).toMatch(/no-store/);
    expectSafeHeaders(csv);
  });

  it('a page keeps its own strict policy and revalidation; Swagger UI its own', async () => {
    const page = await t.as('alpha').get('/student/');
    expect(page.status).toBe(200);
    expectSafeHeaders(page);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("style-src 'self';");
    const swagger = await t.as('alpha').get('/swagger-ui/');
    expect(swagger.status).toBe(200);
    expectSafeHeaders(swagger);
    expect(swagger.headers['content-security-policy']).toContain("script-src 'self';");
  });

  describe('in the browser', () => {
    let browser: TestBrowser;
    let origin: string;
    beforeAll(async () => {
      browser = await launchBrowser();
      origin = await serveOnLoopback(t.server);
    });
    afterAll(() => browser.close());

    it('Swagger UI renders the API under its policy, and a page renders under its own', async () => {
      const context = await browser.browser.createBrowserContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${origin}/swagger-ui/`);
      await page.waitForSelector('.opblock-tag', { timeout: 20_000 });
      expect(await page.$$eval('.opblock-tag', (tags) => tags.length)).toBeGreaterThan(5);
      await screenshot(page, 'swagger-ui-under-csp');
      await page.goto(`${origin}/student/`);
      await page.waitForSelector('main');
      expect(errors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    });
  });
});
