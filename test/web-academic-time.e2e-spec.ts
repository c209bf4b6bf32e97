/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { ActivityTypeBody, createActivityType } from './support/academic-year-builders';
import { CalendarBody, createCalendar } from './support/calendar-builders';
import { createUser } from './support/factories';
import { createRule, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { createStudySetup, StudySetup } from './support/study-builders';
import { ASSIGNMENTS_PATH, SCOPES_PATH } from './support/time-grid-builders';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage, expectQuietPage } from './support/browser';
import { controlByLabel, errorNextTo, replaceText, signIn, weekSettled } from './support/web-client';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * «Учебный календарь» and «Звонки» in a real Chromium against the real service (tenant `alpha`,
 * academic year 2026-2027 from 1 September 2026). A two-course calendar is painted and saved; a save
 * with a day outside the year is refused; a year and an activity code are created on the screens; a
 * manual bell grid assigned to Tuesday 8 September moves that day's lesson (pair 1, usually 08:30) to
 * the manual grid's time. The tests run in order on one page.
 */
const WIDE = { width: 1280, height: 900 };
const GRID = (id: number) => `/api/admin/academic-calendars/${id}/grid`;


interface GridRow {
  courseNumber: number;
  date: string;
  activityCode: string;
}

describe('«Учебный календарь» and «Звонки» in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let calendar: CalendarBody;
  /** A specialty, profile and form with no calendar yet, for the one created on the screen. */
  let spare: StudySetup;
  let vacation: ActivityTypeBody;
  let origin: string;
  let officeName: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 1, groups: 1, classrooms: 1, subjects: 1, startYear: 2026 });
    // A published lecture every Tuesday, pair 1 (08:30–10:00 in the base grid).
    await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[0].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 32,
        slots: [slotBody(u, { dayOfWeek: 2, timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    const study = await createStudySetup(admin, u.department);
    calendar = await createCalendar(admin, { academicYearId: u.year.id, specialtyId: study.specialty.id, specialtyProfileId: study.profile.id, studyFormId: study.form.id, courseCount: 2 });
    spare = await createStudySetup(admin, u.department);
    vacation = await createActivityType(admin, { code: 'К', name: 'Каникулы', colorCode: '#1565C0', displayOrder: 5 });
    officeName = (await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id })).username;
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#academic-calendar`);
    await signIn(page, officeName);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Учебный календарь');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => expectQuietPage(watch));

  const storedGrid = async () => {
    const response = await admin.get(GRID(calendar.id));
    expect(response.status).toBe(200);
    return response.body as GridRow[];
  };
  const codeOn = (rows: GridRow[], course: number, date: string) => rows.find((row) => row.courseNumber === course && row.date === date)?.activityCode;

  async function clickButton(text: string, scope = 'body'): Promise<void> {
    const find = (root: string, wanted: string) =>
      Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).find(
        (button) => (button.textContent?.trim() === wanted || button.getAttribute('aria-label') === wanted) && !button.disabled,
      );
    await page.waitForFunction(find, {}, scope, text);
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

  /** Sets a date/time/colour input the way a picker does (typing into them depends on the locale). */
  async function setInput(selector: string, value: string): Promise<void> {
    await page.evaluate(
      (target, text) => {
        const input = document.querySelector(target) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      selector,
      value,
    );
  }

  async function setCourses(wanted: number[]): Promise<void> {
    await page.evaluate((courses) => {
      for (const label of Array.from(document.querySelectorAll('.paint-form .courses label'))) {
        const box = label.querySelector('input') as HTMLInputElement;
        const course = Number(/\d+/.exec(label.textContent ?? '')?.[0]);
        if (box.checked !== courses.includes(course)) box.click();
      }
    }, wanted);
  }

  async function paintRange(code: string, courses: number[], from: string, to: string): Promise<void> {
    const brush = await controlByLabel(page, 'Код активности');
    const value = await page.$eval(brush, (select, wanted) => Array.from((select as HTMLSelectElement).options).find((option) => option.text.startsWith(`${wanted} —`))?.value ?? '', code);
    await page.select(brush, value);
    await setCourses(courses);
    await setInput(await controlByLabel(page, 'С даты'), from);
    await setInput(await controlByLabel(page, 'По дату'), to);
    await clickButton('Закрасить');
  }

  /** The lowest contrast between text and background (computed colours) over the elements `selector` finds. */
  const lowestContrast = (selector: string) =>
    page.$$eval(selector, (nodes) => {
      const luminance = (rgb: string) => {
        const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
          const value = Number(part) / 255;
          return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return Math.min(
        ...nodes.map((node) => {
          const style = getComputedStyle(node);
          const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
          return (light + 0.05) / (dark + 0.05);
        }),
      );
    });
  const cell = (course: number, date: string) => page.$eval(`td[data-course="${course}"][data-date="${date}"]`, (node) => ({ code: node.getAttribute('data-code'), classes: node.className }));
  const unsavedLine = () => page.$eval('#grid-unsaved', (node) => node.textContent);

  it('paints a range of days of one course from the form and by dragging, and saves the whole grid in one request', async () => {
    await clickButton(`Открыть календарь ${calendar.title}`);
    await page.waitForSelector('table.calendar-grid td[data-course="2"][data-date="2026-12-28"]');
    expect(await cell(2, '2026-12-28')).toEqual({ code: 'Т', classes: 'cell' });

    await paintRange('К', [2], '2026-12-28', '2027-01-10');
    expect(await unsavedLine()).toBe('Не сохранено дней: 14');
    expect(await cell(2, '2027-01-05')).toEqual({ code: 'К', classes: 'cell cell-unsaved' });
    expect((await cell(1, '2027-01-05')).code).toBe('Т');
    // The code is text on its colour, readable: white on the dark blue.
    const colours = await page.$eval('td[data-course="2"][data-date="2027-01-05"]', (node) => [getComputedStyle(node).backgroundColor, getComputedStyle(node).color]);
    expect(colours).toEqual(['rgb(21, 101, 192)', 'rgb(255, 255, 255)']);

    // The mouse: press on one day of course 1 and release on another.
    const box = async (date: string) => (await page.$(`td[data-course="1"][data-date="${date}"]`))?.boundingBox();
    await page.$eval('td[data-course="1"][data-date="2027-01-25"]', (node) => node.scrollIntoView({ inline: 'center' }));
    const start = await box('2027-01-25');
    const end = await box('2027-01-27');
    if (!start || !end) throw new Error('cells not visible');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('#grid-unsaved')?.textContent === 'Не сохранено дней: 17');
    expect((await cell(1, '2027-01-26')).code).toBe('К');
    await screenshot(page, 'calendar-grid-painted');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const before = await storedGrid();
    expect(codeOn(before, 2, '2027-01-05')).toBe('Т');
    await clickButton('Сохранить');
    await page.waitForFunction(() => document.querySelector('#grid-unsaved')?.textContent === 'Несохранённых изменений нет');
    const after = await storedGrid();
    expect(after).toHaveLength(before.length);
    for (const row of after) {
      const painted =
        (row.courseNumber === 2 && row.date >= '2026-12-28' && row.date <= '2027-01-10') || (row.courseNumber === 1 && row.date >= '2027-01-25' && row.date <= '2027-01-27');
      expect(`${row.courseNumber} ${row.date} ${row.activityCode}`).toBe(`${row.courseNumber} ${row.date} ${painted ? 'К' : 'Т'}`);
    }
    expect(await cell(2, '2027-01-05')).toEqual({ code: 'К', classes: 'cell' });
    expect(await page.$eval('.calendar-editor [role=status].notice', (node) => node.textContent)).toContain('График сохранён');
  });

  it('refuses a save with a day outside the academic year: the row is named near the grid, the stored grid stays, the painting stays on screen', async () => {
    const before = await storedGrid();
    await paintRange('К', [1], '2027-06-29', '2027-07-02');
    expect(await unsavedLine()).toBe('Не сохранено дней: 4');
    // The days after 30 June are drawn as extra columns marked as outside the year.
    expect(await page.$eval('th.day.outside', (node) => node.textContent)).toContain('вне учебного года');
    await clickButton('Сохранить');
    const refusal = await page.waitForFunction(() => document.querySelector('#grid-refusal [role=alert]')?.textContent);
    const message = (await refusal.jsonValue()) as string;
    expect(message).toMatch(/Строка №\d+ \(курс 1, 2027-07-01\): дата вне учебного года 2026-2027/);
    expect(await storedGrid()).toEqual(before);
    // The painting is kept: the four days are still painted and unsaved, the named day is marked.
    expect(await unsavedLine()).toBe('Не сохранено дней: 4');
    expect(await cell(1, '2027-06-29')).toEqual({ code: 'К', classes: 'cell cell-unsaved' });
    expect((await cell(1, '2027-07-01')).classes).toContain('cell-refused');
    await screenshot(page, 'calendar-grid-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Fixed by painting the outside days empty: the rest saves.
    const brush = await controlByLabel(page, 'Код активности');
    await page.select(brush, '');
    await setInput(await controlByLabel(page, 'С даты'), '2027-07-01');
    await setInput(await controlByLabel(page, 'По дату'), '2027-07-02');
    await clickButton('Закрасить');
    expect(await unsavedLine()).toBe('Не сохранено дней: 2');
    await clickButton('Сохранить');
    await page.waitForFunction(() => document.querySelector('#grid-unsaved')?.textContent === 'Несохранённых изменений нет');
    expect(await page.$('#grid-refusal')).toBeNull();
    const fixed = await storedGrid();
    expect(codeOn(fixed, 1, '2027-06-29')).toBe('К');
    expect(codeOn(fixed, 1, '2027-06-30')).toBe('К');
    expect(fixed.some((row) => row.date > '2027-06-30')).toBe(false);
  });

  it('binds a subject to a semester of the calendar and removes it', async () => {
    await page.select(await controlByLabel(page, 'Семестр'), '3');
    await page.select(await controlByLabel(page, 'Дисциплина'), String(u.subjects[0].id));
    await clickButton('Привязать дисциплину');
    await page.waitForSelector('#calendar-subjects tbody tr');
    const bound = (await admin.get(`/api/admin/academic-calendars/${calendar.id}/subjects`)).body as { semesterNumber: number; subjectId: number }[];
    expect(bound).toEqual([expect.objectContaining({ semesterNumber: 3, subjectId: u.subjects[0].id })]);
    await clickButton(`Убрать «${u.subjects[0].name}» из 3 семестра`);
    await page.waitForFunction(() => document.querySelector('#calendar-subjects') === null);
    expect((await admin.get(`/api/admin/academic-calendars/${calendar.id}/subjects`)).body).toEqual([]);
  });

  it('creates a calendar from the form: it opens with code «Т» on every day of the year for each course', async () => {
    const study = spare;
    await page.click('details.new-calendar summary');
    await page.select(await controlByLabel(page, 'Учебный год'), String(u.year.id));
    await page.select(await controlByLabel(page, 'Специальность'), String(study.specialty.id));
    const profile = await controlByLabel(page, 'Профиль');
    await page.waitForFunction((select, id) => Array.from(document.querySelectorAll<HTMLOptionElement>(`${select} option`)).some((option) => option.value === id), {}, profile, String(study.profile.id));
    await page.select(profile, String(study.profile.id));
    await page.select(await controlByLabel(page, 'Форма обучения'), String(study.form.id));
    const courses = await controlByLabel(page, 'Число курсов');
    await replaceText(page, courses, '3');
    await clickButton('Создать календарь');
    const heading = await page.waitForFunction((code) => document.querySelector('#calendar-title')?.textContent?.startsWith(code) && document.querySelector('#calendar-title')?.textContent, {}, study.specialty.specialityCode);
    const created = ((await admin.get('/api/admin/academic-calendars')).body as CalendarBody[]).find((item) => item.specialtyId === study.specialty.id);
    expect(created).toEqual(expect.objectContaining({ courseCount: 3, academicYearId: u.year.id, studyFormId: study.form.id }));
    expect(await heading.jsonValue()).toBe(created?.title);
    await page.waitForSelector('table.calendar-grid td[data-course="3"][data-date="2027-06-30"]');
    expect(await page.$$eval('table.calendar-grid tbody tr', (rows) => rows.length)).toBe(3);
    expect(await page.$$eval('table.calendar-grid td.cell', (cells) => [...new Set(cells.map((cell) => cell.getAttribute('data-code')))])).toEqual(['Т']);
    // Every code on its colour stays readable: text contrast at least 4.5:1 (WCAG AA) on each painted cell.
    expect(await lowestContrast('table.calendar-grid td.cell')).toBeGreaterThanOrEqual(4.5);
  });

  it('creates an academic year with a semester (a wrong date shown at its field first) and an activity code with its colour', async () => {
    await clickButton('Учебные годы');
    await page.waitForSelector('#years-table');
    await setInput(await controlByLabel(page, 'Начало учебного года'), '2027-09-01');
    await setInput(await controlByLabel(page, 'Начало осеннего семестра'), '2027-12-30');
    await setInput(await controlByLabel(page, 'Окончание осеннего семестра'), '2027-09-01');
    await clickButton('Создать учебный год');
    await page.waitForFunction(() => document.querySelector('form[aria-label="Новый учебный год"] [role=alert]'));
    // The API names `semesters[0].endDate`: the end that comes before the start.
    expect(await errorNextTo(page, 'Окончание осеннего семестра')).toContain('раньше даты начала');
    expect(((await admin.get('/api/admin/calendar/years')).body as unknown[]).length).toBe(1);

    await setInput(await controlByLabel(page, 'Начало осеннего семестра'), '2027-09-01');
    await setInput(await controlByLabel(page, 'Окончание осеннего семестра'), '2027-12-30');
    await clickButton('Создать учебный год');
    await page.waitForSelector('#years-table tr[data-year="2027-2028"]');
    const years = (await admin.get('/api/admin/calendar/years')).body as { title: string; semesters: { semesterType: string; startDate: string; endDate: string }[] }[];
    expect(years.find((year) => year.title === '2027-2028')?.semesters).toEqual([expect.objectContaining({ semesterType: 'autumn', startDate: '2027-09-01', endDate: '2027-12-30' })]);
    expect(await page.$eval('#years-table tr[data-year="2027-2028"]', (node) => node.textContent)).toContain('Осенний семестр: 1 сентября 2027 г. — 30 декабря 2027 г.');
    // Edited: the missing spring semester added from the year's editor.
    await clickButton('Изменить учебный год 2027-2028');
    await page.waitForSelector('#year-editor');
    await setInput(await controlByLabel(page, 'Начало (весенний семестр)'), '2028-02-07');
    await setInput(await controlByLabel(page, 'Окончание (весенний семестр)'), '2028-06-30');
    await clickButton('Добавить: весенний семестр');
    await page.waitForFunction(() => document.querySelector('#years-table tr[data-year="2027-2028"]')?.textContent?.includes('Весенний семестр: 7 февраля 2028 г.'));
    expect(await page.$eval('#year-editor', (node) => node.textContent)).toContain('Весенний семестр: 7 февраля 2028 г. — 30 июня 2028 г.');
    const edited = ((await admin.get('/api/admin/calendar/years')).body as { title: string; semesters: { semesterType: string }[] }[]).find((year) => year.title === '2027-2028');
    expect(edited?.semesters.map((semester) => semester.semesterType).sort()).toEqual(['autumn', 'spring']);
    await screenshot(page, 'calendar-years');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await clickButton('Коды активности');
    await page.waitForSelector('#activities-table');
    await page.type(await controlByLabel(page, 'Код'), 'П');
    await page.type(await controlByLabel(page, 'Название'), 'Производственная практика');
    await setInput(await controlByLabel(page, 'Цвет'), '#ffd54f');
    await clickButton('Создать код');
    await page.waitForSelector('#activities-table tr[data-code="П"]');
    const codes = (await admin.get('/api/admin/calendar/activity-types')).body as ActivityTypeBody[];
    expect(codes.find((item) => item.code === 'П')).toEqual(expect.objectContaining({ name: 'Производственная практика', colorCode: '#FFD54F', allowSchedule: false }));
    // The swatch carries the code as text, dark on the light yellow.
    const badge = await page.$eval('#activities-table tr[data-code="П"] .activity-badge', (node) => [node.textContent, getComputedStyle(node).color]);
    expect(badge).toEqual(['П', 'rgb(0, 0, 0)']);
    expect(await lowestContrast('#activities-table .activity-badge')).toBeGreaterThanOrEqual(4.5);
    expect(await page.$eval('#activities-table tr[data-code="К"]', (node) => node.textContent)).toContain(vacation.name);
    await screenshot(page, 'calendar-activity-codes');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('assigns a manual bell grid to a date: the lesson of that day shows the manual grid’s time in the week view', async () => {
    await page.evaluate(() => (location.hash = '#bells'));
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Звонки');
    await page.waitForSelector('[data-grid="DEFAULT"] tbody tr');
    expect(await page.$eval('[data-grid="DEFAULT"] tbody', (node) => node.textContent)).toContain('08:30');

    // Editing a pair: a refusal is shown at the field it concerns, the pair stays as stored.
    const inGrid = (mode: string, label: string) =>
      page.evaluate(
        (grid, text) => {
          const found = Array.from(document.querySelectorAll(`[data-grid="${grid}"] label`)).find((item) => item.textContent?.trim() === text) as HTMLLabelElement;
          return `[id="${found.htmlFor}"]`;
        },
        mode,
        label,
      );
    await clickButton('Изменить 1 пару сетки «Основная сетка»');
    await page.waitForSelector('form[aria-label="1 пара сетки «Основная сетка»"]');
    await setInput(await inGrid('DEFAULT', 'Окончание'), '10:20');
    await clickButton('Сохранить пару');
    const clash = await page.waitForFunction(() => document.querySelector('form[aria-label="1 пара сетки «Основная сетка»"] .field-invalid [role=alert]')?.textContent);
    expect(await clash.jsonValue()).toContain('пересекается с парой №2');
    expect(await page.$eval(await inGrid('DEFAULT', 'Окончание'), (node) => (node as HTMLInputElement).value)).toBe('10:20');
    const stored = ((await admin.get('/api/admin/time-slots')).body as { id: number; endTime: string }[]).find((slot) => slot.id === u.timeSlots[0].id);
    expect(stored?.endTime).toMatch(/^10:00/);
    await clickButton('Отменить изменение');

    await page.type(await controlByLabel(page, 'Название новой сетки'), 'Сокращённый день');
    await clickButton('Создать сетку');
    await page.waitForSelector('[data-grid="MANUAL"]');
    // A pair that overlaps nothing but ends before it starts: the refusal is shown at its field.
    const field = (label: string) =>
      page.evaluate((text) => {
        const found = Array.from(document.querySelectorAll('[data-grid="MANUAL"] label')).find((item) => item.textContent?.trim() === text) as HTMLLabelElement;
        return `[id="${found.htmlFor}"]`;
      }, label);
    await setInput(await field('Начало'), '10:00');
    await setInput(await field('Окончание'), '09:00');
    await clickButton('Добавить пару', '[data-grid="MANUAL"]');
    const refused = await page.waitForFunction(() => document.querySelector('[data-grid="MANUAL"] .field-invalid [role=alert]')?.textContent);
    expect(await refused.jsonValue()).toContain('раньше времени окончания');
    await setInput(await field('Окончание'), '11:00');
    await clickButton('Добавить пару', '[data-grid="MANUAL"]');
    await page.waitForFunction(() => document.querySelector('[data-grid="MANUAL"] tbody')?.textContent?.includes('10:00'));

    await setInput(await controlByLabel(page, 'Дата'), '2026-09-08');
    await clickButton('Назначить сетку');
    await page.waitForSelector('#assignments-month td[data-date="2026-09-08"].assigned');
    expect(await page.$eval('#assignments-month td[data-date="2026-09-08"]', (node) => node.textContent)).toContain('Сокращённый день');
    const assigned = (await admin.get(`${ASSIGNMENTS_PATH}?startDate=2026-09-01&endDate=2026-09-30`)).body as { date: string; scopeName: string }[];
    expect(assigned).toEqual([expect.objectContaining({ date: '2026-09-08', scopeName: 'Сокращённый день' })]);
    await screenshot(page, 'bells');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The group's weeks: 8 September at the manual grid's time, 15 September at the base grid's.
    const timeOn = async (monday: string, date: string) => {
      await page.goto(`${origin}/admin/?date=${monday}#schedule-view`);
      await page.waitForSelector('.picker-place input');
      if (!(await page.$(`.lesson[data-date="${date}"]`))) {
        await page.type('.picker-place input', u.groups[0].name);
        await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
        await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
      }
      await weekSettled(page);
      await page.waitForSelector(`.lesson[data-date="${date}"]`);
      return page.$eval(`.lesson[data-date="${date}"] .lesson-time time`, (node) => node.textContent);
    };
    expect(await timeOn('2026-09-07', '2026-09-08')).toBe('10:00–11:00');
    await screenshot(page, 'bells-week-view');
    expect(await timeOn('2026-09-14', '2026-09-15')).toBe('08:30–10:00');

    // Freed from the date, the day is back on the base grid.
    await page.goto(`${origin}/admin/?date=2026-09-08#bells`);
    await page.waitForSelector('#assignments-month td[data-date="2026-09-08"].assigned');
    await clickButton('Снять сетку «Сокращённый день» с 8 сентября 2026 г.');
    await page.waitForSelector('#assignments-month td[data-date="2026-09-08"]:not(.assigned)');
    expect((await admin.get(`${ASSIGNMENTS_PATH}?startDate=2026-09-01&endDate=2026-09-30`)).body).toEqual([]);
    expect(((await admin.get(SCOPES_PATH)).body as { name: string }[]).map((scope) => scope.name)).toContain('Сокращённый день');
  });
  it('fits a phone: the grid and the month calendar scroll inside their own boxes, never the page', async () => {
    // Only the size changes: `isMobile` would reload the page, racing the next navigation's token refresh.
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${origin}/admin/#academic-calendar?calendarId=${calendar.id}`);
    await page.waitForSelector('table.calendar-grid td[data-course="1"]');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'calendar-grid-phone');
    await page.goto(`${origin}/admin/?date=2026-09-08#bells`);
    await page.waitForSelector('#assignments-month');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'bells-phone');
    await page.setViewport(WIDE);
  });

  /** The control labelled `label` inside `scope` (the same labels appear in the new-calendar form). */
  const controlIn = (scope: string, label: string) =>
    page.evaluate(
      (root, text) => {
        const found = Array.from(document.querySelectorAll(`${root} label`)).find((item) => item.textContent?.trim() === text) as HTMLLabelElement | undefined;
        return found ? `[id="${found.htmlFor}"]` : '';
      },
      scope,
      label,
    );
  const calendarById = async (id: number) => (await admin.get(`/api/admin/academic-calendars/${id}`)) as { status: number; body: CalendarBody };
  /** The refusal shown in the open dialog. */
  const dialogRefusal = async () => (await page.waitForFunction(() => document.querySelector('dialog[open] [role=alert]')?.textContent)).jsonValue() as Promise<string>;

  it('edits an opened calendar: a refused change is shown at its field with the input kept and nothing stored, an allowed one is stored', async () => {
    await page.goto(`${origin}/admin/#academic-calendar?calendarId=${calendar.id}`);
    await page.waitForSelector('table.calendar-grid td[data-course="2"]');
    await page.click('details.calendar-fields summary');
    const fields = `form[aria-label="Поля календаря «${calendar.title}»"]`;
    await page.waitForSelector(fields);
    const courses = await controlIn(fields, 'Число курсов');
    expect(await page.$eval(courses, (input) => (input as HTMLInputElement).value)).toBe('2');
    // The year's grid has days of course 2 (painted above): the API refuses to drop to one course.
    await setInput(courses, '1');
    await clickButton('Сохранить календарь');
    const refusal = await page.waitForFunction((form) => document.querySelector(`${form} .field-invalid [role=alert]`)?.textContent, {}, fields);
    expect(await refusal.jsonValue()).toContain('Нельзя уменьшить число курсов до 1: в графике есть дни 2-го курса');
    // Shown at «Число курсов», with what the user typed kept.
    expect(await page.$eval(`${fields} .field-invalid label`, (node) => node.textContent)).toBe('Число курсов');
    expect(await page.$eval(courses, (input) => (input as HTMLInputElement).value)).toBe('1');
    expect((await calendarById(calendar.id)).body.courseCount).toBe(2);
    await screenshot(page, 'calendar-edit-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await setInput(courses, '3');
    await clickButton('Сохранить календарь');
    await page.waitForFunction((form) => document.querySelector(`${form} [role=status]`)?.textContent?.includes('сохранён'), {}, fields);
    const saved = (await calendarById(calendar.id)).body;
    expect(saved).toEqual(expect.objectContaining({ courseCount: 3, academicYearId: calendar.academicYearId, specialtyId: calendar.specialtyId, studyFormId: calendar.studyFormId }));
    // The grid gets a row for the new course (empty: an update paints nothing), the stored days stay.
    await page.waitForFunction(() => document.querySelectorAll('table.calendar-grid tbody tr').length === 3);
    expect(codeOn(await storedGrid(), 2, '2027-01-05')).toBe('К');
    expect(await page.$eval('.calendar-editor .hint', (node) => node.textContent)).toContain('курсов: 3');
  });

  it('refuses a change that no longer fits an assigned group at the field the reason names', async () => {
    await clickButton(`Открыть календарь ${u.calendar.title}`);
    await page.waitForFunction((title) => document.querySelector('#calendar-title')?.textContent === title, {}, u.calendar.title);
    await page.click('details.calendar-fields summary');
    const fields = `form[aria-label="Поля календаря «${u.calendar.title}»"]`;
    await page.waitForSelector(fields);
    const form = await controlIn(fields, 'Форма обучения');
    await page.waitForFunction((select, id) => Array.from(document.querySelectorAll<HTMLOptionElement>(`${select} option`)).some((option) => option.value === id), {}, form, String(spare.form.id));
    await page.select(form, String(spare.form.id));
    await clickButton('Сохранить календарь');
    const refusal = await page.waitForFunction((scope) => document.querySelector(`${scope} .field-invalid [role=alert]`)?.textContent, {}, fields);
    // The message names the group and the year; the reason after the colon picks the field.
    expect(await refusal.jsonValue()).toMatch(/^Изменение несовместимо с назначением календаря группе «.+» на 2026-2027 учебный год: форма обучения группы и календаря различаются$/);
    expect(await page.$eval(`${fields} .field-invalid label`, (node) => node.textContent)).toBe('Форма обучения');
    expect(await page.$eval(form, (select) => (select as HTMLSelectElement).value)).toBe(String(spare.form.id));
    expect((await calendarById(u.calendar.id)).body.studyFormId).toBe(u.calendar.studyFormId);
  });

  it('deletes a calendar after a confirmation naming it; one assigned to a group is refused in the dialog', async () => {
    // The university's calendar is assigned to its group.
    await clickButton(`Открыть календарь ${u.calendar.title}`);
    await page.waitForFunction((title) => document.querySelector('#calendar-title')?.textContent === title, {}, u.calendar.title);
    await clickButton('Удалить календарь');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain(`Удалить учебный календарь «${u.calendar.title}»`);
    await clickButton('Удалить', 'dialog[open]');
    expect(await dialogRefusal()).toBe('Календарь нельзя удалить: он назначен 1 группе');
    expect((await calendarById(u.calendar.id)).status).toBe(200);
    await screenshot(page, 'calendar-delete-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Закрыть', 'dialog[open]');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));

    // The calendar created on the screen has no groups: it goes, with its grid.
    const created = ((await admin.get('/api/admin/academic-calendars')).body as CalendarBody[]).find((item) => item.specialtyId === spare.specialty.id);
    if (!created) throw new Error('the calendar created on the screen is missing');
    await clickButton(`Открыть календарь ${created.title}`);
    await page.waitForFunction((title) => document.querySelector('#calendar-title')?.textContent === title, {}, created.title);
    await clickButton('Удалить календарь');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain(`«${created.title}»`);
    await clickButton('Удалить', 'dialog[open]');
    await page.waitForFunction((title) => document.querySelector('#calendars-title ~ [role=status]')?.textContent === `Учебный календарь «${title}» удалён.`, {}, created.title);
    expect(await page.$('#calendar-title')).toBeNull();
    expect((await calendarById(created.id)).status).toBe(404);
    await page.waitForFunction((title) => !Array.from(document.querySelectorAll('button')).some((button) => button.getAttribute('aria-label') === `Открыть календарь ${title}`), {}, created.title);
  });

  it('deletes an unused academic year from its editor after a confirmation; a year in use is refused in the dialog', async () => {
    await clickButton('Учебные годы');
    await page.waitForSelector('#years-table tr[data-year="2026-2027"]');
    await clickButton('Изменить учебный год 2026-2027');
    await page.waitForSelector('#year-editor');
    await clickButton('Удалить учебный год', '#year-editor');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain('Удалить учебный год 2026-2027');
    await clickButton('Удалить', 'dialog[open]');
    expect(await dialogRefusal()).toMatch(/^Учебный год 2026-2027 нельзя удалить: его /);
    await clickButton('Закрыть', 'dialog[open]');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));

    await clickButton('Изменить учебный год 2027-2028');
    await page.waitForFunction(() => document.querySelector('#year-editor-title')?.textContent === 'Учебный год 2027-2028');
    await clickButton('Удалить учебный год', '#year-editor');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain('Удалить учебный год 2027-2028');
    await screenshot(page, 'calendar-year-delete');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Удалить', 'dialog[open]');
    await page.waitForFunction(() => !document.querySelector('#years-table tr[data-year="2027-2028"]'));
    expect(await page.$('#year-editor')).toBeNull();
    expect(await page.$eval('#years-title ~ [role=status]', (node) => node.textContent)).toBe('Учебный год 2027-2028 удалён вместе с семестрами.');
    expect(((await admin.get('/api/admin/calendar/years')).body as { title: string }[]).map((year) => year.title)).toEqual(['2026-2027']);
  });

  it('deletes an unused activity code after a confirmation; a code in use is refused with the API’s message', async () => {
    await clickButton('Коды активности');
    await page.waitForSelector('#activities-table tr[data-code="К"]');
    // «К» is painted in the calendar's grid.
    await clickButton('Удалить код К');
    await page.waitForSelector('dialog[open]');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain('Удалить код активности «К» (Каникулы)?');
    await clickButton('Удалить', 'dialog[open]');
    expect(await dialogRefusal()).toMatch(/^Код активности «К» нельзя удалить: его /);
    await screenshot(page, 'calendar-activity-delete-refused');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton('Закрыть', 'dialog[open]');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    const codes = async () => ((await admin.get('/api/admin/calendar/activity-types')).body as ActivityTypeBody[]).map((item) => item.code).sort();
    expect(await codes()).toEqual(expect.arrayContaining(['К', 'П']));

    await clickButton('Удалить код П');
    await page.waitForSelector('dialog[open]');
    await clickButton('Удалить', 'dialog[open]');
    await page.waitForFunction(() => !document.querySelector('#activities-table tr[data-code="П"]'));
    expect(await page.$eval('#activities-title ~ [role=status]', (node) => node.textContent)).toBe('Код активности «П» удалён.');
    expect(await codes()).not.toContain('П');
    expect(await codes()).toContain('К');
  });
});
