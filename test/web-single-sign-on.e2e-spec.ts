/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser } from './support/browser';
import { controlByLabel, errorNextTo, replaceText, signIn, weekSettled } from './support/web-client';
import { createDepartment, createUser } from './support/factories';
import { RealProvider } from './support/oidc-standins';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Single sign-on in a real Chromium (issue 27). The university's identity provider is the real
 * OpenID Connect provider of the npm package `oidc-provider`, run locally as a child process
 * (test/support/oidc-provider-standin.mjs); its login page is its own small form. The administrator
 * sets the provider up in «Вход через университет», a teacher clicks «Войти через …» on the login
 * page, signs in at the provider and ends on the teacher's week.
 */
const SECRET = 'browser-test-client-secret-3e9a';


describe('single sign-on in the web client', () => {
  let t: TestApp;
  let origin: string;
  let provider: RealProvider;
  let admin: TenantClient;
  let chrome: TestBrowser;
  let browser: Browser;
  let teacherId: number;
  const consoleErrors: string[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location()?.url ?? ''}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${String(error)}`));
    return page;
  }

  beforeAll(async () => {
    // The stand-in provider listens on loopback: the operator lists it as the university's own.
    t = await startTestApp({ tenants: ['alpha'], env: { SSO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
    origin = await serveOnLoopback(t.server);
    t.setPublicUrl(origin.replace('://alpha.', '://{domain}.'));
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const department = await createDepartment(admin);
    teacherId = (await createUser(admin, { role: 'TEACHER', departmentId: department.id, username: 'sidorova', fullName: 'Сидорова Мария Ивановна' })).id;
    provider = await RealProvider.start({
      clients: [{ client_id: 'timetable', client_secret: SECRET, redirect_uris: [`${origin}/api/auth/sso/callback`], post_logout_redirect_uris: [`${origin}/`] }],
      accounts: { 'sub-sidorova': { login: 'm.sidorova', claims: { preferred_username: 'sidorova', name: 'Сидорова Мария', groups: ['teachers'] } } },
    });
    chrome = await launchBrowser();
    browser = chrome.browser;
  }, 60000);

  afterAll(async () => {
    await chrome?.close();
    await provider?.stop();
    await t?.close();
  });

  it('the administrator sets the provider up in «Вход через университет»; a wrong address is refused next to its field', async () => {
    const page = await newPage();
    await page.goto(`${origin}/admin/#sso`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Вход через университет');
    await page.waitForSelector('form[aria-label="Настройки входа через университет"]');
    expect(await page.$eval('#sso-redirect-uri', (element) => element.textContent)).toBe(`${origin}/api/auth/sso/callback`);

    await page.type(await controlByLabel(page, 'Адрес поставщика (issuer)'), 'http://127.0.0.1:1/realms/none');
    await page.type(await controlByLabel(page, 'Идентификатор клиента'), 'timetable');
    await page.type(await controlByLabel(page, 'Секрет клиента'), SECRET);
    await page.type(await controlByLabel(page, 'Название на кнопке «Войти через …»'), 'единый вход университета');
    await page.type(await controlByLabel(page, 'Утверждение с группами или ролями'), 'groups');
    // Roles by their Russian names; not configured yet, the switch is off until the administrator turns it on.
    await page.type(await controlByLabel(page, 'Сопоставление групп ролям'), 'teachers: Преподаватель');
    const switchedOn = () =>
      page.evaluate(() => (Array.from(document.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Вход через университет включён')?.querySelector('input') as HTMLInputElement).checked);
    expect(await switchedOn()).toBe(false);
    await page.evaluate(() => (Array.from(document.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Вход через университет включён')?.querySelector('input') as HTMLInputElement).click());
    expect(await switchedOn()).toBe(true);
    await page.click('form[aria-label="Настройки входа через университет"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('.field-invalid') !== null);
    expect(await errorNextTo(page, 'Адрес поставщика (issuer)')).toMatch(/документ обнаружения/);
    await screenshot(page, 'sso-admin-refused');

    // The input is kept: only the address is corrected.
    const issuerField = await controlByLabel(page, 'Адрес поставщика (issuer)');
    await replaceText(page, issuerField, provider.issuer);
    await page.click('form[aria-label="Настройки входа через университет"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.startsWith('Настройки сохранены: поставщик проверен'));
    await page.waitForFunction(() => document.querySelector('#sso-settings-title')?.parentElement?.textContent?.includes('Секрет сохранён'));
    const saved = (await admin.get('/api/admin/sso')).body as Record<string, unknown>;
    expect(saved).toMatchObject({ enabled: true, issuerUrl: provider.issuer, clientId: 'timetable', clientSecretSet: true, rolesClaim: 'groups', roleMapping: [{ value: 'teachers', role: 'TEACHER' }] });
    expect(await page.$eval(await controlByLabel(page, 'Сопоставление групп ролям'), (node) => (node as HTMLTextAreaElement).value)).toBe('teachers: преподаватель');
    expect(await page.content()).not.toContain(SECRET);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sso-admin-saved');
    await page.close();
  });

  it('a teacher clicks «Войти через …», signs in at the provider and ends on the teacher\'s week', async () => {
    const page = await newPage();
    await page.goto(`${origin}/teacher/`);
    await page.waitForSelector('#sso-login');
    expect(await page.$eval('#sso-login', (element) => element.textContent)).toBe('Войти через единый вход университета');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sso-login-page');

    await Promise.all([page.waitForNavigation(), page.click('#sso-login')]);
    expect(page.url().startsWith(provider.issuer)).toBe(true);
    await page.type('#login', 'm.sidorova');
    await screenshot(page, 'sso-provider-form');
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);

    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');
    await weekSettled(page);
    expect(new URL(page.url()).pathname).toBe('/teacher/');
    // The hint is gone from the address and no token was ever in it.
    expect(page.url()).not.toMatch(/sso=|token|code=/);
    expect(await page.$eval('#account', (element) => element.textContent)).toContain('sidorova');
    await screenshot(page, 'sso-teacher-week');

    // A reload restores the session through the refresh cookie, as after a password login.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');

    const links = (await admin.get('/api/admin/sso/links')).body as Array<Record<string, unknown>>;
    expect(links).toContainEqual(expect.objectContaining({ userId: teacherId, subject: 'sub-sidorova' }));

    // Signing out ends the service's session and offers the provider's logout.
    await page.click('#logout');
    // The form asks GET /api/auth/sso after it is drawn: wait for its answer.
    const offered = await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#login-form a')).find((link) => link.textContent === 'Выйти также из единого входа университета')?.getAttribute('href'),
    );
    const providerLogout = (await offered.jsonValue()) as string;
    expect(providerLogout.startsWith(`${provider.issuer}/session/end?`)).toBe(true);
    expect((await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [teacherId]))[0].count).toEqual(0);
    await page.close();
  });

  it('the administrator sees the link and removes it', async () => {
    const page = await newPage();
    await page.goto(`${origin}/admin/#sso`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForSelector('button[aria-label="Удалить связь: Сидорова Мария Ивановна"]');
    await screenshot(page, 'sso-admin-links');
    await page.click('button[aria-label="Удалить связь: Сидорова Мария Ивановна"]');
    await page.waitForFunction(() => document.querySelector('button[aria-label="Удалить связь: Сидорова Мария Ивановна"]') === null);
    expect((await admin.get('/api/admin/sso/links')).body).toEqual([]);
    await page.close();
    // Refused requests a test provokes are logged by the browser; nothing else of ours may be (the
    // stand-in provider's own page, e.g. its missing favicon, is not the service's).
    expect(consoleErrors.filter((line) => !/status of 400/.test(line) && !line.includes(provider.issuer))).toEqual([]);
  });
});
