/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, RuleBody, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, signIn } from './support/web-client';

/**
 * What the solver may not move, in a real Chromium (issues 53 and 54 §1), on Thursday 1 October 2026
 * in a running autumn semester: the solver screen asks «Оптимизировать с» (tomorrow), asks once more
 * in the page before an earlier date, and shows and edits the version's locks; the rules list marks a
 * locked rule «закреплено» and locks or unlocks a rule. Desktop and phone widths.
 */
const NOW = '2026-10-01T09:00:00Z';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(() => standServiceAt(NOW));

describe('the solver keeps what it may not move, in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let draftId: number;
  let office: string;
  let draftRules: RuleBody[];

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 2, classrooms: 3, subjects: 3 });
    for (const [subject, group, day] of [
      [0, 0, 2],
      [1, 0, 3],
      [2, 1, 4],
    ]) {
      await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [u.groups[group].id],
          lectureAcademicHours: 24,
          slots: [slotBody(u, { dayOfWeek: day, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[subject].id, classroomId: u.classrooms[subject].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    }
    draftId = (await createVersion(admin, u.semester.id, 'Осень с октября', u.versionId)).id;
    draftRules = (await admin.get(`${RULES_PATH}?versionId=${draftId}`)).body as RuleBody[];
    office = (await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id })).username;
    chrome = await launchBrowser();
    browser = chrome.browser;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });

  async function open(viewport: typeof WIDE, hash: string): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#${hash}`);
    await signIn(page, office);
    return { page, watch };
  }
  async function click(page: Page, text: string, within = 'body'): Promise<void> {
    await page.waitForFunction(
      (wanted, scope) => Array.from(document.querySelector(scope)?.querySelectorAll('button') ?? []).some((button) => button.textContent?.trim() === wanted && !button.disabled),
      {},
      text,
      within,
    );
    await page.evaluate(
      (wanted, scope) => (Array.from(document.querySelector(scope)?.querySelectorAll('button') ?? []).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(),
      text,
      within,
    );
  }
  async function setDate(page: Page, selector: string, value: string): Promise<void> {
    await page.$eval(
      selector,
      (input, date) => {
        (input as HTMLInputElement).value = date;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  }
  const jobs = async () => (await admin.get(`/api/edu-office/schedule/optimizations?versionId=${draftId}`)).body as { id: number; fromDate: string; versionLocks: { heldRuleIds: number[] } }[];

  it('asks «Оптимизировать с» (tomorrow), locks a group and a rule, asks before an earlier date and starts from the date chosen (desktop)', async () => {
    const { page, watch } = await open(WIDE, `optimization?versionId=${draftId}`);
    await page.waitForSelector('#version-locks');
    const dateInput = await controlByLabel(page, 'Оптимизировать с');
    expect(await page.$eval(dateInput, (input) => (input as HTMLInputElement).value)).toBe('2026-10-02');
    expect(await page.$eval('#locks-summary', (node) => node.textContent)).toMatch(/Ничего не закреплено/);

    // Lock group 1 through the picker, and rule of subject 0 by its number.
    await page.click('#version-locks details summary');
    await page.type(await controlByLabel(page, 'Группа'), u.groups[1].name.slice(0, 6));
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('#version-locks button')).some((button) => button.textContent?.includes(name)), {}, u.groups[1].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('#version-locks button')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[1].name);
    await page.waitForFunction(() => /Расчёт не двигает правил: 1\./.test(document.querySelector('#locks-summary')?.textContent ?? ''));
    const first = draftRules.find((rule) => rule.subjectId === u.subjects[0].id) as RuleBody;
    await page.type(await controlByLabel(page, 'Правило №'), String(first.id));
    await click(page, 'Закрепить правило');
    await page.waitForFunction(() => /Расчёт не двигает правил: 2\./.test(document.querySelector('#locks-summary')?.textContent ?? ''));
    // An unknown rule is refused next to the rule list, the locks stay.
    await page.type(await controlByLabel(page, 'Правило №'), '999999');
    await click(page, 'Закрепить правило');
    await page.waitForFunction(() => /нет таких правил/.test(document.querySelector('#version-locks')?.textContent ?? ''));
    expect((await admin.get(`/api/edu-office/schedule/versions/${draftId}/locks`)).body).toMatchObject({ groupIds: [u.groups[1].id], ruleIds: [first.id] });
    await screenshot(page, 'solver-locks-desktop');

    // An earlier date asks once in the page; «Отмена» starts nothing.
    await setDate(page, dateInput, '2026-09-28');
    await click(page, 'Составить расписание');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent ?? '')).toMatch(/прошедшие занятия с 28 сентября по 1 октября/);
    await screenshot(page, 'solver-past-date-desktop');
    await click(page, 'Отмена', 'dialog[open]');
    expect(await jobs()).toEqual([]);
    // Back to a date ahead: the job starts from it with the locks it saw.
    await setDate(page, dateInput, '2026-10-05');
    await click(page, 'Составить расписание');
    await page.waitForSelector('#job-from-date');
    expect(await page.$eval('#job-from-date', (node) => node.textContent)).toMatch(/Оптимизация с 5 октября 2026/);
    const [job] = await jobs();
    expect(job.fromDate).toBe('2026-10-05');
    expect(job.versionLocks.heldRuleIds).toHaveLength(2);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'solver-started-desktop');
    expectQuietPage(watch);
    await page.close();
  });

  it('the rules list marks locked rules «закреплено» and locks or unlocks one; the solver screen fits a phone', async () => {
    const { page, watch } = await open(PHONE, `rules?versionId=${draftId}`);
    const third = draftRules.find((rule) => rule.subjectId === u.subjects[2].id) as RuleBody;
    const second = draftRules.find((rule) => rule.subjectId === u.subjects[1].id) as RuleBody;
    await page.waitForSelector('.badge-locked');
    // Subject 0 locked by itself, subject 2 through its group: two marks, and only the first can be unlocked here.
    expect(await page.$$eval('.badge-locked', (nodes) => nodes.length)).toBe(2);
    await page.waitForSelector(`button[aria-label="Открепить правило №${draftRules.find((rule) => rule.subjectId === u.subjects[0].id)?.id}"]`);
    expect(await page.$(`button[aria-label="Закрепить правило №${third.id}"]`)).toBeNull();
    await page.click(`button[aria-label="Закрепить правило №${second.id}"]`);
    await page.waitForFunction(() => document.querySelectorAll('.badge-locked').length === 3);
    expect(((await admin.get(`/api/edu-office/schedule/versions/${draftId}/locks`)).body as { ruleIds: number[] }).ruleIds).toContain(second.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'rules-locked-phone');

    // A teacher and a room locked elsewhere; after a reload the panel knows only ids and names every lock.
    const stored = (await admin.get(`/api/edu-office/schedule/versions/${draftId}/locks`)).body as Record<string, number[]>;
    const { heldRuleIds: _held, ...lists } = stored;
    expect((await admin.put(`/api/edu-office/schedule/versions/${draftId}/locks`, { ...lists, teacherIds: [u.teachers[1].id], classroomIds: [u.classrooms[1].id] })).status).toBe(200);
    await page.goto(`${origin}/admin/#optimization?versionId=${draftId}`);
    await page.reload();
    await page.waitForSelector('#version-locks');
    await page.waitForFunction(() => /Расчёт не двигает правил: 3\./.test(document.querySelector('#locks-summary')?.textContent ?? ''));
    const chips = async () => page.$$eval('#version-locks .chip span', (nodes) => nodes.map((node) => node.textContent ?? ''));
    await page.waitForFunction(() => !Array.from(document.querySelectorAll('#version-locks .chip span')).some((node) => /^№\d+$|^правило №\d+$/.test(node.textContent ?? '')));
    const named = await chips();
    expect(named).toEqual(
      expect.arrayContaining([
        u.groups[1].name,
        u.teachers[1].fullName,
        u.classrooms[1].name,
        expect.stringContaining(`правило №${second.id} «${u.subjects[1].name}» (${u.groups[0].name})`),
      ]),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'solver-locks-phone');
    expectQuietPage(watch);
    await page.close();
  });
});
