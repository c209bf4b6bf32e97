/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { createCalendar, insertYear, YearRow, CalendarBody } from './support/calendar-builders';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage, expectQuietPage } from './support/browser';
import { createDepartment, createUser, DepartmentBody, UserBody } from './support/factories';
import { createEquipment, createSubject, EquipmentBody, SubjectBody } from './support/resource-builders';
import { createStudySetup, currentAcademicYear, StudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { rewordRefusals, signIn } from './support/web-client';

/**
 * «Справочники» (/admin/#reference-data) in a real Chromium against the real service (tenant `alpha`):
 * every list through its tab, and the table-and-form pattern doing real work: a group with two
 * subgroups and a calendar assignment (found afterwards by the schedule viewer), a classroom with
 * equipment created, changed, archived and restored, a department added, refused and removed, a
 * teacher-subject link restricted to one lesson type. The tests run in order on one page.
 */
const WIDE = { width: 1280, height: 900 };
const DIALOG = 'dialog[open]';


describe('«Справочники» in the web client: the reference lists through one table-and-form pattern', () => {
  let t: TestApp;
  let admin: TenantClient;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let setup: StudySetup;
  let year: YearRow;
  let calendar: CalendarBody;
  let projector: EquipmentBody;
  let board: EquipmentBody;
  let teacher: UserBody;
  let subject: SubjectBody;
  let emptyDepartment: DepartmentBody;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    // What the screens choose from, made through the API: the study structure, this academic year and
    // a calendar for the group's specialty, profile and form (the calendar screens are another piece).
    setup = await createStudySetup(admin, await createDepartment(admin, { departmentName: 'Кафедра информатики', departmentCode: 501 }));
    const startYear = currentAcademicYear();
    year = await insertYear(t, startYear);
    calendar = await createCalendar(admin, {
      academicYearId: year.id,
      specialtyId: setup.specialty.id,
      specialtyProfileId: setup.profile.id,
      studyFormId: setup.form.id,
      courseCount: 4,
    });
    projector = await createEquipment(admin, 'Проектор');
    board = await createEquipment(admin, 'Интерактивная доска');
    teacher = await createUser(admin, { role: 'TEACHER', departmentId: setup.department.id, fullName: 'Лебедева Анна Сергеевна' });
    subject = await createSubject(admin, setup.department.id, { name: 'Базы данных', code: 'Б1.О.12' });
    emptyDepartment = await createDepartment(admin, { departmentName: 'Кафедра философии', departmentCode: 777 });

    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#reference-data`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Справочники');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  /** The control labelled `label` inside `scope` (the open dialog unless told). */
  async function control(label: string, scope = DIALOG): Promise<string> {
    const handle = await page.waitForFunction(
      (root, text) => {
        const found = Array.from(document.querySelector(root)?.querySelectorAll('label') ?? []).find((item) => item.textContent?.trim() === text);
        return found?.htmlFor || found?.querySelector('input, select, textarea')?.id || null;
      },
      {},
      scope,
      label,
    );
    return `[id="${(await handle.jsonValue()) as string}"]`;
  }

  /** Types `value` over whatever the box held (the way a user selects all and types). */
  async function fill(label: string, value: string, scope = DIALOG): Promise<void> {
    const selector = await control(label, scope);
    await page.evaluate(
      (target) => {
        const input = document.querySelector(target) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      selector,
    );
    await page.type(selector, value);
  }

  /** Chooses the option whose text is `text` once the list has it. */
  async function choose(label: string, text: string, scope = DIALOG): Promise<void> {
    const selector = await control(label, scope);
    const value = await page.waitForFunction(
      (target, wanted) => Array.from(document.querySelectorAll<HTMLOptionElement>(`${target} option`)).find((option) => option.textContent?.trim() === wanted)?.value,
      {},
      selector,
      text,
    );
    await page.select(selector, (await value.jsonValue()) as string);
  }

  async function valueOf(label: string, scope = DIALOG): Promise<string> {
    return page.$eval(await control(label, scope), (node) => (node as HTMLInputElement).value);
  }

  /** Ticks (or unticks) the checkbox labelled `text` inside the open dialog. */
  async function tick(text: string): Promise<void> {
    const box = await page.waitForFunction(
      (root, wanted) => {
        const label = Array.from(document.querySelector(root)?.querySelectorAll('label') ?? []).find((item) => item.textContent?.trim() === wanted);
        return label?.querySelector('input') ?? (label?.htmlFor ? document.getElementById(label.htmlFor) : null);
      },
      {},
      DIALOG,
      text,
    );
    await (box as unknown as { click(): Promise<void> }).click();
  }

  /** The refusal shown next to the control labelled `label` in the open dialog. */
  async function errorAt(label: string): Promise<string | null> {
    await page.waitForSelector(`${DIALOG} [role=alert]`);
    return page.evaluate(
      (root, text) => {
        const found = Array.from(document.querySelector(root)?.querySelectorAll('label, legend') ?? []).find((item) => item.textContent?.trim() === text);
        return found?.closest('.field, fieldset')?.querySelector('[role=alert]')?.textContent ?? null;
      },
      DIALOG,
      label,
    );
  }

  async function clickButton(text: string, scope = 'body'): Promise<void> {
    await page.waitForFunction(
      (root, wanted) =>
        Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).some((button) => (button.textContent?.trim() === wanted || button.getAttribute('aria-label') === wanted) && !button.disabled),
      {},
      scope,
      text,
    );
    await page.evaluate(
      (root, wanted) => {
        const button = Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).find(
          (item) => (item.textContent?.trim() === wanted || item.getAttribute('aria-label') === wanted) && !item.disabled,
        );
        (button as HTMLButtonElement).click();
      },
      scope,
      text,
    );
  }

  /** Opens a list by its tab and waits for its table (or its empty line). */
  async function openTab(title: string): Promise<void> {
    await page.evaluate((text) => (Array.from(document.querySelectorAll('nav.entity-tabs a')).find((link) => link.textContent === text) as HTMLAnchorElement).click(), title);
    await page.waitForFunction((text) => {
      const desk = document.querySelector(`section.entity-desk[aria-label="${text}"]`);
      return desk && (desk.querySelector('table') || desk.querySelector('.empty'));
    }, {}, title);
  }

  /** The list's row that contains `text`, once a reload (which follows every change) shows it. */
  async function rowWith(title: string, text: string): Promise<string> {
    const row = await page.waitForFunction(
      (desk, wanted) =>
        Array.from(document.querySelectorAll(`section.entity-desk[aria-label="${desk}"] > .table-frame tbody tr`))
          .map((item) => item.textContent ?? '')
          .find((item) => item.includes(wanted)),
      {},
      title,
      text,
    );
    return (await row.jsonValue()) as string;
  }
  const rowTexts = (title: string) => page.$$eval(`section.entity-desk[aria-label="${title}"] > .table-frame tbody tr`, (rows) => rows.map((row) => row.textContent ?? ''));
  const notice = async (title: string) =>
    (await (await page.waitForFunction((text) => document.querySelector(`section.entity-desk[aria-label="${text}"] > .notice`)?.textContent, {}, title)).jsonValue()) as string;
  const dialogClosed = () => page.waitForFunction(() => document.querySelector('dialog[open]') === null);

  it('opens every list from its tab, keeps the chosen one in the address across a reload, and each view is accessible', async () => {
    const tabs: [string, string][] = [
      ['Кафедры', 'departments'],
      ['Специальности', 'specialties'],
      ['Формы обучения', 'education-forms'],
      ['Группы', 'groups'],
      ['Аудитории', 'classrooms'],
      ['Оборудование', 'equipment'],
      ['Дисциплины', 'subjects'],
      ['Преподаватели и дисциплины', 'teacher-subjects'],
    ];
    for (const [title, id] of tabs) {
      await openTab(title);
      expect(await page.evaluate(() => location.hash)).toBe(`#reference-data?entity=${id}`);
      expect(await page.$eval('nav.entity-tabs a[aria-current="page"]', (link) => link.textContent)).toBe(title);
      await screenshot(page, `reference-${id}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await openTab('Оборудование');
    expect(await rowTexts('Оборудование')).toEqual(expect.arrayContaining([expect.stringContaining('Проектор'), expect.stringContaining('Интерактивная доска')]));

    await openTab('Аудитории');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Аудитории"]') !== null);
    expect(await page.$eval('nav.entity-tabs a[aria-current="page"]', (link) => link.textContent)).toBe('Аудитории');
  });

  it('adds a department, shows a refused duplicate beside its field with the input kept and nothing stored, and removes one no one uses', async () => {
    await openTab('Кафедры');
    await clickButton('Добавить кафедру');
    await fill('Название', 'Кафедра прикладной математики');
    await fill('Код', '314');
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    expect(await notice('Кафедры')).toBe('Запись добавлена');
    await page.waitForFunction(() => document.body.textContent?.includes('Кафедра прикладной математики'));
    const stored = (await admin.get('/api/departments')).body as DepartmentBody[];
    expect(stored).toEqual(expect.arrayContaining([expect.objectContaining({ departmentName: 'Кафедра прикладной математики', departmentCode: 314 })]));

    // The same name again: the API's 409 is shown next to «Название», the typed values stay.
    await clickButton('Добавить кафедру');
    await fill('Название', 'Кафедра прикладной математики');
    await fill('Код', '315');
    await clickButton('Добавить', DIALOG);
    expect(await errorAt('Название')).toBe('Кафедра с таким названием уже существует');
    expect(await errorAt('Код')).toBeNull();
    expect(await valueOf('Название')).toBe('Кафедра прикладной математики');
    expect(await valueOf('Код')).toBe('315');
    expect(await page.$eval(await control('Название'), (node) => node.getAttribute('aria-invalid'))).toBe('true');
    await screenshot(page, 'reference-department-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(((await admin.get('/api/departments')).body as DepartmentBody[]).length).toBe(stored.length);
    await clickButton('Закрыть', DIALOG);
    await dialogClosed();

    // Departments are removed, not archived (spec 4.18): one in use is refused with the API's reason.
    await clickButton(`Удалить: ${setup.department.departmentName}`);
    await clickButton('Удалить', DIALOG);
    const refusal = await page.waitForFunction(() => document.querySelector('dialog[open] [role=alert]')?.textContent);
    expect(await refusal.jsonValue()).toContain('Нельзя удалить кафедру «Кафедра информатики»');
    await clickButton('Закрыть', DIALOG);
    await dialogClosed();

    await clickButton(`Удалить: ${emptyDepartment.departmentName}`);
    await clickButton('Удалить', DIALOG);
    await dialogClosed();
    expect(await notice('Кафедры')).toBe('Удалено: «Кафедра философии»');
    expect(((await admin.get('/api/departments')).body as DepartmentBody[]).map((item) => item.id)).not.toContain(emptyDepartment.id);
    await page.waitForFunction(() => !document.querySelector('section.entity-desk[aria-label="Кафедры"] tbody')?.textContent?.includes('Кафедра философии'));
  });

  it('places a refusal by the field the API names, whatever its message says (issue 42): reworded messages stay where they were', async () => {
    // «Кафедра информатики» (code 501) exists; the answers' messages are all replaced by one text.
    const reworded = 'Сообщение переписано и ничего не подсказывает';
    const stop = await rewordRefusals(page, reworded);
    try {
      await openTab('Кафедры');
      const cases: [string, string, string][] = [
        // A taken name (409, field departmentName), a taken code (409, departmentCode), a code the validator refuses (400).
        ['Кафедра информатики', '502', 'Название'],
        ['Кафедра логики', '501', 'Код'],
        ['Кафедра логики', '-5', 'Код'],
      ];
      for (const [name, code, at] of cases) {
        await clickButton('Добавить кафедру');
        await fill('Название', name);
        await fill('Код', code);
        await clickButton('Добавить', DIALOG);
        const other = at === 'Код' ? 'Название' : 'Код';
        expect({ name, code, at: await errorAt(at), other: await errorAt(other) }).toEqual({ name, code, at: reworded, other: null });
        await clickButton('Закрыть', DIALOG);
        await dialogClosed();
      }
    } finally {
      await stop();
    }
    expect(((await admin.get('/api/departments')).body as DepartmentBody[]).map((item) => item.departmentName)).not.toContain('Кафедра логики');
  });

  it('creates a group with two subgroups and this year’s calendar through the screens; the schedule viewer then finds it', async () => {
    await openTab('Группы');
    await clickButton('Добавить группу');
    await fill('Название группы', 'ИВТ-101');
    await fill('Студентов', '0');
    await fill('Год начала обучения', String(year.title.slice(0, 4)));
    await choose('Форма обучения', setup.form.name);
    await choose('Кафедра', 'Кафедра информатики (501)');
    await choose('Специальность', `${setup.specialty.specialityCode} ${setup.specialty.specialityName}`);
    await choose('Профиль', setup.profile.name);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Добавить', DIALOG);
    // A size of 0 is refused (400) at «Студентов»; every other choice is kept.
    expect(await errorAt('Студентов')).toMatch(/«groupSize»/);
    expect(await valueOf('Название группы')).toBe('ИВТ-101');
    expect(await valueOf('Профиль')).toBe(String(setup.profile.id));
    expect(((await admin.get('/api/groups')).body as unknown[]).length).toBe(0);
    await screenshot(page, 'reference-group-refused');

    await fill('Студентов', '24');
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    const [group] = (await admin.get('/api/groups')).body as { id: number; name: string; groupSize: number; course: number; studyState: string }[];
    expect(group).toMatchObject({ name: 'ИВТ-101', groupSize: 24, course: 1, studyState: 'ACTIVE' });
    await page.waitForFunction(() => document.body.textContent?.includes('ИВТ-101'));
    expect(await rowWith('Группы', 'ИВТ-101')).toContain('Обучается');

    // The division mode «two subgroups»: two equal halves.
    await clickButton('Подгруппы: ИВТ-101');
    await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Подгруппы"] .empty') !== null);
    await choose('Режим деления', 'Две подгруппы', 'section.entity-desk[aria-label="Подгруппы"]');
    await clickButton('Применить режим');
    await page.waitForFunction(() => document.querySelectorAll('section.entity-desk[aria-label="Подгруппы"] tbody tr').length === 2);
    expect(await rowTexts('Подгруппы')).toEqual([expect.stringContaining('Подгруппа 1'), expect.stringContaining('Подгруппа 2')]);
    expect((await admin.get(`/api/groups/${group.id}/subgroups`)).body).toEqual([
      expect.objectContaining({ name: 'Подгруппа 1', studentCapacity: 12 }),
      expect.objectContaining({ name: 'Подгруппа 2', studentCapacity: 12 }),
    ]);
    await screenshot(page, 'reference-group-subgroups');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The group cannot shrink below its subgroups: the API's 400 names no field, the list puts it at «Студентов».
    await clickButton('Изменить: ИВТ-101');
    expect(await valueOf('Студентов')).toBe('24');
    await fill('Студентов', '10');
    await clickButton('Сохранить', DIALOG);
    expect(await errorAt('Студентов')).toBe('Размер группы (10) не может быть меньше суммы вместимостей её подгрупп (24): сначала измените подгруппы');
    expect(await valueOf('Студентов')).toBe('10');
    expect(((await admin.get('/api/groups')).body as { groupSize: number }[])[0].groupSize).toBe(24);
    await clickButton('Закрыть', DIALOG);
    await dialogClosed();

    // This academic year's calendar (only the calendars that fit the group are offered).
    await clickButton('Учебные календари: ИВТ-101');
    await page.waitForSelector('section.entity-desk[aria-label="Учебные календари"] .empty');
    await clickButton('Назначить календарь');
    await choose('Учебный год', year.title);
    await choose('Учебный календарь', `${calendar.title} (курсов: 4)`);
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    await page.waitForFunction(() => document.querySelectorAll('section.entity-desk[aria-label="Учебные календари"] tbody tr').length === 1);
    expect(await rowWith('Учебные календари', year.title)).toContain(calendar.title);
    expect((await admin.get(`/api/groups/${group.id}/calendar-assignments`)).body).toEqual([
      expect.objectContaining({ groupId: group.id, academicYearId: year.id, calendarId: calendar.id }),
    ]);
    await screenshot(page, 'reference-group-calendar');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The schedule viewer's group search finds the new group.
    await page.goto(`${origin}/admin/#schedule-view`);
    await page.waitForSelector('.picker input');
    await page.type('.picker input', 'ИВТ');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes('ИВТ-101')));
    await page.goto(`${origin}/admin/#reference-data?entity=groups`);
    await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Группы"] table') !== null);

    // Archived, the group leaves the list (and the viewer's search); restored, it is back in study.
    await clickButton('В архив: ИВТ-101');
    await clickButton('В архив и завершить правила', DIALOG);
    expect(await notice('Группы')).toBe('Перенесено в архив: «ИВТ-101»');
    await page.waitForSelector('section.entity-desk[aria-label="Группы"] .empty');
    expect((await admin.get('/api/groups/options?query=ИВТ')).body).toEqual([]);
    await page.click(await control('Показывать архивные и выпущенные', 'section.entity-desk[aria-label="Группы"]'));
    expect(await rowWith('Группы', 'В архиве')).toContain('ИВТ-101');
    await clickButton('Вернуть из архива: ИВТ-101');
    expect(await notice('Группы')).toBe('Возвращено из архива: «ИВТ-101»');
    expect(await rowWith('Группы', 'Обучается')).toContain('ИВТ-101');
    expect(((await admin.get('/api/groups/options?query=ИВТ')).body as { id: number }[]).map((item) => item.id)).toEqual([group.id]);
  });

  it('creates a classroom with equipment, changes it, archives and restores it', async () => {
    await openTab('Аудитории');
    await clickButton('Добавить аудиторию');
    await fill('Название', 'А-101');
    await fill('Мест', '30');
    await fill('Корпус', 'Главный');
    await fill('Этаж', '1');
    await tick('Проектор');
    await screenshot(page, 'reference-classroom-form');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    type Room = { id: number; name: string; capacity: number; building: string | null; floor: number | null; isAvailable: boolean; equipments: { id: number }[] };
    const rooms = async () => (await admin.get('/api/classrooms?includeArchived=true')).body as Room[];
    const [room] = await rooms();
    expect(room).toMatchObject({ name: 'А-101', capacity: 30, building: 'Главный', floor: 1, isAvailable: true, equipments: [{ id: projector.id, name: 'Проектор' }] });

    // A change: more seats, the board instead of the projector, not available for now.
    await clickButton('Изменить: А-101');
    expect(await valueOf('Мест')).toBe('30');
    await fill('Мест', '0');
    await clickButton('Сохранить', DIALOG);
    expect(await errorAt('Мест')).toMatch(/«capacity»/);
    expect((await rooms())[0].capacity).toBe(30);
    await fill('Мест', '48');
    await tick('Проектор');
    await tick('Интерактивная доска');
    await tick('Доступна для занятий');
    await clickButton('Сохранить', DIALOG);
    await dialogClosed();
    expect(await notice('Аудитории')).toBe('Изменения сохранены: «А-101»');
    expect((await rooms())[0]).toMatchObject({ capacity: 48, isAvailable: false, equipments: [{ id: board.id, name: 'Интерактивная доска' }] });
    expect(await rowWith('Аудитории', 'Интерактивная доска')).toContain('48');

    // Archived: gone from the list, back with «Показывать архивные», then restored.
    await clickButton('В архив: А-101');
    await clickButton('В архив и завершить правила', DIALOG);
    expect(await notice('Аудитории')).toBe('Перенесено в архив: «А-101»');
    await page.waitForSelector('section.entity-desk[aria-label="Аудитории"] .empty');
    expect(((await admin.get('/api/classrooms')).body as Room[]).length).toBe(0);
    await page.click(await control('Показывать архивные', 'section.entity-desk[aria-label="Аудитории"]'));
    await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Аудитории"] tbody')?.textContent?.includes('А-101 (в архиве)'));
    await screenshot(page, 'reference-classroom-archived');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Вернуть из архива: А-101');
    expect(await notice('Аудитории')).toBe('Возвращено из архива: «А-101»');
    expect(((await admin.get('/api/classrooms')).body as Room[]).map((item) => item.id)).toEqual([room.id]);
  });

  it('links a teacher to a subject for one lesson type only, and a repeated link is refused beside the subject', async () => {
    const types = (await admin.get('/api/lesson-types')).body as { id: number; name: string }[];
    const laboratory = types.find((type) => type.id === 3) as { id: number; name: string };
    await openTab('Преподаватели и дисциплины');
    const link = async (check = false) => {
      await clickButton('Закрепить дисциплину');
      await page.waitForSelector(`${DIALOG} .picker input`);
      await page.type(`${DIALOG} .picker input`, 'Лебедева');
      await page.waitForFunction(() => Array.from(document.querySelectorAll('dialog[open] button.match')).some((button) => button.textContent?.includes('Лебедева')));
      await page.evaluate(() => (Array.from(document.querySelectorAll('dialog[open] button.match')).find((button) => button.textContent?.includes('Лебедева')) as HTMLButtonElement).click());
      await choose('Дисциплина', 'Базы данных (Б1.О.12)');
      await tick(laboratory.name);
      if (check) {
        await screenshot(page, 'reference-teacher-subject-form');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      }
      await clickButton('Добавить', DIALOG);
    };
    await link(true);
    await dialogClosed();
    expect((await admin.get('/api/teacher-subjects')).body).toEqual([
      expect.objectContaining({ userId: teacher.id, subjectId: subject.id, lessonTypeIds: [laboratory.id] }),
    ]);
    expect(await rowWith('Преподаватели и дисциплины', 'Лебедева')).toContain(laboratory.name);
    await screenshot(page, 'reference-teacher-subject');

    await link();
    expect(await errorAt('Дисциплина')).toBe('Преподаватель уже закреплён за этой дисциплиной');
    expect(await valueOf('Дисциплина')).toBe(String(subject.id));
    expect(((await admin.get('/api/teacher-subjects')).body as unknown[]).length).toBe(1);
    await clickButton('Закрыть', DIALOG);
    await dialogClosed();

    // Lifting the restriction: no type ticked means every type.
    await clickButton(`Изменить: ${teacher.fullName} — ${subject.name}`);
    await tick(laboratory.name);
    await clickButton('Сохранить', DIALOG);
    await dialogClosed();
    expect((await admin.get('/api/teacher-subjects')).body).toEqual([expect.objectContaining({ userId: teacher.id, subjectId: subject.id, lessonTypeIds: [] })]);
    expect(await rowWith('Преподаватели и дисциплины', 'все виды')).toContain('Базы данных');
  });

  it('adds a specialty, sees its automatic «Без профиля» and adds a profile in the nested list', async () => {
    await openTab('Специальности');
    await clickButton('Добавить специальность');
    await fill('Код', '01.03.02');
    await fill('Название', 'Прикладная математика и информатика');
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    await clickButton('Профили: 01.03.02 Прикладная математика и информатика');
    await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Профили"] tbody')?.textContent?.includes('Без профиля'));
    await clickButton('Добавить профиль');
    await fill('Название профиля', 'Математическое моделирование');
    await clickButton('Добавить', DIALOG);
    await dialogClosed();
    await page.waitForFunction(() => document.querySelectorAll('section.entity-desk[aria-label="Профили"] tbody tr').length === 2);
    const specialty = ((await admin.get('/api/specialties')).body as { id: number; specialityCode: string }[]).find((item) => item.specialityCode === '01.03.02') as { id: number };
    expect(((await admin.get(`/api/specialties/${specialty.id}/profiles`)).body as { name: string }[]).map((profile) => profile.name).sort()).toEqual(['Без профиля', 'Математическое моделирование']);
    await screenshot(page, 'reference-specialty-profiles');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows the education office the administrator-only lists read-only and lets it change the rest', async () => {
    const office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: setup.department.id });
    const officePage = await (await browser.createBrowserContext()).newPage();
    await officePage.setViewport(WIDE);
    const officeWatch = await watchPage(officePage, origin);
    await officePage.goto(`${origin}/admin/#reference-data?entity=specialties`);
    await signIn(officePage, office.username);
    await officePage.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Специальности"] table') !== null);
    const buttons = () => officePage.$$eval('section.entity-desk button', (items) => items.map((item) => item.textContent?.trim()));
    expect(await officePage.$eval('section.entity-desk', (node) => node.textContent)).toContain('Только просмотр');
    expect(await buttons()).not.toContain('Добавить специальность');
    expect(await buttons()).not.toContain('Изменить');
    expect(await buttons()).toContain('Профили');
    await officePage.evaluate(() => (Array.from(document.querySelectorAll('nav.entity-tabs a')).find((link) => link.textContent === 'Группы') as HTMLAnchorElement).click());
    await officePage.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Группы"] table') !== null);
    expect(await buttons()).toEqual(expect.arrayContaining(['Добавить группу', 'Изменить', 'В архив']));
    expect(await seriousAccessibilityViolations(officePage)).toEqual([]);
    expect(officeWatch.consoleErrors).toEqual([]);
    await officePage.close();
  });

  it('sets what a subject’s laboratory works need in their room, and shows a refusal inside the lesson type it concerns with the ticks kept', async () => {
    const types = (await admin.get('/api/lesson-types')).body as { id: number; name: string }[];
    const laboratory = types.find((type) => type.id === 3) as { id: number; name: string };
    const oscilloscope = await createEquipment(admin, 'Осциллограф');
    await openTab('Дисциплины');
    await clickButton(`Оборудование: ${subject.name}`);
    const PANEL = '.entity-desk .panel';
    await page.waitForSelector(`${PANEL} fieldset legend`);
    /** Ticks the equipment `name` under the lesson type `legend`. */
    const tickIn = (legend: string, name: string) =>
      page.evaluate(
        (root, wantedLegend, wanted) => {
          const set = Array.from(document.querySelectorAll(`${root} fieldset`)).find((item) => item.querySelector('legend')?.textContent === wantedLegend);
          const label = Array.from(set?.querySelectorAll('label') ?? []).find((item) => item.textContent?.trim() === wanted);
          (label?.querySelector('input') as HTMLInputElement).click();
        },
        PANEL,
        legend,
        name,
      );
    const ticked = (legend: string) =>
      page.evaluate(
        (root, wantedLegend) =>
          Array.from(Array.from(document.querySelectorAll(`${root} fieldset`)).find((item) => item.querySelector('legend')?.textContent === wantedLegend)?.querySelectorAll('label') ?? [])
            .filter((label) => (label.querySelector('input') as HTMLInputElement).checked)
            .map((label) => label.textContent?.trim()),
        PANEL,
        legend,
      );
    await tickIn(laboratory.name, 'Проектор');
    await clickButton('Сохранить требования', PANEL);
    await page.waitForFunction((root) => document.querySelector(`${root} [role=status]`)?.textContent?.startsWith('Сохранено'), {}, PANEL);
    expect(await page.$eval(`${PANEL} [role=status]`, (node) => node.textContent)).toBe(`Сохранено: ${laboratory.name.toLowerCase()}: Проектор`);
    expect((await admin.get(`/api/subjects/${subject.id}/equipment`)).body).toEqual({
      subjectId: subject.id,
      requirements: [{ lessonTypeId: laboratory.id, lessonTypeName: laboratory.name, equipments: [{ id: projector.id, name: 'Проектор' }] }],
    });
    await screenshot(page, 'reference-subject-equipment');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The oscilloscope is ticked, then deleted by someone else before the save: the refusal is shown in the laboratory's box.
    await tickIn(laboratory.name, 'Осциллограф');
    await admin.delete(`/api/equipments/${oscilloscope.id}`).expect(200);
    await clickButton('Сохранить требования', PANEL);
    const refusal = await page.waitForFunction(
      (root, wantedLegend) =>
        Array.from(document.querySelectorAll(`${root} fieldset`)).find((item) => item.querySelector('legend')?.textContent === wantedLegend)?.querySelector('[role=alert]')?.textContent,
      {},
      PANEL,
      laboratory.name,
    );
    expect(await refusal.jsonValue()).toBe(`Оборудование не найдено: ${oscilloscope.id}`);
    expect(await ticked(laboratory.name)).toEqual(['Осциллограф', 'Проектор']);
    expect(((await admin.get(`/api/subjects/${subject.id}/equipment`)).body as { requirements: { equipments: unknown[] }[] }).requirements[0].equipments).toHaveLength(1);
    await screenshot(page, 'reference-subject-equipment-refused');
  });
});
