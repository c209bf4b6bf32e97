/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, openSection, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage, expectQuietPage } from './support/browser';
import { controlByLabel, errorNextTo, signIn } from './support/web-client';
import { createDepartment, createUser, PASSWORD } from './support/factories';
import { createAbsence } from './support/absence-builders';
import { standPageAt } from './support/clock';
import { createPreference } from './support/preference-builders';
import { createSubject } from './support/resource-builders';
import { createRule, createUniversity, ruleBody, slotBody, University } from './support/schedule-builders';
import { createGroup, createStudySetup, createSubgroup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * A department's own work in a real Chromium against the real service (tenant `alpha`): teacher
 * creation requests, the subject import with a refused name, the workload with its chart, and the
 * review of its teachers' preferences. Every check compares the page with what the API stores.
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };


describe('the department in the web client (/admin/#department-workspace and its sections)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let departmentClient: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let foreignSubject: string;
  let departmentUser: { username: string };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 2, groups: 1, classrooms: 2, subjects: 1 });
    // Two teachers with weekly lectures over the whole autumn: the workload of the last month has both.
    for (const [index, teacher] of u.teachers.entries()) {
      await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[0].id,
          groupIds: [u.groups[0].id],
          lectureAcademicHours: index === 0 ? 64 : 40,
          slots: [slotBody(u, { dayOfWeek: 2 + index, teacherId: teacher.id, classroomId: u.classrooms[index].id })],
        }),
      );
    }
    // The teachers belong to the department since before the semester (a department's workload counts
    // lessons by the assignment in effect on the lesson date).
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-08-01' WHERE user_id = ANY($1)`, [u.teachers.map((teacher) => teacher.id)]);
    const other = await createDepartment(admin);
    foreignSubject = (await createSubject(admin, other.id, { name: 'Философия науки' })).name;
    const department = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.department.id });
    departmentUser = department;
    departmentClient = await t.as('alpha').login(department.username, PASSWORD);
    const teacherClient = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    const semesterId = u.semester.id;
    await createPreference(teacherClient, { semesterId, preferenceType: 'SOFT_UNWANTED', dayOfWeek: 5, timeSlotId: u.timeSlots[0].id });

    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, department.username);
    await page.waitForFunction(() => location.hash === '#department-workspace' && document.querySelector('#page-title')?.textContent === 'Расписание кафедры');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  const open = (section: string, title: string) => openSection(page, section, title);

  const tableText = (caption: string) =>
    page.$$eval('table', (tables, text) => tables.find((table) => table.querySelector('caption')?.textContent === text)?.querySelector('tbody')?.textContent ?? '', caption);

  it('submits a teacher-creation request and lists it as waiting', async () => {
    await open('department-teacher-requests', 'Заявки на преподавателей');
    await page.type(await controlByLabel(page, 'Логин'), 'novikov');
    await page.type(await controlByLabel(page, 'ФИО'), 'Новиков Пётр Ильич');
    await page.type(await controlByLabel(page, 'Должность'), 'доцент');
    await page.click('form[aria-label="Заявка на создание преподавателя"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('Новиков Пётр Ильич'));
    const stored = (await departmentClient.get('/api/department/teacher-requests')).body as { username: string; fullName: string; status: string; departmentId: number }[];
    expect(stored).toEqual([expect.objectContaining({ username: 'novikov', fullName: 'Новиков Пётр Ильич', status: 'PENDING', departmentId: u.department.id })]);
    expect(await tableText('Заявки кафедры на создание преподавателей')).toContain('Ожидает решения');

    // The same username again: the API's refusal is shown at «Логин», the typed values stay.
    await page.type(await controlByLabel(page, 'Логин'), 'novikov');
    await page.type(await controlByLabel(page, 'ФИО'), 'Новиков П. И.');
    await page.click('form[aria-label="Заявка на создание преподавателя"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('form [role=alert]'));
    const refusal = await departmentClient.post('/api/department/teacher-requests', { username: 'novikov', fullName: 'Новиков П. И.' });
    expect(refusal.status).toBe(409);
    expect(await errorNextTo(page, 'Логин')).toBe(refusal.body.message);
    expect(await page.$eval(await controlByLabel(page, 'ФИО'), (input) => (input as HTMLInputElement).value)).toBe('Новиков П. И.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('imports subjects: a name of another department is refused (409) and marked, nothing is stored; without it the import succeeds', async () => {
    await open('department-subjects', 'Дисциплины кафедры');
    const before = (await departmentClient.get('/api/department/subjects')).body as { name: string }[];
    const list = await controlByLabel(page, 'Список дисциплин');
    await page.type(list, `Теория графов; Б1.В.01\n${foreignSubject}\nДискретная математика; Б1.О.07`);
    await page.click('form[aria-label="Импорт дисциплин"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('tr.row-refused'));
    const refusal = await departmentClient.post('/api/department/subjects/import', [{ name: 'Теория графов', code: 'Б1.В.01' }, { name: foreignSubject }]);
    expect(refusal.status).toBe(409);
    expect(await errorNextTo(page, 'Список дисциплин')).toBe(refusal.body.message);
    expect(await page.$$eval('tr.row-refused td:first-child', (cells) => cells.map((cell) => cell.textContent))).toEqual([foreignSubject]);
    expect((await departmentClient.get('/api/department/subjects')).body).toEqual(before);
    await screenshot(page, 'department-subjects-refused');

    // The user removes the refused line; the rest is imported.
    await page.$eval(list, (area, name) => {
      const field = area as HTMLTextAreaElement;
      field.value = field.value
        .split('\n')
        .filter((line) => line.trim() !== name)
        .join('\n');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, foreignSubject);
    await page.click('form[aria-label="Импорт дисциплин"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('form[aria-label="Импорт дисциплин"] [role=status]')?.textContent === 'Импортировано дисциплин: 2');
    const after = (await departmentClient.get('/api/department/subjects')).body as { name: string; code: string | null }[];
    expect(after).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Теория графов', code: 'Б1.В.01' }), expect.objectContaining({ name: 'Дискретная математика', code: 'Б1.О.07' })]));
    await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('Теория графов'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('links its teacher to its subject for lectures only, is refused a second identical link at the subject, and removes the link', async () => {
    await page.evaluate(() => (location.hash = '#department-workspace'));
    await open('department-subjects', 'Дисциплины кафедры');
    const teacher = u.teachers[1];
    const subject = u.subjects[0];
    const lecture = ((await departmentClient.get('/api/lesson-types')).body as { id: number; name: string }[])[0];
    const links = async () => ((await departmentClient.get('/api/teacher-subjects')).body as { userId: number; subjectId: number; lessonTypeIds: number[] }[]).filter((link) => link.userId === teacher.id && link.subjectId === subject.id);
    expect(await links()).toEqual([]);
    const dialog = 'dialog[open]';
    /** The control labelled `label` in the open dialog, once its options have loaded. */
    const inDialog = async (label: string) => {
      const id = await page.waitForFunction(
        (text) => {
          const found = Array.from(document.querySelectorAll('dialog[open] label')).find((item) => item.textContent?.trim() === text) as HTMLLabelElement | undefined;
          const select = found ? document.getElementById(found.htmlFor) : null;
          return select && select.querySelectorAll('option').length > 1 ? select.id : null;
        },
        {},
        label,
      );
      return `[id="${(await id.jsonValue()) as string}"]`;
    };
    const fillForm = async () => {
      await page.waitForSelector(dialog);
      await page.select(await inDialog('Преподаватель'), String(teacher.id));
      await page.select(await inDialog('Дисциплина'), String(subject.id));
      const box = await page.waitForFunction((name) => Array.from(document.querySelectorAll('dialog[open] label.kind')).find((item) => item.textContent?.trim() === name)?.querySelector('input'), {}, lecture.name);
      await (box as unknown as { click(): Promise<void> }).click();
      await page.click(`${dialog} button[type=submit]`);
    };
    const add = 'section[aria-label="Преподаватели и дисциплины"] .desk-head button';
    await page.click(add);
    await fillForm();
    await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
    expect(await links()).toEqual([expect.objectContaining({ lessonTypeIds: [lecture.id] })]);

    // The same link again: the API's 409 stands at «Дисциплина», the choices stay.
    await page.click(add);
    await fillForm();
    await page.waitForSelector(`${dialog} .field [role=alert]`);
    const refusal = await departmentClient.post('/api/teacher-subjects', { userId: teacher.id, subjectId: subject.id, lessonTypeIds: [lecture.id] });
    expect(refusal.status).toBe(409);
    const shown = await page.evaluate(() => {
      const label = Array.from(document.querySelectorAll('dialog[open] label')).find((item) => item.textContent?.trim() === 'Дисциплина');
      return label?.closest('.field')?.querySelector('[role=alert]')?.textContent ?? null;
    });
    expect(shown).toBe(refusal.body.message);
    expect(await page.$eval(await inDialog('Преподаватель'), (select) => (select as HTMLSelectElement).value)).toBe(String(teacher.id));
    await screenshot(page, 'department-teacher-subjects-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('dialog[open]') === null);

    await page.click(`button[aria-label="Удалить: ${teacher.fullName} — ${subject.name}"]`);
    await page.waitForSelector(`${dialog} .remove-row button`);
    await page.click(`${dialog} .remove-row button`);
    await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
    expect(await links()).toEqual([]);
  });

  it('shows the workload of its teachers as a table and as bars of the same academic hours', async () => {
    await open('department-workload', 'Нагрузка кафедры');
    // September 2026: both teachers give their weekly lectures.
    for (const [label, date] of [['С', '2026-09-01'], ['По', '2026-09-30']]) {
      await page.$eval(await controlByLabel(page, label), (input, value) => {
        const field = input as HTMLInputElement;
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }, date);
    }
    const rows = (await departmentClient.get('/api/workload/teachers?startDate=2026-09-01&endDate=2026-09-30')).body as { name: string; academicHours: number }[];
    expect(rows.length).toBe(2);
    const expected = rows.map((row) => `${row.name} — ${row.academicHours} ч`);
    for (const row of rows) expect(row.academicHours).toBeGreaterThan(0);
    // The chart of the chosen period (not the default one it showed first) names every teacher's hours.
    await page.waitForFunction(
      (parts) => {
        const label = document.querySelector('.bar-chart svg')?.getAttribute('aria-label') ?? '';
        return parts.every((part) => label.includes(part));
      },
      {},
      expected,
    );
    expect(await page.$$eval('.bar-chart rect', (bars) => bars.length)).toBe(2);
    await screenshot(page, 'department-workload');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows its own row of the departments report and the free rooms of a date, as the API answers the department', async () => {
    await page.evaluate(() => (location.hash = '#department-workspace'));
    await open('department-workload', 'Нагрузка кафедры');
    for (const [label, date] of [['С', '2026-09-01'], ['По', '2026-09-30'], ['Дата', '2026-09-08']]) {
      await page.$eval(await controlByLabel(page, label), (input, value) => {
        const field = input as HTMLInputElement;
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }, date);
    }
    const [own, ...others] = (await departmentClient.get('/api/workload/departments?startDate=2026-09-01&endDate=2026-09-30')).body as { departmentName: string; teacherCount: number; lessonCount: number; academicHours: number; lectureHours: number; practiceHours: number; laboratoryHours: number }[];
    expect(others).toEqual([]);
    expect(own).toEqual(expect.objectContaining({ departmentName: u.department.departmentName, teacherCount: 2 }));
    const link = 'a[download^="нагрузка-кафедр_2026-09-01_2026-09-30"]';
    await page.waitForSelector(link);
    await page.waitForFunction((hours) => Array.from(document.querySelectorAll('table')).some((table) => table.querySelector('caption')?.textContent === 'Нагрузка кафедр' && table.querySelector('tbody')?.textContent?.includes(hours)), {}, String(own.academicHours));
    // Read once the table shows the month's rows: the link is there before its rows (a race under load).
    const csv = await page.$eval(link, (anchor) => decodeURIComponent((anchor.getAttribute('href') ?? '').replace(/^data:text\/csv;charset=utf-8,/, '')));
    expect(csv.slice(1).split('\r\n').filter(Boolean)[1]).toBe([own.departmentName, own.teacherCount, own.lessonCount, own.academicHours, own.lectureHours, own.practiceHours, own.laboratoryHours].join(';'));

    // Tuesday 8 September, pair 1: the first teacher's lecture holds the first room, the other one is free.
    const [first] = (await departmentClient.get('/api/workload/free-classrooms?startDate=2026-09-08&endDate=2026-09-08')).body as { classrooms: { name: string }[] }[];
    expect(first.classrooms.map((room) => room.name)).toEqual([u.classrooms[1].name]);
    await page.waitForFunction((name) => document.querySelector('ul.free-rooms')?.textContent?.startsWith(name), {}, u.classrooms[1].name);
    expect(await page.$$eval('ul.free-rooms li', (items) => items.length)).toBe(1);
    await screenshot(page, 'department-workload-own-and-free-rooms');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('rejects a teacher preference with a comment, which the teacher then sees', async () => {
    await open('preferences', 'Пожелания преподавателей');
    await page.waitForSelector('button[aria-label^="Отклонить:"]');
    await page.click('button[aria-label^="Отклонить:"]');
    // Without a comment the API refuses; the refusal stands at the comment field.
    await page.click('form[aria-label^="Отклонить:"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('form[aria-label^="Отклонить:"] [role=alert]'));
    const [pending] = (await departmentClient.get('/api/teacher-preferences?status=PENDING')).body as { id: number }[];
    const refusal = await departmentClient.post(`/api/teacher-preferences/${pending.id}/review`, { approved: false });
    expect(refusal.status).toBe(400);
    expect(await errorNextTo(page, 'Причина отклонения')).toBe(refusal.body.message);
    await page.type(await controlByLabel(page, 'Причина отклонения'), 'В пятницу заседание кафедры');
    await page.click('form[aria-label^="Отклонить:"] button[type=submit]');
    // The open form hides the row's own «Отклонить…» button, so only the form's going shows the answer came.
    await page.waitForFunction(() => !document.querySelector('form[aria-label^="Отклонить:"], button[aria-label^="Отклонить:"]'));
    const teacherClient = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    const [preference] = (await teacherClient.get('/api/teacher-preferences')).body as { status: string; reviewComment: string }[];
    expect(preference).toEqual(expect.objectContaining({ status: 'REJECTED', reviewComment: 'В пятницу заседание кафедры' }));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('opens every department section at phone width without sideways scrolling, and axe finds nothing serious', async () => {
    await page.setViewport(PHONE);
    for (const [section, title] of [
      ['department-teachers', 'Преподаватели кафедры'],
      ['department-groups', 'Группы кафедры'],
      ['department-teacher-requests', 'Заявки на преподавателей'],
      ['department-subjects', 'Дисциплины кафедры'],
      ['department-workload', 'Нагрузка кафедры'],
      ['absences', 'Отсутствия преподавателей'],
      ['preferences', 'Пожелания преподавателей'],
    ]) {
      await open(section, title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.setViewport(WIDE);
    // The teachers of the department today, as the API lists them.
    await open('department-teachers', 'Преподаватели кафедры');
    const teachers = (await departmentClient.get('/api/department/teachers')).body as { fullName: string }[];
    const text = await tableText('Преподаватели кафедры на сегодня');
    for (const teacher of teachers) expect(text).toContain(teacher.fullName);
    // A teacher's assignment history, as the API answers it to the department.
    const [first] = teachers as { id: number; fullName: string }[];
    await page.click(`button[aria-label="История привязок: ${first.fullName}"]`);
    await page.waitForFunction((caption) => Array.from(document.querySelectorAll('dialog caption')).some((node) => node.textContent === caption), {}, `Привязки к кафедрам: ${first.fullName}`);
    const history = (await departmentClient.get(`/api/users/${first.id}/department-history`)).body as { departmentName: string; primary: boolean }[];
    const shownHistory = await tableText(`Привязки к кафедрам: ${first.fullName}`);
    for (const item of history) expect(shownHistory).toContain(item.departmentName);
    expect(shownHistory).toContain(history[0].primary ? 'основная' : 'дополнительная');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  /** The cells of column `column` (1-based) in the table whose caption is `caption`. */
  const columnOf = (caption: string, column: number) =>
    page.$$eval(
      'table',
      (tables, text, index) =>
        Array.from(tables.find((table) => table.querySelector('caption')?.textContent === text)?.querySelectorAll(`tbody tr td:nth-child(${index})`) ?? []).map((cell) => cell.textContent ?? ''),
      caption,
      column,
    );

  async function setDate(label: string, value: string): Promise<void> {
    await page.$eval(await controlByLabel(page, label), (input, date) => {
      const field = input as HTMLInputElement;
      field.value = date;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  }

  describe('a day without a caveat (issue 55), on a page standing at 15 October 2026', () => {
    let day: Page;
    let dayWatch: PageWatch;
    // A phone's size without the mobile emulation, whose every switch reloads the page.
    const PHONE_55 = { width: 390, height: 844 };

    beforeAll(async () => {
      day = await (await browser.createBrowserContext()).newPage();
      await standPageAt(day, '2026-10-15T09:00:00Z');
      await day.setViewport({ width: 1366, height: 900 });
      dayWatch = await watchPage(day, origin);
      await day.goto(`${origin}/admin/`);
      await signIn(day, departmentUser.username);
      await day.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Расписание кафедры');
    });

    afterEach(() => expectQuietPage(dayWatch));

    const shownChoices = () => day.$$eval('.picker .match-label', (labels) => labels.map((label) => label.textContent ?? '').sort());

    it('lists its own groups and teachers as soon as a picker is entered, before typing', async () => {
      await openSection(day, 'department-workspace', 'Расписание кафедры');
      const groups = ((await departmentClient.get('/api/groups/options')).body as { name: string }[]).map((group) => group.name).sort();
      expect(groups).toEqual([u.groups[0].name]);
      // A page of a second browser context: brought to the front, so that it has the keyboard focus.
      await day.bringToFront();
      await day.click('.picker input[type=search]');
      await day.waitForSelector('.picker .match-label');
      expect(await shownChoices()).toEqual(groups);
      await screenshot(day, 'department-picker-groups-on-open');
      await day.click('#kind-teacher');
      await day.waitForFunction(() => document.querySelector('.picker label')?.textContent === 'Преподаватель');
      const teachers = ((await departmentClient.get('/api/users/teachers/options')).body as { fullName: string }[]).map((teacher) => teacher.fullName).sort();
      expect(teachers).toEqual(u.teachers.map((teacher) => teacher.fullName).sort());
      await day.click('.picker input[type=search]');
      await day.waitForFunction((count) => document.querySelectorAll('.picker .match-label').length === count, {}, teachers.length);
      expect(await shownChoices()).toEqual(teachers);
      // The absence register's teacher picker as well.
      await openSection(day, 'absences', 'Отсутствия преподавателей');
      await day.click(await controlByLabel(day, 'Преподаватель'));
      await day.waitForFunction((count) => document.querySelectorAll('.picker .match-label').length === count, {}, teachers.length);
      expect(await shownChoices()).toEqual(teachers);
      expect(await seriousAccessibilityViolations(day)).toEqual([]);
      // On a phone the list opens the same way, within the screen's width.
      await day.setViewport(PHONE_55);
      await openSection(day, 'department-workspace', 'Расписание кафедры');
      await day.click('#kind-group');
      await day.waitForFunction(() => document.querySelector('.picker label')?.textContent === 'Группа');
      await day.click('.picker input[type=search]');
      await day.waitForSelector('.picker .match-label');
      expect(await shownChoices()).toEqual(groups);
      expect(await day.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await screenshot(day, 'department-picker-groups-on-open-phone');
      await day.setViewport({ width: 1366, height: 900 });
    });

    it('opens the workload on the current semester with each teacher’s planned, given (before today) and remaining hours', async () => {
      await openSection(day, 'department-workload', 'Нагрузка кафедры');
      const caption = 'Академические часы преподавателей: план, проведено, осталось';
      await day.waitForFunction((text) => Array.from(document.querySelectorAll('table caption')).some((node) => node.textContent === text), {}, caption);
      expect(await day.$eval(await controlByLabel(day, 'С'), (input) => (input as HTMLInputElement).value)).toBe(u.semester.startDate);
      expect(await day.$eval(await controlByLabel(day, 'По'), (input) => (input as HTMLInputElement).value)).toBe(u.semester.endDate);
      const report = async (endDate: string) =>
        (await departmentClient.get(`/api/workload/teachers?startDate=${u.semester.startDate}&endDate=${endDate}`)).body as { name: string; academicHours: number }[];
      const planned = await report(u.semester.endDate);
      const given = await report('2026-10-14');
      const rows = await day.$$eval('table', (tables, text) => {
        const table = tables.find((node) => node.querySelector('caption')?.textContent === text);
        return Array.from(table?.querySelectorAll('tbody tr') ?? []).map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''));
      }, caption);
      expect(rows.length).toBe(2);
      for (const row of planned) {
        const done = given.find((item) => item.name === row.name)?.academicHours ?? 0;
        expect(done).toBeGreaterThan(0);
        expect(done).toBeLessThan(row.academicHours);
        expect(rows.find((cells) => cells[0] === row.name)?.slice(0, 4)).toEqual([row.name, String(row.academicHours), String(done), String(row.academicHours - done)]);
      }
      await screenshot(day, 'department-workload-planned-given');
      expect(await seriousAccessibilityViolations(day)).toEqual([]);
      await day.setViewport(PHONE_55);
      expect(await day.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(day, 'department-workload-planned-given-phone');
      await day.setViewport({ width: 1366, height: 900 });
    });

    it('approving an absence and a preference says so and keeps each row with its new status until the list is loaded again', async () => {
      const teacherClient = await t.as('alpha').login(u.teachers[1].username, PASSWORD);
      const absence = await createAbsence(teacherClient, { teacherId: u.teachers[1].id, startDate: '2026-11-10', endDate: '2026-11-12', reason: 'Курсы повышения квалификации' });
      await createPreference(teacherClient, { semesterId: u.semester.id, preferenceType: 'SOFT_PREFERRED', dayOfWeek: 4, timeSlotId: u.timeSlots[1].id });
      const teacherName = u.teachers[1].fullName;

      await day.setViewport(PHONE_55);
      await openSection(day, 'absences', 'Отсутствия преподавателей');
      await day.waitForSelector(`button[aria-label^="Утвердить: отсутствие ${teacherName}"]`);
      await day.click(`button[aria-label^="Утвердить: отсутствие ${teacherName}"]`);
      await day.waitForFunction(() => document.querySelector('main [role=status]')?.textContent?.startsWith('Отсутствие утверждено'));
      expect(await day.$eval('main [role=status]', (node) => node.textContent)).toBe(`Отсутствие утверждено: ${teacherName}, 10.11 (вт) – 12.11 (чт)`);
      // The list still filters «waiting», yet the row stays, reading its new status.
      const absenceRow = await day.$$eval('table tbody tr', (trs, name) => trs.filter((tr) => tr.textContent?.includes(name)).map((tr) => tr.textContent ?? ''), teacherName);
      expect(absenceRow).toHaveLength(1);
      expect(absenceRow[0]).toContain('Подтверждено');
      expect(((await departmentClient.get(`/api/teacher-absences?status=APPROVED`)).body as { id: number }[]).map((item) => item.id)).toContain(absence.id);
      expect(await day.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(day, 'department-absence-approved-phone');
      expect(await seriousAccessibilityViolations(day)).toEqual([]);

      await day.setViewport({ width: 1366, height: 900 });
      await openSection(day, 'preferences', 'Пожелания преподавателей');
      await day.waitForSelector(`button[aria-label^="Утвердить:"][aria-label*="${teacherName}"]`);
      await day.click(`button[aria-label^="Утвердить:"][aria-label*="${teacherName}"]`);
      await day.waitForFunction(() => document.querySelector('main [role=status]')?.textContent?.startsWith('Пожелание утверждено'));
      const preferenceRow = await day.$$eval('table tbody tr', (trs, name) => trs.filter((tr) => tr.textContent?.includes(name)).map((tr) => tr.textContent ?? ''), teacherName);
      expect(preferenceRow).toHaveLength(1);
      expect(preferenceRow[0]).toContain('утверждено');
      await screenshot(day, 'department-preference-approved');
      // Loaded again (the status filter chosen anew): a waiting list has no such row any more.
      await day.select(await controlByLabel(day, 'Статус'), '');
      await day.select(await controlByLabel(day, 'Статус'), 'PENDING');
      await day.waitForFunction((name) => !document.querySelector('main [aria-busy="true"]') && !document.querySelector('table tbody')?.textContent?.includes(name), {}, teacherName);
      expect(await day.$('main [role=status]')).toBeNull();
    });
  });

  // Placed last: the extra teacher it links would change the department's counts the tests above check.
  it('lists the teachers of a chosen date as the API answers for that date, and shows a refused date at the field', async () => {
    // A teacher of another department, linked to this one additionally since 1 October 2026.
    const elsewhere = await createDepartment(admin);
    const newcomer = await createUser(admin, { role: 'TEACHER', departmentId: elsewhere.id, fullName: 'Крылова Анна Сергеевна' });
    expect((await departmentClient.post(`/api/department/teachers/${newcomer.id}/assignments`, {})).status).toBe(200);
    await t.sql('alpha', `UPDATE user_department_assignments SET valid_from = '2026-10-01' WHERE user_id = $1 AND department_id = $2`, [newcomer.id, u.department.id]);
    const onDate = async (date: string) =>
      ((await departmentClient.get(`/api/users/teachers/by-department/${u.department.id}?date=${date}`)).body as { fullName: string }[]).map((teacher) => teacher.fullName).sort();
    const october = await onDate('2026-10-15');
    const september = await onDate('2026-09-15');
    expect(october).toContain(newcomer.fullName);
    expect(september).not.toContain(newcomer.fullName);
    expect(september.length).toBe(2);

    await open('department-teachers', 'Преподаватели кафедры');
    for (const [date, caption, expected] of [
      ['2026-10-15', 'Преподаватели кафедры на 15 октября 2026 г.', october],
      ['2026-09-15', 'Преподаватели кафедры на 15 сентября 2026 г.', september],
    ] as const) {
      await setDate('На дату', date);
      // The caption follows the field at once; the rows are the date's once the table is no longer busy.
      await page.waitForFunction(
        (text) => Array.from(document.querySelectorAll('table caption')).some((node) => node.textContent === text && !node.closest('[aria-busy="true"]')),
        {},
        caption,
      );
      expect((await columnOf(caption, 2)).sort()).toEqual(expected);
    }
    await screenshot(page, 'department-teachers-on-date');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A year of five digits is no date for the API: its 400 message stands at «На дату», the field keeps it.
    await setDate('На дату', '20266-09-15');
    await page.waitForFunction(() => document.querySelector('.field [role=alert]'));
    const refusal = await departmentClient.get(`/api/users/teachers/by-department/${u.department.id}?date=20266-09-15`);
    expect(refusal.status).toBe(400);
    expect(await errorNextTo(page, 'На дату')).toBe(refusal.body.message);
    expect(await page.$eval(await controlByLabel(page, 'На дату'), (input) => (input as HTMLInputElement).value)).toBe('20266-09-15');
    await screenshot(page, 'department-teachers-refused-date');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A year still being typed (0202) is not asked for: the field says the date is incomplete.
    await setDate('На дату', '0202-09-15');
    await page.waitForFunction(() => /не полностью/.test(document.querySelector('.field [role=alert]')?.textContent ?? ''));

    // Emptied: today's list again.
    await setDate('На дату', '');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('table caption')).some((node) => node.textContent === 'Преподаватели кафедры на сегодня'));
    const today = ((await departmentClient.get('/api/department/teachers')).body as { fullName: string }[]).map((teacher) => teacher.fullName).sort();
    expect((await columnOf('Преподаватели кафедры на сегодня', 2)).sort()).toEqual(today);
  });

  it('lists exactly its own groups with size, course, specialty, subgroups and study state, and none of another department', async () => {
    // A second group of this department with two subgroups, and a group of another department.
    const own = await createStudySetup(admin, u.department);
    const second = await createGroup(admin, own, { name: 'ИВТ-21', groupSize: 24 });
    await createSubgroup(admin, second.id, 'ИВТ-21/1', 12);
    await createSubgroup(admin, second.id, 'ИВТ-21/2', 12);
    const foreign = await createGroup(admin, await createStudySetup(admin), { name: 'ХИМ-11' });

    await open('department-groups', 'Группы кафедры');
    const groups = (await departmentClient.get(`/api/groups/${u.department.id}`)).body as { id: number; name: string; groupSize: number; course: number; specialtyCode: string; studyStateName: string }[];
    expect(groups.map((group) => group.name)).toEqual(expect.arrayContaining([u.groups[0].name, second.name]));
    const names = await columnOf('Группы кафедры', 1);
    expect([...names].sort()).toEqual(groups.map((group) => group.name).sort());
    expect(names).not.toContain(foreign.name);
    // Each row carries the API's size, specialty and study state, and its subgroups as the API lists them.
    const rows = await page.$$eval('table tbody tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((cell) => cell.textContent ?? '')));
    for (const group of groups) {
      const row = rows.find((cells) => cells[0] === group.name)!;
      expect(row[1]).toBe(String(group.groupSize));
      expect(row[2]).toBe(group.course > 0 ? String(group.course) : 'не начато');
      expect(row[4]).toContain(group.specialtyCode);
      expect(row[7]).toBe(group.studyStateName);
      const subgroups = (await departmentClient.get(`/api/groups/${group.id}/subgroups`)).body as { name: string; studentCapacity: number }[];
      for (const subgroup of subgroups) expect(row[6]).toContain(`${subgroup.name} (${subgroup.studentCapacity})`);
      if (subgroups.length === 0) expect(row[6]).toBe('нет');
    }
    expect(rows.find((cells) => cells[0] === second.name)![6]).toBe('ИВТ-21/1 (12), ИВТ-21/2 (12)');
    // The API keeps another department's groups from it as well.
    expect((await departmentClient.get(`/api/groups/${foreign.departmentId}`)).status).toBe(403);
    await screenshot(page, 'department-groups');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewport(PHONE);
    await page.evaluate(() => (location.hash = '#department-workspace'));
    await open('department-groups', 'Группы кафедры');
    await screenshot(page, 'department-groups-phone');
    await page.setViewport(WIDE);
  });
});
