/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { TENANT_MESSAGES } from '../src/tenants/tenants.service';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, signIn } from './support/web-client';
import { createDepartment, createUser, DepartmentBody, PASSWORD, UserBody } from './support/factories';
import { createSecretRole, dropRole } from './support/tenant-admin-helpers';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { createTestDatabase, dropTestDatabase, jdbcUrl } from './support/test-database';

/**
 * The administrator's screens of issue 25 in a real Chromium against the real service (tenant
 * `alpha`): «Пользователи» (search, filters, order and pages as the API gives them; create with a
 * refusal at its field; archive and restore; e-mail; password reset; department transfer with its
 * history), «Заявки на преподавателей» (approve with a password, reject with a reason) and
 * «Университеты» (the tenants with their connection state, adding one after the API's connection
 * check, a failing check that adds nothing, removal confirmed by typing the domain). Every check
 * compares the page with what the API answers or stores; logins go through the real login endpoint.
 * The universities' databases are real databases of the test PostgreSQL, reached with a login role
 * created for this file (its password must never come back to the page).
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };


interface PageBody<T> {
  items: T[];
  totalItems: number;
  totalPages: number;
}

interface RequestBody {
  id: number;
  username: string;
  fullName: string;
  status: string;
  reviewComment: string | null;
  createdUserId: number | null;
}

describe('the administrator in the web client: users, teacher-creation requests, universities', () => {
  let t: TestApp;
  let admin: TenantClient;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let chemistry: DepartmentBody;
  let physics: DepartmentBody;
  let secret: { username: string; password: string };
  const extraDatabases: string[] = [];

  beforeAll(async () => {
    secret = await createSecretRole('webadmin');
    // One university whose database never answers (nothing listens on port 1): its state is «нет связи».
    t = await startTestApp({
      tenants: ['alpha'],
      env: { DB_TEST_TIMEOUT_MS: '2000' },
      extraTenants: [{ name: 'Закрытый университет', domain: 'closed', url: 'jdbc:postgresql://127.0.0.1:1/closed', username: 'nobody', password: 'unused-password' }],
    });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    chemistry = await createDepartment(admin, { departmentName: 'Кафедра химии' });
    physics = await createDepartment(admin, { departmentName: 'Кафедра физики' });

    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForFunction(() => document.querySelector('#page-title') !== null);
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
    for (const name of extraDatabases) await dropTestDatabase(name);
    if (secret) await dropRole(secret.username);
  });

  afterEach(() => {
    expect(watch.foreignRequests).toEqual([]);
    // The browser logs each refused request; the refusals these tests provoke are shown on the page.
    expect(watch.consoleErrors.filter((line) => !/status of (400|409|503)/.test(line))).toEqual([]);
  });

  /** Opens the section afresh (a reload: no filter or typed value of an earlier test stays). */
  async function open(section: string, title: string): Promise<void> {
    // A blank page between: going to the very same address would only move within the page.
    await page.goto('about:blank');
    await page.goto(`${origin}/admin/#${section}`);
    await settled(title);
  }

  async function settled(title: string): Promise<void> {
    await page.waitForFunction((text) => document.querySelector('#page-title')?.textContent === text, {}, title);
    await page.waitForFunction(() => !document.querySelector('main .status') && !document.querySelector('main [aria-busy]'));
  }

  /** The control labelled `label` inside the form named `form` (labels repeat between forms). */
  async function inForm(form: string, label: string): Promise<string> {
    const id = await page.evaluate(
      (formName, text) => {
        const scope = document.querySelector(`form[aria-label="${formName}"]`);
        const found = Array.from(scope?.querySelectorAll('label') ?? []).find((item) => item.textContent?.trim() === text);
        return found?.htmlFor ?? null;
      },
      form,
      label,
    );
    if (!id) throw new Error(`no control labelled «${label}» in the form «${form}»`);
    return `[id="${id}"]`;
  }

  /** Sets an input's value as a user's edit would (date inputs do not take typed text reliably). */
  async function setValue(selector: string, value: string): Promise<void> {
    await page.$eval(
      selector,
      (input, text) => {
        (input as HTMLInputElement).value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  }

  async function submit(form: string): Promise<void> {
    await page.click(`form[aria-label="${form}"] button[type=submit]`);
  }

  /** Waits for the form's success line or refusal (the form's own or a field's) and returns its text. */
  async function outcome(form: string): Promise<string> {
    const scope = `form[aria-label="${form}"]`;
    const handle = await page.waitForSelector(`${scope} > [role=status], ${scope} > [role=alert], ${scope} .field [role=alert]`);
    return (await handle!.evaluate((node) => node.textContent)) ?? '';
  }

  const tableRows = (caption: string) =>
    page.$$eval(
      'table',
      (tables, text) => {
        const table = tables.find((item) => item.querySelector('caption')?.textContent?.startsWith(text));
        return Array.from(table?.querySelectorAll('tbody tr') ?? []).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent ?? ''));
      },
      caption,
    );

  const canSignIn = async (username: string, password: string) => (await t.as('alpha').post('/api/auth/login', { username, password })).status === 200;

  const usersPage = async (query: string) => (await admin.get(`/api/users/page?${query}`)).body as PageBody<UserBody & { email?: string }>;

  async function openUser(user: { fullName: string; username: string }): Promise<void> {
    await setValue(await controlByLabel(page, 'Поиск: логин, ФИО или должность'), user.username);
    const label = `Открыть: ${user.fullName} (${user.username})`;
    // The unfiltered list may already hold the row: wait until the search has narrowed it to this one
    // user and the table is at rest, or the click lands where the row was before the list re-rendered.
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

  async function closeDialog(): Promise<void> {
    await page.click('dialog[open] .dialog-head button');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  }

  /**
   * At phone width nothing sticks out of the page sideways (tables scroll inside their frame). A
   * change to or from a mobile viewport reloads the page, so each waits for the section again.
   */
  async function fitsPhone(name: string, title: string): Promise<void> {
    await page.setViewport(PHONE);
    await settled(title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, `${name}-phone`);
    await page.setViewport(WIDE);
    await settled(title);
  }

  describe('«Пользователи»', () => {
    it('creates a user who can then sign in; a taken login is refused at «Логин» with the input kept', async () => {
      await open('users', 'Пользователи');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const form = 'Новый пользователь';
      await page.type(await controlByLabel(page, 'Логин'), 'smirnova');
      await page.type(await inForm(form, 'Пароль'), 'start-pass-1');
      await page.select(await inForm(form, 'Роль'), 'EDUCATION_OFFICE');
      await page.type(await controlByLabel(page, 'ФИО'), 'Смирнова Анна Петровна');
      await page.type(await controlByLabel(page, 'Должность'), 'методист');
      await page.select(await controlByLabel(page, 'Основная кафедра'), String(chemistry.id));
      await submit(form);
      expect(await outcome(form)).toBe('Создан пользователь «Смирнова Анна Петровна» (логин smirnova, учебный отдел, Кафедра химии)');
      const stored = await usersPage('query=smirnova');
      expect(stored.items).toEqual([
        expect.objectContaining({ username: 'smirnova', role: 'EDUCATION_OFFICE', fullName: 'Смирнова Анна Петровна', jobTitle: 'методист', departmentId: chemistry.id, status: 'ACTIVE' }),
      ]);
      expect(await canSignIn('smirnova', 'start-pass-1')).toBe(true);
      // The list shows the new user and the form is empty again.
      await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('Смирнова Анна Петровна'));
      expect(await page.$eval(await controlByLabel(page, 'Логин'), (input) => (input as HTMLInputElement).value)).toBe('');

      // The same login again: the API's 409 message at «Логин», every typed value kept.
      await page.type(await controlByLabel(page, 'Логин'), 'smirnova');
      await page.type(await inForm(form, 'Пароль'), 'other-pass-2');
      await page.type(await controlByLabel(page, 'ФИО'), 'Смирнова Алла');
      await page.select(await controlByLabel(page, 'Основная кафедра'), String(physics.id));
      await submit(form);
      await page.waitForFunction(() => document.querySelector('form[aria-label="Новый пользователь"] [role=alert]'));
      const refusal = await admin.post('/api/users', { username: 'smirnova', password: 'other-pass-2', role: 'TEACHER', fullName: 'Смирнова Алла', departmentId: physics.id });
      expect(refusal.status).toBe(409);
      expect(await errorNextTo(page, 'Логин')).toBe(refusal.body.message);
      expect(await page.$eval(await controlByLabel(page, 'Логин'), (input) => (input as HTMLInputElement).value)).toBe('smirnova');
      expect(await page.$eval(await controlByLabel(page, 'ФИО'), (input) => (input as HTMLInputElement).value)).toBe('Смирнова Алла');
      expect(await page.$eval(await controlByLabel(page, 'Основная кафедра'), (select) => (select as HTMLSelectElement).value)).toBe(String(physics.id));
      expect((await usersPage('query=smirnova')).totalItems).toBe(1);

      // A password shorter than 8 characters: the API's message at «Пароль».
      await page.type(await controlByLabel(page, 'Логин'), '2');
      await setValue(await inForm(form, 'Пароль'), 'short');
      await submit(form);
      expect(await outcome(form)).toMatch(/«password»/);
      const short = await admin.post('/api/users', { username: 'smirnova2', password: 'short', role: 'TEACHER', fullName: 'Смирнова Алла', departmentId: physics.id });
      expect(short.status).toBe(400);
      expect(await errorNextTo(page, 'Пароль')).toBe(short.body.message);
      await screenshot(page, 'users-create-refused');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });

    it('searches, filters, orders and pages as the API does', async () => {
      // 23 teachers of physics named «Лаптев…», two of them archived, plus one office user of the same name.
      const made: UserBody[] = [];
      for (let index = 1; index <= 23; index++) {
        made.push(await createUser(admin, { role: 'TEACHER', departmentId: physics.id, username: `laptev${String(index).padStart(2, '0')}`, fullName: `Лаптев ${String.fromCharCode(0x410 + ((index * 7) % 23))}. Б.` }));
      }
      await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: physics.id, username: 'laptev-office', fullName: 'Лаптев Офисный' });
      for (const user of made.slice(0, 2)) expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);

      await open('users', 'Пользователи');
      await setValue(await controlByLabel(page, 'Поиск: логин, ФИО или должность'), 'лаптев');
      await page.select(await controlByLabel(page, 'Роль'), 'TEACHER');
      await page.select(await controlByLabel(page, 'Кафедра'), String(physics.id));
      const filter = `query=${encodeURIComponent('лаптев')}&role=TEACHER&departmentId=${physics.id}&size=20`;
      const first = await usersPage(`${filter}&page=0`);
      expect(first.totalItems).toBe(21);
      await page.waitForFunction(() => document.querySelector('caption')?.textContent === 'Пользователи: 21' && !document.querySelector('main [aria-busy]'));
      expect((await tableRows('Пользователи')).map((row) => row[1])).toEqual(first.items.map((user) => user.username));
      expect(await page.$eval('nav[aria-label="Страницы: Пользователи"] span', (node) => node.textContent)).toBe('Страница 1 из 2');

      // The second page.
      await page.click('nav[aria-label="Страницы: Пользователи"] button:last-of-type');
      const second = await usersPage(`${filter}&page=1`);
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Страницы: Пользователи"] span')?.textContent === 'Страница 2 из 2' && !document.querySelector('main [aria-busy]'));
      expect((await tableRows('Пользователи')).map((row) => row[1])).toEqual(second.items.map((user) => user.username));

      // Archived ones too, ordered by login backwards (two clicks on the header), back on page 1.
      const clickHeader = (title: string) =>
        page.evaluate((text) => (Array.from(document.querySelectorAll('th button')).find((button) => button.textContent?.startsWith(text)) as HTMLButtonElement).click(), title);
      await page.click(await controlByLabel(page, 'Показывать архивных'));
      await clickHeader('Логин');
      await page.waitForFunction(() => document.querySelector('th[aria-sort=ascending]')?.textContent?.startsWith('Логин') && !document.querySelector('main [aria-busy]'));
      await clickHeader('Логин');
      const backwards = await usersPage(`${filter}&includeArchived=true&sort=username&direction=desc&page=0`);
      expect(backwards.totalItems).toBe(23);
      await page.waitForFunction(() => document.querySelector('th[aria-sort=descending]')?.textContent?.startsWith('Логин') && document.querySelector('caption')?.textContent === 'Пользователи: 23' && !document.querySelector('main [aria-busy]'));
      const rows = await tableRows('Пользователи');
      expect(rows.map((row) => row[1])).toEqual(backwards.items.map((user) => user.username));
      expect(rows.map((row) => row[5])).toEqual(backwards.items.map((user) => (user.status === 'ARCHIVED' ? 'в архиве' : 'активен')));
      // The archived two are on the last page of this order.
      await page.click('nav[aria-label="Страницы: Пользователи"] button:last-of-type');
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Страницы: Пользователи"] span')?.textContent === 'Страница 2 из 2' && !document.querySelector('main [aria-busy]'));
      expect(await tableRows('Пользователи')).toEqual([
        expect.arrayContaining(['laptev03', 'активен']),
        expect.arrayContaining(['laptev02', 'в архиве']),
        expect.arrayContaining(['laptev01', 'в архиве']),
      ]);
      await screenshot(page, 'users-list');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await fitsPhone('users-list', 'Пользователи');
    });

    it('archives a user (who can no longer sign in) and restores them', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: chemistry.id, username: 'orlov', fullName: 'Орлов Денис' });
      await open('users', 'Пользователи');
      await openUser(user);
      await page.click('xpath/.//dialog[@open]//button[text()="Отправить в архив"]');
      // A teacher's archive names the rules it ends first (issue 53): he has none here.
      await page.waitForFunction(() => document.querySelector('.rule-endings')?.textContent?.includes('Правил расписания с этой записью нет'));
      await page.click('xpath/.//dialog[@open]//button[text()="В архив и завершить правила"]');
      await page.waitForFunction(() => document.querySelector('dialog[open] .notice')?.textContent?.startsWith('Пользователь отправлен в архив'));
      expect((await usersPage('query=orlov&includeArchived=true')).items[0].status).toBe('ARCHIVED');
      expect(await canSignIn('orlov', PASSWORD)).toBe(false);
      expect(await page.$eval('dialog[open] .facts', (node) => node.textContent)).toContain('в архиве');

      await page.click('xpath/.//dialog[@open]//button[text()="Восстановить из архива"]');
      await page.waitForFunction(() => document.querySelector('dialog[open] .notice')?.textContent?.startsWith('Пользователь восстановлен'));
      expect((await usersPage('query=orlov')).items[0].status).toBe('ACTIVE');
      expect(await canSignIn('orlov', PASSWORD)).toBe(true);
      await closeDialog();

      // One's own account: neither archive nor reset is offered (the API refuses both).
      const me = (await usersPage(`query=${ADMIN.username}`)).items.find((item) => item.username === ADMIN.username)!;
      await openUser(me);
      expect(await page.$('xpath/.//dialog[@open]//button[text()="Отправить в архив"]')).toBeNull();
      expect(await page.$('dialog[open] form[aria-label="Сброс пароля"]')).toBeNull();
      await closeDialog();
    });

    it('transfers a user to another department; the history shows the transfer', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: chemistry.id, username: 'belova', fullName: 'Белова Ирина' });
      await open('users', 'Пользователи');
      await openUser(user);
      const form = 'Перевод на другую кафедру';
      await page.select(await inForm(form, 'Новая основная кафедра'), String(physics.id));
      await setValue(await inForm(form, 'Дата перевода'), '2030-02-01');
      await page.type(await inForm(form, 'Комментарий к переводу'), 'по приказу 12-к');
      await submit(form);
      expect(await outcome(form)).toBe('Перевод на кафедру «Кафедра физики» с 01.02.2030 записан');
      const history = (await admin.get(`/api/users/${user.id}/department-history`)).body as { departmentName: string; validFrom: string; validTo: string | null; comment: string | null }[];
      expect(history).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ departmentName: 'Кафедра физики', validFrom: '2030-02-01', validTo: null, comment: 'по приказу 12-к' }),
          expect.objectContaining({ departmentName: 'Кафедра химии', validTo: '2030-01-31' }),
        ]),
      );
      await page.waitForFunction(() => document.querySelector('dialog[open] table tbody')?.textContent?.includes('по приказу 12-к'));
      const shown = await tableRows('Привязки к кафедрам: Белова Ирина');
      expect(shown).toEqual(expect.arrayContaining([['Кафедра физики', 'основная', '01.02.2030', 'без срока', 'по приказу 12-к'], expect.arrayContaining(['Кафедра химии', 'основная', '31.01.2030'])]));

      // An earlier date overlaps the planned transfer: the API's 409 at «Дата перевода», input kept.
      await setValue(await inForm(form, 'Дата перевода'), '2030-01-15');
      await submit(form);
      expect(await outcome(form)).toMatch(/запланирован/);
      const refusal = await admin.post(`/api/users/${user.id}/department-transfer`, { departmentId: physics.id, validFrom: '2030-01-15' });
      expect(refusal.status).toBe(409);
      expect(await errorNextTo(page, 'Дата перевода')).toBe(refusal.body.message);
      expect(await page.$eval(await inForm(form, 'Комментарий к переводу'), (input) => (input as HTMLInputElement).value)).toBe('по приказу 12-к');
      await screenshot(page, 'users-card');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await closeDialog();
    });

    it('links a teacher to an additional department from today; linking to the primary one is refused at «Кафедра»', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: chemistry.id, username: 'gromov', fullName: 'Громов Глеб' });
      await open('users', 'Пользователи');
      await openUser(user);
      const form = 'Дополнительная кафедра';
      await page.select(await inForm(form, 'Кафедра'), String(physics.id));
      await page.type(await inForm(form, 'Комментарий к привязке'), 'совместительство');
      await submit(form);
      expect(await outcome(form)).toMatch(/^Дополнительная кафедра «Кафедра физики» с \d\d\.\d\d\.\d{4} записана$/);
      const history = (await admin.get(`/api/users/${user.id}/department-history`)).body as { departmentName: string; primary: boolean; validTo: string | null; comment: string | null }[];
      expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ departmentName: 'Кафедра физики', primary: false, validTo: null, comment: 'совместительство' })]));
      await page.waitForFunction(() => document.querySelector('dialog[open] table tbody')?.textContent?.includes('совместительство'));
      expect(await tableRows('Привязки к кафедрам: Громов Глеб')).toEqual(expect.arrayContaining([expect.arrayContaining(['Кафедра физики', 'дополнительная', 'без срока', 'совместительство'])]));

      // The primary department is already his: the API's 409 stands at «Кафедра», the comment stays.
      await page.select(await inForm(form, 'Кафедра'), String(chemistry.id));
      await page.type(await inForm(form, 'Комментарий к привязке'), 'ошибка');
      await submit(form);
      await page.waitForSelector(`form[aria-label="${form}"] .field [role=alert]`);
      const refusal = await admin.post(`/api/department/teachers/${user.id}/assignments`, { departmentId: chemistry.id });
      expect(refusal.status).toBe(409);
      const shown = await page.$eval(`form[aria-label="${form}"] .field [role=alert]`, (node) => ({ text: node.textContent, label: node.closest('.field')?.querySelector('label')?.textContent }));
      expect(shown).toEqual({ text: refusal.body.message, label: 'Кафедра' });
      expect(await page.$eval(await inForm(form, 'Комментарий к привязке'), (input) => (input as HTMLInputElement).value)).toBe('ошибка');
      await screenshot(page, 'users-card-additional-department');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await closeDialog();
    });

    it('sets a new password (the user signs in with it, not the old one) and the e-mail address', async () => {
      const user = await createUser(admin, { role: 'TEACHER', departmentId: chemistry.id, username: 'zotov', fullName: 'Зотов Павел' });
      await open('users', 'Пользователи');
      await openUser(user);
      await page.type(await inForm('Сброс пароля', 'Новый пароль'), 'fresh-pass-77');
      await submit('Сброс пароля');
      expect(await outcome('Сброс пароля')).toMatch(/^Пароль изменён/);
      expect(await canSignIn('zotov', 'fresh-pass-77')).toBe(true);
      expect(await canSignIn('zotov', PASSWORD)).toBe(false);

      await page.type(await inForm('Электронная почта пользователя', 'Адрес для уведомлений'), 'zotov@university.example');
      await submit('Электронная почта пользователя');
      expect(await outcome('Электронная почта пользователя')).toBe('Адрес для уведомлений: zotov@university.example');
      expect((await usersPage('query=zotov')).items[0].email).toBe('zotov@university.example');
      await closeDialog();
    });
  });

  describe('«Заявки на преподавателей»', () => {
    it('approves a request with the password the administrator sets (the teacher signs in) and rejects another with a reason', async () => {
      const department = await createUser(admin, { role: 'DEPARTMENT', departmentId: chemistry.id });
      const departmentClient = await t.as('alpha').login(department.username, PASSWORD);
      const submitRequest = async (username: string, fullName: string) => {
        const response = await departmentClient.post('/api/department/teacher-requests', { username, fullName, jobTitle: 'доцент', comment: 'с 1 сентября' });
        expect(response.status).toBe(200);
        return response.body as RequestBody;
      };
      const kept = await submitRequest('kuznetsov', 'Кузнецов Олег');
      const refused = await submitRequest('popova', 'Попова Нина');

      await open('teacher-requests', 'Заявки на преподавателей');
      expect((await tableRows('Заявки на создание преподавателей')).map((row) => row[1]).sort()).toEqual(['kuznetsov', 'popova']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'teacher-requests');
      await fitsPhone('teacher-requests', 'Заявки на преподавателей');

      await page.click(`button[aria-label="Рассмотреть: Кузнецов Олег (kuznetsov)"]`);
      await page.waitForSelector('dialog[open] form[aria-label="Одобрить заявку"]');
      // Without a password the API refuses at «Пароль преподавателя».
      await submit('Одобрить заявку');
      await page.waitForFunction(() => document.querySelector('form[aria-label="Одобрить заявку"] .field-invalid'));
      const noPassword = await admin.post(`/api/teacher-requests/${kept.id}/approve`, { username: 'kuznetsov', password: '', fullName: 'Кузнецов Олег', jobTitle: 'доцент', departmentId: chemistry.id });
      expect(noPassword.status).toBe(400);
      expect(await errorNextTo(page, 'Пароль преподавателя')).toBe(noPassword.body.message);
      await screenshot(page, 'teacher-requests-decision');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.type(await controlByLabel(page, 'Пароль преподавателя'), 'teacher-pass-5');
      await submit('Одобрить заявку');
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      expect(await page.$eval('main .notice', (node) => node.textContent)).toBe('Заявка одобрена: создан преподаватель «Кузнецов Олег» (логин kuznetsov). Сообщите ему пароль.');
      const approved = ((await admin.get('/api/teacher-requests')).body as RequestBody[]).find((item) => item.id === kept.id)!;
      expect(approved).toMatchObject({ status: 'APPROVED', createdUserId: expect.any(Number) });
      expect(await canSignIn('kuznetsov', 'teacher-pass-5')).toBe(true);
      // The waiting list no longer has it.
      await page.waitForFunction(() => !document.querySelector('button[aria-label="Рассмотреть: Кузнецов Олег (kuznetsov)"]') && !document.querySelector('main [aria-busy]'));
      expect((await tableRows('Заявки на создание преподавателей')).map((row) => row[1])).toEqual(['popova']);

      await page.click(`button[aria-label="Рассмотреть: Попова Нина (popova)"]`);
      await page.waitForSelector('dialog[open] form[aria-label="Отклонить заявку"]');
      await page.type(await controlByLabel(page, 'Причина отказа'), 'Ставка уже занята');
      await submit('Отклонить заявку');
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      const rejected = ((await admin.get('/api/teacher-requests')).body as RequestBody[]).find((item) => item.id === refused.id)!;
      expect(rejected).toMatchObject({ status: 'REJECTED', reviewComment: 'Ставка уже занята', createdUserId: null });
      expect(await canSignIn('popova', 'teacher-pass-5')).toBe(false);

      // «Все» shows both decisions with their states.
      await page.select(await controlByLabel(page, 'Статус'), '');
      await page.waitForFunction(() => document.querySelector('caption')?.textContent === 'Заявки на создание преподавателей: 2' && !document.querySelector('main [aria-busy]'));
      const all = await tableRows('Заявки на создание преподавателей');
      expect(all.map((row) => [row[1], row[6]]).sort()).toEqual([
        ['kuznetsov', 'одобрена'],
        ['popova', 'отклонена'],
      ]);
      expect(all.find((row) => row[1] === 'popova')?.[7]).toContain('Ставка уже занята');
    });
  });

  describe('«Университеты»', () => {
    const database = async (label: string) => {
      const name = await createTestDatabase(label);
      extraDatabases.push(name);
      return name;
    };
    const listing = async () => (await admin.get('/api/database/tenants')).body as { domain: string; name: string; connected: boolean }[];

    it('lists the universities with their connection state', async () => {
      await open('universities', 'Университеты');
      await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('closed'));
      const rows = await tableRows('Университеты и их базы данных');
      const api = await listing();
      expect(rows.map((row) => row[1].replace(' (этот адрес)', '')).sort()).toEqual(api.map((tenant) => tenant.domain).sort());
      expect(rows.find((row) => row[1] === 'closed')?.[3]).toBe('нет связи');
      expect(rows.find((row) => row[1] === 'alpha (этот адрес)')?.slice(2, 4)).toEqual(['Europe/Moscow', 'подключена']);
      // No database address in the list (issue 45 §7): it is shown where it is changed.
      expect((await tableRows('Университеты и их базы данных')).flat().join(' ')).not.toContain('jdbc:');
      // This very address cannot be removed from here.
      expect(await page.$('button[aria-label="Удалить: alpha"]')).toBeNull();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'universities');
      await fitsPhone('universities', 'Университеты');
    });

    it('adds nothing when the connection check fails and shows why', async () => {
      await open('universities', 'Университеты');
      const form = 'Новый университет';
      await page.type(await inForm(form, 'Домен'), 'gamma');
      await page.type(await inForm(form, 'Адрес базы данных'), jdbcUrl(await database('gamma')));
      await page.type(await inForm(form, 'Пользователь базы данных'), secret.username);
      await page.type(await inForm(form, 'Пароль базы данных'), 'not-the-password');
      await submit(form);
      expect(await outcome(form)).toBe(TENANT_MESSAGES.checkFailed);
      expect((await listing()).map((tenant) => tenant.domain)).not.toContain('gamma');
      // The typed values stay for correction; the password is not written anywhere on the page.
      expect(await page.$eval(await inForm(form, 'Домен'), (input) => (input as HTMLInputElement).value)).toBe('gamma');
      await screenshot(page, 'universities-check-failed');
    });

    it('adds a university after a successful check, re-points it with the password typed again, and removes it after the domain is typed', async () => {
      await open('universities', 'Университеты');
      const form = 'Новый университет';
      const url = jdbcUrl(await database('beta'));
      await page.type(await inForm(form, 'Название'), 'Университет Бета');
      await page.type(await inForm(form, 'Домен'), 'Beta');
      await page.type(await inForm(form, 'Адрес базы данных'), url);
      await page.type(await inForm(form, 'Пользователь базы данных'), secret.username);
      await page.type(await inForm(form, 'Пароль базы данных'), secret.password);
      await page.type(await inForm(form, 'Часовой пояс'), 'Asia/Vladivostok');
      // The check alone first.
      await page.click('xpath/.//form[@aria-label="Новый университет"]//button[text()="Только проверить подключение"]');
      await page.waitForFunction((text) => document.querySelector('form[aria-label="Новый университет"] .inline-form [role=status]')?.textContent === text, {}, TENANT_MESSAGES.checkOk);
      expect((await listing()).map((tenant) => tenant.domain)).not.toContain('beta');
      await submit(form);
      expect(await outcome(form)).toBe(`${TENANT_MESSAGES.created}: beta`);
      expect(await listing()).toEqual(expect.arrayContaining([expect.objectContaining({ domain: 'beta', name: 'Университет Бета', connected: true, timeZone: 'Asia/Vladivostok' })]));
      await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('Университет Бета'));
      expect((await tableRows('Университеты и их базы данных')).find((row) => row[1] === 'beta')).toEqual(['Университет Бета', 'beta', 'Asia/Vladivostok', 'подключена', expect.any(String)]);
      // The new university answers on its own address, in its own time zone.
      expect((await t.as('beta').post('/api/auth/login', ADMIN)).status).toBe(200);
      expect((await t.as('beta').get('/api/university')).body).toEqual({ timeZone: 'Asia/Vladivostok' });

      // Re-pointing: the password field starts empty; typed again, the new name is saved.
      await page.click('button[aria-label="Изменить подключение: beta"]');
      const edit = 'Подключение университета beta';
      await page.waitForSelector(`dialog[open] form[aria-label="${edit}"]`);
      expect(await page.$eval(await inForm(edit, 'Пароль базы данных'), (input) => (input as HTMLInputElement).value)).toBe('');
      // The database address is shown where it is changed.
      expect(await page.$eval(await inForm(edit, 'Адрес базы данных'), (input) => (input as HTMLInputElement).value)).toBe(url);
      expect(await page.$eval(await inForm(edit, 'Домен'), (input) => (input as HTMLInputElement).readOnly)).toBe(true);
      await screenshot(page, 'universities-edit');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await setValue(await inForm(edit, 'Название'), 'Университет Бета-2');
      await page.type(await inForm(edit, 'Пароль базы данных'), secret.password);
      await submit(edit);
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      expect(await page.$eval('main > .notice', (node) => node.textContent)).toBe(`${TENANT_MESSAGES.updated}: beta`);
      expect((await listing()).find((tenant) => tenant.domain === 'beta')).toMatchObject({ name: 'Университет Бета-2', connected: true, timeZone: 'Asia/Vladivostok' });
      await page.waitForFunction(() => document.querySelector('table tbody')?.textContent?.includes('Университет Бета-2'));

      // Beta's own administrator does not administer the deployment: no «Университеты» in the menu,
      // and its address leads to another section (issue 52).
      const betaPage = await (await browser.createBrowserContext()).newPage();
      await betaPage.setViewport(WIDE);
      await betaPage.goto(`${origin.replace('//alpha.', '//beta.')}/admin/#universities`);
      await signIn(betaPage, ADMIN.username, ADMIN.password);
      await betaPage.waitForFunction(() => document.querySelector('nav.sections') !== null && document.querySelector('#page-title') !== null);
      const betaMenu = await betaPage.$$eval('nav.sections a', (links) => links.map((link) => link.textContent?.trim()));
      expect(betaMenu).toContain('Пользователи');
      expect(betaMenu).not.toContain('Университеты');
      expect(await betaPage.$eval('#page-title', (node) => node.textContent)).not.toBe('Университеты');
      await betaPage.close();
      expect((await tableRows('Университеты и их базы данных')).map((row) => row[1])).toContain('beta');

      // Removal: the dialog names the domain; the button works only once the domain is typed.
      await page.click('button[aria-label="Удалить: beta"]');
      await page.waitForSelector('dialog[open] form[aria-label="Удаление университета beta"]');
      expect(await page.$eval('dialog[open] form p strong', (node) => node.textContent)).toBe('beta');
      const removeButton = 'dialog[open] form[aria-label="Удаление университета beta"] button[type=submit]';
      expect(await page.$eval(removeButton, (button) => (button).disabled)).toBe(true);
      await page.type(await controlByLabel(page, 'Для подтверждения введите домен beta'), 'bet');
      expect(await page.$eval(removeButton, (button) => (button).disabled)).toBe(true);
      expect((await listing()).map((tenant) => tenant.domain)).toContain('beta');
      await page.type(await controlByLabel(page, 'Для подтверждения введите домен beta'), 'a');
      expect(await page.$eval(removeButton, (button) => (button).disabled)).toBe(false);
      await screenshot(page, 'universities-remove');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.click(removeButton);
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      expect(await page.$eval('main > .notice', (node) => node.textContent)).toBe(`${TENANT_MESSAGES.removed}: beta`);
      expect((await listing()).map((tenant) => tenant.domain)).not.toContain('beta');
      await page.waitForFunction(() => !document.querySelector('table tbody')?.textContent?.includes('Университет Бета'));

      // The database password was never sent back to the page.
      expect(await page.content()).not.toContain(secret.password);
      expect(JSON.stringify(await admin.get('/api/database/tenants').then((response) => response.body))).not.toContain(secret.password);
    });
  });
});
