/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { createDepartment, createUser, DepartmentBody, expectErrorBody, PASSWORD, UserBody } from './support/factories';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, errorNextTo, openSection, replaceText } from './support/web-client';

/**
 * Issue 45 §8, the people an office and a department work with: the administrator's user card changes
 * a user's full name, job title and role (not one's own role, not a teacher's, not into a teacher),
 * and a department links a teacher of another department by the login the teacher tells, not by a
 * number only an administrator knows.
 */
const LAPTOP = { width: 1366, height: 900 };

describe('the user card and the department’s teachers (issue 45 §8)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let home: DepartmentBody;
  let other: DepartmentBody;
  let viewer: UserBody;
  let teacher: UserBody;
  let stranger: UserBody;
  let department: UserBody;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    home = await createDepartment(admin);
    other = await createDepartment(admin);
    viewer = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: home.id, fullName: 'Смотрова Вера' });
    teacher = await createUser(admin, { role: 'TEACHER', departmentId: home.id, fullName: 'Учителев Пётр' });
    stranger = await createUser(admin, { role: 'TEACHER', departmentId: other.id, fullName: 'Чужаков Иван', username: 'chuzhakov' });
    department = await createUser(admin, { role: 'DEPARTMENT', departmentId: home.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  async function newPage(): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(LAPTOP);
    return { page, watch: await watchPage(page, origin) };
  }

  const liveSessions = async (userId: number) =>
    Number((await t.sql<{ n: string }>('alpha', `SELECT count(*) AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [userId]))[0].n);

  describe('PUT /api/users/{id}', () => {
    it('changes the full name, job title and role; a role change ends the user’s sessions', async () => {
      await t.as('alpha').login(viewer.username, PASSWORD);
      expect(await liveSessions(viewer.id)).toBeGreaterThan(0);
      const changed = await admin.put(`/api/users/${viewer.id}`).send({ fullName: 'Смотрова Вера Ивановна', jobTitle: 'Методист', role: 'EDUCATION_OFFICE' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: viewer.id, fullName: 'Смотрова Вера Ивановна', jobTitle: 'Методист', role: 'EDUCATION_OFFICE' });
      expect(await liveSessions(viewer.id)).toBe(0);
      // A name alone keeps the sessions.
      await t.as('alpha').login(viewer.username, PASSWORD);
      await admin.put(`/api/users/${viewer.id}`).send({ fullName: 'Смотрова В. И.', role: 'EDUCATION_OFFICE' });
      expect(await liveSessions(viewer.id)).toBeGreaterThan(0);
    });

    it('refuses one’s own role, a teacher’s role, a new teacher, a blank name and any other role than ADMIN, changing nothing', async () => {
      const me = (await admin.get('/api/auth/me')).body as { userId: number };
      const cases: [number, Record<string, unknown>, string, string][] = [
        [me.userId, { fullName: 'Администратор', role: 'EDUCATION_OFFICE' }, 'role', 'Свою роль изменить нельзя: это делает другой администратор'],
        [teacher.id, { fullName: teacher.fullName, role: 'STUDENT' }, 'role', 'Роль преподавателя не меняется: его занятия и нагрузка в расписании записаны за преподавателем'],
        [viewer.id, { fullName: 'Смотрова', role: 'TEACHER' }, 'role', 'Преподаватель создаётся по заявке кафедры или как новый пользователь с ролью «преподаватель»'],
      ];
      for (const [id, body, field, message] of cases) {
        const response = await admin.put(`/api/users/${id}`).send(body);
        expect(response.status).toBe(400);
        expectErrorBody(response.body, 400, `/api/users/${id}`, message);
        expect(response.body.field).toBe(field);
      }
      expect((await admin.put(`/api/users/${teacher.id}`).send({ fullName: '  ', role: 'TEACHER' })).body).toMatchObject({ status: 400, field: 'fullName' });
      expect((await admin.put(`/api/users/${teacher.id}`).send({ fullName: 'Кто-то', role: 'KING' })).body).toMatchObject({ status: 400, field: 'role' });
      expect((await admin.put('/api/users/999999').send({ fullName: 'Кто-то', role: 'STUDENT' })).status).toBe(404);
      const office = await t.as('alpha').login(viewer.username, PASSWORD);
      expect((await office.put(`/api/users/${teacher.id}`).send({ fullName: 'Кто-то', role: 'TEACHER' })).status).toBe(403);
      const rows = await t.sql<{ full_name: string; role: string }>('alpha', `SELECT full_name, role FROM users WHERE id = $1`, [teacher.id]);
      expect(rows).toEqual([{ full_name: 'Учителев Пётр', role: 'TEACHER' }]);
    });
  });

  it('the administrator changes a name and a role on the user card; a refused role is shown at its field with the input kept', async () => {
    const { page, watch } = await newPage();
    await openSection(page, origin, 'admin', 'users', ADMIN.username, ADMIN.password);
    await openCard(page, teacher);
    await replaceText(page, await controlByLabel(page, 'ФИО пользователя'), 'Учителев Пётр Петрович');
    await page.select(await controlByLabel(page, 'Роль пользователя'), 'STUDENT');
    await clickButton(page, 'Сохранить данные');
    await page.waitForFunction(() => document.querySelector('dialog[open] .field-invalid') !== null);
    expect(await errorNextTo(page, 'Роль пользователя')).toBe('Роль преподавателя не меняется: его занятия и нагрузка в расписании записаны за преподавателем');
    expect(await page.$eval(await controlByLabel(page, 'ФИО пользователя'), (input) => (input as HTMLInputElement).value)).toBe('Учителев Пётр Петрович');
    await screenshot(page, 'user-card-role-refused');
    await page.select(await controlByLabel(page, 'Роль пользователя'), 'TEACHER');
    await clickButton(page, 'Сохранить данные');
    await page.waitForFunction(() => document.querySelector('dialog[open] [role=status]')?.textContent === 'Данные пользователя сохранены');
    expect((await t.sql<{ full_name: string }>('alpha', `SELECT full_name FROM users WHERE id = $1`, [teacher.id]))[0].full_name).toBe('Учителев Пётр Петрович');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectQuietPage(watch);
  });

  it('changing a role asks once in the page, saying the user’s sessions end; Escape changes nothing, the answer does (issue 55)', async () => {
    const methodist = await createUser(admin, { role: 'SCHEDULE_VIEWER', departmentId: home.id, fullName: 'Методистова Ольга' });
    for (const [viewport, shot, role] of [
      [LAPTOP, 'user-card-role-confirm', 'EDUCATION_OFFICE'],
      [{ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, 'user-card-role-confirm-phone', 'DEPARTMENT'],
    ] as const) {
      await t.as('alpha').login(methodist.username, PASSWORD);
      const before = (await t.sql<{ role: string }>('alpha', `SELECT role FROM users WHERE id = $1`, [methodist.id]))[0].role;
      const { page, watch } = await newPage();
      await page.setViewport(viewport);
      await openSection(page, origin, 'admin', 'users', ADMIN.username, ADMIN.password);
      await openCard(page, methodist);
      await page.select(await controlByLabel(page, 'Роль пользователя'), role);
      const question = async () => {
        await clickButton(page, 'Сохранить данные');
        await page.waitForFunction(() => Array.from(document.querySelectorAll('dialog[open] h2')).some((title) => title.textContent === 'Сменить роль?'));
        return page.$$eval('dialog[open] .confirm-body p', (lines) => lines.map((line) => line.textContent ?? ''));
      };
      const lines = await question();
      expect(lines[1]).toBe('Все его сеансы завершатся: на каждом устройстве ему придётся войти снова, и он увидит разделы новой роли.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, shot);
      // Escape answers no: nothing is sent, the card keeps the chosen role.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !Array.from(document.querySelectorAll('dialog[open] h2')).some((title) => title.textContent === 'Сменить роль?'));
      expect((await t.sql<{ role: string }>('alpha', `SELECT role FROM users WHERE id = $1`, [methodist.id]))[0].role).toBe(before);
      expect(await liveSessions(methodist.id)).toBeGreaterThan(0);
      expect(await page.$eval(await controlByLabel(page, 'Роль пользователя'), (select) => (select as HTMLSelectElement).value)).toBe(role);
      // Asked again, once, and confirmed: the role changes and the sessions end.
      await question();
      await clickButton(page, 'Сменить роль и завершить сеансы');
      await page.waitForFunction(() => document.querySelector('dialog[open] [role=status]')?.textContent?.includes('сеансы пользователя завершены'));
      expect((await t.sql<{ role: string }>('alpha', `SELECT role FROM users WHERE id = $1`, [methodist.id]))[0].role).toBe(role);
      expect(await liveSessions(methodist.id)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expectQuietPage(watch);
    }
  });

  it('a department links a teacher of another department by their login; an unknown login is refused at the field', async () => {
    const { page, watch } = await newPage();
    await openSection(page, origin, 'admin', 'department-teachers', department.username);
    expect(await page.$$eval('label', (labels) => labels.map((label) => label.textContent))).not.toContain('Номер преподавателя');
    await page.type(await controlByLabel(page, 'Логин преподавателя'), 'nobody-here');
    await page.type(await controlByLabel(page, 'Комментарий к привязке'), 'Совместительство');
    await clickButton(page, 'Привязать');
    await page.waitForFunction(() => document.querySelector('.field-invalid') !== null);
    expect(await errorNextTo(page, 'Логин преподавателя')).toBe('Преподаватель с логином «nobody-here» не найден');
    expect(await page.$eval(await controlByLabel(page, 'Комментарий к привязке'), (input) => (input as HTMLInputElement).value)).toBe('Совместительство');
    await replaceText(page, await controlByLabel(page, 'Логин преподавателя'), 'ChuzhAkov');
    await clickButton(page, 'Привязать');
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent?.includes('привязан'));
    expect(await page.$eval('[role=status]', (node) => node.textContent)).toContain(`${stranger.fullName} (chuzhakov) привязан(а) к кафедре «${home.departmentName}»`);
    await page.waitForFunction((name) => document.querySelector('table tbody')?.textContent?.includes(name), {}, stranger.fullName);
    const [link] = await t.sql<{ is_primary: boolean }>('alpha', `SELECT is_primary FROM user_department_assignments WHERE user_id = $1 AND department_id = $2`, [stranger.id, home.id]);
    expect(link).toEqual({ is_primary: false });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'department-link-by-login');
    expectQuietPage(watch, /status of (400|404|409)/);
  });

  async function openCard(page: Page, user: UserBody): Promise<void> {
    await page.type(await controlByLabel(page, 'Поиск: логин, ФИО или должность'), user.username);
    const label = `Открыть: ${user.fullName} (${user.username})`;
    await page.waitForFunction(
      (text) => {
        const buttons = Array.from(document.querySelectorAll('main table button[aria-label^="Открыть:"]'));
        return !document.querySelector('main [aria-busy]') && buttons.length === 1 && buttons[0].getAttribute('aria-label') === text;
      },
      {},
      label,
    );
    await page.click(`button[aria-label="${label}"]`);
    await page.waitForSelector('dialog[open] .user-card');
  }

  async function clickButton(page: Page, text: string): Promise<void> {
    await page.waitForFunction((wanted) => Array.from(document.querySelectorAll('button')).some((button) => button.textContent?.trim() === wanted && !button.disabled), {}, text);
    await page.evaluate((wanted) => (Array.from(document.querySelectorAll('button')).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text);
  }
});
