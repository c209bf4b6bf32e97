/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, replaceText, signIn } from './support/web-client';
import { createUser } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * «Составление расписания» (issue 43) in a real Chromium against the real service, whose runner claims
 * jobs every 200 ms: the office starts «Составить расписание» on a draft copy of a small autumn
 * timetable, watches it run, reads the result (scores before and after, the link to its rules, the
 * diff), stops a long run with «Остановить», and sees a refused time limit next to the form.
 */
const WIDE = { width: 1280, height: 900 };
// A phone's width (without isMobile, which reloads the page and so starts another sign-in).
const PHONE = { width: 390, height: 844 };

describe('the office builds a timetable in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let draftId: number;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'], env: { OPTIMIZATION_WORKER_ENABLED: 'true', OPTIMIZATION_POLL_INTERVAL_MS: '200' } });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 2, classrooms: 3, subjects: 3 });
    const [A, B] = u.groups;
    const lecture = (subject: number, groupId: number, dayOfWeek: number, pair: number, teacher: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [groupId],
          lectureAcademicHours: 32,
          slots: [slotBody(u, { dayOfWeek, timeSlotId: u.timeSlots[pair - 1].id, teacherId: u.teachers[teacher].id, classroomId: u.classrooms[teacher].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    // Group A waits a pair on Tuesdays between its two lectures.
    await lecture(0, A.id, 2, 1, 0);
    await lecture(1, A.id, 2, 3, 1);
    await lecture(2, B.id, 3, 1, 2);
    draftId = (await createVersion(admin, u.semester.id, 'Осень: черновик', u.versionId)).id;
    const office = (await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id })).username;
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#optimization?versionId=${draftId}`);
    await signIn(page, office);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Составление расписания');
    await page.waitForSelector('#start-title');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  async function clickButton(text: string): Promise<void> {
    const find = (wanted: string) => Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted && !button.disabled);
    await page.waitForFunction(find, {}, text);
    await page.evaluate((wanted) => {
      const button = Array.from(document.querySelectorAll('button')).find((item) => item.textContent?.trim() === wanted && !item.disabled);
      (button as HTMLButtonElement).click();
    }, text);
  }
  const text = (selector: string) => page.$eval(selector, (node) => node.textContent ?? '');

  it('refuses a time limit under five seconds next to the form, starting nothing', async () => {
    const seconds = await controlByLabel(page, 'Время расчёта, секунд (5–3600)');
    await replaceText(page, seconds, '4');
    await clickButton('Составить расписание');
    await page.waitForSelector('#start-error');
    expect(await text('#start-error')).toMatch(/timeLimitSeconds.*не меньше 5/);
    expect((await admin.get(`/api/edu-office/schedule/optimizations?versionId=${draftId}`)).body).toEqual([]);
  });

  it('«Составить расписание» runs with a bar against the time limit and ends in a draft with its scores, rules and diff', async () => {
    await replaceText(page, await controlByLabel(page, 'Время расчёта, секунд (5–3600)'), '5');
    await clickButton('Составить расписание');
    await page.waitForSelector('#optimization-job');
    // While it runs: the bar, placed of total and «Остановить» (the run lasts its five seconds).
    await page.waitForFunction(() => / из 3$/.test(document.querySelector('#job-placed')?.textContent ?? ''), { timeout: 30_000 });
    expect(await text('#optimization-job')).toMatch(/Размещено/);
    await screenshot(page, 'optimization-running');
    await page.waitForSelector('#job-message', { timeout: 60_000 });
    expect(await text('#job-message')).toMatch(/Готово: размещено 3 из 3/);
    expect(await text('#job-scores')).toMatch(/было .+, стало .+/);
    expect(await text('#job-stop-reason')).toMatch(/Расчёт закончен: (истекло время расчёта|все штрафы равны нулю)/);
    const [job] = (await admin.get(`/api/edu-office/schedule/optimizations?versionId=${draftId}`)).body as { resultVersionId: number; bestScore: number }[];
    const rulesLink = await page.$eval('#optimization-job a[href^="#rules"]', (link) => link.getAttribute('href'));
    expect(rulesLink).toBe(`#rules?versionId=${job.resultVersionId}`);
    expect(await text('#optimization-job')).toContain('Все занятия размещены');
    await page.click('.job-diff summary');
    await page.waitForFunction(() => !document.querySelector('.job-diff .status'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'optimization-done');
    await page.setViewport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'optimization-done-phone');
    await page.setViewport(WIDE);
  });

  it('«Остановить» stops a long run early and keeps the best placement found', async () => {
    // A teacher who would rather not teach at any time: every placement costs, so no optimum ends the run before the click.
    await t.sql(
      'alpha',
      `INSERT INTO teacher_preferences (teacher_id, semester_id, preference_type, day_of_week, time_slot_id, status)
       SELECT $1, $2, 'SOFT_UNWANTED', day, slot, 'APPROVED' FROM generate_series(1, 6) AS day, unnest($3::int[]) AS slot`,
      [u.teachers[0].id, u.semester.id, u.timeSlots.map((slot) => slot.id)],
    );
    await replaceText(page, await controlByLabel(page, 'Время расчёта, секунд (5–3600)'), '600');
    await clickButton('Составить расписание');
    // Stopped while it runs (a job stopped while it waits ends at once, with no draft).
    await page.waitForFunction(() => document.querySelector('#optimization-job .badge')?.textContent === 'идёт', { timeout: 30_000 });
    await clickButton('Остановить');
    await page.waitForSelector('#job-message', { timeout: 60_000 });
    expect(await text('#job-message')).toMatch(/Остановлено, сохранено лучшее найденное/);
    expect(await text('#job-stop-reason')).toBe('Расчёт закончен: остановлен по запросу');
    expect(await page.$('#optimization-job a[href^="#rules?versionId="]')).not.toBeNull();
    expect(await page.$$eval('#jobs-table tbody tr', (rows) => rows.length)).toBe(2);
  });

  it('opened again, shows the latest finished run and settles: no asking for the list and the run over and over', async () => {
    let asked = 0;
    const count = (request: { url(): string }) => void (request.url().includes('/api/edu-office/schedule/optimizations') && asked++);
    page.on('request', count);
    await page.reload();
    await page.waitForSelector('#job-message', { timeout: 30_000 });
    expect(await text('#job-message')).toMatch(/Остановлено, сохранено лучшее найденное/);
    const settled = asked;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    page.off('request', count);
    // The list and the run are asked once each on opening; a finished run is not asked again.
    expect(settled).toBeLessThanOrEqual(3);
    expect(asked).toBe(settled);
  });

  const confirmInDialog = async () => {
    await page.waitForSelector('dialog[open] .remove-row button.primary');
    await page.click('dialog[open] .remove-row button.primary');
  };

  it('«Удалить черновик» on a run\'s result asks in the page, deletes the draft, and the run stays without it', async () => {
    const [stopped] = (await admin.get(`/api/edu-office/schedule/optimizations?versionId=${draftId}`)).body as { id: number; resultVersionId: number }[];
    const result = (await admin.get(`/api/edu-office/schedule/versions/${stopped.resultVersionId}`)).body as { versionNumber: number; name: string };
    await clickButton('Удалить черновик');
    await page.waitForSelector('dialog[open] .remove-row');
    expect(await text('dialog[open] .remove-row p')).toContain(`Удалить черновик №${result.versionNumber} «${result.name}»`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'optimization-delete-result');
    await confirmInDialog();
    await page.waitForSelector('#job-notice');
    expect(await text('#job-notice')).toBe(`Черновик №${result.versionNumber} «${result.name}» удалён.`);
    await page.waitForFunction(() => !document.querySelector('#optimization-job a[href^="#rules?versionId="]'));
    expect((await admin.get(`/api/edu-office/schedule/optimizations/${stopped.id}`)).body).toMatchObject({ status: 'CANCELLED', resultVersionId: null });
    expect((await admin.get(`/api/edu-office/schedule/versions/${stopped.resultVersionId}`)).status).toBe(404);
  });

  it('«Удалить» in «Версии» deletes a never-published draft after the question; a published version offers no such action', async () => {
    const [, first] = (await admin.get(`/api/edu-office/schedule/optimizations?versionId=${draftId}`)).body as { resultVersionId: number }[];
    const result = (await admin.get(`/api/edu-office/schedule/versions/${first.resultVersionId}`)).body as { versionNumber: number; name: string };
    await page.goto(`${origin}/admin/#versions`);
    await page.waitForSelector(`#versions-table tr[data-version="${first.resultVersionId}"]`);
    expect(await page.$(`#versions-table tr[data-version="${u.versionId}"] button[aria-label^="Удалить"]`)).toBeNull();
    await page.click(`#versions-table tr[data-version="${first.resultVersionId}"] button[aria-label="Удалить черновик №${result.versionNumber}"]`);
    await page.waitForSelector('dialog[open] .remove-row');
    await screenshot(page, 'versions-delete-draft');
    await confirmInDialog();
    await page.waitForSelector('#versions-notice');
    expect(await text('#versions-notice')).toBe(`Черновик №${result.versionNumber} «${result.name}» удалён.`);
    await page.waitForFunction((id) => !document.querySelector(`#versions-table tr[data-version="${id}"]`), {}, first.resultVersionId);
    await page.setViewport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewport(WIDE);
  });

  it('reasons an office can act on (issue 54 §2): the run\'s headline, each slot\'s, and the header naming and opening the result\'s rule', async () => {
    const B = u.groups[1];
    const [{ size }] = await t.sql<{ size: number }>('alpha', `SELECT group_size AS size FROM study_groups WHERE id = $1`, [B.id]);
    await t.sql('alpha', `UPDATE study_groups SET group_size = 900 WHERE id = $1`, [B.id]);
    try {
      const planId = (await createVersion(admin, u.semester.id, 'Осень: большой поток', draftId)).id;
      // Opened without a version: the newest draft is chosen, as in «Правила».
      await page.goto(`${origin}/admin/#optimization`);
      await page.reload();
      await page.waitForSelector('#start-title');
      // The semester picked anew: its version is chosen by the screen's own rule.
      const semesterField = await controlByLabel(page, 'Семестр');
      await page.waitForFunction((field) => (document.querySelector<HTMLSelectElement>(field)?.options.length ?? 0) > 1, {}, semesterField);
      await page.select(semesterField, String(u.springSemester.id));
      await page.select(semesterField, String(u.semester.id));
      const versionField = await controlByLabel(page, 'Версия');
      await page.waitForFunction((field, id) => document.querySelector<HTMLSelectElement>(field)?.value === String(id), {}, versionField, planId);
      await replaceText(page, await controlByLabel(page, 'Время расчёта, секунд (5–3600)'), '5');
      await clickButton('Составить расписание');
      await page.waitForSelector('#unplaced-headline', { timeout: 90_000 });
      expect(await text('#unplaced-headline')).toMatch(/^Сначала: нет аудитории на 900 мест \(самая большая — \d+\)/);
      const [job] = (await admin.get(`/api/edu-office/schedule/optimizations?versionId=${planId}`)).body as {
        resultVersionId: number;
        unplaced: { slots: { ruleId: number; resultRuleId: number }[] };
      }[];
      const [slot] = job.unplaced.slots;
      const header = await page.$eval('#unplaced-slots .unplaced-label a', (link) => ({ text: link.textContent ?? '', href: link.getAttribute('href') }));
      expect(header.text).toMatch(new RegExp(`^№${slot.resultRuleId} \\(в исходной версии №${slot.ruleId}\\)`));
      expect(header.href).toBe(`#rules?versionId=${job.resultVersionId}&ruleId=${slot.resultRuleId}`);
      expect(await text('#unplaced-slots .unplaced-headline')).toMatch(/^Сначала: нет аудитории на 900 мест/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'optimization-reasons');
      await page.setViewport(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'optimization-reasons-phone');
      await page.setViewport(WIDE);
    } finally {
      await t.sql('alpha', `UPDATE study_groups SET group_size = $2 WHERE id = $1`, [B.id, size]);
    }
  });

  it('«Правила хорошего расписания» (issue 54 §3): a refused value is shown at its field with the input kept; a good one is saved', async () => {
    await page.goto(`${origin}/admin/#solver-settings`);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Правила хорошего расписания');
    await page.waitForSelector('input[type="number"]');
    const windows = await controlByLabel(page, 'Окна у групп');
    expect(await page.$eval(windows, (input) => (input as HTMLInputElement).value)).toBe('3');
    await replaceText(page, windows, '-2');
    await clickButton('Сохранить правила');
    await page.waitForSelector(`${windows}[aria-invalid="true"]`);
    const described = await page.$eval(windows, (input) => input.getAttribute('aria-describedby') ?? '');
    expect(await page.evaluate((ids) => ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '), described)).toMatch(/не меньше 0/);
    expect(await page.$eval(windows, (input) => (input as HTMLInputElement).value)).toBe('-2');
    expect((await admin.get('/api/edu-office/schedule/solver-settings')).body).toMatchObject({ groupWindows: 3, defaults: true });
    await screenshot(page, 'solver-settings-refused');
    await replaceText(page, windows, '5');
    // The last pair and the days of a week, in the quality report's words (issue 54 §3).
    const lastPair = await controlByLabel(page, 'Занятия на последней паре дня');
    expect(await page.$eval(lastPair, (input) => (input as HTMLInputElement).value)).toBe('0');
    await replaceText(page, lastPair, '6');
    const days = await controlByLabel(page, 'Дней в неделю у групп: учебных дней без штрафа');
    await replaceText(page, days, '8');
    await clickButton('Сохранить правила');
    await page.waitForSelector(`${days}[aria-invalid="true"]`);
    expect((await admin.get('/api/edu-office/schedule/solver-settings')).body).toMatchObject({ lastPair: 0, groupDaysPerWeek: 5, defaults: true });
    await replaceText(page, days, '4');
    await replaceText(page, await controlByLabel(page, 'Дней в неделю у преподавателей'), '2');
    await page.click('input[type="checkbox"]');
    await clickButton('Сохранить правила');
    await page.waitForFunction(() => /Правила сохранены/.test(document.body.textContent ?? ''));
    expect((await admin.get('/api/edu-office/schedule/solver-settings')).body).toMatchObject({
      groupWindows: 5,
      roomTooSmallHard: false,
      lastPair: 6,
      groupDaysPerWeek: 4,
      teacherExtraDay: 2,
      defaults: false,
    });
    // The line above the form follows the save, without a reload.
    expect(await page.$eval('#settings-state', (line) => line.textContent)).toBe('Правила изменены университетом.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'solver-settings');
    await page.setViewport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'solver-settings-phone');
    await page.setViewport(WIDE);
    await t.sql('alpha', `UPDATE schedule_solver_settings SET settings = '{}'::jsonb`);
  });
});
