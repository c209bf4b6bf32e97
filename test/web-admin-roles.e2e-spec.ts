/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, replaceText, signIn } from './support/web-client';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { createDepartment, createUser, DepartmentBody, PASSWORD } from './support/factories';
import { createGroup, createStudySetup, GroupBody } from './support/study-builders';

/**
 * The administrator's items of issue 55 in a real Chromium against the real service (tenant
 * `alpha`): «Университет» changes the university's own time zone (a mistyped name refused next to
 * the field with the nearest names, nothing stored); «Пользователи» creates a student in a group
 * (the department taken from the group) and asks once, in an in-page dialog, before a role change
 * ends the user's sessions. At desktop and phone width.
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
  let physics: DepartmentBody;
  let group: GroupBody;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    physics = await createDepartment(admin, { departmentName: 'Кафедра физики' });
    group = await createGroup(admin, await createStudySetup(admin, physics), { name: 'ФИЗ-231' });
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

  describe('«Пользователи»: a student’s group and a role change', () => {
    const form = 'Новый пользователь';
    const liveSessions = async (userId: number) =>
      Number((await t.sql<{ n: string }>('alpha', 'SELECT count(*) AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [userId]))[0].n);

    it('creates a student in the chosen group, the department taken from it, and says so', async () => {
      await open('users', 'Пользователи');
      await page.type(await controlByLabel(page, 'Логин'), 'fiz.student');
      await page.type(`form[aria-label="${form}"] input[type=password]`, 'start-pass-1');
      await page.select(`form[aria-label="${form}"] select`, 'STUDENT');
      await page.type(await controlByLabel(page, 'ФИО'), 'Студентов Семён');
      await page.type(await controlByLabel(page, 'Группа студента'), 'физ');
      await page.waitForSelector(`form[aria-label="${form}"] button.match[data-id="${group.id}"]`);
      await page.click(`form[aria-label="${form}"] button.match[data-id="${group.id}"]`);
      await page.waitForFunction(() => document.querySelector('form[aria-label="Новый пользователь"] .chosen')?.textContent === 'Выбрано: ФИЗ-231');
      await screenshot(page, 'user-create-student-group');
      await page.click(`form[aria-label="${form}"] button[type=submit]`);
      expect(await outcome(form)).toBe('Создан пользователь «Студентов Семён» (логин fiz.student, студент, Кафедра физики), группа ФИЗ-231');
      const [stored] = await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE username = 'fiz.student'`);
      expect((await admin.get(`/api/users/${stored.id}/group`).expect(200)).body).toEqual({ groupId: group.id, groupName: 'ФИЗ-231' });
      expect((await admin.get('/api/users/page?query=fiz.student').expect(200)).body.items[0]).toMatchObject({ role: 'STUDENT', departmentId: physics.id });
      await screenshot(page, 'user-create-student-saved');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('asks once before a role change, saying the sessions end; Escape changes nothing, the confirmation changes the role and ends them', async () => {
      const viewer = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: physics.id, fullName: 'Смотрова Вера' });
      await t.as('alpha').login(viewer.username, PASSWORD);
      expect(await liveSessions(viewer.id)).toBe(1);
      await open('users', 'Пользователи');
      await page.type(await controlByLabel(page, 'Поиск: логин, ФИО или должность'), viewer.username);
      const open_ = `button[aria-label="Открыть: Смотрова Вера (${viewer.username})"]`;
      await page.waitForFunction((selector) => document.querySelectorAll('main table button[aria-label^="Открыть:"]').length === 1 && document.querySelector(selector) !== null && !document.querySelector('main [aria-busy]'), {}, open_);
      await page.click(open_);
      await page.waitForSelector('dialog[open] .user-card');
      await page.select(await controlByLabel(page, 'Роль пользователя'), 'EDUCATION_OFFICE');
      await page.click('form[aria-label="Данные пользователя"] button[type=submit]');
      const question = await page.waitForSelector('dialog[open] .confirm-body');
      const text = (await question!.evaluate((node) => node.textContent)) ?? '';
      expect(text).toContain('Роль пользователя «Смотрова Вера» станет «учебный отдел» вместо «просмотр расписания»');
      expect(text).toContain('Все его сеансы завершатся');
      await screenshot(page, 'user-role-confirm');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('dialog[open] .confirm-body'));
      expect((await t.sql('alpha', 'SELECT role FROM users WHERE id = $1', [viewer.id]))[0]).toEqual({ role: 'SCHEDULE_VIEWER' });
      expect(await liveSessions(viewer.id)).toBe(1);
      // The card is still open with the choice kept; focus is back on the page behind the question.
      expect(await page.$eval(await controlByLabel(page, 'Роль пользователя'), (select) => (select as HTMLSelectElement).value)).toBe('EDUCATION_OFFICE');

      await page.click('form[aria-label="Данные пользователя"] button[type=submit]');
      await page.waitForSelector('dialog[open] .confirm-body');
      await page.click('dialog[open] .confirm-body button.primary');
      await page.waitForFunction(() => document.querySelector('form[aria-label="Данные пользователя"] [role=status]')?.textContent?.includes('сеансы пользователя завершены'));
      expect((await t.sql('alpha', 'SELECT role FROM users WHERE id = $1', [viewer.id]))[0]).toEqual({ role: 'EDUCATION_OFFICE' });
      expect(await liveSessions(viewer.id)).toBe(0);
      await screenshot(page, 'user-role-changed');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('fits a phone: the new-user form with the group picker', async () => {
      await open('users', 'Пользователи');
      await page.select(`form[aria-label="${form}"] select`, 'STUDENT');
      await fitsPhone('user-create-student', 'Пользователи');
    });
  });
});
