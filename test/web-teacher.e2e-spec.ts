/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, openSection, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, signIn, weekSettled } from './support/web-client';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { PASSWORD } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standPageAt, standServiceAt } from './support/clock';

/**
 * A teacher's own work in a real Chromium against the real service (tenant `alpha`): asking for a
 * lesson to be moved from the week, following and withdrawing requests, reporting an absence and
 * marking pairs in the preferences grid. What the page shows is checked against what the API stores.
 *
 * The teacher gives a Tuesday lecture (pair 1) every week of the autumn semester of 2026; week 2 is
 * 7–13 September.
 */
const WEEK_2_MONDAY = '2026-09-07';
const LESSON_DATE = '2026-09-08';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };


// The service and the page stand before the autumn semester of 2026: every lesson of it is still ahead.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

describe('the teacher in the web client (/teacher/)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let teacher: { id: number; username: string };
  let lectureSlot: number;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 2, classrooms: 3, subjects: 2 });
    teacher = { id: u.teachers[0].id, username: u.teachers[0].username };
    const rule = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [u.groups[0].id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, teacherId: teacher.id, classroomId: u.classrooms[0].id })] }),
    );
    lectureSlot = rule.slots[0].id;
    // Another teacher's lesson holds the teacher's room on Tuesdays in pair 3 (issue 55: a move there gets another room).
    await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[1].id, groupIds: [u.groups[1].id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[2].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[0].id })] }),
    );
    chrome = await launchBrowser();
    browser = chrome.browser;
    const context = await browser.createBrowserContext();
    page = await context.newPage();
    await standPageAt(page, BEFORE_AUTUMN_2026);
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/teacher/?date=${WEEK_2_MONDAY}#my-schedule`);
    await signIn(page, teacher.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');
    await weekSettled(page);
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => {
    expect(watch.foreignRequests).toEqual([]);
    // The browser logs every refused request; the refusals these tests provoke are shown on the page.
    expect(watch.consoleErrors.filter((line) => !/status of 409/.test(line))).toEqual([]);
  });

  const open = (section: string, title: string) => openSection(page, section, title);

  const stored = async <T>(path: string): Promise<T> => {
    const response = await admin.get(path);
    expect(response.status).toBe(200);
    return response.body as T;
  };

  it('shows the teacher exactly their five sections', async () => {
    const menu = await page.$$eval('nav.sections a', (links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
    expect(menu).toEqual([
      ['Моё расписание', '#my-schedule'],
      ['Заявки на перенос', '#change-requests'],
      ['Отсутствия', '#absences'],
      ['Пожелания', '#preferences'],
      ['Уведомления', '#notifications'],
    ]);
  });

  it('asks for a lesson of the week to be moved to an offered pair named with its room; the form closes, says what was sent and the lesson is marked', async () => {
    await page.click(`button[aria-label^="Попросить перенос"]`);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('dialog label')).some((label) => label.textContent?.trim() === 'Пара'));
    const pair = await controlByLabel(page, 'Пара');
    await page.waitForFunction((selector) => (document.querySelector<HTMLSelectElement>(selector)?.options.length ?? 0) > 1, {}, pair);
    const [chosen, chosenText] = await page.$eval(pair, (select) => [(select as HTMLSelectElement).options[1].value, (select as HTMLSelectElement).options[1].textContent]);
    const offered = await stored<{ timeSlots: { requestedTimeSlotId: number; classroomName: string; ownClassroom: boolean }[] }>(
      `/api/teacher-change-requests/candidates?baseRuleSlotId=${lectureSlot}&lessonDate=${LESSON_DATE}&targetDate=${LESSON_DATE}`,
    );
    expect(offered.timeSlots.map((slot) => String(slot.requestedTimeSlotId))).toContain(chosen);
    // Each offered pair names the room the lesson would have there (issue 55): its own room where it is free…
    const offeredRoom = offered.timeSlots.find((slot) => String(slot.requestedTimeSlotId) === chosen)?.classroomName;
    expect(offeredRoom).toBe(u.classrooms[0].name);
    // Written as every sentence names a room: a name that already says «Ауд.» is not prefixed again.
    const label = (name: string) => (/^ауд/i.test(name) ? name : `ауд. ${name}`);
    expect(chosenText?.endsWith(`, ${label(u.classrooms[0].name)}`)).toBe(true);
    // …and a free room that seats the group where the own one is taken, saying so.
    const taken = offered.timeSlots.find((slot) => slot.requestedTimeSlotId === u.timeSlots[2].id);
    expect(taken).toMatchObject({ ownClassroom: false, classroomName: expect.not.stringMatching(`^${u.classrooms[0].name}$`) });
    const takenText = await page.$eval(pair, (select, id) => Array.from((select as HTMLSelectElement).options).find((option) => option.value === String(id))?.textContent, u.timeSlots[2].id);
    expect(takenText).toBe(`3-я пара, 11:50–13:20, ${label(taken?.classroomName ?? '')} (ваша занята)`);
    await page.select(pair, String(u.timeSlots[2].id));
    await screenshot(page, 'teacher-change-request-other-room');
    await page.select(pair, chosen);
    await page.type(await controlByLabel(page, 'Причина'), 'Научная конференция');
    await screenshot(page, 'teacher-change-request');
    await page.click('dialog form[aria-label="Заявка на изменение занятия"] button[type=submit]');
    // The dialog closes; the page says what was sent, and the lesson carries the request's mark instead of the button.
    await page.waitForFunction(() => !document.querySelector('dialog[open]') && document.querySelector('main [role=status]')?.textContent?.startsWith('Заявка №'));

    const requests = await stored<{ id: number; status: string; baseRuleSlotId: number; lessonDate: string; requestType: string; requestedTimeSlotId: number; reason: string }[]>(
      '/api/teacher-change-requests',
    );
    expect(requests).toEqual([
      expect.objectContaining({ status: 'PENDING', baseRuleSlotId: lectureSlot, lessonDate: LESSON_DATE, requestType: 'MOVE', requestedTimeSlotId: Number(chosen), reason: 'Научная конференция' }),
    ]);
    const notice = await page.$eval('main [role=status]', (node) => node.textContent ?? '');
    expect(notice).toMatch(new RegExp(`^Заявка №${requests[0].id} отправлена: .*, 08\\.09.*перенос: .*ждёт решения учебного отдела`));
    expect(await page.$$eval('.lesson .badge-requested', (marks) => marks.map((mark) => mark.textContent))).toEqual([`Заявка на перенос №${requests[0].id}`]);
    expect(await page.$('button[aria-label^="Попросить перенос"]')).toBeNull();
    await screenshot(page, 'teacher-change-request-sent');
  });

  it('does not offer a second request for a lesson with a waiting one, also after a reload', async () => {
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');
    await weekSettled(page);
    await page.waitForSelector('.lesson .badge-requested');
    expect(await page.$('button[aria-label^="Попросить перенос"]')).toBeNull();
    // The API refuses the duplicate too (one waiting request per lesson, spec 4.15).
    const [sent] = await stored<{ requestType: string; requestedTimeSlotId: number; reason: string }[]>('/api/teacher-change-requests');
    const asTeacher = await t.as('alpha').login(teacher.username, PASSWORD);
    const refusal = await asTeacher.post('/api/teacher-change-requests', { baseRuleSlotId: lectureSlot, lessonDate: LESSON_DATE, ...sent });
    expect(refusal.status).toBe(409);
    expect(await stored<unknown[]>('/api/teacher-change-requests')).toHaveLength(1);
  });

  it('lists the request with its history and withdraws it', async () => {
    await open('change-requests', 'Заявки на перенос');
    await page.waitForSelector('table.data-table');
    expect(await page.$eval('table.data-table tbody', (body) => (body as HTMLElement).innerText)).toContain('Ожидает решения');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.click('button[aria-label^="Отозвать заявку"]');
    await page.waitForFunction(() => document.querySelector('table.data-table tbody')?.textContent?.includes('Отозвана'));
    const [request] = await stored<{ status: string; history: { eventType: string }[] }[]>('/api/teacher-change-requests');
    expect(request.status).toBe('CANCELLED');
    expect(request.history.map((event) => event.eventType)).toEqual(['SUBMITTED', 'CANCELLED']);
  });

  it('reports an absence, which waits for review as PENDING', async () => {
    await open('absences', 'Отсутствия');
    const setDate = async (label: string, value: string) =>
      page.$eval(
        await controlByLabel(page, label),
        (input, date) => {
          const field = input as HTMLInputElement;
          field.value = date;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
        value,
      );
    await setDate('Первый день', '2026-12-01');
    await setDate('Последний день', '2026-12-03');
    await page.type(await controlByLabel(page, 'Причина'), 'Болезнь');
    await page.click('form[aria-label="Сообщить об отсутствии"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('table.data-table tbody')?.textContent?.includes('Ожидает решения'));
    const absences = await stored<{ teacherId: number; startDate: string; endDate: string; status: string; reason: string }[]>('/api/teacher-absences');
    expect(absences).toEqual([expect.objectContaining({ teacherId: teacher.id, startDate: '2026-12-01', endDate: '2026-12-03', status: 'PENDING', reason: 'Болезнь' })]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('marks pairs in the week grid and saves them in one request, each waiting for approval (issue 45 §8)', async () => {
    await open('preferences', 'Пожелания');
    const cell = 'select[aria-label="понедельник, 1-я пара"]';
    const other = 'select[aria-label="вторник, 2-я пара"]';
    await page.waitForSelector(cell);
    const writes: string[] = [];
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() !== 'GET' && request.url().includes('/api/teacher-preferences')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', count);
    await page.select(cell, 'HARD_UNAVAILABLE');
    await page.select(other, 'SOFT_UNWANTED');
    // Nothing is sent until the save: the cells say so (once the page has drawn the choices).
    await page.waitForFunction(() => document.querySelector('.unsaved-count')?.textContent === 'Не сохранено ячеек: 2');
    expect(await page.$eval(cell, (node) => node.parentElement?.querySelector('.wish-status')?.textContent)).toBe('не сохранено');
    expect(writes).toEqual([]);
    await page.evaluate(() => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Сохранить пожелания') as HTMLButtonElement).click());
    await page.waitForFunction((selector) => document.querySelector(selector)?.parentElement?.querySelector('.wish-status')?.textContent === 'ожидает решения', {}, cell);
    page.off('request', count);
    expect(writes).toEqual(['PUT /api/teacher-preferences/week']);
    const preferences = await stored<{ teacherId: number; preferenceType: string; dayOfWeek: number; timeSlotId: number; status: string }[]>('/api/teacher-preferences');
    expect(preferences.map(({ teacherId, preferenceType, dayOfWeek, timeSlotId, status }) => ({ teacherId, preferenceType, dayOfWeek, timeSlotId, status })).sort((a, b) => a.dayOfWeek - b.dayOfWeek)).toEqual([
      { teacherId: teacher.id, preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: 1, timeSlotId: u.timeSlots[0].id, status: 'PENDING' },
      { teacherId: teacher.id, preferenceType: 'SOFT_UNWANTED', dayOfWeek: 2, timeSlotId: u.timeSlots[1].id, status: 'PENDING' },
    ]);
    // A changed mark replaces the waiting one (withdrawn), a cleared one is withdrawn: again one request, all or nothing.
    await page.select(other, 'SOFT_PREFERRED');
    await page.select(cell, '');
    await page.waitForFunction(() => document.querySelector('.unsaved-count')?.textContent === 'Не сохранено ячеек: 2');
    await page.evaluate(() => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Сохранить пожелания') as HTMLButtonElement).click());
    await page.waitForFunction((selector) => document.querySelector(selector)?.parentElement?.querySelector('.wish-status')?.textContent === 'ожидает решения', {}, other);
    const after = await stored<{ preferenceType: string; dayOfWeek: number; status: string }[]>('/api/teacher-preferences');
    expect(after.map(({ preferenceType, dayOfWeek, status }) => `${dayOfWeek} ${preferenceType} ${status}`).sort()).toEqual([
      '1 HARD_UNAVAILABLE WITHDRAWN',
      '2 SOFT_PREFERRED PENDING',
      '2 SOFT_UNWANTED WITHDRAWN',
    ]);
    await screenshot(page, 'teacher-preferences');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('keeps the section and the session on reload', async () => {
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Пожелания');
    expect(await page.$('#login-form')).toBeNull();
  });

  it('fits a phone: no section scrolls sideways', async () => {
    await page.setViewport(PHONE);
    for (const [section, title] of [
      ['my-schedule', 'Моё расписание'],
      ['change-requests', 'Заявки на перенос'],
      ['absences', 'Отсутствия'],
      ['preferences', 'Пожелания'],
    ]) {
      await open(section, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await screenshot(page, 'teacher-preferences-phone');
  });

  // Still on the phone (each switch of the emulation reloads the page): the next two tests too.
  it('on a phone, today’s first lesson is on the first screen below a compact header (issue 55)', async () => {
    await open('my-schedule', 'Моё расписание');
    // The page stands on Tuesday 1 September, 06:00: the day's lecture at 08:30 is ahead.
    await page.click('#week-today');
    await weekSettled(page);
    await page.waitForSelector('.day-today .lesson');
    await page.evaluate(() => window.scrollTo(0, 0));
    const place = await page.$eval('.day-today .lesson .lesson-subject', (node) => node.getBoundingClientRect().bottom);
    await screenshot(page, 'teacher-today-phone');
    expect(place).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A compact header: one line with who is signed in, the notices and «Выйти» (the product's name gives way).
    expect(await page.$eval('header.top', (header) => header.getBoundingClientRect().height)).toBeLessThanOrEqual(56);
    expect(await page.$eval('#logout', (button) => button.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    // Monday, already past, waits behind one button; it opens and folds again.
    const mondayShown = () => page.$eval('.day[data-date="2026-08-31"]', (day) => (day as HTMLElement).offsetParent !== null);
    expect(await mondayShown()).toBe(false);
    await page.click('.past-toggle');
    expect(await page.$eval('.past-toggle', (button) => [button.textContent, button.getAttribute('aria-expanded')])).toEqual(['Скрыть прошедшие дни (пн)', 'true']);
    expect(await mondayShown()).toBe(true);
    await page.click('.past-toggle');
    expect(await mondayShown()).toBe(false);
  });

  it('on a phone, the preferences grid shows one day at a time, chosen by the day tabs, within 358 px (issue 55)', async () => {
    await open('preferences', 'Пожелания');
    await page.waitForSelector('.day-tabs button[aria-pressed="true"]');
    const visibleCells = () => page.$$eval('.preference-grid select', (selects) => selects.filter((select) => (select as HTMLElement).offsetParent !== null).map((select) => select.getAttribute('aria-label')));
    expect((await visibleCells()).every((label) => label?.startsWith('понедельник'))).toBe(true);
    await page.click('.day-tabs button[data-day="2"]');
    await page.waitForFunction(() => document.querySelector('.day-tabs button[data-day="2"]')?.getAttribute('aria-pressed') === 'true');
    const tuesday = await visibleCells();
    expect(tuesday.length).toBe(u.timeSlots.length);
    expect(tuesday.every((label) => label?.startsWith('вторник'))).toBe(true);
    // The grid's right edge stays inside the 390 px screen less its 16 px margins.
    expect(await page.$eval('.preference-grid', (table) => table.getBoundingClientRect().right)).toBeLessThanOrEqual(390 - 16 + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'teacher-preferences-day-tabs-phone');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
