/// <reference lib="dom" />
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { createUser } from './support/factories';
import { createUniversity, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, errorNextTo, replaceText, signIn } from './support/web-client';

/**
 * The shared components of the web client (web/src/shared: form, table, dialog, progress) in a real
 * Chromium against the real API. `web/test/components-harness.tsx` uses them on calendar feeds; it
 * is bundled here and run inside a signed-in page of the service (same origin, same session).
 */
describe('web client components against the real API', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let chrome: TestBrowser;
  let page: Page;
  let watch: PageWatch;
  let harness: string;
  let origin: string;
  let user: { id: number; username: string };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 3, classrooms: 1, subjects: 1 });
    user = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    const bundle = await build({
      entryPoints: [join(__dirname, '..', 'web', 'test', 'components-harness.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'silent',
    });
    harness = bundle.outputFiles[0].text;
    chrome = await launchBrowser();
    page = await (await chrome.browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1000, height: 800 });
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, user.username);
    await page.waitForSelector('#kind-group');
    await page.evaluate(harness);
    await page.waitForSelector('.data-table, .table-frame .empty');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  const feedsInDatabase = async () => (await t.sql<{ count: string }>('alpha', 'SELECT count(*) FROM calendar_feeds')).map((row) => Number(row.count))[0];

  it("shows the API's refusal next to the field it names, keeps the input, and changes nothing", async () => {
    expect(await page.$eval('.table-frame .empty', (node) => node.textContent)).toBe('Подписок нет.');
    await page.select(await controlByLabel(page, 'Что'), 'CLASSROOM');
    await page.click('form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('.field-invalid') !== null);
    expect(await errorNextTo(page, 'Номер')).toBe('Поле «targetId» обязательно для подписки на группу, преподавателя или аудиторию');
    const number = await controlByLabel(page, 'Номер');
    expect(await page.$eval(number, (input) => [input.getAttribute('aria-invalid'), input.getAttribute('aria-describedby')])).toEqual(['true', expect.stringMatching(/-error$/)]);
    expect(await page.$eval(await controlByLabel(page, 'Что'), (select) => (select as HTMLSelectElement).value)).toBe('CLASSROOM');
    expect(await feedsInDatabase()).toBe(0);

    // A refusal that names no field of the form is shown above the button; the input stays.
    await page.type(number, '999999');
    await page.click('form button[type=submit]');
    await page.waitForSelector('form > [role=alert]');
    expect(await page.$eval('form > [role=alert]', (node) => node.textContent)).toMatch(/не найден/);
    expect(await page.$eval(number, (input) => (input as HTMLInputElement).value)).toBe('999999');
    expect(await errorNextTo(page, 'Номер')).toBeNull();
    expect(await feedsInDatabase()).toBe(0);
  });

  it('lists, sorts, filters and pages the rows it loaded after successful submissions', async () => {
    await page.select(await controlByLabel(page, 'Что'), 'GROUP');
    for (const group of [u.groups[2], u.groups[0], u.groups[1]]) {
      const number = await controlByLabel(page, 'Номер');
      await replaceText(page, number, String(group.id));
      const before = await page.$eval('form', (form) => form.querySelector(':scope > [role=alert]')?.textContent ?? null);
      await page.click('form button[type=submit]');
      // Settled: the success line, or a refusal other than the one already shown (the assertion below shows which).
      await page.waitForFunction(
        (name, before) => {
          const form = document.querySelector('form') as HTMLElement;
          const alert = form.querySelector(':scope > [role=alert]')?.textContent ?? null;
          return form.innerText.includes(`Подписка создана: ${name}`) || (alert !== null && alert !== before);
        },
        {},
        group.name,
        before,
      );
      expect(await page.$eval('form', (form) => (form as HTMLElement).innerText)).toContain(`Подписка создана: ${group.name}`);
    }
    expect(await feedsInDatabase()).toBe(3);
    await page.waitForFunction(() => document.querySelector('.pager span')?.textContent === 'Страница 1 из 2');
    const names = () => page.$$eval('.data-table tbody tr td:first-child', (cells) => cells.map((cell) => cell.textContent));
    const sorted = u.groups.map((group) => group.name).sort((a, b) => a.localeCompare(b, 'ru'));

    await page.click('.data-table th:first-child button');
    expect(await page.$eval('.data-table th:first-child', (th) => th.getAttribute('aria-sort'))).toBe('ascending');
    expect(await names()).toEqual(sorted.slice(0, 2));
    await page.click('.pager button:last-child');
    expect(await names()).toEqual(sorted.slice(2));
    await page.click('.data-table th:first-child button');
    expect(await page.$eval('.data-table th:first-child', (th) => th.getAttribute('aria-sort'))).toBe('descending');

    await page.type(await controlByLabel(page, 'Поиск'), sorted[1]);
    expect(await names()).toEqual([sorted[1]]);
    expect(await page.$('.pager')).toBeNull();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('opens a native modal dialog that Escape closes, and shows a long operation with its progress', async () => {
    await page.click('main > button');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog', (dialog) => [dialog.matches(':modal'), dialog.textContent?.includes('Содержимое окна')])).toEqual([true, true]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Closed by the page and opened again at once: the late `close` event of the first close must not
    // close the second.
    await page.click('dialog button:not(.link-button)');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.$eval('dialog', (dialog) => dialog.open)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog')?.open);

    expect(await page.$eval('.long-operation', (node) => [node.getAttribute('role'), (node as HTMLElement).innerText])).toEqual(['status', expect.stringContaining('3 из 10')]);
    expect(await page.$eval('.long-operation progress', (bar) => [(bar).value, (bar).max])).toEqual([3, 10]);
    expect(watch.consoleErrors.filter((line) => !/status of (400|404)/.test(line))).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
