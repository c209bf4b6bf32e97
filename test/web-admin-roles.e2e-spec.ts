/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, replaceText, signIn } from './support/web-client';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * The administrator's items of issue 55 in a real Chromium against the real service (tenant
 * `alpha`): «Университет» changes the university's own time zone (a mistyped name refused next to
 * the field with the nearest names, nothing stored), at desktop and phone width.
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('the administrator’s day without a caveat (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null);
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => {
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.consoleErrors.filter((line) => !/status of (400|409)/.test(line))).toEqual([]);
  });

  async function open(section: string, title: string): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${origin}/admin/#${section}`);
    await settled(title);
  }

  async function settled(title: string): Promise<void> {
    await page.waitForFunction((text) => document.querySelector('#page-title')?.textContent === text, {}, title);
    await page.waitForFunction(() => !document.querySelector('main .status') && !document.querySelector('main [aria-busy]') && !document.querySelector('main [role=status]:not(.notice)'));
  }

  async function outcome(form: string): Promise<string> {
    const scope = `form[aria-label="${form}"]`;
    const handle = await page.waitForSelector(`${scope} > [role=status], ${scope} > [role=alert], ${scope} .field [role=alert]`);
    return (await handle!.evaluate((node) => node.textContent)) ?? '';
  }

  async function fitsPhone(name: string, title: string): Promise<void> {
    await page.setViewport(PHONE);
    await settled(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, `${name}-phone`);
    await page.setViewport(WIDE);
    await settled(title);
  }

  describe('«Университет»: the time zone', () => {
    const form = 'Часовой пояс университета';

    it('refuses a mistyped zone next to the field with the nearest names, then saves a right one', async () => {
      await open('university', 'Университет');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const field = await controlByLabel(page, 'Часовой пояс');
      expect(await page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe('Europe/Moscow');

      await replaceText(page, field, 'Europe/Moskow');
      await page.click(`form[aria-label="${form}"] button[type=submit]`);
      expect(await outcome(form)).toContain('Europe/Moscow');
      const refusal = await admin.put('/api/university', { timeZone: 'Europe/Moskow' }).expect(400);
      expect(await errorNextTo(page, 'Часовой пояс')).toBe(refusal.body.message);
      expect(await page.$eval(field, (input) => (input as HTMLInputElement).value)).toBe('Europe/Moskow');
      expect((await t.sql('alpha', 'SELECT time_zone FROM university_settings'))[0]).toEqual({ time_zone: null });
      await screenshot(page, 'university-zone-refused');

      await replaceText(page, field, 'Asia/Vladivostok');
      await page.click(`form[aria-label="${form}"] button[type=submit]`);
      expect(await outcome(form)).toBe('Часовой пояс университета: Asia/Vladivostok. «Сегодня», недели и время сводок считаются по нему');
      expect((await t.as('alpha').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });
      expect(await page.evaluate(() => document.querySelector('main form p')?.textContent)).toContain('Сейчас: Asia/Vladivostok');
      await screenshot(page, 'university-zone-saved');
      await fitsPhone('university-zone', 'Университет');
    });
  });
});
