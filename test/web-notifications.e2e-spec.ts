/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, signIn } from './support/web-client';
import { createUser, UserBody } from './support/factories';
import { createGroup } from './support/study-builders';
import { createRule, createUniversity, LESSON_TYPES, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { isoWeekday, upcomingSemesterMonday } from './support/upcoming-lessons';

/**
 * «Уведомления» in a real Chromium against the real service (tenant `alpha`): a student follows a
 * group on the page, the office moves one of its lessons, and the student sees the unread count in
 * the account line and the change in the list, then marks it read. Phone-sized, as students use it.
 */
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };


describe('change notifications in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let rule: RuleBody;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let student: UserBody;
  const day = upcomingSemesterMonday(1);

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100' } });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: day.startYear, teachers: 1, groups: 1, classrooms: 2, subjects: 1 });
    const version = day.spring ? { scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id } : {};
    rule = await createRule(
      admin,
      ruleBody(u, { ...version, lectureAcademicHours: 36, slots: [slotBody(u, { dayOfWeek: isoWeekday(day.date), lessonTypeId: LESSON_TYPES.LECTURE })] }),
    );
    student = await createUser(admin, { role: 'STUDENT', departmentId: u.department.id });
    // The student's own group is another one (issue 55: a student without a group is told none of
    // «Мои занятия» can come); the group followed below is followed by subscription.
    const own = await createGroup(admin, u.study, { name: 'СОБ-1' });
    await admin.put(`/api/users/${student.id}/group`, { groupId: own.id }).expect(200);
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(PHONE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/student/#notifications`);
    await signIn(page, student.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Уведомления об изменениях');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => {
    expect(watch.foreignRequests).toEqual([]);
    // The browser logs each refused request; the refusal provoked here is shown on the page.
    expect(watch.consoleErrors.filter((line) => !/status of 400/.test(line))).toEqual([]);
  });

  async function clickButton(text: string): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === wanted && !button.disabled), {}, text);
    await page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text);
  }

  it('refuses a subscription without its group next to the group field, then subscribes', async () => {
    await page.waitForSelector('#subscriptions-title');
    await page.select(await controlByLabel(page, 'Куда'), 'IN_APP');
    const horizon = await controlByLabel(page, 'На сколько дней вперёд следить (1–120)');
    await page.click(horizon, { count: 3 });
    await page.type(horizon, '120');
    await clickButton('Подписаться на изменения');
    await page.waitForFunction(() => document.querySelector('.field-invalid [role=alert]')?.textContent);
    expect(await errorNextTo(page, 'Какая группа')).toBe('Поле «targetId» обязательно для подписки на группу, преподавателя или аудиторию');
    expect(await page.$eval(horizon, (node) => (node as HTMLInputElement).value)).toBe('120');

    await page.type(await controlByLabel(page, 'Какая группа'), u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await clickButton('Подписаться на изменения');
    await page.waitForFunction((name) => document.querySelector('#subscriptions')?.textContent?.includes(`Группа: ${name} — на странице, сразу; изменения на 120 дн. вперёд`), {}, u.groups[0].name);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-subscribed');
  });

  it('shows a moved lesson with the unread count in the account line, and marks it read', async () => {
    const moved = await admin.post('/api/edu-office/schedule/overrides', {
      baseRuleSlotId: rule.slots[0].id,
      lessonDate: day.date,
      action: 'MOVE',
      newTimeSlotId: u.timeSlots[1].id,
      newClassroomId: u.classrooms[1].id,
    });
    expect(moved.status).toBe(200);
    // The worker delivers within a round; the page asks again when opened.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#unread-link')?.getAttribute('data-unread') === '1');
    const item = await page.waitForSelector('#inbox .inbox-item.unread');
    const text = (await item?.evaluate((node) => node.textContent)) ?? '';
    expect(text).toContain(`Перенесено занятие «${u.subjects[0].name}»`);
    expect(text).toContain(u.classrooms[1].name);
    expect(text).not.toMatch(/ауд\. ауд\./i);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-unread');
    await page.click('#inbox .inbox-item.unread button');
    await page.waitForFunction(() => document.querySelector('#unread-link')?.getAttribute('data-unread') === '0' && !document.querySelector('#inbox .inbox-item.unread'));
    // The student's own (the lesson's teacher is told too, by default: issue 45 §3).
    const [stored] = await t.sql<{ read: boolean }>('alpha', `SELECT read_at IS NOT NULL AS read FROM notifications WHERE user_id = $1`, [student.id]);
    expect(stored).toEqual({ read: true });
  });

  it('«Мои занятия» turns off what the student hears of their group without subscribing, and says so', async () => {
    await page.waitForSelector('#own-lessons-title');
    const boxes = await page.$$('form[aria-label="Уведомления о моих занятиях"] input[type=checkbox]');
    expect(await Promise.all(boxes.map((box) => box.evaluate((node) => node.checked)))).toEqual([true, true]);
    await boxes[1].click();
    await clickButton('Сохранить');
    await page.waitForFunction(() => document.querySelector('form[aria-label="Уведомления о моих занятиях"] [role=status]')?.textContent?.includes('Сохранено: об изменениях своих занятий — на этой странице.'));
    expect((await t.sql<{ inApp: boolean; email: boolean }>('alpha', `SELECT own_lessons_in_app AS "inApp", own_lessons_email AS email FROM notification_settings WHERE user_id = $1`, [student.id]))).toEqual([{ inApp: true, email: false }]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-own-lessons');
  });
});
