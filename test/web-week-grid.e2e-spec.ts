/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser, expectErrorBody, PASSWORD } from './support/factories';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { signIn, weekSettled } from './support/web-client';

/**
 * Issue 45 §6, the week as people read it, in a real Chromium: the student's own group (set on the
 * account by the administrator), the week as a grid of pairs by days on a wide screen and a list of
 * days on a phone, and the rules screens within a phone's and a laptop's width. The service and the
 * page stand on Monday 07.09.2026, 08:00 in Moscow (week 2 of the autumn semester).
 *
 * Group A's week: Monday pairs 1 and 2, Tuesday pair 2 only, Thursday pair 1 a laboratory of both
 * subgroups at once (two lessons in one cell), Friday pair 3.
 */
const NOW = '2026-09-07T05:00:00Z';
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

beforeAll(() => standServiceAt(NOW));

interface PlacedLesson {
  date: string;
  pair: number;
  top: number;
  left: number;
  bottom: number;
}

describe('the week as people read it (issue 45 §6)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let student: { id: number; username: string };
  let office: { username: string };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 4, groups: 2, classrooms: 4, subjects: 4 });
    const [A] = u.groups;
    const [T0, T1, T2, T3] = u.teachers.map((teacher) => teacher.id);
    const [C0, C1, C2, C3] = u.classrooms.map((room) => room.id);
    const pair = (n: number) => u.timeSlots[n - 1].id;
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[0].id,
        groupIds: [A.id],
        lectureAcademicHours: 64,
        slots: [
          slotBody(u, { dayOfWeek: 1, timeSlotId: pair(1), teacherId: T0, classroomId: C0 }),
          slotBody(u, { dayOfWeek: 5, timeSlotId: pair(3), teacherId: T0, classroomId: C0 }),
        ],
      }),
    );
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [A.id],
        lectureAcademicHours: 64,
        slots: [
          slotBody(u, { dayOfWeek: 1, timeSlotId: pair(2), teacherId: T1, classroomId: C1 }),
          slotBody(u, { dayOfWeek: 2, timeSlotId: pair(2), teacherId: T1, classroomId: C1 }),
        ],
      }),
    );
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [A.id],
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 32,
        slots: [
          slotBody(u, { dayOfWeek: 4, timeSlotId: pair(1), teacherId: T2, classroomId: C2, lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [A.subgroups[0].id] }),
          slotBody(u, { dayOfWeek: 4, timeSlotId: pair(1), teacherId: T3, classroomId: C3, lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [A.subgroups[1].id] }),
        ],
      }),
    );
    student = await createUser(admin, { role: 'STUDENT', departmentId: u.department.id, fullName: 'Студентова Анна' });
    office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  async function newPage(viewport: typeof LAPTOP | typeof PHONE): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    return { page, watch: await watchPage(page, origin) };
  }

  const placedLessons = (page: Page): Promise<PlacedLesson[]> =>
    page.$$eval('#week .lesson', (items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return {
          date: (item as HTMLElement).dataset.date ?? '',
          pair: Number(item.closest<HTMLElement>('[data-pair]')?.dataset.pair),
          top: Math.round(box.top),
          left: Math.round(box.left),
          bottom: Math.round(box.bottom),
        };
      }),
    );

  const pageFits = (page: Page): Promise<{ scrollWidth: number; innerWidth: number }> =>
    page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

  describe('the student’s own group (API)', () => {
    it('is set by the administrator on a student only, to an active group, and read by the student', async () => {
      const path = `/api/users/${student.id}/group`;
      const none = await (await t.as('alpha').login(student.username, PASSWORD)).get('/api/auth/me/group');
      expect(none.body).toEqual({ groupId: null, groupName: null });

      const teacher = u.teachers[0];
      const refused = await admin.put(`/api/users/${teacher.id}/group`).send({ groupId: u.groups[0].id });
      expect(refused.status).toBe(400);
      expectErrorBody(refused.body, 400, `/api/users/${teacher.id}/group`, 'Группу можно указать только студенту');
      expect(refused.body.field).toBe('groupId');

      const missing = await admin.put(path).send({ groupId: 999999 });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ field: 'groupId', message: 'Группа не найдена' });
      const archived = await admin.post('/api/groups').send({ ...groupCopy(), name: `АРХ-${Date.now() % 100000}` });
      expect(archived.status).toBe(200);
      expect((await admin.delete(`/api/groups/${archived.body.id}`)).status).toBe(200);
      const toArchived = await admin.put(path).send({ groupId: archived.body.id });
      expect(toArchived.status).toBe(400);
      expect(toArchived.body).toMatchObject({ field: 'groupId', message: `Группа ${archived.body.name} в архиве` });
      expect((await admin.put(path).send({ groupId: 'one' })).body).toMatchObject({ status: 400, field: 'groupId' });
      expect((await admin.put('/api/users/999999/group').send({ groupId: u.groups[0].id })).status).toBe(404);

      const officeClient = await t.as('alpha').login(office.username, PASSWORD);
      expect((await officeClient.put(path).send({ groupId: u.groups[0].id })).status).toBe(403);
      // Nothing refused changed anything.
      expect((await admin.get(path)).body).toEqual({ groupId: null, groupName: null });

      const set = await admin.put(path).send({ groupId: u.groups[1].id });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ groupId: u.groups[1].id, groupName: u.groups[1].name });
      const moved = await admin.put(path).send({ groupId: u.groups[0].id });
      expect(moved.body).toEqual({ groupId: u.groups[0].id, groupName: u.groups[0].name });
      const own = await (await t.as('alpha').login(student.username, PASSWORD)).get('/api/auth/me/group');
      expect(own.body).toEqual({ groupId: u.groups[0].id, groupName: u.groups[0].name });
      // Anyone else's own group is none.
      expect((await officeClient.get('/api/auth/me/group')).body).toEqual({ groupId: null, groupName: null });
    });
  });

  /** The body of a group like group A (its form, specialty, profile, department and year). */
  function groupCopy() {
    return {
      groupSize: 20,
      educationFormId: u.study.form.id,
      departmentId: u.department.id,
      yearStartStudy: 2026,
      specialtyId: u.study.specialty.id,
      specialtyProfileId: u.study.profile.id,
    };
  }

  describe('a student with a group on the account', () => {
    beforeAll(async () => {
      expect((await admin.put(`/api/users/${student.id}/group`).send({ groupId: u.groups[0].id })).status).toBe(200);
    });

    it('on a laptop: opens on the own group at once, each pair in one row across the days, within the screen', async () => {
      const { page, watch } = await newPage(LAPTOP);
      await page.goto(`${origin}/student/`);
      await signIn(page, student.username);
      await weekSettled(page);
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание группы ${u.groups[0].name}`);
      expect(await page.$eval('#own-group', (node) => node.textContent)).toBe(`Ваша группа: ${u.groups[0].name}`);
      // Nothing remembered in the browser chose it.
      expect(await page.evaluate(() => localStorage.getItem('timetable.student.group'))).toBeNull();

      const lessons = await placedLessons(page);
      expect(lessons.map(({ date, pair }) => `${date} ${pair}`)).toEqual([
        '2026-09-07 1',
        '2026-09-07 2',
        '2026-09-08 2',
        '2026-09-10 1',
        '2026-09-10 1',
        '2026-09-11 3',
      ]);
      const topsOfPair = (pair: number) => new Set(lessons.filter((lesson) => lesson.pair === pair && !lessons.some((other) => other.pair === pair && other.date === lesson.date && other.bottom <= lesson.top)).map((lesson) => lesson.top));
      // The same pair stands in the same row on every day: Tuesday's only lesson (pair 2) is level with Monday's second.
      expect(topsOfPair(1).size).toBe(1);
      expect(topsOfPair(2).size).toBe(1);
      const [row1, row2, row3] = [1, 2, 3].map((pair) => [...topsOfPair(pair)][0]);
      expect(row1).toBeLessThan(row2);
      expect(row2).toBeLessThan(row3);
      // Pair 2 starts below every pair-1 lesson (Thursday's two laboratories included), pair 3 below every pair 2.
      expect(Math.max(...lessons.filter((lesson) => lesson.pair === 1).map((lesson) => lesson.bottom))).toBeLessThanOrEqual(row2);
      expect(Math.max(...lessons.filter((lesson) => lesson.pair === 2).map((lesson) => lesson.bottom))).toBeLessThanOrEqual(row3);
      // Days are columns, Monday to Saturday, all on the screen.
      const days = await page.$$eval('.day', (items) => items.map((item) => Math.round(item.getBoundingClientRect().right)));
      expect(days).toHaveLength(6);
      expect(days).toEqual([...days].sort((a, b) => a - b));
      expect(Math.max(...days)).toBeLessThanOrEqual(LAPTOP.width);
      const fits = await pageFits(page);
      expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'student-week-grid');

      // Another group for a look, then back to one's own.
      await page.click('.other-group summary');
      await page.type('.other-group input[type=search]', u.groups[1].name);
      await page.waitForSelector(`.match[data-id="${u.groups[1].id}"]`);
      await page.click(`.match[data-id="${u.groups[1].id}"]`);
      await weekSettled(page);
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание группы ${u.groups[1].name}`);
      await page.evaluate(() => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent === 'Вернуться к своей группе') as HTMLButtonElement).click());
      await weekSettled(page);
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание группы ${u.groups[0].name}`);
      expectQuietPage(watch);
    });

    it('on a phone: the days one under another, the first lesson on the first screen, nothing wider than the screen', async () => {
      const { page, watch } = await newPage(PHONE);
      await page.goto(`${origin}/student/`);
      await signIn(page, student.username);
      await weekSettled(page);
      await screenshot(page, 'student-week-phone');
      const boxes = await page.$$eval('.day', (days) => days.map((day) => day.getBoundingClientRect()).map((box) => ({ left: Math.round(box.left), top: Math.round(box.top) })));
      expect(boxes).toHaveLength(6);
      expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
      expect(boxes.map((box) => box.top)).toEqual([...boxes.map((box) => box.top)].sort((a, b) => a - b));
      const [first] = await placedLessons(page);
      expect(first).toMatchObject({ date: '2026-09-07', pair: 1 });
      // Its time, subject and room are on the first screen, without scrolling.
      const subjectBottom = await page.$eval('#week .lesson .lesson-subject', (node) => node.getBoundingClientRect().bottom);
      expect(subjectBottom).toBeLessThanOrEqual(PHONE.height);
      const fits = await pageFits(page);
      expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expectQuietPage(watch);
    });
  });

  describe('the rules screens of the education office', () => {
    for (const [name, viewport] of [
      ['a laptop (1366 px)', LAPTOP],
      ['a phone (375 px)', PHONE],
    ] as const) {
      it(`fit ${name}: the rules table and the rule editor, without scrolling the page sideways`, async () => {
        const { page, watch } = await newPage(viewport);
        await page.goto(`${origin}/admin/#rules`);
        await signIn(page, office.username);
        await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Правила расписания');
        await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length >= 3);
        let fits = await pageFits(page);
        expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
        await screenshot(page, `rules-table-${viewport.width}`);

        // The published version is read-only until the office confirms changing it (issue 45 §2).
        await page.waitForSelector('.published-lock');
        await screenshot(page, `rules-locked-${viewport.width}`);
        fits = await pageFits(page);
        expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
        for (const text of ['Изменить опубликованное расписание', 'Да, изменить опубликованное', 'Новое правило']) {
          await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === wanted && !button.disabled), {}, text);
          await page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text);
        }
        await page.waitForSelector('form.rule-editor');
        await page.waitForSelector('.free-cell-grid, .rule-editor .placing');
        fits = await pageFits(page);
        expect(fits.scrollWidth).toBeLessThanOrEqual(fits.innerWidth);
        // Every day of the free-cell grid is on the screen or within the grid's own scroll box.
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, `rule-editor-${viewport.width}`);
        expectQuietPage(watch);
      });
    }
  });
});
