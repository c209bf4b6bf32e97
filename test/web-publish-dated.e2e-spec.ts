/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser, PASSWORD } from './support/factories';
import { submitRequest } from './support/change-request-builders';
import { signIn } from './support/web-client';
import { createOverride } from './support/override-builders';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Issue 53's publish dialog in a real Chromium: a draft published over the publication from a date.
 * The service and the page stand on Thursday 1 October 2026, 12:00 in Moscow, inside the autumn
 * semester that began on 1 September. The publication has a Monday lecture (group 0) and a Wednesday
 * lecture (group 1), and the Monday lecture of 12 October is cancelled ahead; the draft, a copy,
 * moves the Mondays to Tuesdays, so that cancellation no longer matches and the office keeps it on
 * that week's Tuesday; the draft also puts the Wednesdays into the room a replacement of 14 October
 * names, so that replacement is listed read-only as one the publication deletes. Once at desktop
 * width (tenant alpha), once at phone width (tenant beta).
 */
const NOW = '2026-10-01T09:00:00Z';
const TOMORROW = '2026-10-02';
const VERSIONS = '/api/edu-office/schedule/versions';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

interface Lesson {
  date: string;
  dayOfWeek: number;
  scheduleRuleId: number;
  scheduleRuleSlotId: number;
  scheduleOverrideId?: number | null;
}

beforeAll(() => standServiceAt(NOW));

