/// <reference lib="dom" />
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, openSection, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, signIn } from './support/web-client';
import { BEFORE_AUTUMN_2026, standPageAt, standServiceAt } from './support/clock';
import { createUser, PASSWORD } from './support/factories';
import { buildOverrideWorld, OverrideWorld, slotsOf } from './support/override-builders';
import { ClassroomBody, createClassroom } from './support/resource-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { archiveRule, createRule, ruleBody, slotBody } from './support/schedule-builders';

/**
 * The education office's day without a caveat (issue 55) in a real Chromium against the real service:
 * the menu under five headings (one row at 1366 px, a «Меню» button on a phone, the section the
 * first screen); an approved absence offering «Распределить занятия» at once, the batch asked about
 * once in an in-page dialog listing the cancellations, the list and the menu count current after it;
 * a change request applied after an in-page question, the API's room warning shown; a version named
 * in the address opened while «Правила» is open; a period's dates asked about only when complete.
 *
 * The world of the one-off tests: group A has 24 students; teacher 1 gives group B's practice on
 * Tuesdays (pair 2) and group A's history on Wednesdays (pair 2); room 1-105 seats 10.
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

describe('the office’s day without a caveat (issue 55)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let small: ClassroomBody;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    small = await createClassroom(admin, { name: '1-105', capacity: 10 });
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: w.u.department.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await standPageAt(page, BEFORE_AUTUMN_2026);
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null && location.hash === '#schedule-view');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  const menuCount = (id: string) => page.$eval('nav.sections', (nav, key) => Number(nav.querySelector(`.waiting-count[data-section="${key}"]`)?.lastChild?.textContent ?? 0), id);
  /** The open in-page question, left open: its title and lines. */
  const question = async () => {
    await page.waitForSelector('dialog[open] .confirm-body');
    return page.$eval('dialog[open]', (dialog) => Array.from(dialog.querySelectorAll('h2, p'), (node) => node.textContent).join('\n'));
  };

  it('groups the menu under headings in one row; a heading opens its list, Escape closes it with focus back; a phone opens the section first, the menu behind a button', async () => {
    const headings = await page.$$eval('#section-menu > li', (items) => items.map((item) => (item.querySelector('.group-button')?.firstChild?.textContent ?? item.querySelector('a')?.textContent ?? '').trim()));
    expect(headings).toEqual(['Расписание', 'Заявки', 'Нагрузка', 'Справочники', 'Уведомления']);
    // One row: every entry on the same line, the menu one line high.
    const tops = await page.$$eval('#section-menu > li', (items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await page.$eval('nav.sections', (nav) => nav.getBoundingClientRect().height)).toBeLessThan(60);
    expect(await page.$('#section-menu a[href="#rules"]')).not.toBeNull();
    expect(await page.$eval('#section-menu a[href="#rules"]', (link) => link.checkVisibility())).toBe(false);

    await page.click('button[data-opens="Расписание"]');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#section-menu a[href="#rules"]')?.checkVisibility());
    expect(await page.$eval('button[data-opens="Расписание"]', (button) => button.getAttribute('aria-expanded'))).toBe('true');
    await screenshot(page, 'office-menu-open');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('#section-menu a[href="#rules"]')?.checkVisibility());
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-opens'))).toBe('Расписание');

    // Choosing a section from a heading's list opens it and closes the list.
    await page.click('button[data-opens="Справочники"]');
    await page.click('#section-menu a[href="#bells"]');
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent?.includes('Звонки') || document.title.startsWith('Звонки'));
    expect(await page.$eval('button[data-opens="Справочники"]', (button) => [button.getAttribute('aria-expanded'), button.getAttribute('aria-current')])).toEqual(['false', 'true']);
    await screenshot(page, 'office-menu-row');

    await page.setViewport(PHONE);
    await openSection(page, 'schedule-view', 'Просмотр расписания');
    // The section's heading is on the first screen, the menu a single button above it.
    expect(await page.$eval('#page-title', (title) => title.getBoundingClientRect().top)).toBeLessThan(300);
    expect(await page.$eval('nav.sections', (nav) => nav.getBoundingClientRect().height)).toBeLessThan(50);
    expect(await page.$eval('#section-menu', (list) => list.checkVisibility())).toBe(false);
    expect(await page.$eval('.menu-button', (button) => button.textContent)).toContain('Меню · Просмотр расписания');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'office-menu-phone-closed');
    await page.click('.menu-button');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#section-menu a[href="#rules"]')?.checkVisibility());
    expect(await page.$$eval('#section-menu .group-heading', (items) => items.map((item) => item.textContent))).toEqual(['Расписание', 'Заявки', 'Справочники']);
    await screenshot(page, 'office-menu-phone-open');
    await page.click('#section-menu a[href="#overrides"]');
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Разовые изменения' || location.hash === '#overrides');
    expect(await page.$eval('#section-menu', (list) => list.checkVisibility())).toBe(false);
    await page.setViewport(WIDE);
  });

  it('offers «Распределить занятия» right after approving; the batch asks once, listing the cancellation; the list and the menu count follow', async () => {
    const teacher = await t.as('alpha').login(w.u.teachers[1].username, PASSWORD);
    const reported = await teacher.post('/api/teacher-absences', { startDate: '2026-09-01', endDate: '2026-09-02', reason: 'Конференция' });
    expect(reported.status).toBe(200);
    await openSection(page, 'absences', 'Отсутствия преподавателей');
    await page.waitForFunction(() => document.querySelector('.waiting-count[data-section="absences"]')?.lastChild?.textContent === '1');
    const who = `отсутствие ${w.u.teachers[1].fullName}`;
    await page.waitForSelector(`button[aria-label^="Утвердить: ${who}"]`);
    await page.click(`button[aria-label^="Утвердить: ${who}"]`);

    // At once: what happened, and the next step, focused.
    await page.waitForSelector('#absence-approved');
    expect(await page.$eval('#absence-approved', (notice) => notice.textContent)).toContain(`Отсутствие ${w.u.teachers[1].fullName} 01.09 (вт)–02.09 (ср) утверждено`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Распределить занятия');
    await screenshot(page, 'office-absence-approved');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.wizard select');
    const selects = await page.$$eval('.wizard select', (items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    expect(selects).toHaveLength(2);
    for (const label of selects) await page.select(`.wizard select[aria-label="${label}"]`, 'CANCEL');

    // Asked once, in the page; Escape applies nothing.
    await page.click('.wizard button.primary');
    const text = await question();
    expect(text).toContain('Применить решения (2)?');
    expect(text).toContain('Будут отменены занятия (2):');
    expect(text.split('\n').filter((line) => line.startsWith('— '))).toEqual([
      expect.stringMatching(/^— .+, 1 сентября 2026 г\., 10:10 · /),
      expect.stringMatching(/^— .+, 2 сентября 2026 г\., 10:10 · /),
    ]);
    await screenshot(page, 'office-absence-question');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open] .confirm-body'));
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('primary');
    expect((await t.sql('alpha', 'SELECT count(*)::int AS n FROM schedule_overrides'))[0]).toEqual({ n: 0 });

    await page.click('.wizard button.primary');
    await question();
    await page.click('dialog[open] .confirm-body button.primary');
    await page.waitForFunction(() => document.querySelector('.wizard [role=status]')?.textContent?.startsWith('Применено решений: 2'));
    expect((await t.sql('alpha', `SELECT action, count(*)::int AS n FROM schedule_overrides GROUP BY action`))).toEqual([{ action: 'CANCEL', n: 2 }]);
    // Without changing sections: the absence no longer waits, in the list (filtered by «Ожидает») and in the menu.
    await page.waitForFunction(() => !document.querySelector('.waiting-count[data-section="absences"]'));
    expect(await menuCount('absences')).toBe(0);
    await page.select(await controlByLabel(page, 'Статус'), 'APPROVED');
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Отсутствий с таким статусом нет.'));
    expect(await page.$eval('.wizard', (node) => node.textContent)).toContain('Все занятия периода распределены.');
    await screenshot(page, 'office-absence-applied');
  });

  it('applies a request for a smaller room after an in-page question and shows the API’s warning', async () => {
    const teacher = await t.as('alpha').login(w.u.teachers[0].username, PASSWORD);
    const request = await teacher.post('/api/teacher-change-requests', { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', requestType: 'CHANGE_CLASSROOM', requestedClassroomId: small.id, reason: 'Нужен проектор' });
    expect(request.status).toBe(200);
    await openSection(page, 'change-requests', 'Заявки преподавателей');
    const apply = `button[aria-label="Применить: заявка №${request.body.id}"]`;
    await page.waitForSelector(apply);
    await page.click(apply);
    expect(await question()).toContain(`Применить заявку №${request.body.id}?`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open] .confirm-body'));
    expect((await admin.get(`/api/teacher-change-requests?status=PENDING`)).body).toHaveLength(1);

    await page.click(apply);
    await question();
    await page.click('dialog[open] .confirm-body button.primary');
    await page.waitForSelector('#review-warnings');
    expect(await page.$eval('#review-warnings', (node) => node.textContent)).toContain('В аудитории 1-105 10 мест, а на занятии 24 студента');
    expect(await page.$eval('#review-outcome', (node) => node.textContent)).toContain(`Заявка №${request.body.id} применена`);
    await screenshot(page, 'office-request-room-warning');
  });

  it('applies a move whose own room is taken then, saying which free room the lesson got (desktop and phone)', async () => {
    // Group B's lesson of another teacher holds the math room on Tuesdays in pair 3.
    const taker = await createRule(
      admin,
      ruleBody(w.u, { subjectId: w.u.subjects[5].id, groupIds: [w.u.groups[1].id], lectureAcademicHours: 32, slots: [slotBody(w.u, { dayOfWeek: 2, timeSlotId: w.pairs[2].id, teacherId: w.u.teachers[4].id, classroomId: w.u.classrooms[0].id })] }),
    );
    const teacher = await t.as('alpha').login(w.u.teachers[0].username, PASSWORD);
    const request = await teacher.post('/api/teacher-change-requests', { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', requestType: 'MOVE', requestedTimeSlotId: w.pairs[2].id, reason: 'Конференция' });
    expect(request.status).toBe(200);
    await page.setViewport(PHONE);
    await openSection(page, 'change-requests', 'Заявки преподавателей');
    const apply = `button[aria-label="Применить: заявка №${request.body.id}"]`;
    await page.waitForSelector(apply);
    await page.click(apply);
    await question();
    await page.click('dialog[open] .confirm-body button.primary');
    await page.waitForFunction((id) => document.querySelector('#review-outcome')?.textContent?.includes(`Заявка №${id} применена`), {}, request.body.id);
    const [given] = await t.sql<{ name: string }>('alpha', `SELECT c.name FROM schedule_overrides o JOIN classrooms c ON c.id = o.new_classroom_id WHERE o.lesson_date = '2026-09-15'`);
    expect(given.name).not.toBe(w.u.classrooms[0].name);
    const label = /^ауд/i.test(given.name) ? given.name : `ауд. ${given.name}`;
    expect(await page.$eval('#review-outcome', (node) => node.textContent)).toContain(`11:50–13:20, ${label} (аудитория занятия в это время занята)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'office-request-move-room-phone');
    await page.setViewport(WIDE);
    await admin.delete(`/api/edu-office/schedule/overrides/${(await t.sql<{ id: number }>('alpha', `SELECT id FROM schedule_overrides WHERE lesson_date = '2026-09-15'`))[0].id}`);
    await archiveRule(admin, taker.id);
  });

  it('opens the version the address names while «Правила» is open', async () => {
    await openSection(page, 'rules', 'Правила расписания');
    const version = await controlByLabel(page, 'Версия');
    await page.waitForFunction((selector) => document.querySelector<HTMLSelectElement>(selector)?.value !== '', {}, version);
    expect(Number(await page.$eval(version, (select) => (select as HTMLSelectElement).value))).toBe(w.draftVersionId);
    await page.evaluate((id) => (location.hash = `#rules?versionId=${id}`), w.u.versionId);
    await page.waitForFunction((selector, id) => document.querySelector<HTMLSelectElement>(selector)?.value === String(id), {}, version, w.u.versionId);
    await page.waitForFunction((name) => document.querySelector('main table')?.textContent?.includes(name), {}, w.u.subjects[0].name);
    await page.evaluate((id) => (location.hash = `#rules?versionId=${id}`), w.draftVersionId);
    await page.waitForFunction((selector, id) => document.querySelector<HTMLSelectElement>(selector)?.value === String(id), {}, version, w.draftVersionId);
  });

  it('asks for a period only when its dates are complete, saying at the field what is wrong (desktop and phone)', async () => {
    await openSection(page, 'workload', 'Нагрузка');
    const asked: string[] = [];
    const record = (request: HTTPRequest) => {
      if (request.url().includes('/api/workload/')) asked.push(new URL(request.url()).search);
    };
    page.on('request', record);
    try {
      const end = await controlByLabel(page, 'По');
      // A year typed digit by digit: Chromium holds 0002-…, 0020-…, 0202-… on the way to 2026
      // (focus starts at the first part of the date: the month in the browser's en-US format).
      await page.focus(end);
      await page.keyboard.type('09152');
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(await errorNextTo(page, 'По')).toBe('Дата введена не полностью: нужны день, месяц и год из четырёх цифр');
      expect(asked.filter((search) => /Date=0/.test(search))).toEqual([]);
      await screenshot(page, 'office-period-incomplete');
      await page.keyboard.type('026');
      await page.waitForFunction(() => !document.querySelector('.field-invalid'));
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('endDate=2026-09-15')));
      expect(asked.filter((search) => /Date=0/.test(search))).toEqual([]);
    } finally {
      page.off('request', record);
    }
    await page.setViewport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'office-workload-phone');
    await page.setViewport(WIDE);
  });
});
