/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import * as dates from '../src/platform/http/dates';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { openSection, signIn, weekSettled } from './support/web-client';
import { createUser, PASSWORD } from './support/factories';
import { createOverride, LessonBody, query } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { createGroup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/** The calendar document with folded lines joined again (RFC 5545, 3.1). */
const unfolded = (text: string): string => text.replace(/\r\n[ \t]/g, '');

/**
 * The pages in a real Chromium against the real service (tenant `alpha`, reached as
 * `alpha.localhost:<port>`; Chromium resolves `*.localhost` to this machine).
 *
 * Group A's week 2 (7–13 Sep 2026): Wed 9 an online practice given a replacement room, Thu 10 a
 * laboratory of subgroup 1,
 * Fri 11 the Tuesday lecture of 8 Sep moved there (pair 2). 19–25 Oct (week 8) has no lessons.
 */
const WEEK_2 = { startDate: '2026-09-07', endDate: '2026-09-13' };
const EMPTY_WEEK = '2026-10-19';
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const UNAUTHORIZED_RESOURCE = /Failed to load resource: the server responded with a status of 401/;

/** The RenderedLessonDto fields the page shows. */
type Lesson = LessonBody & {
  subjectName: string;
  lessonTypeName: string;
  classroomName: string;
  teacherName: string;
  groupNames: string[];
  subgroupNames: string[];
};

/** `WEB_SCREENSHOTS=docs/screenshots` saves the main screens (how the README's pictures are made). */

interface ShownLesson {
  date: string;
  slot: number;
  override: string | null;
  time: string;
  subject: string;
  text: string;
}

describe('web pages (/student/, /teacher/, /admin/) in a real browser', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let student: { username: string };
  let office: { username: string };
  let groupA: { id: number; name: string };
  let movedSlot: number;
  let replacedSlot: number;
  const contexts: BrowserContext[] = [];
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    t.setPublicUrl(origin.replace('://alpha.', '://{domain}.'));
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 2, classrooms: 3, subjects: 3 });
    const [A] = u.groups;
    groupA = { id: A.id, name: A.name };
    const [T0, T1, T2] = u.teachers.map((teacher) => teacher.id);
    const [C0, C1, C2] = u.classrooms.map((room) => room.id);
    const math = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [A.id], lectureAcademicHours: 8, slots: [slotBody(u, { dayOfWeek: 2, teacherId: T0, classroomId: C0 })] }),
    );
    const online = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[1].id,
        groupIds: [A.id],
        lectureAcademicHours: 0,
        practiceAcademicHours: 4,
        slots: [slotBody(u, { dayOfWeek: 3, timeSlotId: u.timeSlots[1].id, teacherId: T1, classroomId: C1, lessonTypeId: LESSON_TYPES.PRACTICE, lessonFormat: 'Онлайн' })],
      }),
    );
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[2].id,
        groupIds: [A.id],
        lectureAcademicHours: 0,
        laboratoryAcademicHours: 8,
        slots: [slotBody(u, { dayOfWeek: 4, teacherId: T2, classroomId: C2, lessonTypeId: LESSON_TYPES.LABORATORY, subgroupIds: [A.subgroups[0].id] })],
      }),
    );
    movedSlot = math.slots[0].id;
    replacedSlot = online.slots[0].id;
    await createOverride(admin, {
      baseRuleSlotId: movedSlot,
      lessonDate: '2026-09-08',
      targetLessonDate: '2026-09-11',
      action: 'MOVE',
      newTimeSlotId: u.timeSlots[1].id,
    });
    await createOverride(admin, { baseRuleSlotId: replacedSlot, lessonDate: '2026-09-09', action: 'REPLACE', newClassroomId: C2 });
    student = await createUser(admin, { role: 'STUDENT', departmentId: u.department.id, fullName: 'Студентова Анна' });
    office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id, fullName: 'Учебный отдел' });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => {
    // No page ever asked another origin for anything (no CDN, fonts, analytics).
    for (const watch of watches) expect(watch.foreignRequests).toEqual([]);
  });

  /** A fresh browser profile (own cookies and storage) with one watched page. */
  async function newPage(viewport = WIDE): Promise<{ page: Page; watch: PageWatch }> {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewport(viewport);
    const watch = await watchPage(page, origin);
    watches.push(watch);
    return { page, watch };
  }

  const api = async (path: string, params: Record<string, string | number>): Promise<Lesson[]> => {
    const response = await admin.get(`${path}?${query(params)}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.body as Lesson[];
  };

  async function pickDate(page: Page, date: string): Promise<void> {
    await page.$eval(
      '.week-nav input[type=date]',
      (input, value) => {
        (input).value = value;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      date,
    );
    await weekSettled(page);
  }

  async function choose(page: Page, search: string, id: number): Promise<void> {
    await page.type('.picker input[type=search]', search);
    await page.waitForSelector(`.match[data-id="${id}"]`);
    // Found and clicked in one step: the list opened on focus is replaced by the typed search's, so a
    // handle taken first may be detached by the time it is clicked.
    await page.$eval(`.match[data-id="${id}"]`, (match) => (match as HTMLElement).click());
    await weekSettled(page);
  }

  /** The lessons held (not the marks left where a lesson was cancelled, moved away or given away). */
  const shownLessons = (page: Page): Promise<ShownLesson[]> =>
    page.$$eval('#week .lesson:not([data-gone])', (items) =>
      items.map((item) => {
        const data = (item as HTMLElement).dataset;
        return {
          date: data.date ?? '',
          slot: Number(data.slot),
          override: data.override ?? null,
          time: item.querySelector('time')?.textContent ?? '',
          subject: item.querySelector('.lesson-subject')?.textContent ?? '',
          text: (item as HTMLElement).innerText,
        };
      }),
    );

  /** The lessons of the API answer as the page must show them: by date, then time. */
  function expectSameLessons(shown: ShownLesson[], lessons: Lesson[]): void {
    const sorted = [...lessons].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
    expect(shown.map(({ date, slot, override, time, subject }) => ({ date, slot, override, time, subject }))).toEqual(
      sorted.map((lesson) => ({
        date: lesson.date,
        slot: lesson.scheduleRuleSlotId,
        override: lesson.overrideAction,
        time: `${lesson.startTime.slice(0, 5)}–${lesson.endTime.slice(0, 5)}`,
        subject: lesson.subjectName,
      })),
    );
    sorted.forEach((lesson, index) => {
      for (const part of [lesson.lessonTypeName, lesson.classroomName, lesson.teacherName, `${lesson.timeSlotOrder} пара`, ...lesson.groupNames, ...lesson.subgroupNames]) {
        expect(shown[index].text).toContain(part);
      }
      if (lesson.lessonFormat === 'Онлайн') expect(shown[index].text).toContain('Онлайн');
    });
  }

  describe('the files and their headers', () => {
    it('serves each page with a same-origin CSP and revalidation, redirects bare paths, and works on any host', async () => {
      for (const path of ['/student/', '/teacher/', '/admin/']) {
        const page = await t.as('alpha').get(path);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['content-security-policy']).toContain("default-src 'self'");
        expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers.etag).toBeDefined();
        expect(page.text).not.toMatch(/https?:\/\//);
      }
      // The page names its script by content hash: it may be kept, and still revalidates to a 304.
      const entry = /<script type="module" src="(\/assets\/student-[\w-]+\.js)"><\/script>/.exec((await t.as('alpha').get('/student/')).text)?.[1] as string;
      expect(entry).toBeDefined();
      const script = await t.as('alpha').get(entry);
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.headers['content-security-policy']).toContain("script-src 'self'");
      const again = await t.as('alpha').get(entry).set('If-None-Match', script.headers.etag);
      expect(again.status).toBe(304);
      expect((await t.as('alpha').get('/student')).headers.location).toBe('/student/');
      expect((await t.as('alpha').get('/')).headers.location).toBe('/student/');
      // The page itself does not depend on the tenant; its API calls do.
      expect((await t.as('unknown').get('/teacher/')).status).toBe(200);
      expect((await t.as('alpha').get('/assets/../package.json')).status).toBe(404);
      expect((await t.as('alpha').get('/assets/')).status).toBe(404);
    });
  });

  describe('a student', () => {
    let page: Page;
    let watch: PageWatch;

    beforeAll(async () => {
      ({ page, watch } = await newPage());
    });

    it('is greeted by the login form, signs in, finds the group and sees its week lesson by lesson', async () => {
      await page.goto(`${origin}/student/`);
      await page.waitForSelector('#login-form');
      expect(await page.$eval('#login-message', (node) => node.textContent)).toBe('Войдите, чтобы увидеть расписание');
      await screenshot(page, 'login');
      await signIn(page, student.username);
      await page.waitForSelector('#week-placeholder');
      await choose(page, groupA.name, groupA.id);
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание группы ${groupA.name}`);
      await pickDate(page, '2026-09-09');

      expect(new URL(page.url()).searchParams.get('date')).toBe('2026-09-09');
      expect(await page.$eval('#week-title', (node) => node.textContent)).toBe('Неделя 7 сентября – 13 сентября 2026 г.');
      expect(await page.$eval('#semester-line', (node) => node.textContent)).toBe(`${u.year.title}, осенний семестр: 2-я неделя, чётная`);
      const lessons = await api('/api/schedule', { groupId: groupA.id, ...WEEK_2 });
      expect(lessons).toHaveLength(3);
      expectSameLessons(await shownLessons(page), lessons);
      expect(watch.consoleErrors).toEqual([]);
      await screenshot(page, 'student-week');
    });

    it('marks the moved lesson on its new day with the day it came from, the replaced one, and the online one', async () => {
      const shown = await shownLessons(page);
      const moved = shown.find((lesson) => lesson.slot === movedSlot) as ShownLesson;
      expect(moved).toMatchObject({ date: '2026-09-11', override: 'MOVE' });
      expect(moved.text).toContain('Перенесено с 08.09 (вт)');
      // Its old place says where it went (issue 45 §3).
      expect(await page.$eval('.day[data-date="2026-09-08"] .lesson[data-gone="MOVED_AWAY"]', (item) => (item as HTMLElement).innerText)).toContain('Перенесено на 11.09');
      expect(await page.$$eval('.lesson-online .badge-online', (badges) => badges.map((badge) => badge.textContent))).toEqual(['Онлайн']);
      const replaced = shown.find((lesson) => lesson.slot === replacedSlot) as ShownLesson;
      expect(replaced).toMatchObject({ date: '2026-09-09', override: 'REPLACE' });
      // A room change reads as one (issue 55): «Замена» is kept for a substitute teacher.
      expect(replaced.text).not.toContain('Замена');
      expect(replaced.text).toContain(`→ ${u.classrooms[2].name}`);
    });

    it('lays the days out as columns on a wide screen, passes axe-core, and moves between weeks', async () => {
      const tops = await page.$$eval('.day', (days) => days.map((day) => Math.round(day.getBoundingClientRect().top)));
      expect(tops.length).toBe(6);
      expect(new Set(tops).size).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.click('#week-next');
      await weekSettled(page);
      expect(await page.$eval('#semester-line', (node) => node.textContent)).toContain('3-я неделя, нечётная');
      await page.click('#week-prev');
      await weekSettled(page);
      expect(await page.$eval('#week-title', (node) => node.textContent)).toBe('Неделя 7 сентября – 13 сентября 2026 г.');
    });

    it('prints the week without the controls', async () => {
      await page.emulateMediaType('print');
      const shown = await page.evaluate(() =>
        ['.week-nav', '.controls', '.top', '.subscribe', '.week-grid'].map((selector) => getComputedStyle(document.querySelector(selector) as Element).display),
      );
      await page.emulateMediaType(undefined);
      expect(shown).toEqual(['none', 'none', 'none', 'none', 'grid']);
    });

    it('says so when a week has no lessons', async () => {
      await pickDate(page, EMPTY_WEEK);
      expect(await page.$eval('#week-empty', (node) => (node as HTMLElement).innerText)).toContain('На этой неделе занятий нет.');
      expect(await page.$eval('#semester-line', (node) => node.textContent)).toContain('8-я неделя, чётная');
      await pickDate(page, '2026-09-07');
    });

    it('stays signed in after a reload (refresh cookie), with the group and the week remembered', async () => {
      const refreshes: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
      });
      await page.reload();
      await weekSettled(page);
      expect(refreshes).toEqual([200]);
      expect(await page.$('#login-form')).toBeNull();
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание группы ${groupA.name}`);
      expectSameLessons(await shownLessons(page), await api('/api/schedule', { groupId: groupA.id, ...WEEK_2 }));
      // The access token lives in memory only: nothing of it in storage.
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
      expect(stored).not.toMatch(/eyJ/);
      expect(watch.consoleErrors).toEqual([]);
    });

    it('gets a new token and carries on when the API refuses the one in memory', async () => {
      let tampered = 0;
      watch.tamper = (request) => {
        if (tampered === 0 && request.url().includes('/api/schedule?')) {
          tampered++;
          return { authorization: 'Bearer not-a-valid-token' };
        }
        return undefined;
      };
      await page.click('#week-next');
      await weekSettled(page);
      await page.click('#week-prev');
      await weekSettled(page);
      watch.tamper = undefined;
      expect(tampered).toBe(1);
      expect(await page.$('#login-form')).toBeNull();
      expect(await shownLessons(page)).toHaveLength(3);
      watch.consoleErrors = watch.consoleErrors.filter((text) => !UNAUTHORIZED_RESOURCE.test(text));
      expect(watch.consoleErrors).toEqual([]);
    });

    it('signs out: the login form returns and a reload does not sign in again', async () => {
      await page.click('#logout');
      await page.waitForSelector('#login-form');
      expect(await page.$eval('#login-message', (node) => node.textContent)).toBe('Вы вышли из системы');
      const [live] = await t.sql<{ count: string }>('alpha', `SELECT count(*) FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE u.username = $1 AND r.revoked_at IS NULL`, [
        student.username,
      ]);
      expect(Number(live.count)).toBe(0);
      await page.reload();
      await page.waitForSelector('#login-form');
      expect(await page.$('#week')).toBeNull();
      expect(watch.consoleErrors).toEqual([]);
    });

    it('returns to the login form with the API message when the session has ended meanwhile', async () => {
      await signIn(page, student.username);
      await weekSettled(page);
      expect(await shownLessons(page)).toHaveLength(3);
      // The session ends on the server (e.g. signed out elsewhere, or expired): its refresh token is gone.
      await t.sql('alpha', `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL`);
      await page.reload();
      await page.waitForSelector('#login-form');
      expect(await page.$eval('#login-message', (node) => [node.textContent, node.getAttribute('role')])).toEqual(['Сессия истекла, войдите снова', 'alert']);
      expect(watch.consoleErrors.filter((text) => !UNAUTHORIZED_RESOURCE.test(text))).toEqual([]);
    });

    it('shows a wrong password as the API says it, and keeps the form', async () => {
      await page.type('#username', student.username);
      await page.type('#password', 'wrong-password');
      await page.click('#login-form button[type=submit]');
      await page.waitForFunction(() => document.querySelector('#login-message')?.textContent === 'Неверное имя пользователя или пароль');
      expect(await page.$('#login-form')).not.toBeNull();
    });
  });

  describe('on a phone', () => {
    it('shows the week as a list of days, without horizontal scrolling, and passes axe-core', async () => {
      // Its own page from the start: switching a page to mobile emulation reloads it.
      const { page, watch } = await newPage(PHONE);
      await page.goto(`${origin}/student/?date=2026-09-07`);
      await signIn(page, student.username);
      await page.waitForSelector('#week-placeholder');
      await choose(page, groupA.name, groupA.id);
      const boxes = await page.$$eval('.day', (days) => days.map((day) => day.getBoundingClientRect()).map((box) => ({ left: Math.round(box.left), top: Math.round(box.top) })));
      expect(boxes).toHaveLength(6);
      expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
      expect(boxes.map((box) => box.top)).toEqual([...boxes.map((box) => box.top)].sort((a, b) => a - b));
      expect(new Set(boxes.map((box) => box.top)).size).toBe(boxes.length);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'student-phone');
      expectSameLessons(await shownLessons(page), await api('/api/schedule', { groupId: groupA.id, ...WEEK_2 }));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  });

  describe('a teacher', () => {
    it('signing in on the student page is sent to /teacher/ and sees their own lessons', async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/student/?date=2026-09-07`);
      await Promise.all([page.waitForNavigation(), signIn(page, u.teachers[0].username)]);
      expect(new URL(page.url()).pathname).toBe('/teacher/');
      await weekSettled(page);
      await pickDate(page, '2026-09-07');
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe('Моё расписание');
      const lessons = await api('/api/schedule', { teacherId: u.teachers[0].id, ...WEEK_2 });
      expect(lessons.map((lesson) => lesson.date)).toEqual(['2026-09-11']);
      expectSameLessons(await shownLessons(page), lessons);
      expect((await shownLessons(page))[0].text).toContain('Перенесено с 08.09 (вт)');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  });

  describe('the education office', () => {
    it('is sent to #schedule-view and looks up a classroom through the search endpoint', async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/admin/?date=2026-09-07`);
      await signIn(page, office.username);
      await page.waitForSelector('#kind-classroom');
      expect(new URL(page.url()).hash).toBe('#schedule-view');
      await page.click('#kind-classroom');
      const room = u.classrooms[0];
      await choose(page, room.name, room.id);
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe(`Расписание аудитории: ${room.name}`);
      const lessons = await api('/api/schedule/search', { classroomId: room.id, ...WEEK_2 });
      expect(lessons).toHaveLength(1);
      expectSameLessons(await shownLessons(page), lessons);
      await screenshot(page, 'admin-classroom');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.click('#kind-teacher');
      await choose(page, u.teachers[1].fullName, u.teachers[1].id);
      expectSameLessons(await shownLessons(page), await api('/api/schedule/search', { teacherId: u.teachers[1].id, ...WEEK_2 }));

      // A group without a calendar for the year: the office is told why its week is empty.
      const uncalendared = await createGroup(admin, u.study, { name: 'БЕЗ-КАЛЕНДАРЯ' });
      await page.click('#kind-group');
      await choose(page, 'БЕЗ-КАЛ', uncalendared.id);
      expect(await page.$eval('#week-empty', (node) => (node as HTMLElement).innerText)).toContain(
        `Группе не назначен учебный календарь на ${u.year.title} учебный год`,
      );
      expect(watch.consoleErrors).toEqual([]);
    });

    it('lands the administrator and a schedule viewer on the schedule view; a student opening /admin/ is sent to /student/', async () => {
      const viewer = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: u.department.id });
      for (const [username, password] of [
        [ADMIN.username, ADMIN.password],
        [viewer.username, PASSWORD],
      ]) {
        const { page, watch } = await newPage();
        await page.goto(`${origin}/admin/`);
        await signIn(page, username, password);
        await page.waitForSelector('#kind-group');
        expect(await page.$eval('#page-title', (node) => node.textContent)).toBe('Просмотр расписания');
        expect(watch.consoleErrors).toEqual([]);
      }
      const { page } = await newPage();
      await page.goto(`${origin}/student/`);
      await signIn(page, student.username);
      await page.waitForSelector('.picker');
      await page.goto(`${origin}/admin/`);
      await page.waitForFunction(() => location.pathname === '/student/');
      await page.waitForSelector('.picker');
    });

    it('lands a department on its workspace: its own groups and teachers by week, and only the sections it may use', async () => {
      const { page, watch } = await newPage();
      const department = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.department.id });
      await page.goto(`${origin}/admin/?date=2026-09-07`);
      await signIn(page, department.username);
      await page.waitForSelector('#kind-group');
      expect(new URL(page.url()).hash).toBe('#department-workspace');
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe('Расписание кафедры');
      expect(await page.$$eval('nav.sections a', (links) => links.map((link) => [link.textContent, link.getAttribute('href')]))).toEqual([
        // Under «Расписание», «Заявки», then «Нагрузка» (one section: a link), «Справочники» (issue 55).
        ['Просмотр расписания', '#schedule-view'],
        ['Расписание кафедры', '#department-workspace'],
        ['Свободные аудитории', '#free-rooms'],
        ['Заявки на преподавателей', '#department-teacher-requests'],
        ['Отсутствия', '#absences'],
        ['Пожелания', '#preferences'],
        ['Заявки преподавателей', '#change-requests'],
        ['Нагрузка', '#department-workload'],
        ['Преподаватели', '#department-teachers'],
        ['Группы кафедры', '#department-groups'],
        ['Дисциплины', '#department-subjects'],
        ['Импорт', '#import'],
        ['Уведомления', '#notifications'],
      ]);
      // A department looks at its groups and teachers, not at classrooms.
      expect(await page.$('#kind-classroom')).toBeNull();
      await choose(page, groupA.name, groupA.id);
      expectSameLessons(await shownLessons(page), await api('/api/schedule/search', { groupId: groupA.id, ...WEEK_2 }));
      await screenshot(page, 'department-workspace');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Every section has its own address: the menu and a reload keep it.
      await page.click('button[data-opens="Расписание"]');
      await page.click('nav.sections a[href="#schedule-view"]');
      await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Просмотр расписания' || document.querySelector('#page-title')?.textContent?.startsWith('Расписание группы'));
      expect(new URL(page.url()).hash).toBe('#schedule-view');
      await page.waitForSelector('#kind-classroom');
      await page.reload();
      await page.waitForSelector('#kind-classroom');
      expect(await page.$eval('nav.sections a[aria-current=page]', (link) => link.textContent)).toBe('Просмотр расписания');
      expect(watch.consoleErrors).toEqual([]);
    });

    it('never shows the office a section it may not use, even by its address', async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/admin/#department-workspace`);
      await signIn(page, office.username);
      await page.waitForSelector('#kind-classroom');
      expect(new URL(page.url()).hash).toBe('#schedule-view');
      // Its own section by address, through the helper later tests use.
      const again = (await newPage()).page;
      await openSection(again, origin, 'admin', 'schedule-view', office.username);
      expect(await again.$eval('#page-title', (node) => node.textContent)).toBe('Просмотр расписания');
      expect(await page.$('nav.sections a[href="#department-workspace"]')).toBeNull();
      expect(await page.$eval('#page-title', (node) => node.textContent)).toBe('Просмотр расписания');
      expect(watch.consoleErrors).toEqual([]);
    });
  });
  describe('subscribing to a calendar (POST /api/calendar-feeds)', () => {
    /** The feed document at the address the page shows, asked with that address's Host (as a calendar app would). */
    async function feedAt(url: string): Promise<{ status: number; type: string; text: string }> {
      const address = new URL(url);
      const response = await new TenantClient(t.server, address.host).get(address.pathname).buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
      return { status: response.status, type: String(response.headers['content-type']), text: unfolded(response.body as string) };
    }

    async function subscribeOnPage(page: Page): Promise<string> {
      await page.click('#subscribe');
      await page.waitForSelector('#feed-created');
      return page.$eval('#feed-created .feed-url', (input) => (input as HTMLInputElement).value);
    }

    // The feed covers two weeks back from the service's today: put today in week 2 of the test semester.
    beforeAll(() => jest.spyOn(dates, 'todayInBusinessZone').mockReturnValue('2026-09-16'));
    afterAll(() => jest.restoreAllMocks());

    /** A lesson's event UID: a moved lesson keeps the one of the date it was planned on. */
    const uidOf = (lesson: Lesson) => `UID:lesson-${lesson.scheduleRuleSlotId}-${lesson.originalLessonDate ?? lesson.date}@alpha`;
    const feedUrl = () => new RegExp(`^${origin.replace(/\./g, '\\.')}/ical/[A-Za-z0-9_-]{43}\\.ics$`);

    it("gives a student a link to their group's calendar that holds the group's lessons, and lists the feed as theirs", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/student/?date=2026-09-07`);
      await signIn(page, student.username);
      await page.waitForSelector('#week-placeholder');
      // Nothing chosen yet: nothing to subscribe to.
      expect(await page.$eval('#subscribe', (button) => (button as HTMLButtonElement).hidden)).toBe(true);
      await choose(page, groupA.name, groupA.id);
      const url = await subscribeOnPage(page);
      expect(url).toMatch(feedUrl());
      expect(await page.$eval('#feed-webcal', (link) => link.getAttribute('href'))).toBe(url.replace(/^http:/, 'webcal:'));
      expect(await page.evaluate(() => document.activeElement?.classList.contains('feed-url'))).toBe(true);
      expect(await page.$eval('#feed-created', (node) => (node as HTMLElement).innerText)).toContain('Подписной календарь');

      const feed = await feedAt(url);
      expect(feed.status).toBe(200);
      expect(feed.type).toMatch(/^text\/calendar/);
      const lessons = await api('/api/schedule', { groupId: groupA.id, ...WEEK_2 });
      expect(lessons).toHaveLength(3);
      for (const lesson of lessons) {
        expect(feed.text).toContain(uidOf(lesson));
        expect(feed.text).toContain(`SUMMARY:${lesson.subjectName} (${lesson.lessonTypeName})`);
      }

      const own = await (await t.as('alpha').login(student.username, PASSWORD)).get('/api/calendar-feeds').expect(200);
      expect(own.body).toEqual([expect.objectContaining({ kind: 'GROUP', targetId: groupA.id, targetName: groupA.name, revokedAt: null })]);

      // "Копировать": to the clipboard, or (where the browser refuses it) the address selected for Ctrl+C.
      await page.click('#feed-copy');
      await page.waitForFunction(() => /Адрес (скопирован|выделен)/.test(document.querySelector('#feed-created .status')?.textContent ?? ''));
      const copied = await page.$eval('#feed-created .status', (node) => node.textContent ?? '');
      if (copied.startsWith('Адрес выделен')) expect(await page.evaluate(() => String(window.getSelection()) || (document.activeElement as HTMLInputElement).value)).toBe(url);

      // "Мои подписки" lists it.
      await page.click('#my-feeds summary');
      await page.waitForSelector('#my-feeds .feed');
      expect(await page.$$eval('#my-feeds .feed', (items) => items.map((item) => (item as HTMLElement).innerText))).toEqual([
        expect.stringContaining(`Группа: ${groupA.name}`),
      ]);
      await screenshot(page, 'student-subscribe');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The long address wraps into the width of a phone instead of widening the page.
      await page.setViewport({ width: 375, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(watch.consoleErrors).toEqual([]);
    });

    it('subscribes a teacher to their own lessons (MY_LESSONS), and revoking it from "Мои подписки" makes the link 404', async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/teacher/?date=2026-09-07`);
      await signIn(page, u.teachers[0].username);
      await weekSettled(page);
      const url = await subscribeOnPage(page);
      expect(url).toMatch(feedUrl());
      // With the clipboard allowed, "Копировать" puts the address there.
      await page.browserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
      await page.click('#feed-copy');
      await page.waitForFunction(() => document.querySelector('#feed-created .status')?.textContent === 'Адрес скопирован');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      const feed = await feedAt(url);
      expect(feed.status).toBe(200);
      const [moved] = await api('/api/schedule', { teacherId: u.teachers[0].id, ...WEEK_2 });
      expect(feed.text).toContain(uidOf(moved));
      const teacherApi = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
      const [own] = (await teacherApi.get('/api/calendar-feeds').expect(200)).body as { id: number; kind: string; targetId: number }[];
      expect(own).toMatchObject({ kind: 'MY_LESSONS', targetId: u.teachers[0].id });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.click('#my-feeds summary');
      await page.waitForSelector(`#my-feeds .feed[data-id="${own.id}"] .feed-revoke`);
      expect(await page.$eval('#my-feeds .feed-revoke', (button) => button.getAttribute('aria-label'))).toContain('Мои занятия');
      await page.click(`#my-feeds .feed[data-id="${own.id}"] .feed-revoke`);
      await page.waitForFunction((id) => document.querySelector(`#my-feeds .feed[data-id="${id}"]`)?.textContent?.includes('отозвана'), {}, own.id);
      expect((await feedAt(url)).status).toBe(404);
      expect(await page.$('#feed-created')).toBeNull();
      expect((await teacherApi.get('/api/calendar-feeds').expect(200)).body).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });

    it("lets the office subscribe to a looked-up classroom, and shows the API's Russian message at the per-user limit", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${origin}/admin/?date=2026-09-07`);
      await signIn(page, office.username);
      await page.waitForSelector('#kind-classroom');
      await page.click('#kind-classroom');
      const room = u.classrooms[0];
      await choose(page, room.name, room.id);
      const url = await subscribeOnPage(page);
      const [lesson] = await api('/api/schedule/search', { classroomId: room.id, ...WEEK_2 });
      expect((await feedAt(url)).text).toContain(uidOf(lesson));

      const officeApi = await t.as('alpha').login(office.username, PASSWORD);
      for (let i = 1; i < 50; i++) await officeApi.post('/api/calendar-feeds', { kind: 'CLASSROOM', targetId: room.id }).expect(200);
      await page.click('#subscribe');
      await page.waitForSelector('#feed-result [role=alert]');
      expect(await page.$eval('#feed-result [role=alert]', (node) => node.textContent)).toBe('Можно держать не более 50 действующих подписок; отзовите ненужные');
      expect(((await officeApi.get('/api/calendar-feeds').expect(200)).body as unknown[]).length).toBe(50);
      watch.consoleErrors = watch.consoleErrors.filter((text) => !/status of 409/.test(text));
      expect(watch.consoleErrors).toEqual([]);
    });
  });
});
