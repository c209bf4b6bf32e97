/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { BEFORE_AUTUMN_2026, standPageAt, standServiceAt } from './support/clock';
import { expectErrorBody, PASSWORD, signedInAs } from './support/factories';
import { createRule, createUniversity, LESSON_TYPES, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { signIn, weekSettled } from './support/web-client';

/**
 * The week as people read a changed timetable (issue 45 §3), in a real Chromium: in the week of
 * 7 September 2026 the office cancels Monday's lecture, moves Tuesday's to Thursday's 3rd pair, gives
 * Wednesday's to a substitute and makes Friday's online with a comment. The group's week shows each
 * in place; the teacher's week shows the lesson given away; GET /api/schedule/changes answers every
 * role. Service and page stand on the first morning of the semester.
 */
const OVERRIDES = '/api/edu-office/schedule/overrides';
const CHANGES = '/api/schedule/changes';
const WEEK = { startDate: '2026-09-07', endDate: '2026-09-13' };
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

describe('changed lessons in the week', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  const rules: RuleBody[] = [];
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 1, classrooms: 2, subjects: 4 });
    for (const [index, dayOfWeek] of [1, 2, 3, 5].entries()) {
      rules.push(
        await createRule(
          admin,
          ruleBody(u, {
            subjectId: u.subjects[index].id,
            lectureAcademicHours: 36,
            slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
          }),
        ),
      );
    }
    const change = async (index: number, lessonDate: string, body: Record<string, unknown>) =>
      expect((await admin.post(OVERRIDES, { baseRuleSlotId: rules[index].slots[0].id, lessonDate, ...body })).status).toBe(200);
    await change(0, '2026-09-07', { action: 'CANCEL', comment: 'Преподаватель на конференции' });
    await change(1, '2026-09-08', { action: 'MOVE', targetLessonDate: '2026-09-10', newTimeSlotId: u.timeSlots[2].id });
    await change(2, '2026-09-09', { action: 'REPLACE', newTeacherId: u.teachers[1].id });
    await change(3, '2026-09-11', { action: 'REPLACE', newLessonFormat: 'Онлайн', comment: 'Ссылка на занятие — в чате группы' });
    // Issue 55: a room change of the next week.
    await change(2, '2026-09-16', { action: 'REPLACE', newClassroomId: u.classrooms[1].id });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });
  afterEach(() => watch && expectQuietPage(watch));

  it('GET /api/schedule/changes: a group’s changes for every role, a teacher’s own and given ones, one target only', async () => {
    const student = await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id });
    const query = (extra: string) => `${CHANGES}?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}&${extra}`;
    const ofGroup = (await student.client.get(query(`groupId=${u.groups[0].id}`))).body as { action: string; newLessonDate: string | null; newTimeSlotOrder: number | null }[];
    expect(ofGroup.map((item) => item.action)).toEqual(['CANCEL', 'MOVE', 'REPLACE', 'REPLACE']);
    expect(ofGroup[0]).toMatchObject({ newLessonDate: null, newTimeSlotOrder: null, comment: 'Преподаватель на конференции', originalTimeSlotOrder: 1 });
    expect(ofGroup[1]).toMatchObject({ lessonDate: '2026-09-08', newLessonDate: '2026-09-10', newTimeSlotOrder: 3, newStartTime: '11:50:00' });
    expect(ofGroup[2]).toMatchObject({ originalTeacherName: u.teachers[0].fullName, newTeacherName: u.teachers[1].fullName, newLessonDate: '2026-09-09' });
    const substitute = (await student.client.get(query(`teacherId=${u.teachers[1].id}`))).body as { action: string }[];
    expect(substitute).toHaveLength(1);
    expect(substitute[0]).toMatchObject({ action: 'REPLACE', scheduleRuleSlotId: rules[2].slots[0].id });
    const both = await student.client.get(query(`groupId=${u.groups[0].id}&teacherId=${u.teachers[0].id}`));
    expectErrorBody(both.body, 400, CHANGES, 'Укажите ровно один из параметров groupId и teacherId');
    expect((await t.as('alpha').get(query(`groupId=${u.groups[0].id}`))).status).toBe(401);
  });

  it('GET /api/schedule/changes is revalidated: 304 while nothing changed, the new list once a change is withdrawn or made', async () => {
    const student = await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id });
    const address = `${CHANGES}?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}&groupId=${u.groups[0].id}`;
    const first = await student.client.get(address);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    expect((await student.client.get(address).set('If-None-Match', etag)).status).toBe(304);
    const [cancel] = first.body as { scheduleOverrideId: number; action: string; lessonDate: string }[];
    expect((await admin.delete(`${OVERRIDES}/${cancel.scheduleOverrideId}`)).status).toBe(200);
    const withdrawn = await student.client.get(address).set('If-None-Match', etag);
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body as { action: string }[]).map((item) => item.action)).toEqual(['MOVE', 'REPLACE', 'REPLACE']);
    const body = { baseRuleSlotId: rules[0].slots[0].id, lessonDate: cancel.lessonDate, action: 'CANCEL', comment: 'Преподаватель на конференции' };
    expect((await admin.post(OVERRIDES, body)).status).toBe(200);
    const again = await student.client.get(address).set('If-None-Match', withdrawn.headers.etag);
    expect((again.body as { action: string }[]).map((item) => item.action)).toEqual(['CANCEL', 'MOVE', 'REPLACE', 'REPLACE']);
  });

  async function openAs(username: string, password: string, address: string): Promise<void> {
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    await standPageAt(page, BEFORE_AUTUMN_2026);
    watch = await watchPage(page, origin);
    await page.goto(address);
    await signIn(page, username, password);
    await page.waitForSelector('#page-title');
  }
  const card = (date: string, which: string) =>
    page.$$eval(`#week li.lesson[data-date="${date}"]`, (items, wanted) => items.filter((item) => item.matches(wanted)).map((item) => item.textContent ?? ''), which);

  it('the group’s week: cancelled struck through in place, the old place of a moved lesson, both teachers of a substitute, online without the room with the comment', async () => {
    await openAs(ADMIN.username, ADMIN.password, `${origin}/admin/?date=2026-09-07#schedule-view`);
    await page.waitForSelector('.picker-place input');
    await page.type('.picker-place input', u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await page.waitForSelector('#week li.lesson-cancelled');
    await weekSettled(page);

    const [cancelled] = await card('2026-09-07', '[data-gone="CANCELLED"]');
    expect(cancelled).toContain(u.subjects[0].name);
    expect(cancelled).toContain('Отменено');
    expect(cancelled).toContain('Комментарий учебного отдела: Преподаватель на конференции');
    expect(await page.$eval('#week li.lesson-cancelled .lesson-subject', (node) => getComputedStyle(node).textDecorationLine)).toBe('line-through');

    const [movedAway] = await card('2026-09-08', '[data-gone="MOVED_AWAY"]');
    expect(movedAway).toContain(u.subjects[1].name);
    expect(movedAway).toContain('Перенесено на 10.09 (чт), 3-ю пару');
    const [movedTo] = await card('2026-09-10', '[data-override="MOVE"]');
    expect(movedTo).toContain('Перенесено с 08.09 (вт)');

    const [substituted] = await card('2026-09-09', '[data-override="REPLACE"]');
    expect(substituted).toContain(`${u.teachers[1].fullName} (замена; по расписанию — ${u.teachers[0].fullName})`);
    expect(substituted).toContain('Замена преподавателя');

    const [online] = await card('2026-09-11', '[data-override="REPLACE"]');
    expect(online).toContain('Онлайн');
    expect(online).toContain('Комментарий учебного отдела: Ссылка на занятие — в чате группы');
    expect(online).not.toContain('Аудитория');
    expect(online).not.toContain(u.classrooms[0].name);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'week-marks-group');
    // A phone's viewport reloads the page; the chosen group is remembered.
    await page.setViewport(PHONE);
    await page.waitForSelector('#week li.lesson-cancelled');
    await weekSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'week-marks-group-phone');
    await page.close();
  });

  it('a room change reads «Аудитория: old → new», not «Замена» (issue 55), at desktop and phone width', async () => {
    await openAs(ADMIN.username, ADMIN.password, `${origin}/admin/?date=2026-09-14#schedule-view`);
    await page.waitForSelector('.picker-place input');
    await page.type('.picker-place input', u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await page.waitForSelector('#week li.lesson[data-date="2026-09-16"][data-override="REPLACE"]');
    await weekSettled(page);
    const room = await page.$eval('#week li.lesson[data-date="2026-09-16"][data-override="REPLACE"] .facts .fact', (node) => node.textContent);
    expect(room).toBe(`Аудитория${u.classrooms[0].name} → ${u.classrooms[1].name}`);
    const [moved] = await card('2026-09-16', '[data-override="REPLACE"]');
    expect(moved).not.toContain('Замена');
    await screenshot(page, 'week-marks-room-change');
    await page.setViewport(PHONE);
    await page.waitForSelector('#week li.lesson[data-date="2026-09-16"][data-override="REPLACE"]');
    await weekSettled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'week-marks-room-change-phone');
    await page.close();
  });

  it('the teacher’s week shows the lesson given to a substitute; the substitute’s names both teachers', async () => {
    await openAs(u.teachers[0].username, PASSWORD, `${origin}/teacher/?date=2026-09-07`);
    await weekSettled(page);
    const [given] = await card('2026-09-09', '[data-gone="GIVEN_AWAY"]');
    expect(given).toContain(`Замена: ведёт ${u.teachers[1].fullName}`);
    // Nothing to ask about a lesson that is not theirs any more.
    expect(given).not.toContain('Попросить перенос');
    await screenshot(page, 'week-marks-teacher');
    await page.close();

    await openAs(u.teachers[1].username, PASSWORD, `${origin}/teacher/?date=2026-09-07`);
    await weekSettled(page);
    const [taken] = await card('2026-09-09', '[data-override="REPLACE"]');
    expect(taken).toContain(`${u.teachers[1].fullName} (замена; по расписанию — ${u.teachers[0].fullName})`);
    await page.setViewport(PHONE);
    await page.waitForSelector('#week li.lesson[data-override="REPLACE"]');
    await weekSettled(page);
    await screenshot(page, 'week-marks-substitute-phone');
    await page.close();
  });
});
