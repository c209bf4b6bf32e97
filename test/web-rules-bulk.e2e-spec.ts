/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { controlByLabel, signIn } from './support/web-client';
import { createUser } from './support/factories';
import { createRule, createUniversity, RuleBody, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * «Правила» in a real Chromium (issue 45 §8): the office ticks two rules, gives them another teacher in
 * one confirmed step and reads the result; a room that one of them cannot have is refused by the bar,
 * the rules stay selected and unchanged. All rules are Tuesday lectures (16 pairs) of the autumn
 * semester of 2026, which has begun: the service and the page stand on Thursday 1 October 2026, so a
 * change of the published version holds from «Действует с», tomorrow by default (issue 53).
 */
const NOW = '2026-10-01T09:00:00Z';
const TOMORROW = '2026-10-02';

describe('bulk rule actions in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let a: RuleBody;
  let b: RuleBody;
  let c: RuleBody;
  let origin: string;
  let chrome: TestBrowser;
  let page: Page;
  let watch: PageWatch;

  const rule = (g: number, pair: number, teacher: number, room: number) =>
    createRule(
      admin,
      ruleBody(u, {
        groupIds: [u.groups[g].id],
        subjectId: u.subjects[g].id,
        lectureAcademicHours: 32,
        slots: [slotBody(u, { timeSlotId: u.timeSlots[pair].id, teacherId: u.teachers[teacher].id, classroomId: u.classrooms[room].id })],
      }),
    );

  beforeAll(async () => {
    standServiceAt(NOW);
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 3, groups: 3, classrooms: 3, subjects: 3 });
    a = await rule(0, 0, 0, 0);
    b = await rule(1, 1, 1, 1);
    c = await rule(2, 0, 1, 2);
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    chrome = await launchBrowser();
    page = await (await chrome.browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await standPageAt(page, NOW);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#rules`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Правила расписания');
    // Only the published version: it is unlocked on purpose first (issue 45 §2).
    await page.waitForSelector('.published-lock');
    if (await page.$('.published-lock.notice-info')) {
      await clickButton('Изменить опубликованное расписание');
      await clickButton('Да, изменить опубликованное');
    }
    await page.waitForSelector(`input[aria-label="Выбрать правило №${a.id}"]`);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });
  afterEach(() => expectQuietPage(watch, /status of 409/));

  async function clickButton(text: string): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === wanted && !button.disabled), {}, text);
    await page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted && !button.disabled) as HTMLButtonElement).click(), text);
  }

  async function pick(label: string, text: string): Promise<void> {
    await page.type(await controlByLabel(page, label), text);
    const match = `.picker button.match`;
    await page.waitForFunction(
      (wanted, name, selector) =>
        Array.from(Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === wanted)?.closest('.picker')?.parentElement?.querySelectorAll(selector) ?? []).some(
          (button) => button.textContent?.includes(name),
        ),
      {},
      label,
      text,
      match,
    );
    await page.evaluate(
      (wanted, name, selector) =>
        (
          Array.from(Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === wanted)?.closest('.picker')?.parentElement?.querySelectorAll(selector) ?? []).find((button) =>
            button.textContent?.includes(name),
          ) as HTMLButtonElement
        ).click(),
      label,
      text,
      match,
    );
  }

  async function tick(...rules: RuleBody[]): Promise<void> {
    for (const one of rules) await page.click(`input[aria-label="Выбрать правило №${one.id}"]`);
    await page.waitForFunction((count) => document.querySelector('.bulk-bar')?.textContent?.includes(`Выбрано правил: ${count}`), {}, rules.length);
  }

  /** The rule's lessons in the group's timetable: date and teacher. */
  async function lessonsOf(one: RuleBody): Promise<{ date: string; teacherId: number }[]> {
    const response = await admin.get(`/api/schedule?groupId=${one.groupIds[0]}&startDate=2026-09-01&endDate=2026-12-31`);
    expect(response.status).toBe(200);
    return (response.body as { date: string; teacherId: number; scheduleRuleId: number }[]).filter((lesson) => lesson.scheduleRuleId === one.id).map(({ date, teacherId }) => ({ date, teacherId }));
  }

  const teacherOf = async (id: number) => ((await admin.get(`${RULES_PATH}/${id}`)).body as RuleBody).slots[0];

  it('gives two ticked rules another teacher from tomorrow in one confirmed step; the lessons given stay', async () => {
    const before = await lessonsOf(a);
    await tick(a, b);
    await pick('Новый преподаватель', u.teachers[2].fullName);
    await clickButton('Применить к выбранным');
    await page.waitForSelector('dialog[open]');
    const question = await page.$eval('dialog[open]', (dialog) => dialog.textContent ?? '');
    expect(question).toContain('Изменить правил: 2?');
    expect(question).toContain(`во всех слотах будет преподаватель «${u.teachers[2].fullName}» с выбранной даты`);
    expect(question).not.toContain('весь семестр');
    expect(await page.$eval(await controlByLabel(page, 'Действует с'), (input) => (input as HTMLInputElement).value)).toBe(TOMORROW);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'rules-bulk-confirm');
    await clickButton('Подтвердить');
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.startsWith('Изменено правил: 2'));
    const notice = await page.$eval('[role=status]', (node) => node.textContent ?? '');
    expect(notice).toBe(`Изменено правил: 2 (№${a.id}, №${b.id}): преподаватель теперь «${u.teachers[2].fullName}». Действует с 2 октября 2026 г.: занятия до этой даты остались как были.`);
    // Before tomorrow every lesson is as it was; from it on the new teacher gives them, and none is lost.
    const after = await lessonsOf(a);
    expect(after.filter((lesson) => lesson.date < TOMORROW)).toEqual(before.filter((lesson) => lesson.date < TOMORROW));
    expect(before.filter((lesson) => lesson.date < TOMORROW).every((lesson) => lesson.teacherId === u.teachers[0].id)).toBe(true);
    expect(after.filter((lesson) => lesson.date >= TOMORROW).map((lesson) => lesson.teacherId)).toEqual(before.filter((lesson) => lesson.date >= TOMORROW).map(() => u.teachers[2].id));
    expect(after).toHaveLength(16);
    expect((await lessonsOf(b)).filter((lesson) => lesson.date < TOMORROW).every((lesson) => lesson.teacherId === u.teachers[1].id)).toBe(true);
    // The table shows the new teacher and nothing stays selected.
    await page.waitForFunction((name) => document.querySelectorAll('td').length > 0 && Array.from(document.querySelectorAll('td')).filter((cell) => cell.textContent?.includes(name)).length === 2, {}, u.teachers[2].fullName);
    expect(await page.$('.bulk-bar')).toBeNull();
  });

  it('shows a refusal by the bar, keeps the selection and changes nothing', async () => {
    await tick(a, b);
    await page.select(await controlByLabel(page, 'Действие с выбранными'), 'CHANGE_CLASSROOM');
    await pick('Новая аудитория', u.classrooms[2].name);
    await clickButton('Применить к выбранным');
    await page.waitForSelector('dialog[open]');
    await clickButton('Подтвердить');
    await page.waitForSelector('.bulk-bar [role=alert]');
    const refusal = await page.$eval('.bulk-bar [role=alert]', (node) => node.textContent ?? '');
    expect(refusal).toMatch(new RegExp(`^Правило №${a.id} «.+»: конфликт с правилом`));
    expect(await page.$eval('.bulk-bar', (bar) => bar.textContent ?? '')).toContain('Выбрано правил: 2');
    const checked = await page.$$eval('input[type=checkbox][aria-label^="Выбрать правило"]:checked', (boxes) => boxes.length);
    expect(checked).toBe(2);
    expect([(await teacherOf(a.id)).classroomId, (await teacherOf(b.id)).classroomId]).toEqual([u.classrooms[0].id, u.classrooms[1].id]);
    await screenshot(page, 'rules-bulk-refused');
    await page.setViewport({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.clientWidth === 390);
    await screenshot(page, 'rules-bulk-refused-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('at phone width ends a rule from an earlier date only after the past-date question', async () => {
    const before = await lessonsOf(c);
    await page.click('.bulk-bar .link-button').catch(() => undefined);
    await tick(c);
    await page.select(await controlByLabel(page, 'Действие с выбранными'), 'ARCHIVE');
    await clickButton('Применить к выбранным');
    await page.waitForSelector('dialog[open]');
    await page.$eval(await controlByLabel(page, 'Действует с'), (input) => {
      (input as HTMLInputElement).value = '2026-09-20';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await clickButton('Подтвердить');
    await page.waitForFunction(() => document.querySelector('dialog[open]')?.textContent?.includes('Изменить и прошедшие занятия?'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'rules-bulk-past-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await clickButton('Да, изменить и прошедшие');
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.startsWith('Изменено правил: 1'));
    // The rule ends the day before: its lessons until 19 September stay, none from the 20th.
    expect(await lessonsOf(c)).toEqual(before.filter((lesson) => lesson.date < '2026-09-20'));
  });
});
