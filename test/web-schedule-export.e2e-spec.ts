/// <reference lib="dom" />
import ExcelJS from 'exceljs';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { createUser } from './support/factories';
import { pdfText } from './support/pdf-text';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, signIn, weekSettled } from './support/web-client';

/**
 * «Скачать: Excel / PDF / CSV» beside the week view in a real Chromium against the real service: the
 * buttons sit in the week's head, a click delivers the file into Chromium's download folder (CDP
 * Browser.setDownloadBehavior) and the file is read back; a refusal shows the API's message next to
 * the buttons. Week 2 of the autumn semester 2026 is 7–13 September; the teacher lectures on Tuesdays
 * to both groups of the department.
 */
const WEEK_2_MONDAY = '2026-09-07';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };


/** A signed-in page in its own browser context whose downloads land in `folder`. */
interface Session {
  page: Page;
  watch: PageWatch;
  folder: string;
}

describe('schedule downloads in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  const folders: string[] = [];

  async function session(viewport: typeof WIDE | typeof PHONE, path: string, username: string, before?: () => void): Promise<Session> {
    const context = await browser.createBrowserContext();
    const folder = mkdtempSync(join(tmpdir(), 'timetable-downloads-'));
    folders.push(folder);
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, browserContextId: context.id });
    const page = await context.newPage();
    await page.setViewport(viewport);
    if (before) await page.evaluateOnNewDocument(before);
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}${path}`);
    await signIn(page, username);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null);
    await weekSettled(page);
    return { page, watch, folder };
  }

  /** Clicks the button named `label` and waits for the finished file in the session's folder. */
  async function downloadBy(s: Session, label: string): Promise<{ name: string; bytes: Buffer }> {
    const before = new Set(readdirSync(s.folder));
    await s.page.click(`button[aria-label="${label}"]`);
    for (let waited = 0; waited < 20_000; waited += 100) {
      const fresh = readdirSync(s.folder).filter((name) => !before.has(name) && !name.endsWith('.crdownload'));
      if (fresh.length > 0) return { name: fresh[0], bytes: readFileSync(join(s.folder, fresh[0])) };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no file downloaded by «${label}»`);
  }

  /** The download buttons inside the week's head, beside its title (their accessible names). */
  const buttonsBesideWeek = (page: Page) =>
    page.$$eval('.week-head [role=group] button', (buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 2, classrooms: 1, subjects: 1 });
    await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: u.groups.map((group) => group.id), lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2 })] }),
    );
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('gives the department its whole week as Excel and as a PDF poster per group, on a phone', async () => {
    const department = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.department.id });
    const s = await session(PHONE, `/admin/?date=${WEEK_2_MONDAY}#department-workspace`, department.username);
    expect(await buttonsBesideWeek(s.page)).toEqual(['Скачать Excel: вся кафедра', 'Скачать PDF: вся кафедра', 'Скачать CSV: вся кафедра']);
    expect(await seriousAccessibilityViolations(s.page)).toEqual([]);

    const excel = await downloadBy(s, 'Скачать Excel: вся кафедра');
    expect(excel.name).toBe(`Расписание ${u.department.departmentName} 07.09.2026–13.09.2026.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.bytes as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    const names = u.groups.map((group) => group.name).sort((a, b) => a.localeCompare(b, 'ru'));
    expect([4, 5].map((column) => ws.getCell(3, column).text)).toEqual(names);
    // The shared Tuesday lecture: one merged cell over both groups.
    const tuesday = ws.getCell(5, 5);
    expect(tuesday.master.address).toBe('D5');
    expect(tuesday.text).toContain(u.subjects[0].name);
    await s.page.waitForFunction((name) => document.querySelector('.downloads [role=status]')?.textContent === `Файл «${name}» скачан`, {}, excel.name);

    const pdf = await downloadBy(s, 'Скачать PDF: вся кафедра');
    expect(pdf.name.endsWith('.pdf')).toBe(true);
    const pages = (await pdfText(pdf.bytes)).pages;
    expect(pages).toHaveLength(2);
    expect(pages.map((page) => page.text.replace(/\s+/g, ' '))).toEqual(names.map((name) => expect.stringContaining(`Группа ${name}`)));
    await screenshot(s.page, 'schedule-downloads-phone');
    expect(s.watch.foreignRequests).toEqual([]);
    expect(s.watch.consoleErrors).toEqual([]);
  });

  it('gives the teacher their week as CSV beside «Моё расписание»', async () => {
    const s = await session(WIDE, `/teacher/?date=${WEEK_2_MONDAY}#my-schedule`, u.teachers[0].username);
    expect(await buttonsBesideWeek(s.page)).toEqual(['Скачать Excel: мои занятия', 'Скачать PDF: мои занятия', 'Скачать CSV: мои занятия']);
    const csv = await downloadBy(s, 'Скачать CSV: мои занятия');
    expect(csv.name).toBe(`Расписание ${u.teachers[0].fullName} 07.09.2026–13.09.2026.csv`);
    const lines = csv.bytes.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0].startsWith('\uFEFFДата;День недели;Неделя;')).toBe(true); // Russian column names
    expect(lines).toHaveLength(2); // the header and Tuesday's lecture
    expect(lines[1].startsWith('08.09.2026;')).toBe(true);
    expect(await seriousAccessibilityViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'schedule-downloads-teacher');
    expect(s.watch.consoleErrors).toEqual([]);
  });

  it('lets the office download a whole department chosen beside the picker', async () => {
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    const s = await session(WIDE, `/admin/?date=${WEEK_2_MONDAY}#schedule-view`, office.username);
    expect(await buttonsBesideWeek(s.page)).toEqual([]);
    const select = await controlByLabel(s.page, 'Кафедра для выгрузки');
    await s.page.waitForFunction((selector) => (document.querySelector<HTMLSelectElement>(selector)?.options.length ?? 0) > 1, {}, select);
    await s.page.select(select, String(u.department.id));
    const label = `Скачать CSV: кафедра ${u.department.departmentName}`;
    expect(await buttonsBesideWeek(s.page)).toContain(label);
    const csv = await downloadBy(s, label);
    const viewed = (await admin.get(`/api/department/schedule?departmentId=${u.department.id}&startDate=2026-09-07&endDate=2026-09-13`)).body as unknown[];
    expect(csv.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1 + viewed.length);
    expect(await seriousAccessibilityViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'schedule-downloads-office');
    expect(s.watch.consoleErrors).toEqual([]);
  });

  it('shows the API’s refusal next to the buttons and saves nothing', async () => {
    // The student's browser remembers a group that no longer exists.
    const student = await createUser(admin, { role: 'STUDENT', departmentId: u.department.id });
    const s = await session(WIDE, `/student/?date=${WEEK_2_MONDAY}#group-schedule`, student.username, () =>
      localStorage.setItem('timetable.student.group', JSON.stringify({ id: 987654, label: 'ГР-старая' })),
    );
    await s.page.click('button[aria-label="Скачать Excel: группа ГР-старая"]');
    await s.page.waitForFunction(() => document.querySelector('.downloads [role=alert]')?.textContent === 'Группа не найдена');
    expect(await seriousAccessibilityViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'schedule-downloads-refused');
    expect(readdirSync(s.folder)).toEqual([]);
    // The only console errors are the browser's notes of the refused requests (the week's and the download's).
    expect(s.watch.consoleErrors.filter((line) => !/status of 404/.test(line))).toEqual([]);
  });
});