describe('the publish dialog from a date in the web client (issue 53)', () => {
  let t: TestApp;
  let alphaOrigin: string;
  let chrome: TestBrowser;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    alphaOrigin = await serveOnLoopback(t.server);
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });

  /** The tenant's university with its publication, the draft and the cancellation ahead. */
  async function university(tenant: string) {
    const admin = await t.as(tenant).login(ADMIN.username, ADMIN.password);
    const u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    const weekly = (index: number, dayOfWeek: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[index].id,
          groupIds: [u.groups[index].id],
          lectureAcademicHours: 32,
          slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    const monday = await weekly(0, 1);
    const wednesday = await weekly(1, 3);
    const cancelled = await createOverride(admin, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-10-12', action: 'CANCEL' });
    // A replacement of a Wednesday into the room the draft gives every Wednesday: empty after the publication.
    const emptied = await createOverride(admin, { baseRuleSlotId: wednesday.slots[0].id, lessonDate: '2026-10-14', action: 'REPLACE', newClassroomId: u.classrooms[0].id });
    // A teacher's request about a Monday the draft no longer has: the publication rejects it (issue 53).
    const teacher = await t.as(tenant).login(u.teachers[0].username, PASSWORD);
    const request = await submitRequest(teacher, { baseRuleSlotId: monday.slots[0].id, lessonDate: '2026-10-19', requestType: 'CANCEL', reason: 'Конференция' });
    const draft = await createVersion(admin, u.semester.id, 'Со вторника', u.versionId);
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const mondayCopy = copies.find((rule) => rule.subjectId === monday.subjectId) as RuleBody;
    const toTuesday = requestOf(mondayCopy);
    toTuesday.slots[0].dayOfWeek = 2;
    expect((await admin.put(`${RULES_PATH}/${mondayCopy.id}`, toTuesday)).status).toBe(200);
    const wednesdayCopy = copies.find((rule) => rule.subjectId === wednesday.subjectId) as RuleBody;
    const toRoomZero = requestOf(wednesdayCopy);
    toRoomZero.slots[0].classroomId = u.classrooms[0].id;
    expect((await admin.put(`${RULES_PATH}/${wednesdayCopy.id}`, toRoomZero)).status).toBe(200);
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    return { admin, u, draft, cancelled, emptied, office, request };
  }

  const lessonsOf = async (admin: TenantClient, groupId: number): Promise<Lesson[]> =>
    (await admin.get(`/api/schedule?groupId=${groupId}&startDate=2026-09-01&endDate=2026-12-31`)).body as Lesson[];
  /** What a reader sees of a lesson, without the ids a publication renumbers. */
  const seen = (lessons: Lesson[]) => lessons.filter((lesson) => lesson.date < TOMORROW).map(({ scheduleRuleId: _r, scheduleRuleSlotId: _s, scheduleOverrideId: _o, ...rest }) => rest);

  async function clickButton(page: Page, text: string): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('dialog button')).some((button) => button.textContent?.trim() === wanted && !(button as HTMLButtonElement).disabled), {}, text);
    await page.evaluate((wanted) => (Array.from(document.querySelectorAll('dialog button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text);
  }

  /** Sets the date input as a picker would (its typed form depends on the browser's locale). */
  async function setDate(page: Page, date: string): Promise<void> {
    await page.evaluate((value) => {
      const input = document.querySelector<HTMLInputElement>('dialog input[type=date]') as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, date);
  }

  /** The dialog scrolls on its own: its end (the choices, the reason, the button) into view for a screenshot. */
  const scrollDialogDown = (page: Page) => page.evaluate(() => document.querySelector('dialog')?.scrollTo(0, 1e6));

  const dialogText = (page: Page) => page.$eval('dialog', (dialog) => dialog.textContent ?? '');

  async function publishFromTomorrow(tenant: string, origin: string, viewport: typeof DESKTOP | typeof PHONE, name: string): Promise<void> {
    const { admin, u, draft, cancelled, emptied, office, request } = await university(tenant);
    const was = await Promise.all(u.groups.map((group) => lessonsOf(admin, group.id)));
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#versions`);
    await signIn(page, office.username);
    await page.waitForSelector(`#versions-table tr[data-version="${draft.id}"]`);
    await page.evaluate((id) => {
      const row = document.querySelector(`#versions-table tr[data-version="${id}"]`) as HTMLElement;
      (Array.from(row.querySelectorAll('button')).find((button) => button.textContent?.trim() === 'Опубликовать') as HTMLButtonElement).click();
    }, draft.id);

    // The date is tomorrow; the diff speaks of lessons from it, the past stays; the cancellation is listed.
    await page.waitForSelector('dialog input[type=date]');
    expect(await page.$eval('dialog input[type=date]', (input) => (input).value)).toBe(TOMORROW);
    await page.waitForFunction(() => /Занятий с 2 октября 2026 г\.: появится \d+, исчезнет \d+/.test(document.querySelector('dialog .diff-totals')?.textContent ?? ''));
    await page.waitForSelector(`dialog li[data-override="${cancelled.id}"]`);
    await page.waitForSelector(`dialog .redundant-overrides li[data-override="${emptied.id}"]`);
    const text = await dialogText(page);
    expect(text).toContain('Занятия до 2 октября 2026 г. останутся такими, какими были');
    expect(text).toContain(`Отмена занятия 12.10 (пн) (разовое изменение №${cancelled.id})`);
    // The emptied replacement is only said (nothing to choose): read-only, no radio button.
    expect(text).toContain(`Замена 14.10 (ср) (разовое изменение №${emptied.id}) больше ничего не меняет и будет удалена`);
    expect(await page.$(`dialog input[name="override-${emptied.id}"]`)).toBeNull();
    expect(await page.$(`dialog input[name="override-${cancelled.id}"][value=KEEP]:not([disabled])`)).not.toBeNull();
    await screenshot(page, `${name}-dialog`);
    // The list sits below the dialog's fold: shot on its own, after the page's shot made the folder (an element shot scrolls it into view).
    const redundantList = await page.$('dialog .redundant-overrides');
    if (process.env.WEB_SCREENSHOTS && redundantList) await redundantList.screenshot({ path: join(process.env.WEB_SCREENSHOTS, `${name}-redundant.png`) });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The teacher's request the publication would reject: a read-only line with the reason.
    await page.waitForSelector('dialog [data-testid=affected-requests] li[data-outcome=REJECTED]');
    expect(await page.$eval('dialog [data-testid=affected-requests]', (list) => list.textContent ?? '')).toContain(
      `Заявка преподавателя №${request.id} (${u.teachers[0].fullName}, «${u.subjects[0].name}», 19.10 (пн)) будет отклонена: в этот день занятия больше нет`,
    );
    await page.$eval('dialog [data-testid=affected-requests]', (list) => list.scrollIntoView());
    await screenshot(page, `${name}-requests`);

    // Undecided: refused next to the list, nothing sent.
    await page.type('dialog textarea', 'Лекции переносятся на вторник');
    await clickButton(page, 'Опубликовать');
    await page.waitForFunction(() => /Выберите для каждого разового изменения/.test(document.querySelector('dialog .override-choices .error')?.textContent ?? ''));
    await scrollDialogDown(page);
    await screenshot(page, `${name}-undecided`);

    if (viewport === DESKTOP) {
      // A date outside the semester: the API's refusal next to the date, the reason kept.
      await setDate(page, '2027-03-01');
      await page.waitForFunction(() => /в пределах семестра/.test(document.querySelector('dialog input[type=date]')?.closest('.field')?.querySelector('.error')?.textContent ?? ''));
      expect(await page.$eval('dialog input[type=date]', (input) => input.getAttribute('aria-invalid'))).toBe('true');
      expect(await page.$eval('dialog textarea', (area) => (area).value)).toBe('Лекции переносятся на вторник');
      await screenshot(page, `${name}-outside`);
      // A date before tomorrow asks once more, naming the given lessons it changes.
      await setDate(page, '2026-09-28');
      await page.waitForFunction(() => /уже прошедшие занятия: [1-9]/.test(document.querySelector('#past-lessons')?.textContent ?? ''));
      await page.waitForSelector(`dialog li[data-override="${cancelled.id}"]`);
      await page.click(`dialog input[name="override-${cancelled.id}"][value=KEEP]`);
      await clickButton(page, 'Опубликовать');
      await page.waitForSelector('dialog .past-confirm');
      expect(await page.$eval('dialog .past-confirm', (node) => node.textContent ?? '')).toMatch(/изменит уже прошедшие занятия \([1-9]\d*\)/);
      await scrollDialogDown(page);
      await screenshot(page, `${name}-past-date`);
      await clickButton(page, 'Нет, выбрать другую дату');
      await setDate(page, TOMORROW);
      await page.waitForFunction(() => /Занятий с 2 октября 2026 г\./.test(document.querySelector('dialog .diff-totals')?.textContent ?? ''));
      await page.waitForSelector(`dialog li[data-override="${cancelled.id}"]`);
      expect(await page.$('#past-lessons')).toBeNull();
    }
    // The choice stays through the date's changes and refusals.
    if (!(await page.$eval(`dialog input[name="override-${cancelled.id}"][value=KEEP]`, (input) => (input).checked))) {
      await page.click(`dialog input[name="override-${cancelled.id}"][value=KEEP]`);
    }
    await clickButton(page, 'Опубликовать');
    await page.waitForSelector('#versions-notice');
    expect(await page.$eval('#versions-notice', (node) => node.textContent)).toContain('опубликована с 2 октября 2026 г.: занятия до этой даты остались прежними');
    await screenshot(page, `${name}-done`);
    expectQuietPage(watch);

    // Through the API: the draft is published; every lesson before the date as it was; the kept cancellation on that week's Tuesday.
    const versions = (await admin.get(`${VERSIONS}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[];
    expect(versions.filter((version) => version.status === 'PUBLISHED').map((version) => version.id)).toEqual([draft.id]);
    const now = await Promise.all(u.groups.map((group) => lessonsOf(admin, group.id)));
    now.forEach((lessons, index) => expect(seen(lessons)).toEqual(seen(was[index])));
    expect(now[0].filter((lesson) => lesson.date >= TOMORROW).every((lesson) => lesson.dayOfWeek === 2)).toBe(true);
    expect(now[0].map((lesson) => lesson.date)).not.toContain('2026-10-13');
    expect(now[0].filter((lesson) => lesson.date < TOMORROW).every((lesson) => lesson.dayOfWeek === 1)).toBe(true);
    // The emptied replacement went: the Wednesday of 14 October is in room 0 by the rule itself.
    expect(now[1].find((lesson) => lesson.date === '2026-10-14')).toMatchObject({ scheduleOverrideId: null });
  }

  it('publishes a draft from tomorrow at desktop width, a date before tomorrow asked once more', async () => {
    await publishFromTomorrow('alpha', alphaOrigin, DESKTOP, 'publish-dated-desktop');
  });

  it('publishes a draft from tomorrow at phone width', async () => {
    await publishFromTomorrow('beta', alphaOrigin.replace('//alpha.', '//beta.'), PHONE, 'publish-dated-phone');
  });
});
