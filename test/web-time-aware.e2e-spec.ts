/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, openSection, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { answerQuestion, controlByLabel, signIn, weekSettled } from './support/web-client';
import { createUser, PASSWORD } from './support/factories';
import { linkTeacher } from './support/resource-builders';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Issue 45 §1 in a real Chromium: what the screens offer knows the day and the hour. The service and
 * the page both stand at Wednesday 16.09.2026, 12:00 in Moscow. A teacher gives a Tuesday lecture
 * (pair 1, 08:30) every week of the autumn semester of 2026, so the lecture of 15.09 has been given
 * and that of 22.09 is ahead.
 */
const NOW = '2026-09-16T09:00:00Z';
const TODAY = '2026-09-16';
const NOW_TIME = '12:00';
const QUESTION = 'Занятие уже прошло: записать изменение задним числом?';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

beforeAll(() => standServiceAt(NOW));

/** «17.09 (чт)» of a label → `2026-09-17`. */
const dateOfLabel = (label: string): string | undefined => {
  const match = /(\d{2})\.(\d{2}) \(/.exec(label);
  return match ? `2026-${match[2]}-${match[1]}` : undefined;
};

describe('suggestions that know the day and hour, in the web client (issue 45 §1)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let slotId: number;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 1, classrooms: 2, subjects: 1 });
    await linkTeacher(admin, u.teachers[1].id, u.subjects[0].id);
    const rule = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [u.groups[0].id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id })] }),
    );
    slotId = rule.slots[0].id;
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  async function newPage(viewport: typeof WIDE | typeof PHONE): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    return { page, watch: await watchPage(page, origin) };
  }

  it('the teacher: «Попросить перенос» only at lessons ahead, and the days offered start today, never a Sunday', async () => {
    const { page, watch } = await newPage(PHONE);
    await page.goto(`${origin}/teacher/?date=2026-09-14#my-schedule`);
    await signIn(page, u.teachers[0].username, PASSWORD);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');
    await weekSettled(page);
    // The lecture of 15.09 is in the week, but it has been given: nothing to ask about it.
    expect(await page.$$eval('#week .lesson', (lessons) => lessons.length)).toBe(1);
    expect(await page.$('button[aria-label^="Попросить перенос"]')).toBeNull();

    await page.click('#week-next');
    await page.waitForFunction(() => document.querySelector('button[aria-label^="Попросить перенос"]') !== null);
    await page.click('button[aria-label^="Попросить перенос"]');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('dialog select option')).some((option) => /свободных пар/.test(option.textContent ?? '')));
    const days = await page.$eval(await controlByLabel(page, 'День переноса'), (select) => Array.from((select as HTMLSelectElement).options).map((option) => option.textContent ?? ''));
    const offered = days.filter((label) => /свободных пар/.test(label));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((label) => (dateOfLabel(label) ?? '') < TODAY || label.includes('(вс)'))).toEqual([]);
    expect(dateOfLabel(offered[0])).toBe(TODAY);

    // Today's pairs: only those that have not begun by noon, as the API offers them.
    const teacherApi = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    const offer = (await teacherApi.get(`/api/teacher-change-requests/candidates?baseRuleSlotId=${slotId}&lessonDate=2026-09-22&targetDate=${TODAY}`)).body as { timeSlots: { startTime: string }[] };
    expect(offer.timeSlots.length).toBeGreaterThan(0);
    expect(offer.timeSlots.filter((pair) => pair.startTime.slice(0, 5) <= NOW_TIME)).toEqual([]);
    const starts = offer.timeSlots.map((pair) => pair.startTime.slice(0, 5));
    await page.select(await controlByLabel(page, 'День переноса'), TODAY);
    await page.waitForFunction(
      (expected: string[]) => {
        const select = Array.from(document.querySelectorAll('label')).find((label) => label.textContent?.trim() === 'Пара');
        const control = select ? document.getElementById(select.htmlFor) : null;
        const shown = control ? Array.from((control as HTMLSelectElement).options).map((option) => /, (\d{2}:\d{2})–/.exec(option.textContent ?? '')?.[1]).filter(Boolean) : [];
        return JSON.stringify(shown) === JSON.stringify(expected);
      },
      {},
      starts,
    );
    await screenshot(page, 'teacher-request-time-aware-phone');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectQuietPage(watch);
  });

  it('the office\'s wizard: what replaces the teacher first, no move into the past, and one question before recording a lesson already given', async () => {
    const absence = await admin.post('/api/teacher-absences', { teacherId: u.teachers[0].id, startDate: '2026-09-14', endDate: '2026-09-16', reason: 'Болезнь' });
    expect(absence.status).toBe(200);
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    const { page, watch } = await newPage(WIDE);
    await page.goto(`${origin}/admin/`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null && location.hash === '#schedule-view');
    await openSection(page, 'absences', 'Отсутствия преподавателей');
    await page.select(await controlByLabel(page, 'Статус'), 'APPROVED');
    await page.waitForSelector('button[aria-label^="Распределить занятия"]');
    await page.click('button[aria-label^="Распределить занятия"]');
    await page.waitForSelector('.wizard select');

    expect(await page.$eval('.wizard-item', (item) => item.textContent)).toContain('уже прошло');
    const options = await page.$eval('.wizard select', (select) => Array.from((select).options).map((option) => ({ value: option.value, label: option.textContent ?? '' })));
    // Another teacher, another time, cancellation lead; a room change follows them; refusal last.
    const kinds = options.filter((option) => option.value).map((option) => (/^[TMC]/.test(option.value) && option.value !== 'CANCEL' ? option.value[0] : option.value));
    const order = ['T', 'M', 'CANCEL', 'C', 'REJECT'];
    expect(kinds).toEqual([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(kinds[0]).toBe('T');
    expect(kinds).toContain('C');
    const moves = options.filter((option) => option.value.startsWith('M'));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      const date = dateOfLabel(move.label) ?? '';
      expect({ move: move.label, past: date < TODAY, sunday: move.label.includes('(вс)') }).toEqual({ move: move.label, past: false, sunday: false });
      if (date === TODAY) expect((/\((\d{2}:\d{2})\)/.exec(move.label)?.[1] ?? '') > NOW_TIME).toBe(true);
    }
    await screenshot(page, 'office-wizard-time-aware');

    // The lesson of 15.09 has been given: the office records its substitute after the fact, asked once.
    await page.select('.wizard select', `T${u.teachers[1].id}`);
    await page.click('.wizard button.primary');
    const asked = await answerQuestion(page, false);
    expect(asked).toContain(QUESTION);
    expect((await admin.get(`/api/schedule?teacherId=${u.teachers[1].id}&startDate=2026-09-14&endDate=2026-09-20`)).body).toEqual([]);

    await page.click('.wizard button.primary');
    expect(await answerQuestion(page, true)).toBe(asked);
    await page.waitForFunction(() => document.querySelector('.wizard [role=status]')?.textContent?.startsWith('Применено решений: 1'));
    const week = (await admin.get(`/api/schedule?teacherId=${u.teachers[1].id}&startDate=2026-09-14&endDate=2026-09-20`)).body as { date: string; overrideAction: string | null; scheduleRuleSlotId: number }[];
    expect(week).toEqual([expect.objectContaining({ date: '2026-09-15', overrideAction: 'REPLACE', scheduleRuleSlotId: slotId })]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectQuietPage(watch);
  });
});
