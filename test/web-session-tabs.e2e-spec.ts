/// <reference lib="dom" />
import type { HTTPResponse, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { signIn } from './support/web-client';
import { ADMIN, startTestApp, TestApp } from './support/test-app';

/**
 * Tabs left open stay signed in (issue 55): access tokens live 12 s here (ACCESS_TOKEN_TTL_SECONDS;
 * the configuration allows 10 s and more), two tabs of one browser sit idle for a little over two lifetimes, and
 * neither ever gets a 401. The refresh cookie is single-use, so the tabs must not renew at once (a
 * second use of the same cookie would end the session): one renews, under a Web Lock, and hands the
 * token to the other over a BroadcastChannel — the renewals counted are those of one tab, not two.
 */
const TOKEN_SECONDS = 12;
const IDLE_MS = 27_000;

describe('two idle tabs stay signed in (issue 55)', () => {
  let t: TestApp;
  let origin: string;
  let chrome: TestBrowser;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) } });
    origin = await serveOnLoopback(t.server);
    chrome = await launchBrowser();
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  it('renews before expiry, one tab for both, with no 401 and no second use of a cookie', async () => {
    const context = await chrome.browser.createBrowserContext();
    const answers: { page: string; path: string; status: number }[] = [];
    const follow = (page: Page, name: string) => (response: HTTPResponse) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/')) answers.push({ page: name, path, status: response.status() });
    };
    const open = async (name: string): Promise<{ page: Page; watch: PageWatch }> => {
      const page = await context.newPage();
      await page.setViewport({ width: 1366, height: 900 });
      const watch = await watchPage(page, origin);
      page.on('response', follow(page, name));
      return { page, watch };
    };

    const first = await open('first');
    await first.page.goto(`${origin}/admin/#users`);
    await signIn(first.page, ADMIN.username, ADMIN.password);
    await first.page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Пользователи');
    // The second tab is opened signed in already: it takes the first tab's token instead of renewing.
    const second = await open('second');
    await second.page.goto(`${origin}/admin/#university`);
    await second.page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Университет');
    const start = Date.now();
    const loginsAndRenewals = () => answers.filter((answer) => answer.path === '/api/auth/refresh' || answer.path === '/api/auth/login');
    expect(loginsAndRenewals().map((answer) => answer.page)).toEqual(['first']);

    // Both tabs idle (no call of their own) past two token lifetimes.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

    // Each still calls the API as the same user without a login form, and none was ever refused.
    for (const { page } of [first, second]) {
      await page.evaluate(() => (location.hash = '#users'));
      await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Пользователи' && document.querySelector('main table tbody tr') !== null);
      expect(await page.$('#login-form')).toBeNull();
    }
    expect(answers.filter((answer) => answer.status === 401)).toEqual([]);
    const renewals = answers.filter((answer) => answer.path === '/api/auth/refresh');
    expect(renewals.every((answer) => answer.status === 200)).toBe(true);
    // A token renewed a third of its life before expiry: one renewal per 8 s for both tabs together
    // (each tab on its own would have made twice as many), and at least one every 12 s.
    const elapsed = Date.now() - start;
    expect(renewals.length).toBeGreaterThanOrEqual(Math.floor(elapsed / (TOKEN_SECONDS * 1000)));
    expect(renewals.length).toBeLessThanOrEqual(Math.ceil(elapsed / ((TOKEN_SECONDS * 2000) / 3)) + 1);
    // Every renewal used a cookie no other renewal had used: none was refused, and the sessions table
    // holds one chain of single-use tokens (the revoked ones replaced, one live).
    const live = await t.sql<{ n: string }>('alpha', 'SELECT count(*) AS n FROM refresh_tokens WHERE revoked_at IS NULL');
    expect(Number(live[0].n)).toBe(1);
    await screenshot(second.page, 'session-tabs-after-idle');

    // Signing out in one tab signs the other out at once, saying where.
    await first.page.click('#logout');
    await second.page.waitForFunction(() => document.querySelector('#login-message')?.textContent === 'Вы вышли из системы в другой вкладке');
    await screenshot(second.page, 'session-tabs-signed-out-elsewhere');
    expectQuietPage(first.watch);
    expectQuietPage(second.watch);
  }, IDLE_MS + 60_000);
});
