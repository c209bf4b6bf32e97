/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, screenshot, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser } from './support/factories';
import { createRule, createUniversity, requestOf, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { signIn, weekSettled } from './support/web-client';

/**
 * The week of a change from a date (issue 53) as a student reads it: the service and the page stand on
 * Monday 5 October 2026, 08:00 in Moscow; a rule of Tuesdays and Thursdays (pair 1) changes from
 * Wednesday 7 October: the Tuesdays become Fridays, the Thursdays move to pair 3 in another room. The
 * week shows Tuesday's lesson as it was (before the date) and Thursday's and Friday's as they now are.
 */
const NOW = '2026-10-05T05:00:00Z';

describe('the week of a change from a mid-week date', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let student: { id: number; username: string };

  beforeAll(async () => {
    standServiceAt(NOW);
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 1, classrooms: 2, subjects: 1 });
    const pair = (n: number) => u.timeSlots[n - 1].id;
    const rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[0].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 64,
        slots: [
          slotBody(u, { dayOfWeek: 2, timeSlotId: pair(1), teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id }),
          slotBody(u, { dayOfWeek: 4, timeSlotId: pair(1), teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id }),
        ],
      }),
    );
    const request = requestOf(rule);
    request.slots[0].dayOfWeek = 5;
    request.slots[1] = { ...request.slots[1], timeSlotId: pair(3), classroomId: u.classrooms[1].id };
    const changed = await admin.put(`${RULES_PATH}/${rule.id}`, { ...request, effectiveFrom: '2026-10-07' });
    expect(changed.status).toBe(200);
    student = await createUser(admin, { role: 'STUDENT', departmentId: u.department.id, fullName: 'Студентова Анна' });
    expect((await admin.put(`/api/users/${student.id}/group`).send({ groupId: u.groups[0].id })).status).toBe(200);
    chrome = await launchBrowser();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });

  const shown = (page: Page) =>
    page.$$eval('#week .lesson', (items) =>
      items.map((item) => `${(item as HTMLElement).dataset.date} ${item.closest<HTMLElement>('[data-pair]')?.dataset.pair ?? ''} ${item.textContent?.replace(/\s+/g, ' ').trim()}`),
    );

  it.each([
    ['laptop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844, isMobile: true, hasTouch: true }],
  ] as const)('on a %s: Tuesday before the date as it was, Thursday and Friday from it as they now are', async (name, viewport) => {
    const page = await (await chrome.browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}/student/`);
    await signIn(page, student.username);
    await weekSettled(page);
    const lessons = await shown(page);
    expect(lessons.map((line) => line.slice(0, 10))).toEqual(['2026-10-06', '2026-10-08', '2026-10-09']);
    expect(lessons[0]).toContain(u.classrooms[0].name);
    expect(lessons[1]).toContain(u.classrooms[1].name);
    expect(lessons[2]).toContain(u.classrooms[0].name);
    await screenshot(page, `week-of-change-${name}`);
    expectQuietPage(watch);
  });
});
