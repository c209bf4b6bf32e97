/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, openSection, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage, expectQuietPage } from './support/browser';
import { answerQuestion, controlByLabel, errorNextTo, signIn, weekSettled } from './support/web-client';
import { createUser, PASSWORD } from './support/factories';
import { linkTeacher } from './support/resource-builders';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standPageAt, standServiceAt } from './support/clock';

/**
 * The education office's daily handling in a real Chromium against the real service (tenant
 * `alpha`): teachers' change requests applied (the lesson moves) or rejected with a comment, and the
 * workload reports, whose bars and CSV downloads must carry the API's own figures.
 *
 * One teacher gives a Tuesday lecture (pair 1) every week of the autumn semester of 2026.
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };


interface Lesson {
  date: string;
  timeSlotId: number;
  scheduleRuleSlotId: number;
  overrideAction: string | null;
  originalLessonDate: string | null;
}

// The service and the page stand before the autumn semester of 2026: every lesson of it is still ahead.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

describe('the office in the web client: change requests and workload', () => {
  let t: TestApp;
  let admin: TenantClient;
  let teacherClient: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let slotId: number;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 1, classrooms: 2, subjects: 1 });
    // The second teacher may replace the first: linked to the subject.
    await linkTeacher(admin, u.teachers[1].id, u.subjects[0].id);
    const rule = await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [u.groups[0].id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id })] }),
    );
    slotId = rule.slots[0].id;
    teacherClient = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await standPageAt(page, BEFORE_AUTUMN_2026);
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null && location.hash === '#schedule-view');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  const open = (section: string, title: string) => openSection(page, section, title);

  /** Rejects a waiting request through the API (a test's leftovers stay out of the next one's queue). */
  async function reviewRequestsAway(id: number): Promise<void> {
    expect((await admin.post(`/api/teacher-change-requests/${id}/review`, { approved: false, comment: 'Не нужно' })).status).toBe(200);
  }

  /** A MOVE request of the lecture of `lessonDate` to the first free pair the API offers that day. */
  async function requestMove(lessonDate: string): Promise<{ id: number; requestedTimeSlotId: number }> {
    const offer = (await teacherClient.get(`/api/teacher-change-requests/candidates?baseRuleSlotId=${slotId}&lessonDate=${lessonDate}`)).body as { timeSlots: { requestedTimeSlotId: number }[] };
    const requestedTimeSlotId = offer.timeSlots[0].requestedTimeSlotId;
    const created = await teacherClient.post('/api/teacher-change-requests', { baseRuleSlotId: slotId, lessonDate, requestType: 'MOVE', requestedTimeSlotId, reason: 'Совещание' });
    expect(created.status).toBe(200);
    return { id: created.body.id as number, requestedTimeSlotId };
  }

  /** The number the menu shows beside a section (0 when none). */
  const waitingIn = (section: string) => page.$eval('nav.sections', (nav, id) => Number(nav.querySelector(`.waiting-count[data-section="${id}"]`)?.lastChild?.textContent ?? 0), section);

  it('applies a teacher change request after one question: the lesson moves, the page says what happened with a link, the menu count drops', async () => {
    const request = await requestMove('2026-09-15');
    const other = await requestMove('2026-09-29');
    await page.evaluate(() => (location.hash = '#schedule-view'));
    await open('change-requests', 'Заявки преподавателей');
    await page.waitForFunction(() => document.querySelector('.waiting-count[data-section="change-requests"]')?.lastChild?.textContent === '2');
    await page.waitForSelector(`button[aria-label="Применить: заявка №${request.id}"]`);
    await screenshot(page, 'office-change-requests');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Declined: nothing happens. Asked in the page, naming the lesson and what changes.
    await page.click(`button[aria-label="Применить: заявка №${request.id}"]`);
    const asked = await answerQuestion(page, false);
    expect(asked).toMatch(new RegExp(`^Применить заявку №${request.id}\\?\nЗанятие 15\\.09 \\(вт\\), 08:30: `));
    expect(((await admin.get('/api/teacher-change-requests?status=PENDING')).body as unknown[]).length).toBe(2);

    await page.click(`button[aria-label="Применить: заявка №${request.id}"]`);
    await answerQuestion(page, true);
    await page.waitForFunction((id) => !document.querySelector(`button[aria-label="Применить: заявка №${id}"]`), {}, request.id);
    const stored = (await admin.get('/api/teacher-change-requests')).body as { id: number; status: string; appliedOverrideId: number | null }[];
    const applied = stored.find((item) => item.id === request.id);
    expect(applied).toEqual(expect.objectContaining({ status: 'APPROVED', appliedOverrideId: expect.any(Number) }));
    const week = (await admin.get(`/api/schedule?teacherId=${u.teachers[0].id}&startDate=2026-09-14&endDate=2026-09-20`)).body as Lesson[];
    expect(week).toEqual([expect.objectContaining({ date: '2026-09-15', overrideAction: 'MOVE', timeSlotId: request.requestedTimeSlotId })]);

    const outcome = await page.$eval('#review-outcome', (notice) => notice.textContent ?? '');
    expect(outcome).toMatch(new RegExp(`^Заявка №${request.id} применена: занятие 15\\.09 \\(вт\\), 08:30 перенесено на тот же день, \\d{2}:\\d{2}–\\d{2}:\\d{2}, [^,()]+ \\(разовое изменение №${applied?.appliedOverrideId}\\)\\.`));
    await page.waitForFunction(() => document.querySelector('.waiting-count[data-section="change-requests"]')?.lastChild?.textContent === '1');
    expect(await waitingIn('change-requests')).toBe(1);
    await screenshot(page, 'office-inbox');

    // The link opens the registry on that day, where the new change is listed.
    await page.click('#review-outcome a');
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Разовые изменения');
    await page.waitForSelector(`tr[data-override="${applied?.appliedOverrideId}"]`);
    await reviewRequestsAway(other.id);
  });

  it('rejects a request only with a comment; the refusal without one stands at the comment', async () => {
    const request = await requestMove('2026-09-22');
    await page.evaluate(() => (location.hash = '#schedule-view'));
    await open('change-requests', 'Заявки преподавателей');
    await page.waitForSelector(`button[aria-label="Отклонить: заявка №${request.id}"]`);
    await page.click(`button[aria-label="Отклонить: заявка №${request.id}"]`);
    const form = `form[aria-label="Отклонить: заявка №${request.id}"]`;
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => document.querySelector(`${selector} [role=alert]`), {}, form);
    const refusal = await admin.post(`/api/teacher-change-requests/${request.id}/review`, { approved: false });
    expect(refusal.status).toBe(400);
    expect(await errorNextTo(page, 'Причина отклонения')).toBe(refusal.body.message);
    await page.type(await controlByLabel(page, 'Причина отклонения'), 'Аудитории заняты');
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => !document.querySelector(selector), {}, form);
    const [stored] = ((await admin.get('/api/teacher-change-requests')).body as { id: number; status: string; reviewComment: string }[]).filter((item) => item.id === request.id);
    expect(stored).toEqual(expect.objectContaining({ status: 'REJECTED', reviewComment: 'Аудитории заняты' }));
  });

  it('shows the workload as bars and CSV files with the API figures (UTF-8 with BOM)', async () => {
    await open('workload', 'Нагрузка');
    for (const [label, date] of [['С', '2026-09-01'], ['По', '2026-09-30']]) {
      await page.$eval(await controlByLabel(page, label), (input, value) => {
        const field = input as HTMLInputElement;
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }, date);
    }
    const teachers = (await admin.get('/api/workload/teachers?startDate=2026-09-01&endDate=2026-09-30')).body as { name: string; departmentName: string; lessonCount: number; academicHours: number; occupiedSlotCount: number }[];
    expect(teachers.length).toBeGreaterThan(0);
    const bars = teachers.map((row) => `${row.name} — ${row.academicHours} ч`);
    await page.waitForFunction((parts) => parts.every((part) => document.querySelector('.bar-chart svg')?.getAttribute('aria-label')?.includes(part)), {}, bars);

    const csv = await page.$eval('a[download^="нагрузка-преподавателей_2026-09-01_2026-09-30"]', (link) => decodeURIComponent((link.getAttribute('href') ?? '').replace(/^data:text\/csv;charset=utf-8,/, '')));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n').filter(Boolean)).toEqual([
      'Преподаватель;Кафедра;Занятий;Академических часов;Занятых пар',
      ...teachers.map((row) => [row.name, row.departmentName, row.lessonCount, row.academicHours, row.occupiedSlotCount].join(';')),
    ]);

    // The heat map counts the lessons of each weekday's pair as the time-slot report does.
    const slots = (await admin.get('/api/workload/time-slots?startDate=2026-09-01&endDate=2026-09-30')).body as { days: { lessonCount: number }[] }[];
    const shownRows = await page.$$eval('table.heat-map tbody tr', (rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => Number(cell.textContent))));
    expect(shownRows).toEqual(slots.map((slot) => slot.days.map((day) => day.lessonCount)));
    await screenshot(page, 'office-workload');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('lists the free rooms of a date and pair as the API answers them', async () => {
    await page.$eval(await controlByLabel(page, 'Дата'), (input) => {
      const field = input as HTMLInputElement;
      field.value = '2026-09-08';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const answer = (await admin.get('/api/workload/free-classrooms?startDate=2026-09-08&endDate=2026-09-08')).body as { timeSlotId: number; classrooms: { name: string }[] }[];
    // Pair 1 of that Tuesday holds the lecture in the first room: only the other room is free.
    expect(answer[0].classrooms.map((room) => room.name)).toEqual([u.classrooms[1].name]);
    await page.waitForFunction((name) => document.querySelector('ul.free-rooms')?.textContent?.startsWith(name), {}, u.classrooms[1].name);
    expect(await page.$$eval('ul.free-rooms li', (items) => items.length)).toBe(1);
  });

  it('approves an absence and resolves its lesson through the wizard: the replacement teacher gets it', async () => {
    const reported = await teacherClient.post('/api/teacher-absences', { startDate: '2026-09-28', endDate: '2026-09-30', reason: 'Болезнь' });
    expect(reported.status).toBe(200);
    await open('absences', 'Отсутствия преподавателей');
    const who = `отсутствие ${u.teachers[0].fullName}`;
    await page.waitForSelector(`button[aria-label^="Утвердить: ${who}"]`);
    await page.click(`button[aria-label^="Утвердить: ${who}"]`);
    // Approved ones are listed under «Подтверждено».
    await page.select(await controlByLabel(page, 'Статус'), 'APPROVED');
    await page.waitForSelector('button[aria-label^="Распределить занятия"]');
    await page.click('button[aria-label^="Распределить занятия"]');
    await page.waitForSelector('.wizard select');
    const choice = await page.$eval('.wizard select', (select, teacherId) => Array.from((select).options).find((option) => option.value === `T${teacherId}`)?.value ?? '', u.teachers[1].id);
    expect(choice).toBe(`T${u.teachers[1].id}`);
    await page.select('.wizard select', choice);
    await screenshot(page, 'office-absence-wizard');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.click('.wizard button.primary');
    expect(await answerQuestion(page, true)).toContain('Ни одно занятие не отменяется.');
    await page.waitForFunction(() => document.querySelector('.wizard [role=status]')?.textContent?.startsWith('Применено решений: 1'));

    const week = (await admin.get(`/api/schedule?teacherId=${u.teachers[1].id}&startDate=2026-09-28&endDate=2026-10-04`)).body as (Lesson & { teacherId: number })[];
    expect(week).toEqual([expect.objectContaining({ date: '2026-09-29', overrideAction: 'REPLACE', teacherId: u.teachers[1].id })]);
    const [absence] = (await admin.get('/api/teacher-absences')).body as { status: string }[];
    expect(['APPROVED', 'RESOLVED']).toContain(absence.status);
  });

  it('registers an absence for a teacher (approved at once), shows an overlap at the first day, and cancels it', async () => {
    await page.evaluate(() => (location.hash = '#schedule-view'));
    await open('absences', 'Отсутствия преподавателей');
    const teacher = u.teachers[1];
    await page.type(await controlByLabel(page, 'Преподаватель'), teacher.fullName);
    await page.waitForSelector(`button.match[data-id="${teacher.id}"]`);
    await page.click(`button.match[data-id="${teacher.id}"]`);
    for (const [label, date] of [['Первый день', '2026-10-12'], ['Последний день', '2026-10-14']]) {
      await page.$eval(await controlByLabel(page, label), (input, value) => {
        const field = input as HTMLInputElement;
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }, date);
    }
    await page.type(await controlByLabel(page, 'Причина'), 'Командировка');
    const form = 'form[aria-label="Зарегистрировать отсутствие"]';
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => document.querySelector(`${selector} [role=status]`)?.textContent?.includes('зарегистрировано'), {}, form);
    const mine = () => admin.get('/api/teacher-absences').then((answer) => (answer.body as { id: number; teacherId: number; startDate: string; endDate: string; reason: string; status: string }[]).filter((item) => item.teacherId === teacher.id));
    const [registered] = await mine();
    expect(registered).toEqual(expect.objectContaining({ startDate: '2026-10-12', endDate: '2026-10-14', reason: 'Командировка', status: 'APPROVED' }));

    // The same period again overlaps the one just registered: the API's 409 stands at the first day, the input stays.
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => document.querySelector(`${selector} .field [role=alert]`), {}, form);
    const refusal = await admin.post('/api/teacher-absences', { teacherId: teacher.id, startDate: '2026-10-12', endDate: '2026-10-14', reason: 'Командировка' });
    expect(refusal.status).toBe(409);
    expect(await errorNextTo(page, 'Первый день')).toBe(refusal.body.message);
    expect(await page.$eval(await controlByLabel(page, 'Причина'), (input) => (input as HTMLTextAreaElement).value)).toBe('Командировка');
    await screenshot(page, 'office-absence-register');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The registry switched to every status, so the new record is listed with its «Отменить».
    expect(await page.$eval(await controlByLabel(page, 'Статус'), (select) => (select as HTMLSelectElement).value)).toBe('');
    const cancel = `button[aria-label^="Отменить отсутствие ${teacher.fullName} "]`;
    await page.waitForSelector(cancel);
    await page.click(cancel);
    await page.waitForFunction((selector) => !document.querySelector(selector), {}, cancel);
    expect(await mine()).toEqual([expect.objectContaining({ id: registered.id, status: 'CANCELLED' })]);
  });

  it('adds an approved preference for a teacher, shows a duplicate at the wish, and cancels it', async () => {
    await page.evaluate(() => (location.hash = '#schedule-view'));
    await open('preferences', 'Пожелания преподавателей');
    await page.waitForSelector('form[aria-label="Добавить пожелание"]');
    const semesterId = Number(await page.$eval(await controlByLabel(page, 'Семестр'), (select) => (select as HTMLSelectElement).value));
    const teacher = u.teachers[1];
    await page.type(await controlByLabel(page, 'Преподаватель'), teacher.fullName);
    await page.waitForSelector(`button.match[data-id="${teacher.id}"]`);
    await page.click(`button.match[data-id="${teacher.id}"]`);
    await page.select(await controlByLabel(page, 'День недели'), '1');
    const pair = await page.$eval(await controlByLabel(page, 'Пара'), (select) => (select as HTMLSelectElement).options[1].value);
    await page.select(await controlByLabel(page, 'Пара'), pair);
    const form = 'form[aria-label="Добавить пожелание"]';
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => document.querySelector(`${selector} [role=status]`)?.textContent?.includes('добавлено'), {}, form);
    const mine = () =>
      admin.get(`/api/teacher-preferences?semesterId=${semesterId}`).then((answer) => (answer.body as { id: number; teacherId: number; preferenceType: string; dayOfWeek: number; timeSlotId: number; status: string }[]).filter((item) => item.teacherId === teacher.id));
    const [added] = await mine();
    expect(added).toEqual(expect.objectContaining({ preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: 1, timeSlotId: Number(pair), status: 'APPROVED' }));

    // The same wish again: the API's 409 stands at «Пожелание», the chosen day and pair stay.
    await page.click(`${form} button[type=submit]`);
    await page.waitForFunction((selector) => document.querySelector(`${selector} .field [role=alert]`), {}, form);
    const refusal = await admin.post('/api/teacher-preferences', { teacherId: teacher.id, semesterId, preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: 1, timeSlotId: Number(pair) });
    expect(refusal.status).toBe(409);
    expect(await errorNextTo(page, 'Пожелание')).toBe(refusal.body.message);
    expect(await page.$eval(await controlByLabel(page, 'День недели'), (select) => (select as HTMLSelectElement).value)).toBe('1');
    await screenshot(page, 'office-preference-add');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const cancel = `button[aria-label^="Отменить: "][aria-label*="${teacher.fullName}"]`;
    await page.waitForSelector(cancel);
    await page.click(cancel);
    await page.waitForFunction((selector) => !document.querySelector(selector), {}, cancel);
    expect(await mine()).toEqual([expect.objectContaining({ id: added.id, status: 'CANCELLED' })]);
  });

  it('narrows the schedule view by the search filters, showing the lessons the API finds with them', async () => {
    await page.goto(`${origin}/admin/?date=2026-10-05#schedule-view`);
    await page.waitForSelector('#kind-group');
    await page.click('#kind-group');
    await page.type('.picker-place input', u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await weekSettled(page);
    const types = (await admin.get('/api/lesson-types')).body as { id: number; name: string }[];
    const found = async (filters: string) =>
      ((await admin.get(`/api/schedule/search?groupId=${u.groups[0].id}&startDate=2026-10-05&endDate=2026-10-11${filters}`)).body as { date: string }[]).map((lesson) => lesson.date);
    /** Waits until the week shows exactly the API's dates for `filters` (the page asks again on each change). */
    const showsAsApi = async (filters: string) => {
      const dates = await found(filters);
      await page.waitForFunction((expected) => {
        const week = document.querySelector('#week');
        const shown = Array.from(document.querySelectorAll('#week .lesson')).map((lesson) => lesson.getAttribute('data-date'));
        return week && !week.hasAttribute('aria-busy') && JSON.stringify(shown) === JSON.stringify(expected);
      }, {}, dates);
      return dates;
    };
    expect(await showsAsApi('')).toEqual(['2026-10-06']);
    const lecture = types.find((type) => type.id === 1) ?? types[0];
    const other = types.find((type) => type.id !== lecture.id)!;
    await page.select(await controlByLabel(page, 'Вид занятия'), String(other.id));
    expect(await showsAsApi(`&lessonTypeId=${other.id}`)).toEqual([]);
    await page.select(await controlByLabel(page, 'Вид занятия'), String(lecture.id));
    const [withParity, withoutParity] = [(await found('&parity=ODD')).length ? 'ODD' : 'EVEN', (await found('&parity=ODD')).length ? 'EVEN' : 'ODD'];
    await page.select(await controlByLabel(page, 'Неделя'), withParity);
    expect(await showsAsApi(`&lessonTypeId=${lecture.id}&parity=${withParity}`)).toEqual(['2026-10-06']);
    await page.select(await controlByLabel(page, 'Неделя'), withoutParity);
    expect(await showsAsApi(`&lessonTypeId=${lecture.id}&parity=${withoutParity}`)).toEqual([]);
    await page.select(await controlByLabel(page, 'Кафедра'), String(u.department.id));
    await page.select(await controlByLabel(page, 'Неделя'), '');
    expect(await showsAsApi(`&lessonTypeId=${lecture.id}&departmentId=${u.department.id}`)).toEqual(['2026-10-06']);
    await screenshot(page, 'office-schedule-view-filters');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('fits a phone for the handling sections', async () => {
    await page.setViewport(PHONE);
    for (const [section, title] of [
      ['change-requests', 'Заявки преподавателей'],
      ['absences', 'Отсутствия преподавателей'],
      ['preferences', 'Пожелания преподавателей'],
      // The view keeps the group chosen earlier; its search filters wrap.
      ['schedule-view', `Расписание группы: ${u.groups[0].name}`],
    ]) {
      await open(section, title);
      if (section === 'schedule-view') await screenshot(page, 'office-schedule-view-filters-phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.setViewport(WIDE);
  });
});
