/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage, expectQuietPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, signIn } from './support/web-client';

/**
 * The live timetable is changed only on purpose (issue 45 §2), as the education office meets it in a
 * real Chromium: «Правила» and «Импорт» open on the newest draft; the published version is read-only
 * there until «Изменить опубликованное расписание» is chosen and confirmed in a dialog that says what
 * will change; a rule changed in it holds from tomorrow (issue 53), the past kept; «Проверить» of the draft
 * lists what its publication would change in the past. The service and the page stand on Thursday
 * 1 October 2026, 12:00 in Moscow: the Monday lectures of 7, 14, 21 and 28 September are past.
 */
const NOW = '2026-10-01T09:00:00Z';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

describe('the published timetable in «Правила» and «Импорт»', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let rule: RuleBody;
  let draftId: number;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    standServiceAt(NOW);
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
    rule = await createRule(
      admin,
      ruleBody(u, { lectureAcademicHours: 36, lectureStartWeek: 2, slots: [slotBody(u, { dayOfWeek: 1, lessonTypeId: LESSON_TYPES.LECTURE })] }),
    );
    draftId = (await createVersion(admin, u.semester.id, 'Черновик осени', u.versionId)).id;
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    await standPageAt(page, NOW);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#rules`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Правила расписания');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });
  afterEach(() => expectQuietPage(watch));

  async function clickButton(text: string): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === wanted && !button.disabled), {}, text);
    await page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text);
  }
  const buttons = () => page.$$eval('main button', (nodes) => nodes.map((node) => node.textContent?.trim()));
  const rowOf = (id: number) =>
    page.waitForFunction((ruleId) => Array.from(document.querySelectorAll('tbody tr')).find((tr) => tr.querySelector('td')?.textContent === String(ruleId))?.textContent, {}, id);

  it('«Правила» opens on the draft, editable', async () => {
    const version = await controlByLabel(page, 'Версия');
    await page.waitForFunction((select, id) => document.querySelector<HTMLSelectElement>(select)?.value === String(id), {}, version, draftId);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('table caption')).some((node) => node.textContent?.endsWith(': 1')));
    expect(await buttons()).toEqual(expect.arrayContaining(['Новое правило', 'Изменить', 'В архив']));
    expect(await page.$('.published-lock')).toBeNull();
  });

  it('the published version is read-only until its change is confirmed in a dialog that says what will change', async () => {
    await page.select(await controlByLabel(page, 'Версия'), String(u.versionId));
    await rowOf(rule.id);
    await page.waitForSelector('.published-lock');
    const shown = await buttons();
    expect(shown).toContain('Открыть');
    expect(shown).not.toContain('Новое правило');
    expect(shown).not.toContain('Изменить');
    expect(shown).not.toContain('В архив');

    await clickButton('Изменить опубликованное расписание');
    const dialog = await page.waitForSelector('dialog[open] #unlock-published');
    const text = (await dialog?.evaluate((node) => node.textContent)) ?? '';
    expect(text).toContain('сразу изменит расписание, которое видят студенты и преподаватели');
    expect(text).toContain('Семестр идёт с 1 сентября');
    // Rules change from a date (issue 53): the past stays unless the office picks an earlier date.
    expect(text).toContain('изменение действует с даты, которую вы выберете при сохранении (по умолчанию с завтрашнего дня), — прошедшие занятия останутся как были');
    expect(text).toContain('Правил в версии: 1.');
    expect(text).toContain('Открыть черновик №2 «Черновик осени»');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'live-unlock-dialog');
    await clickButton('Да, изменить опубликованное');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForFunction(() => document.querySelector('.published-lock')?.textContent?.includes('изменения сразу видны студентам и преподавателям'));
    expect(await buttons()).toEqual(expect.arrayContaining(['Новое правило', 'Изменить', 'В архив']));
  });

  it('a rule changed in the published version holds from tomorrow; a date in the past, confirmed, says how many given lessons changed', async () => {
    await clickButton('Изменить');
    await page.waitForSelector('form.rule-editor');
    const from = await controlByLabel(page, 'Действует с');
    expect(await page.$eval(from, (input) => (input as HTMLInputElement).value)).toBe('2026-10-02');
    const pair = await controlByLabel(page, 'Пара');
    await page.waitForFunction((select) => document.querySelectorAll(`${select} option`).length > 2, {}, pair);
    await page.select(pair, String(u.timeSlots[2].id));
    // The office corrects the whole semester on purpose (issue 53): asked once more, in the page.
    await page.$eval(from, (input) => {
      (input as HTMLInputElement).value = '2026-09-01';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await clickButton('Сохранить правило');
    await page.waitForFunction(() => document.querySelector('dialog[open]')?.textContent?.includes('уже прошедшие занятия правила с 1 сентября по 1 октября изменятся'));
    await clickButton('Да, изменить и прошедшие');
    const notice = await page.waitForFunction(() => Array.from(document.querySelectorAll('[role=status]')).find((node) => node.textContent?.startsWith('Изменено правило'))?.textContent);
    expect(await notice.jsonValue()).toContain('Действует с 1 сентября 2026 г.');
    expect(await notice.jsonValue()).toContain('Изменено прошедших занятий: 4.');
    // 17 Mondays from week 2 hold 34 of the 36 hours, as before the change.
    expect(await notice.jsonValue()).toContain('Не уместилось часов до конца семестра: 2.');
    await screenshot(page, 'live-rule-past-lessons');
  });

  it('«Проверить» of the draft lists the rule whose publication would change past lessons', async () => {
    await page.goto(`${origin}/admin/#versions`);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent !== 'Правила расписания');
    const row = await page.waitForSelector(`tr[data-version="${draftId}"]`);
    await row?.evaluate((node) => (Array.from(node.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Проверить') as HTMLButtonElement).click());
    const past = await page.waitForSelector('#past-lessons');
    const text = (await past?.evaluate((node) => node.textContent)) ?? '';
    expect(text).toContain('Изменятся прошедшие занятия: 4');
    expect(text).toContain('публикация изменит уже прошедшие занятия — 4 (07.09–28.09)');
    expect(await page.$eval('#validation .notice', (node) => node.textContent)).toContain('Ошибок и конфликтов нет, но публикация изменит уже прошедшие занятия: 4');
    expect(await page.$eval('#validation', (node) => node.textContent)).not.toContain('Проблем нет');
    await screenshot(page, 'live-validation-past');
  });

  it('«Импорт» of rules goes into the draft; the published version cannot be checked or loaded until confirmed (phone)', async () => {
    await page.setViewport(PHONE);
    await page.goto(`${origin}/admin/#import`);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Импорт');
    const kinds = await page.$$eval('#import-kind option', (options) => options.map((option) => [option.value, option.textContent]));
    await page.select('#import-kind', (kinds.find(([, title]) => title === 'Правила расписания') as string[])[0]);
    const version = await controlByLabel(page, 'Версия');
    await page.waitForFunction((select, id) => document.querySelector<HTMLSelectElement>(select)?.value === String(id), {}, version, draftId);
    const disabled = (text: string) => page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).disabled, text);
    expect(await disabled('Проверить')).toBe(false);
    await page.select(version, String(u.versionId));
    await page.waitForSelector('.published-lock');
    // The file's buttons follow the chosen version (the page hears of it after the version fields draw).
    await page.waitForFunction(() => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Проверить') as HTMLButtonElement).disabled);
    expect(await disabled('Загрузить')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'live-import-locked-phone');
    await clickButton('Изменить опубликованное расписание');
    await page.waitForSelector('dialog[open] #unlock-published');
    expect(await page.$eval('#unlock-published', (node) => node.textContent)).toContain('Загрузка правил сразу изменит расписание');
    await clickButton('Да, изменить опубликованное');
    await page.waitForFunction(() => !(Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Проверить') as HTMLButtonElement).disabled);
    await page.setViewport(WIDE);
  });
});
