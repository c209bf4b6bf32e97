/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { createDepartment, createUser, DepartmentBody, PASSWORD, UserBody } from './support/factories';
import { createGroup, createStudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, openSection, replaceText } from './support/web-client';

/**
 * The student's items of issue 55 in a real Chromium against the real service (tenant `alpha`): the
 * group picker finds a group typed in Latin letters or with its words in another order; a student
 * whose account has no group is told so (and whom to ask) on «Расписание группы» and in «Мои занятия»
 * of «Уведомления», instead of a promise of notices that cannot come. At desktop (1366×900) and
 * phone (390×844) width.
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('the student’s day without a caveat (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let department: DepartmentBody;
  let loner: UserBody;
  let placed: UserBody;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    department = await createDepartment(admin, { departmentName: 'Кафедра физики' });
    const setup = await createStudySetup(admin, department);
    const physics = await createGroup(admin, setup, { name: 'ФИЗ-231' });
    placed = await createUser(admin, { role: 'STUDENT', departmentId: department.id, fullName: 'Студентова Анна' });
    await admin.put(`/api/users/${placed.id}/group`, { groupId: physics.id }).expect(200);
    await createGroup(admin, setup, { name: 'ИВТ-261' });
    loner = await createUser(admin, { role: 'STUDENT', departmentId: department.id, fullName: 'Одинокий Олег' });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  async function newPage(viewport: typeof WIDE | typeof PHONE = WIDE): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    return { page, watch: await watchPage(page, origin) };
  }

  function expectQuiet(watch: PageWatch): void {
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  }

  /** Types into the group picker (replacing what it held) and waits until it offers exactly `names`. */
  async function expectOffered(page: Page, label: string, text: string, names: string[]): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('label')).some((item) => item.textContent?.trim() === wanted), {}, label);
    await replaceText(page, await controlByLabel(page, label), text);
    const offered = () => page.$$eval('.match-list .match-label', (labels) => labels.map((item) => item.textContent ?? ''));
    await page
      .waitForFunction((wanted) => JSON.stringify(Array.from(document.querySelectorAll('.match-list .match-label')).map((item) => item.textContent)) === wanted, { timeout: 5000 }, JSON.stringify(names))
      .catch(async () => expect(await offered()).toEqual(names));
  }

  describe('group search', () => {
    it.each([
      ['fiz231', WIDE],
      ['231 физ', PHONE],
    ] as const)('«%s» finds ФИЗ-231 in the student’s group picker', async (text, viewport) => {
      const { page, watch } = await newPage(viewport);
      await openSection(page, origin, 'student', 'group-schedule', loner.username, PASSWORD);
      await expectOffered(page, 'Группа', text, ['ФИЗ-231']);
      await screenshot(page, `student-group-search-${viewport === WIDE ? 'wide' : 'phone'}`);
      await expectOffered(page, 'Группа', 'ivt-261', ['ИВТ-261']);
      await page.click('.match-list button.match');
      await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Расписание группы ИВТ-261');
      if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expectQuiet(watch);
      await page.close();
    });
  });

  describe('a student without a group on the account', () => {
    it.each([
      ['wide', WIDE],
      ['phone', PHONE],
    ] as const)('is told so, and whom to ask, on «Расписание группы» and in «Мои занятия» (%s)', async (name, viewport) => {
      const { page, watch } = await newPage(viewport);
      await openSection(page, origin, 'student', 'group-schedule', loner.username, PASSWORD);
      await page.waitForSelector('#no-group');
      expect(await page.$eval('#no-group', (node) => node.textContent)).toContain('Ваша учётная запись не привязана к группе');
      expect(await page.$eval('#no-group', (node) => node.textContent)).toContain('Попросите администратора университета');
      await screenshot(page, `student-no-group-schedule-${name}`);
      await page.evaluate(() => (location.hash = '#notifications'));
      await page.waitForSelector('section[aria-labelledby="own-lessons-title"] #no-group');
      const told = await page.$eval('section[aria-labelledby="own-lessons-title"]', (node) => node.textContent ?? '');
      expect(told).toContain('уведомления об изменениях занятий группы не придут');
      expect(told).not.toContain('вы узнаёте без подписки');
      expect(await page.$('form[aria-label="Уведомления о моих занятиях"]')).toBeNull();
      if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await screenshot(page, `student-no-group-notifications-${name}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expectQuiet(watch);
      await page.close();
    });

    it('a student with a group sees the promise and the settings, no such notice', async () => {
      const { page, watch } = await newPage(WIDE);
      await openSection(page, origin, 'student', 'notifications', placed.username, PASSWORD);
      await page.waitForSelector('form[aria-label="Уведомления о моих занятиях"]');
      expect(await page.$('#no-group')).toBeNull();
      expect(await page.$eval('section[aria-labelledby="own-lessons-title"]', (node) => node.textContent)).toContain('вы узнаёте без подписки');
      expectQuiet(watch);
      await page.close();
    });
  });
});
